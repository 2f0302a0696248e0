import Foundation
import ShopTalkDomain
import ShopTalkPostgres
import ShopTalkStore
import Synchronization
import TestSupport
import Testing

/// The household's rules on PostgreSQL: the same outcome as on SQLite for
/// the same commands, and no update lost when two connections (two servers)
/// change the same item at once.
@Suite("The PostgreSQL store", .enabled(if: TestCluster.shouldRun, TestCluster.skipped))
struct PostgresStoreTests {
    /// What a household holds, as its members see it: compared between engines.
    struct Snapshot: Equatable {
        var lists: [String] = []
        var contents: [String] = []
        var history: [String] = []
    }

    /// A random household's day: members make and share lists, add,
    /// check, rename and remove items, mute, note, undo nothing. The same
    /// `seed` makes the same commands, whatever the engine.
    static func workload<R: ShoppingRepository>(seed: UInt64, write: ((Household<R>) throws -> Void) throws -> Void) throws -> Snapshot {
        var random = SplitMix(state: seed)
        let clock = Date(timeIntervalSince1970: 1_800_000_000)
        let names = ["alice", "bob", "carol"]
        let things = ["eggs", "milk", "bread", "Äpfel", "молоко", "牛奶", "tea bags", "jam"]
        // Each member starts with the two lists, so the day has somewhere to happen.
        try write { household in
            for name in names {
                let member = try household.enroll(UserName(name))
                for list in ["Groceries", "Party"] { _ = try household.createList(named: list, by: member) }
            }
        }
        for step in 0..<120 {
            try write { household in
                let actor = try household.enroll(UserName(names[Int.random(in: 0..<names.count, using: &random)]))
                let list = ListReference.named(["Groceries", "Party"][Int.random(in: 0..<2, using: &random)])
                let thing = things[Int.random(in: 0..<things.count, using: &random)]
                // A command the rules refuse is part of the day too: it changes nothing.
                do {
                    switch Int.random(in: 0..<9, using: &random) {
                    case 0: _ = try household.createList(named: ["Groceries", "Party"][Int.random(in: 0..<2, using: &random)], by: actor)
                    case 1, 2: _ = try household.addItems([.init(name: thing, quantity: Quantity(Int.random(in: 0..<3, using: &random) + 1))], to: list, by: actor)
                    case 3: _ = try household.checkItem(thing, on: list, by: actor)
                    case 4: _ = try household.removeItem(named: thing, from: list, by: actor)
                    case 5: _ = try household.share(list, with: [names[Int.random(in: 0..<names.count, using: &random)]], permission: .readWrite, by: actor)
                    case 6: _ = try household.accept(nil, by: actor)
                    case 7: _ = try household.setNote("step \(step)", on: thing, in: list, by: actor)
                    default: _ = try household.clearChecked(on: list, by: actor)
                    }
                } catch is DomainError {}
                _ = clock
            }
        }
        var snapshot = Snapshot()
        try write { household in
            for name in names {
                let member = try household.enroll(UserName(name))
                for summary in try household.lists(of: member) {
                    snapshot.lists.append("\(name): \(summary.list.owner)/\(summary.list.name) \(summary.itemCount)")
                }
                for visible in try household.visibleLists(for: member) where visible.list.owner.value == name {
                    let contents = try household.contents(of: .named(visible.list.name.value), for: member)
                    snapshot.contents += contents.items.map { "\(visible.list.name) \($0.name) \($0.quantity) \($0.isChecked) \($0.note?.value ?? "")" }
                    snapshot.history += try household.history(of: .named(visible.list.name.value), for: member, limit: 500).changes
                        .map { "\(visible.list.name) \($0.actor) \($0.change)" }
                }
            }
        }
        return snapshot
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aRandomHouseholdEndsTheSameOnBothEngines(seed: UInt64) throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let sqlite = try SQLiteStore(path: ":memory:")
        let onSQLite = try Self.workload(seed: seed) { (body: (Household<SQLiteRepository>) throws -> Void) in
            try sqlite.write { try body(Household(repository: $0, now: now)) }
        }
        let database = try TestDatabase()
        let postgres = try PostgresStore(url: database.url)
        let onPostgres = try Self.workload(seed: seed) { (body: (Household<PostgresRepository>) throws -> Void) in
            try postgres.write { try body(Household(repository: $0, now: now)) }
        }
        #expect(onSQLite.contents.count > 3 && onSQLite.history.count > 30 && onSQLite.lists.count > 3, "the day left too little to compare")
        #expect(onPostgres == onSQLite)
    }

