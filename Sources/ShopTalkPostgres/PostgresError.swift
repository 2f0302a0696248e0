/// What PostgreSQL or libpq said went wrong, as a value: the SQLSTATE code
/// when the server sent one ("23505", a unique key taken), and its message.
public struct PostgresError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// No connection could be made, or it was lost: worth trying again later.
        case connection
        /// The server refused the statement (`sqlState` says why).
        case statement
        /// The database holds a newer schema than this shoptalk knows.
        case newerSchema(found: Int, known: Int)
    }

    public let kind: Kind
    /// Five characters, such as "23505" (unique_violation) or "40001"
    /// (serialization_failure); nil when the server sent none.
    public let sqlState: String?
    public let message: String

    public init(_ kind: Kind, sqlState: String? = nil, message: String) {
        self.kind = kind
        self.sqlState = sqlState
        self.message = message
    }

    /// A row with the same unique key is there already.
    public var isDuplicate: Bool { sqlState == "23505" }

    /// Another transaction got there first: running it again may succeed
    /// (serialization failure, deadlock, a lock not granted within `lock_timeout`).
    public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" || sqlState == "55P03" }

    public var description: String {
        switch kind {
        case .connection: "PostgreSQL is not reachable: \(message)"
        case .statement: "PostgreSQL error \(sqlState ?? "?"): \(message)"
        case .newerSchema(let found, let known):
            "the database has schema \(found), and this shoptalk knows up to \(known): use a newer shoptalk"
        }
    }
}
