import ShopTalkStoreCore
import CSQLite

/// An error reported by SQLite, with its result code and message, so callers
/// can tell a busy database from a full disk from a constraint.
public struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`, ...).
    public let code: Int32
    public let message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    /// The primary result code, without its extended bits.
    public var primaryCode: Int32 { code & 0xFF }

    /// A row with the same unique key or primary key is there already
    /// (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_CONSTRAINT_PRIMARYKEY`: C macros Swift does not see).
    public var isDuplicate: Bool { code == SQLITE_CONSTRAINT | (8 << 8) || code == SQLITE_CONSTRAINT | (6 << 8) }

    public var description: String { "SQLite error \(code): \(message)" }

    static func check(_ code: Int32, _ connection: OpaquePointer?) throws(SQLiteError) {
        guard code != SQLITE_OK else { return }
        throw SQLiteError(code: code, connection: connection)
    }

    init(code: Int32, connection: OpaquePointer?) {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        self.init(code: code, message: message)
    }
}
