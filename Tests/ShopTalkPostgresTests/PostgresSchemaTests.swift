import CSQLite
import Foundation
import ShopTalkPostgres
import ShopTalkStore
import TestSupport
import Testing

/// The schema on PostgreSQL: SQLite's, numbered alike, run at start, and a
/// newer database refused.
@Suite("The PostgreSQL schema", .enabled(if: TestCluster.shouldRun, TestCluster.skipped))
struct PostgresSchemaTests {
    @Test func aNewDatabaseGetsEveryMigrationOnceAndAgainNothing() throws {
        let database = try TestDatabase()
        let connection = try PostgresConnection(url: database.url)
        #expect(try PostgresSchema.migrate(connection) == 0)
        #expect(try PostgresSchema.migrate(connection) == PostgresSchema.version)
        #expect(try connection.query("SELECT version FROM shoptalk_schema").values == [[String(PostgresSchema.version)]])
    }

    @Test func itHasSQLitesTablesAndColumns() throws {
        let database = try TestDatabase()
        let connection = try PostgresConnection(url: database.url)
        try PostgresSchema.migrate(connection)
        let rows = try connection.query("""
            SELECT table_name, column_name FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name <> 'shoptalk_schema' ORDER BY table_name, ordinal_position
            """)
        var postgres: [String: [String]] = [:]
        for row in rows.values { postgres[row[0]!, default: []].append(row[1]!) }
        #expect(postgres == (try Self.sqliteColumns()))
        #expect(postgres.count >= 14)
    }

    @Test func aDatabaseFromANewerShopTalkIsRefusedAndLeftAlone() throws {
        let database = try TestDatabase()
        let connection = try PostgresConnection(url: database.url)
        try PostgresSchema.migrate(connection)
        try connection.query("UPDATE shoptalk_schema SET version = $1", [String(PostgresSchema.version + 1)])
        do {
            try PostgresSchema.migrate(connection)
            Issue.record("a newer schema was accepted")
        } catch {
            #expect(error.kind == .newerSchema(found: PostgresSchema.version + 1, known: PostgresSchema.version))
            #expect(error.description.contains("use a newer shoptalk"))
        }
        #expect(try connection.query("SELECT version FROM shoptalk_schema").values == [[String(PostgresSchema.version + 1)]])
    }

    @Test func twoServersStartingAtOnceMigrateOnce() async throws {
        let database = try TestDatabase()
        let url = database.url
        let found = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask { try PostgresSchema.migrate(PostgresConnection(url: url)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Each migration ran once, under the lock: the first starter saw 0, and the rest a finished schema or 0.
        #expect(found.contains(0))
        let connection = try PostgresConnection(url: url)
        #expect(try connection.query("SELECT count(*) FROM shoptalk_schema").values == [["1"]])
        #expect(try connection.query("SELECT version FROM shoptalk_schema").values == [[String(PostgresSchema.version)]])
    }

    /// Table → column names, in order, of a SQLite database ShopTalk made.
    static func sqliteColumns() throws -> [String: [String]] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SQLiteStore(path: path).close()
        var handle: OpaquePointer?
        guard sqlite3_open(path, &handle) == SQLITE_OK, let handle else { throw CocoaError(.fileReadUnknown) }
        defer { sqlite3_close(handle) }
        var columns: [String: [String]] = [:]
        var statement: OpaquePointer?
        sqlite3_prepare_v2(handle, "SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' ORDER BY m.name, p.cid", -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        while sqlite3_step(statement) == SQLITE_ROW {
            columns[String(cString: sqlite3_column_text(statement, 0)), default: []].append(String(cString: sqlite3_column_text(statement, 1)))
        }
        return columns
    }
}