    @Test func serversAddingToOneItemAtOnceLoseNothing() throws {
        let database = try TestDatabase()
        let url = database.url
        let setUp = try PostgresStore(url: url)
        try setUp.write { repository in
            let household = Household(repository: repository, now: Date())
            let alice = try household.enroll(UserName("alice"))
            _ = try household.createList(named: "Groceries", by: alice)
            _ = try household.addItems([.init(name: "eggs")], to: .named("Groceries"), by: alice)
        }
        // Four stores, as four servers would have, on threads of their own
        // (libpq blocks), each adding one egg 50 times, all at once.
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let store = try PostgresStore(url: url)
                for _ in 0..<50 {
                    try store.write { repository in
                        let household = Household(repository: repository, now: Date())
                        _ = try household.addItems([.init(name: "eggs", quantity: .one)], to: .named("Groceries"), by: household.enroll(UserName("alice")))
                    }
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let eggs = try setUp.write { repository in
            let household = Household(repository: repository, now: Date())
            return try household.contents(of: .named("Groceries"), for: household.enroll(UserName("alice"))).items.first?.quantity
        }
        #expect(try eggs == Quantity(201))
    }

    @Test func twoBatchesHoldingTheListTheOtherWantsBothFinishWithinMoments() throws {
        let database = try TestDatabase()
        let setUp = try PostgresStore(url: database.url)
        try setUp.write { repository in
            let household = Household(repository: repository, now: Date())
            let alice = try household.enroll(UserName("alice"))
            for list in ["Groceries", "Party"] { _ = try household.createList(named: list, by: alice) }
        }
        @Sendable func add(_ item: String, to list: String, in store: PostgresStore) throws {
            try store.write { repository in
                let household = Household(repository: repository, now: Date())
                _ = try household.addItems([.init(name: item)], to: .named(list), by: household.enroll(UserName("alice")))
            }
        }
        // PostgreSQL's own deadlock check made slow, so that only the store's
        // lock timeout can end the wait in time: a bound on the clock that a
        // loaded machine cannot break, and that the deadlock check cannot meet.
        try PostgresConnection(url: database.url).execute("ALTER DATABASE \(database.name) SET deadlock_timeout = '60s'")
        // Two batches, as two store threads run them: each adds to one list
        // (and holds it), then, once the other holds its own, to the other's.
        let bothHold = DispatchGroup(), failures = Mutex<[String]>([]), url = database.url
        bothHold.enter(); bothHold.enter()
        let started = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let (first, second) = index == 0 ? ("Groceries", "Party") : ("Party", "Groceries")
            do {
                let store = try PostgresStore(url: url)
                try store.batch {
                    try add("first \(index)", to: first, in: store)
                    bothHold.leave()
                    _ = bothHold.wait(timeout: .now() + 10)
                    try add("second \(index)", to: second, in: store)
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        // Not PostgreSQL's deadlock check (a minute here): one let go of its list after its lock timeout.
        #expect(ContinuousClock.now - started < .seconds(20))
        let stored = try PostgresConnection(url: database.url).query("SELECT name FROM items ORDER BY name").values.compactMap { $0[0] }
        #expect(stored == ["first 0", "first 1", "second 0", "second 1"])
    }

    @Test func aLostConnectionFailsOneCommandAndIsMadeAgain() throws {
        let database = try TestDatabase()
        let store = try PostgresStore(url: database.url)
        let admin = try PostgresConnection(url: database.url)
        try store.write { repository in
            let household = Household(repository: repository, now: Date())
            _ = try household.createList(named: "Groceries", by: household.enroll(UserName("alice")))
        }
        func add(_ name: String) throws {
            try store.write { repository in
                let household = Household(repository: repository, now: Date())
                _ = try household.addItems([.init(name: name)], to: .named("Groceries"), by: household.enroll(UserName("alice")))
            }
        }
        try add("eggs")
        // The server drops the store's connection, as a restart would.
        try admin.query("SELECT pg_terminate_backend($1)", [String(store.serverProcessID)])
        #expect(throws: PostgresError.self) { try add("milk") }
        try add("bread")
        let names = try admin.query("SELECT name FROM items ORDER BY id").values.map { $0[0] ?? "" }
        #expect(names == ["eggs", "bread"])
    }

    @Test func anUnreachableDatabaseIsAClearError() {
        #expect(throws: PostgresError.self) { try PostgresStore(url: "postgres://nobody@127.0.0.1:1/none?connect_timeout=2") }
    }
}
