import CSQLite
import Foundation
import ShopTalkDomain
import TestSupport
import Testing
@testable import ShopTalkStore
@testable import ShopTalkStoreCore
@testable import ShopTalkSQLiteStore
@testable import ShopTalkPostgresStore

@Suite("SQLite store")
struct SQLiteStoreTests {
    let folder = try! TemporaryDirectory()
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func household(_ repository: SQLiteRepository) -> Household<SQLiteRepository> {
        Household(repository: repository, now: now)
    }

    func alice(_ repository: SQLiteRepository) throws -> User {
        try household(repository).enroll(try UserName("alice"))
    }

    @Test func aNewFileIsCreatedInItsOwnFolderWithWALAndForeignKeys() throws {
        let path = folder.path("nested/deeper/shoptalk.sqlite")
        let store = try SQLiteStore(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try store.fileSchemaVersion() == SQLiteStore.schemaVersion)
        #expect(try store.database.query("PRAGMA journal_mode") { $0.text(0) } == ["wal"])
        #expect(try store.database.scalar("PRAGMA foreign_keys") == 1)
        #expect(try store.database.scalar("PRAGMA synchronous") == 2)
        #expect(try store.database.scalar("PRAGMA application_id") == Schema.applicationID)
    }

    @Test func dataSurvivesClosingAndReopening() throws {
        let path = folder.path("shoptalk.sqlite")
        do {
            let store = try SQLiteStore(path: path)
            try store.write { repository in
                let alice = try alice(repository)
                _ = try household(repository).createList(named: "Groceries", by: alice)
                _ = try household(repository).addItems([.init(name: "eggs", quantity: try Quantity(3), unit: "dozen")], to: .named("Groceries"), by: alice)
            }
        }
        let reopened = try SQLiteStore(path: path)
        let items = try reopened.write { repository in
            try household(repository).contents(of: .named("groceries"), for: alice(repository)).items
        }
        #expect(items.map(\.name.value) == ["eggs"])
        #expect(items.map(\.quantity.description) == ["3"])
        #expect(items.map(\.unit?.value) == ["dozen"])
        #expect(items.map(\.addedAt) == [now])
    }

    @Test func aVersionOneFileMigratesAndKeepsItsData() throws {
        let path = folder.path("old.sqlite")
        try FileManager.default.copyItem(atPath: Fixture.path("schema-v1.sqlite"), toPath: path)
        let store = try SQLiteStore(path: path)
        #expect(try store.fileSchemaVersion() == SQLiteStore.schemaVersion)
        let items = try store.write { repository in
            try household(repository).contents(of: .named("Groceries"), for: alice(repository)).items
        }
        #expect(items.map(\.name.value) == ["eggs", "Milk"])
        #expect(items.map(\.quantity.description) == ["1", "1"])
        #expect(items.map(\.unit) == [nil, nil])
        #expect(items.map(\.isChecked) == [false, true])
        let history = try store.write { repository in try household(repository).history(of: .named("Groceries"), for: alice(repository)).changes }
        #expect(history.map(\.change) == [.summary(.createList, "Groceries")])
    }

    @Test func inspectingAnOldFileReadsItWithoutMigratingIt() throws {
        let path = folder.path("old-inspected.sqlite")
        try FileManager.default.copyItem(atPath: Fixture.path("schema-v1.sqlite"), toPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let inspection = try #require(try SQLiteStore.inspect(path: path))
        #expect(inspection.schemaVersion == 1 && inspection.lists == 1 && inspection.items == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try SQLiteStore.inspect(path: folder.path("absent/none.sqlite")) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.path("absent")))
    }

}

@Suite("Refusing files that are not ours")
struct RefusedFileTests {
    let folder = try! TemporaryDirectory()

    /// Opens the file expecting `error`, and checks that not one byte changed.
    func expectRefusal(of path: String, _ matches: (StoreError) -> Bool) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            _ = try SQLiteStore(path: path)
            Issue.record("opened \(path)")
        } catch {
            #expect(matches(error), "unexpected \(error)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aTextFileIsNotADatabase() throws {
        let path = folder.path("notes.txt")
        try Data("milk, eggs, bread\n".utf8).write(to: URL(fileURLWithPath: path))
        try expectRefusal(of: path) { if case .notShopTalkDatabase = $0 { true } else { false } }
    }

    @Test func anotherProgramsSQLiteFileIsRefused() throws {
        let path = folder.path("other.sqlite")
        do {
            let other = try Database(path: path)
            try other.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO photos VALUES (1, 'cat');")
        }
        try expectRefusal(of: path) { if case .notShopTalkDatabase = $0 { true } else { false } }
    }

    @Test func aFileFromANewerShopTalkIsRefused() throws {
        let path = folder.path("future.sqlite")
        do {
            let future = try Database(path: path)
            try future.execute("CREATE TABLE users (id INTEGER PRIMARY KEY); PRAGMA application_id = \(Schema.applicationID); PRAGMA user_version = 99;")
        }
        try expectRefusal(of: path) { $0 == .newerSchema(path: path, found: 99, supported: SQLiteStore.schemaVersion) }
    }

    @Test func aDamagedFileIsRefused() throws {
        let path = folder.path("damaged.sqlite")
        do {
            let store = try SQLiteStore(path: path)
            try store.database.execute("PRAGMA journal_mode = DELETE")
            for index in 0..<200 {
                try store.database.run("INSERT INTO users (name, created_at) VALUES (?, 0)", [.text("user\(index)")])
            }
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.count > 8192)
        for offset in 4096 + 8..<8192 { bytes[offset] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))
        try expectRefusal(of: path) { if case .corrupt = $0 { true } else { false } }
    }
}
