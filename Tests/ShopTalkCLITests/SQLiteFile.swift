import CSQLite
import Testing

/// Writes to a database file as another program could, behind ShopTalk's
/// rules: how the tests plant names no member could have typed.
enum SQLiteFile {
    static func execute(_ sql: String, in path: String) throws {
        var handle: OpaquePointer?
        defer { sqlite3_close(handle) }
        try #require(sqlite3_open(path, &handle) == SQLITE_OK, "cannot open \(path)")
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        try #require(status == SQLITE_OK, "\(message.map { String(cString: $0) } ?? "") in \(sql)")
    }
}
