import CLibPQ
import Glibc

/// One connection to PostgreSQL, through libpq, for one thread at a time:
/// never shared, so that a transaction's statements never mix with another's.
///
/// Every call blocks until the server answers, so it belongs on a store
/// thread, never on the server's reactor. Values travel as text, in and
/// out, which is what libpq speaks without type tables; the store reads them
/// back into numbers.
public final class PostgresConnection {
    private let handle: OpaquePointer
    /// Statements prepared on this connection, by their text: each is parsed
    /// and planned once, then only executed (a store runs a few dozen, again and again).
    private var prepared: [String: String] = [:]

    /// `url`: `postgres://user@host:port/database` (any connection string libpq takes).
    public init(url: String) throws(PostgresError) {
        guard let handle = PQconnectdb(url) else { throw PostgresError(.connection, message: "out of memory") }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = Self.trimmed(PQerrorMessage(handle))
            PQfinish(handle)
            throw PostgresError(.connection, message: message)
        }
        self.handle = handle
        // Notices ("relation already exists, skipping") are not errors: kept off standard error.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    deinit { PQfinish(handle) }

    /// Whether the connection still stands: after a lost server, a new one is needed.
    public var isOpen: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Connects again, with the same settings, after the connection was lost.
    public func reconnect() throws(PostgresError) {
        PQreset(handle)
        prepared.removeAll() // a new session has none
        guard PQstatus(handle) == CONNECTION_OK else { throw PostgresError(.connection, message: Self.trimmed(PQerrorMessage(handle))) }
    }

    /// Waits up to `timeout` seconds for notifications on the channels this
    /// connection listens to (`LISTEN`); their payloads, oldest first, or
    /// none when the time ran out.
    public func notifications(waitingUpTo timeout: Double) throws(PostgresError) -> [String] {
        var payloads = takeNotifications()
        guard payloads.isEmpty else { return payloads }
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN), revents: 0)
        guard descriptor.fd >= 0 else { throw PostgresError(.connection, message: "the connection is closed") }
        let ready = poll(&descriptor, 1, Int32(timeout * 1000))
        if ready > 0 {
            guard PQconsumeInput(handle) == 1 else { throw PostgresError(.connection, message: Self.trimmed(PQerrorMessage(handle))) }
            payloads = takeNotifications()
        }
        return payloads
    }

    private func takeNotifications() -> [String] {
        var payloads: [String] = []
        while let notification = PQnotifies(handle) {
            payloads.append(String(cString: notification.pointee.extra))
            PQfreemem(notification)
        }
        return payloads
    }

    /// The server process serving this connection, as `pg_stat_activity` names it.
    public var serverProcessID: Int32 { PQbackendPID(handle) }

    /// Runs one statement with `$1`, `$2`, ... bound to `parameters`; its rows.
    @discardableResult
    public func query(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresRows {
        let name: String
        if let known = prepared[sql] {
            name = known
        } else {
            name = "s\(prepared.count)"
            _ = try PostgresRows(PQprepare(handle, name, sql, Int32(parameters.count), nil), connection: handle)
            prepared[sql] = name
        }
        let result = withParameters(parameters) { values, count in
            PQexecPrepared(handle, name, count, values, nil, nil, 0)
        }
        return try PostgresRows(result, connection: handle)
    }

    /// Runs statements with no parameters, several at once (a migration).
    public func execute(_ sql: String) throws(PostgresError) {
        _ = try PostgresRows(PQexec(handle, sql), connection: handle)
    }

    private func withParameters<T>(_ parameters: [String?], _ body: ([UnsafePointer<CChar>?], Int32) -> T) -> T {
        // C strings that live as long as the call.
        let owned: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.map { strdup($0) } }
        defer { for pointer in owned { free(pointer) } }
        return body(owned.map { $0.map { UnsafePointer($0) } }, Int32(owned.count))
    }

    static func trimmed(_ message: UnsafePointer<CChar>?) -> String {
        message.map { String(cString: $0) }?.trimmingTrailingWhitespace ?? "unknown error"
    }
}

/// A statement's rows, read as text: `rows[0, "name"]`, or by column number.
public struct PostgresRows: Sendable {
    public let columns: [String]
    /// Each column's type, as PostgreSQL numbers them (its `pg_type` oid): see ``isInteger(column:)``.
    public let columnTypes: [UInt32]
    public let values: [[String?]]
    /// The rows a command touched ("UPDATE 3"): 3.
    public let affected: Int

    init(_ result: OpaquePointer?, connection: OpaquePointer) throws(PostgresError) {
        guard let result else { throw PostgresError(.connection, message: PostgresConnection.trimmed(PQerrorMessage(connection))) }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            break
        default:
            let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            let message = PostgresConnection.trimmed(PQresultErrorMessage(result))
            throw PostgresError(PQstatus(connection) == CONNECTION_OK ? .statement : .connection, sqlState: state, message: message)
        }
        let columnCount = PQnfields(result), rowCount = PQntuples(result)
        columns = (0..<columnCount).map { String(cString: PQfname(result, $0)) }
        columnTypes = (0..<columnCount).map { UInt32(PQftype(result, $0)) }
        values = (0..<rowCount).map { row in
            (0..<columnCount).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }
        }
        affected = Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    public var count: Int { values.count }

    /// Whether the column holds whole numbers (`bigint`, `integer`, `smallint`).
    public func isInteger(column: Int) -> Bool { [20, 21, 23].contains(columnTypes[column]) }

    public subscript(row: Int, column: String) -> String? {
        guard let index = columns.firstIndex(of: column) else { return nil }
        return values[row][index]
    }
}

extension String {
    fileprivate var trimmingTrailingWhitespace: String {
        var text = self
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
