import Foundation
import ShopTalkDomain
import TestSupport
import Testing
@testable import ShopTalkStore
@testable import ShopTalkStoreCore
@testable import ShopTalkSQLiteStore
@testable import ShopTalkPostgresStore

/// The store remembers rows between commands (`RowCache`); whatever it
/// remembers, it must answer exactly what SQLite would.
@Suite("Rows remembered between commands")
struct RowCacheTests {
    let folder = try! TemporaryDirectory()
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func household(_ repository: SQLiteRepository) -> Household<SQLiteRepository> {
        Household(repository: repository, now: now)
    }

    func items(on list: String, of name: String, in store: SQLiteStore) throws -> [String] {
        try store.write { repository in
            let user = try household(repository).enroll(try UserName(name))
            return try household(repository).contents(of: .named(list), for: user).items.map { "\($0.quantity) \($0.name.value)" }
        }
    }

    func add(_ item: String, to list: String, by name: String, in store: SQLiteStore) throws {
        try store.write { repository in
            let user = try household(repository).enroll(try UserName(name))
            _ = try household(repository).addItems([.init(name: item, quantity: .one)], to: .named(list), by: user)
        }
    }

    func makeGroceries(in store: SQLiteStore) throws {
        try store.write { repository in
            let alice = try household(repository).enroll(try UserName("alice"))
            _ = try household(repository).createList(named: "Groceries", by: alice)
        }
        try add("eggs", to: "Groceries", by: "alice", in: store)
    }

    @Test func whatAnotherConnectionCommitsIsSeenByTheNextCommand() throws {
        let path = folder.path("shoptalk.sqlite")
        let server = try SQLiteStore(path: path), other = try SQLiteStore(path: path)
        try makeGroceries(in: server)
        #expect(try items(on: "Groceries", of: "alice", in: server) == ["1 eggs"])

        try add("milk", to: "Groceries", by: "alice", in: other)
        try add("eggs", to: "Groceries", by: "alice", in: other)
        #expect(try items(on: "Groceries", of: "alice", in: server) == ["2 eggs", "1 milk"])

        try other.write { repository in
            let alice = try household(repository).enroll(try UserName("alice"))
            _ = try household(repository).deleteList(.named("Groceries"), by: alice)
        }
        #expect(throws: DomainError.self) { try items(on: "Groceries", of: "alice", in: server) }
    }

    @Test func aMemberRemovedByAnotherConnectionIsNotRemembered() throws {
        let path = folder.path("shoptalk.sqlite")
        let server = try SQLiteStore(path: path), admin = try SQLiteStore(path: path)
        try makeGroceries(in: server)
        #expect(try admin.removeAccount(try UserName("alice")))
        let alice = try server.write { try $0.user(named: try UserName("alice")) }
        #expect(alice == nil)
        #expect(try server.database.scalar("SELECT count(*) FROM lists") == 0)
    }

    @Test func aCommandRolledBackInsideABatchLeavesNothingBehind() throws {
        struct Refused: Error {}
        let store = try SQLiteStore(path: ":memory:")
        try makeGroceries(in: store)
        let during = try store.batch {
            _ = try items(on: "Groceries", of: "alice", in: store) // read: now remembered
            #expect(throws: Refused.self) {
                try store.write { repository in
                    let alice = try household(repository).enroll(try UserName("alice"))
                    _ = try household(repository).addItems([.init(name: "milk"), .init(name: "eggs")], to: .named("Groceries"), by: alice)
                    _ = try household(repository).createList(named: "Party", by: alice)
                    throw Refused()
                }
            }
            return try items(on: "Groceries", of: "alice", in: store)
        }
        #expect(during == ["1 eggs"])
        #expect(try items(on: "Groceries", of: "alice", in: store) == ["1 eggs"])
        #expect(throws: DomainError.self) { try items(on: "Party", of: "alice", in: store) }
    }

    @Test func aBatchThatFailsWholeLeavesNothingBehind() throws {
        struct CommitFailed: Error {}
        let store = try SQLiteStore(path: ":memory:")
        try makeGroceries(in: store)
        #expect(throws: CommitFailed.self) {
            try store.batch {
                try add("milk", to: "Groceries", by: "alice", in: store)
                try add("eggs", to: "Groceries", by: "alice", in: store)
                #expect(try items(on: "Groceries", of: "alice", in: store) == ["2 eggs", "1 milk"])
                throw CommitFailed()
            }
        }
        #expect(try items(on: "Groceries", of: "alice", in: store) == ["1 eggs"])
    }

    @Test func aListDeletedAndMadeAgainStartsEmptyAndUnshared() throws {
        let store = try SQLiteStore(path: ":memory:")
        try makeGroceries(in: store)
        try store.write { repository in
            let alice = try household(repository).enroll(try UserName("alice"))
            _ = try household(repository).enroll(try UserName("bob"))
            _ = try household(repository).share(.named("Groceries"), with: ["bob"], permission: .readWrite, by: alice)
            #expect(try household(repository).members(of: .named("Groceries"), for: alice).participants.count == 1)
            _ = try household(repository).deleteList(.named("Groceries"), by: alice)
            _ = try household(repository).createList(named: "Groceries", by: alice)
            #expect(try household(repository).members(of: .named("Groceries"), for: alice).participants.isEmpty)
        }
        #expect(try items(on: "Groceries", of: "alice", in: store) == [])
    }

    @Test func anEventQueuedAfterAnEmptyCheckIsFound() throws {
        let path = folder.path("shoptalk.sqlite")
        let server = try SQLiteStore(path: path), other = try SQLiteStore(path: path)
        let bob = try UserName("bob")
        func queue(in store: SQLiteStore) throws {
            try store.write { repository in
                let user = try household(repository).enroll(bob)
                try repository.enqueueEvent("{}", for: user, at: now, keep: 10)
            }
        }
        try server.batch {
            #expect(try server.write { try $0.takeEvents(for: household($0).enroll(bob)) } == [])
            #expect(try server.hasEvents(for: bob) == false)
            try queue(in: server)
            #expect(try server.hasEvents(for: bob))
            #expect(try server.write { try $0.takeEvents(for: household($0).enroll(bob)) } == ["{}"])
            #expect(try server.hasEvents(for: bob) == false)
        }
        try queue(in: other)
        #expect(try server.hasEvents(for: bob))
        let seenInABatch = try server.batch { try server.hasEvents(for: bob) }
        #expect(seenInABatch)
    }
}
