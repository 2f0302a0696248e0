import ShopTalkStoreCore
import CSQLite

/// A prepared statement with typed binds and column reads.
///
/// Statements are cached by their connection and reset before each use, so a
/// hot query is parsed once.
public final class Statement {
    let handle: OpaquePointer
    private let connection: OpaquePointer

    init(sql: String, connection: OpaquePointer) throws(SQLiteError) {
        var handle: OpaquePointer?
        try SQLiteError.check(sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil), connection)
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "empty statement: \(sql)") }
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds values to the `?` parameters in order, after clearing earlier ones.
    func bind(_ values: [SQLValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        // Parameters left unbound must not keep an earlier call's values.
        if values.count < Int(sqlite3_bind_parameter_count(handle)) { sqlite3_clear_bindings(handle) }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32 = switch value {
            case .null: sqlite3_bind_null(handle, index)
            case .integer(let int): sqlite3_bind_int64(handle, index, int)
            case .text(var text):
                // Its UTF-8 bytes and their count, copied by SQLite (TRANSIENT): passing
                // the String as a C string would copy a short one into a heap array first.
                text.withUTF8 { bytes in
                    // An empty buffer may have no address, and a null pointer would bind NULL.
                    let start = UnsafeRawPointer(bytes.baseAddress ?? Self.empty.utf8Start).assumingMemoryBound(to: CChar.self)
                    return sqlite3_bind_text(handle, index, start, Int32(bytes.count), shoptalk_sqlite_transient())
                }
            }
            try SQLiteError.check(code, connection)
        }
    }

    private static let empty: StaticString = ""

    /// Advances to the next row; false when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw SQLiteError(code: code, connection: connection)
        }
    }

    package func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    package func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
}

@available(*, unavailable)
extension Statement: Sendable {}

/// A value bound to a statement parameter.
public enum SQLValue: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
    case null
    case integer(Int64)
    case text(String)

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(nilLiteral: ()) { self = .null }
    public init(_ text: String?) { self = text.map(SQLValue.text) ?? .null }
    public init(_ int: Int) { self = .integer(Int64(int)) }
    public init(_ bool: Bool) { self = .integer(bool ? 1 : 0) }
}

extension Statement: StoredRow {}
