import Foundation
import ShopTalkDomain
import TestSupport
import Testing
@testable import ShopTalkStore
@testable import ShopTalkStoreCore
@testable import ShopTalkSQLiteStore
@testable import ShopTalkPostgresStore

/// What every store promises, whatever its engine: each test is written
/// once, as a generic function over ``StoreUnderTest``, and runs on SQLite
/// and on PostgreSQL (where a cluster is given; `.ci/run` gives one).
@Suite("Either store")
struct StoreTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func household<R: ShoppingRepository>(_ repository: R) -> Household<R> { Household(repository: repository, now: now) }
    static func alice<R: ShoppingRepository>(_ repository: R) throws -> User { try household(repository).enroll(try UserName("alice")) }

    /// Alice makes "Groceries" with `items` on it.
    static func groceries<R: ShoppingRepository>(with items: [Household<R>.ItemRequest], in repository: R) throws {
        let alice = try alice(repository)
        _ = try household(repository).createList(named: "Groceries", by: alice)
        _ = try household(repository).addItems(items, to: .named("Groceries"), by: alice)
    }

    // MARK: Commands

    @Test(arguments: Engine.available)
    func whatOneConnectionCommittedAnotherReads(_ engine: Engine) throws {
        func check(_ store: some StoreUnderTest) throws {
            try store.write { repository in try Self.groceries(with: [.init(name: "eggs", quantity: try Quantity(3), unit: "dozen")], in: repository) }
            let items = try store.another().write { repository in
                try Self.household(repository).contents(of: .named("groceries"), for: Self.alice(repository)).items
            }
            #expect(items.map(\.name.value) == ["eggs"])
            #expect(items.map(\.quantity.description) == ["3"])
            #expect(items.map(\.unit?.value) == ["dozen"])
            #expect(items.map(\.addedAt) == [Self.now])
        }
        try check(engine.open())
    }

    /// A bot's outbox: what it must still send, kept in order with its
    /// transaction ID, each bot its own, until it is sent.
    @Test(arguments: Engine.available)
    func aBotsOutboxKeepsWhatItMustStillSendInOrder(_ engine: Engine) throws {
        func check(_ store: some StoreUnderTest) throws {
            let book = store.accountBook
            let first = try book.keepOutgoing(OutgoingMessage(sender: "matrix:@bot:a", target: "!room:a", body: #"{"body":"one"}"#, transaction: "re$1"))
            _ = try book.keepOutgoing(OutgoingMessage(sender: "matrix:@other:a", target: "!room:a", body: "{}", transaction: "x"))
            _ = try book.keepOutgoing(OutgoingMessage(sender: "matrix:@bot:a", target: "#family:a", body: #"{"body":"two"}"#, transaction: "st1-1"))
            let waiting = try store.another().accountBook.outgoing(from: "matrix:@bot:a")
            #expect(waiting.map(\.transaction) == ["re$1", "st1-1"])
            #expect(waiting.map(\.target) == ["!room:a", "#family:a"])
            #expect(waiting.first?.body == #"{"body":"one"}"#)
            // Two sent as one keep the batch's transaction ID, for a restart to make the same batch.
            let third = try book.keepOutgoing(OutgoingMessage(sender: "matrix:@bot:a", target: "#family:a", body: #"{"body":"three"}"#, transaction: "st1-2"))
            try book.batchOutgoing([waiting[1].id!, third], transaction: "batch-st1-1-2")
            #expect(try store.another().accountBook.outgoing(from: "matrix:@bot:a").map(\.transaction) == ["re$1", "batch-st1-1-2", "batch-st1-1-2"])
            try book.removeOutgoing(first)
            #expect(try book.outgoing(from: "matrix:@bot:a").map(\.transaction) == ["batch-st1-1-2", "batch-st1-1-2"])
        }
        try check(engine.open())
    }

    @Test(arguments: Engine.available)
    func deletingAListCascadesToItsItemsAndKeepsItsHistory(_ engine: Engine) throws {
        func check(_ store: some StoreUnderTest) throws {
            try store.write { repository in try Self.groceries(with: [.init(name: "eggs"), .init(name: "milk")], in: repository) }
            #expect(try store.number("SELECT count(*) FROM items") == 2)
            try store.run("DELETE FROM lists WHERE name_key = 'groceries'")
            #expect(try store.number("SELECT count(*) FROM items") == 0)
            #expect(try store.number("SELECT count(*) FROM activity WHERE list_id IS NULL") == 3)
        }
        try check(engine.open())
    }

    @Test(arguments: Engine.available)
    func theDefaultListIsKeptByIdentityThroughARenameAndForgottenWhenDeleted(_ engine: Engine) throws {
        func check(_ store: some StoreUnderTest) throws {
            try store.write { repository in
                // A list called "Shopping list" made before defaults were kept becomes the default on first use.
                let made = try Self.household(repository).createList(named: "Shopping list", by: Self.alice(repository))
                #expect(try Self.household(repository).resolve(.defaultList, for: Self.alice(repository)).list.id == made.id)
                _ = try Self.household(repository).renameList(.defaultList, to: "Weekly", by: Self.alice(repository))
            }
            #expect(try store.number("SELECT count(*) FROM users WHERE default_list_id IS NOT NULL") == 1)
            let reopened = try store.another()
            try reopened.write { repository in
                #expect(try Self.household(repository).resolve(.defaultList, for: Self.alice(repository)).list.name.value == "Weekly")
                _ = try Self.household(repository).deleteList(.named("Weekly"), by: Self.alice(repository))
                // The row read before the delete is not trusted after it: no default, and none made by a question.
                #expect(throws: DomainError.listNotFound("Shopping list", suggestion: nil)) {
                    try Self.household(repository).resolve(.defaultList, for: Self.alice(repository), creatingDefault: false)
                }
            }
            #expect(try reopened.number("SELECT count(*) FROM users WHERE default_list_id IS NULL") == 1)
        }
        try check(engine.open())
    }

    @Test(arguments: Engine.available)
    func aCommandThatFailsHalfwayLeavesNothingBehind(_ engine: Engine) throws {
        func check(_ store: some StoreUnderTest) throws {
            try store.write { repository in _ = try Self.household(repository).createList(named: "Groceries", by: Self.alice(repository)) }
            #expect(throws: DomainError.invalidItemName("", .empty)) {
                try store.write { repository in
                    try Self.household(repository).addItems([.init(name: "eggs"), .init(name: "")], to: .named("Groceries"), by: Self.alice(repository))
                }
            }
            #expect(try store.number("SELECT count(*) FROM items") == 0)
            #expect(try store.number("SELECT count(*) FROM activity") == 1)
        }
        try check(engine.open())
    }

    @Test(arguments: Engine.available)
    func twoConnectionsWritingAtOnceLoseNothing(_ engine: Engine) async throws {
        func check<Store: StoreUnderTest>(_ store: Store) async throws {
            try store.write { repository in _ = try Self.household(repository).createList(named: "Groceries", by: Self.alice(repository)) }
            let perWriter = 150
            let writers = try (0..<2).map { _ in UncheckedBox(try store.another()) }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, writer) in writers.enumerated() {
                    group.addTask {
                        for step in 0..<perWriter {
                            try writer.value.write { repository in
                                let household = Household(repository: repository, now: Date())
                                let alice = try household.enroll(try UserName("alice"))
                                _ = try household.addItems([.init(name: "item \(index)-\(step)")], to: .named("Groceries"), by: alice)
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try store.number("SELECT count(*) FROM items") == Int64(2 * perWriter))
        }
        try await check(engine.open())
    }

    // MARK: Group commit

    @Test(arguments: Engine.available)
    func aBatchCommitsTogetherAndAFailedCommandAloneIsUndone(_ engine: Engine) throws {
        func check(_ store: some StoreUnderTest) throws {
            let watcher = try store.another()
            func add(_ names: [String]) throws {
                try store.write { repository in
                    let household = Self.household(repository)
                    _ = try household.addItems(names.map { .init(name: $0) }, to: .defaultList, by: try household.enroll(try UserName("alice")))
                }
            }
            try store.batch {
                try add(["eggs"])
                #expect(throws: DomainError.invalidItemName("", .empty)) { try add(["milk", ""]) }
                try add(["bread"])
                #expect(try watcher.number("SELECT count(*) FROM items") == 0, "nothing is seen before the batch commits")
            }
            let items = try watcher.write { repository in
                try Self.household(repository).contents(of: .defaultList, for: Self.alice(repository)).items
            }
            #expect(items.map(\.name.value) == ["bread", "eggs"])
        }
        try check(engine.open())
    }

    @Test(arguments: Engine.available)
    func aBatchThatThrowsLeavesNothing(_ engine: Engine) throws {
        struct Stop: Error {}
        func check(_ store: some StoreUnderTest) throws {
            #expect(throws: Stop.self) {
                try store.batch {
                    try store.write { repository in _ = try repository.insertUser(named: try UserName("zed"), at: Date()) }
                    throw Stop()
                }
            }
            #expect(try store.number("SELECT count(*) FROM users") == 0)
        }
        try check(engine.open())
    }

    // MARK: History

    /// Alice's list "Food", with an item added at each of `times`.
    static func food<R: ShoppingRepository>(addedTo repository: R, at times: [Date]) throws -> ShoppingList {
        let list = try repository.insertList(named: try ListName("Food"), owner: try alice(repository), at: now)
        for (index, at) in times.enumerated() {
            let change = Activity.Change.addedItem(try ItemName("item \(index)"), .one, nil)
            try repository.record(Activity(listID: list.id, listName: list.name, actor: list.owner, change: change, at: at))
        }
        return list
    }

    @Test(arguments: Engine.available)
    func everyKindOfChangeReadsBackAsItWasRecorded(_ engine: Engine) throws {
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
        func check(_ store: some StoreUnderTest) throws {
            let history = try store.write { repository in
                let list = try repository.insertList(named: try ListName("Food"), owner: try Self.alice(repository), at: Self.now)
                for change in changes {
                    try repository.record(Activity(listID: list.id, listName: list.name, actor: list.owner, change: change, at: Self.now))
                }
                return try repository.activity(of: list.id, during: nil, limit: 100)
            }
            #expect(history.reversed().map(\.change) == changes)
        }
        try check(engine.open())
    }

    @Test(arguments: Engine.available)
    func historyDuringAPeriodHoldsOnlyWhatHappenedInIt(_ engine: Engine) throws {
        let hours = (0..<4).map { Self.now.addingTimeInterval(Double($0) * 3_600) }
        func check(_ store: some StoreUnderTest) throws {
            let during = try store.write { repository in
                try repository.activity(of: Self.food(addedTo: repository, at: hours).id, during: hours[1]..<hours[3], limit: 100)
            }
            // The start is in the period, the end is not; newest first.
            #expect(during.map(\.at) == [hours[2], hours[1]])
        }
        try check(engine.open())
    }

    @Test(arguments: Engine.available)
    func historyIsPrunedOldestFirstInBatchesAndNewerRowsStay(_ engine: Engine) throws {
        let days = (0..<7).map { Self.now.addingTimeInterval(Double($0) * 86_400) }
        func check(_ store: some StoreUnderTest) throws {
            let list = try store.write { repository in try Self.food(addedTo: repository, at: days) }
            // Five days are before the cutoff: two batches of two, then the last one.
            #expect(try store.pruneHistory(before: days[5], limit: 2) == 2)
            #expect(try store.pruneHistory(before: days[5], limit: 2) == 2)
            #expect(try store.pruneHistory(before: days[5], limit: 2) == 1)
            #expect(try store.pruneHistory(before: days[5], limit: 2) == 0)
            let left = try store.write { try $0.activity(of: list.id, during: nil, limit: 100) }
            #expect(left.map(\.at) == [days[6], days[5]])
        }
        try check(engine.open())
    }

    // MARK: Events kept for members

    @Test(arguments: Engine.available)
    func eventsAreKeptNewestUpToTheLimitAndTakenOnceInOrder(_ engine: Engine) throws {
        func check(_ store: some StoreUnderTest) throws {
            let bob = try store.write { try $0.insertUser(named: try UserName("bob"), at: Self.now) }
            try store.write { repository in
                for index in 1...5 { try repository.enqueueEvent("news \(index)", for: bob, at: Self.now, keep: 3) }
            }
            #expect(try store.another().write { try $0.takeEvents(for: bob) } == ["news 3", "news 4", "news 5"])
            #expect(try store.write { try $0.takeEvents(for: bob) }.isEmpty, "taken once")
        }
        try check(engine.open())
    }

    // MARK: Accounts, relays and links

    @Test(arguments: Engine.available)
    func accountsRelaysAndLinksAreKeptAndForgotten(_ engine: Engine) throws {
        func check(_ store: some StoreUnderTest) throws {
            let book = store.accountBook
            let alice = try UserName("alice"), bob = try UserName("bob")
            try book.setPassword("hash-1", for: alice, at: Self.now)
            try book.setPassword("hash-2", for: alice, at: Self.now) // a new password, the same member
            try book.setPassword("hash-3", for: bob, at: Self.now)
            #expect(try book.setLanguage("de", for: bob))
            #expect(try !book.setLanguage("de", for: UserName("nobody")))
            #expect(try book.accounts() == [Account(name: alice, passwordHash: "hash-2", language: nil), Account(name: bob, passwordHash: "hash-3", language: "de")])

            try book.saveRelay(RelayRecord(name: "kitchen", tokenHash: "t1", anyUser: false, users: [alice, bob]), at: Self.now)
            try book.saveRelay(RelayRecord(name: "kitchen", tokenHash: "t2", anyUser: true, users: []), at: Self.now)
            #expect(try book.relays() == [RelayRecord(name: "kitchen", tokenHash: "t2", anyUser: true, users: [])])

            #expect(try book.addLink(alice, network: "irc", name: "Alice", key: "alice", at: Self.now))
            #expect(try !book.addLink(UserName("nobody"), network: "irc", name: "x", key: "x", at: Self.now))
            #expect(try book.member(linkedAs: "alice", on: "irc") == alice)
            // The same nick, claimed by another member, moves to them.
            #expect(try book.addLink(bob, network: "irc", name: "ALICE", key: "alice", at: Self.now))
            #expect(try book.links() == [Link(member: bob, network: "irc", name: "ALICE")])

            #expect(try book.removeLink(network: "irc", key: "alice"))
            #expect(try book.removeRelay(named: "kitchen"))
            #expect(try !book.removeRelay(named: "kitchen"))
            #expect(try book.removeAccount(alice))
            #expect(try book.account(alice) == nil)
            #expect(try store.another().accountBook.accounts().map(\.name) == [bob])
        }
        try check(engine.open())
    }
}

/// Hands a store to another task; each task uses its own.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
