import CSQLite
import Foundation
import ShopTalkDomain
import Testing
@testable import ShopTalkStore

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

    @Test func deletingAListCascadesToItsItems() throws {
        let store = try SQLiteStore(path: ":memory:")
        try store.write { repository in
            let alice = try alice(repository)
            _ = try household(repository).createList(named: "Groceries", by: alice)
            _ = try household(repository).addItems([.init(name: "eggs"), .init(name: "milk")], to: .named("Groceries"), by: alice)
        }
        #expect(try store.database.scalar("SELECT count(*) FROM items") == 2)
        try store.database.run("DELETE FROM lists WHERE name_key = 'groceries'")
        #expect(try store.database.scalar("SELECT count(*) FROM items") == 0)
        #expect(try store.database.scalar("SELECT count(*) FROM activity WHERE list_id IS NULL") == 3)
    }

    @Test func theDefaultListIsKeptByIdentityThroughARenameAndForgottenWhenDeleted() throws {
        let path = folder.path("default.sqlite")
        do {
            let store = try SQLiteStore(path: path)
            try store.write { repository in
                // A list called "Shopping list" made before defaults were kept becomes the default on first use.
                let made = try household(repository).createList(named: "Shopping list", by: alice(repository))
                #expect(try household(repository).resolve(.defaultList, for: alice(repository)).list.id == made.id)
                _ = try household(repository).renameList(.defaultList, to: "Weekly", by: alice(repository))
            }
            #expect(try store.database.scalar("SELECT count(*) FROM users WHERE default_list_id IS NOT NULL") == 1)
        }
        let reopened = try SQLiteStore(path: path)
        try reopened.write { repository in
            #expect(try household(repository).resolve(.defaultList, for: alice(repository)).list.name.value == "Weekly")
            _ = try household(repository).deleteList(.named("Weekly"), by: alice(repository))
            // The row read before the delete is not trusted after it: no default, and none made by a question.
            #expect(throws: DomainError.listNotFound("Shopping list", suggestion: nil)) {
                try household(repository).resolve(.defaultList, for: alice(repository), creatingDefault: false)
            }
        }
        #expect(try reopened.database.scalar("SELECT count(*) FROM users WHERE default_list_id IS NULL") == 1)
    }

    @Test func aCommandThatFailsHalfwayLeavesNothingBehind() throws {
        let store = try SQLiteStore(path: ":memory:")
        try store.write { repository in
            _ = try household(repository).createList(named: "Groceries", by: alice(repository))
        }
        #expect(throws: DomainError.invalidItemName("", .empty)) {
            try store.write { repository in
                try household(repository).addItems([.init(name: "eggs"), .init(name: "")], to: .named("Groceries"), by: alice(repository))
            }
        }
        #expect(try store.database.scalar("SELECT count(*) FROM items") == 0)
        #expect(try store.database.scalar("SELECT count(*) FROM activity") == 1)
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

    @Test func everyKindOfChangeReadsBackAsItWasRecorded() throws {
        let milk = try ItemName("milk"), oatMilk = try ItemName("oat milk")
        let changes: [Activity.Change] = [
            .createdList,
            .addedItem(milk, try Quantity(2), try ItemUnit("litre")),
            .addedItem(milk, try Quantity(numerator: 3, denominator: 2), try ItemUnit("litre")),
            .addedItem(milk, .one, nil),
            .setQuantity(milk, try Quantity(3), nil),
            .renamedItem(from: milk, to: oatMilk),
            .checkedItem(oatMilk),
            .uncheckedItem(oatMilk),
            .removedItem(oatMilk),
            .clearedChecked(count: 2, items: [oatMilk, try ItemName("Bread rolls")]),
            .clearedChecked(count: 4, items: []),
            .summary(.addItem, "2 litre milk"),
            .renamedList(from: try ListName("Groceries"), to: try ListName("Food")),
            .deletedList,
        ]
        let store = try SQLiteStore(path: ":memory:")
        let history = try store.write { repository in
            let list = try repository.insertList(named: try ListName("Food"), owner: try alice(repository), at: now)
            for change in changes {
                try repository.record(Activity(listID: list.id, listName: list.name, actor: list.owner, change: change, at: now))
            }
            return try repository.activity(of: list.id, during: nil, limit: 100)
        }
        #expect(history.reversed().map(\.change) == changes)
    }

    @Test func historyDuringAPeriodHoldsOnlyWhatHappenedInIt() throws {
        let store = try SQLiteStore(path: ":memory:")
        let hours = (0..<4).map { now.addingTimeInterval(Double($0) * 3_600) }
        let during = try store.write { repository in
            let list = try repository.insertList(named: try ListName("Food"), owner: try alice(repository), at: now)
            for (hour, at) in hours.enumerated() {
                let change = Activity.Change.addedItem(try ItemName("item \(hour)"), .one, nil)
                try repository.record(Activity(listID: list.id, listName: list.name, actor: list.owner, change: change, at: at))
            }
            return try repository.activity(of: list.id, during: hours[1]..<hours[3], limit: 100)
        }
        // The start is in the period, the end is not; newest first.
        #expect(during.map(\.at) == [hours[2], hours[1]])
    }

    @Test func historyIsPrunedOldestFirstInBatchesAndNewerRowsStay() throws {
        let store = try SQLiteStore(path: ":memory:")
        let days = (0..<7).map { now.addingTimeInterval(Double($0) * 86_400) }
        let list = try store.write { repository in
            let list = try repository.insertList(named: try ListName("Food"), owner: try alice(repository), at: now)
            for (day, at) in days.enumerated() {
                let change = Activity.Change.addedItem(try ItemName("item \(day)"), .one, nil)
                try repository.record(Activity(listID: list.id, listName: list.name, actor: list.owner, change: change, at: at))
            }
            return list
        }
        // Five days are before the cutoff: two batches of two, then the last one.
        #expect(try store.pruneHistory(before: days[5], limit: 2) == 2)
        #expect(try store.pruneHistory(before: days[5], limit: 2) == 2)
        #expect(try store.pruneHistory(before: days[5], limit: 2) == 1)
        #expect(try store.pruneHistory(before: days[5], limit: 2) == 0)
        let left = try store.write { try $0.activity(of: list.id, during: nil, limit: 100) }
        #expect(left.map(\.at) == [days[6], days[5]])
    }

    @Test func twoConnectionsWritingAtOnceLoseNothing() async throws {
        let path = folder.path("shared.sqlite")
        let setup = try SQLiteStore(path: path)
        try setup.write { repository in _ = try household(repository).createList(named: "Groceries", by: alice(repository)) }
        let perWriter = 150
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    let store = try SQLiteStore(path: path)
                    for index in 0..<perWriter {
                        try store.write { repository in
                            let household = Household(repository: repository, now: Date())
                            let alice = try household.enroll(try UserName("alice"))
                            _ = try household.addItems([.init(name: "item \(writer)-\(index)")], to: .named("Groceries"), by: alice)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try setup.database.scalar("SELECT count(*) FROM items") == Int64(2 * perWriter))
        #expect(try setup.database.query("PRAGMA integrity_check") { $0.text(0) } == ["ok"])
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

@Suite("Group commit")
struct GroupCommitTests {
    @Test func aBatchCommitsTogetherAndAFailedCommandAloneIsUndone() throws {
        let store = try SQLiteStore(path: ":memory:")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func add(_ items: [Household<SQLiteRepository>.ItemRequest]) throws {
            try store.write { repository in
                let household = Household(repository: repository, now: now)
                _ = try household.addItems(items, to: .defaultList, by: try household.enroll(try UserName("alice")))
            }
        }
        try store.batch {
            try add([.init(name: "eggs")])
            #expect(throws: DomainError.invalidItemName("", .empty)) { try add([.init(name: "milk"), .init(name: "")]) }
            try add([.init(name: "bread")])
            #expect(store.database.isInTransaction)
        }
        #expect(!store.database.isInTransaction)
        #expect(try store.database.query("SELECT name FROM items ORDER BY id") { $0.text(0) } == ["eggs", "bread"])
    }

    @Test func aBatchThatThrowsLeavesNothing() throws {
        let store = try SQLiteStore(path: ":memory:")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try store.batch {
                try store.write { repository in _ = try repository.insertUser(named: try UserName("zed"), at: Date()) }
                throw Stop()
            }
        }
        #expect(try store.database.scalar("SELECT count(*) FROM users") == 0)
    }
}
