import Foundation
import TestSupport
import Testing
@testable import ShopTalkStore
@testable import ShopTalkStoreCore
@testable import ShopTalkSQLiteStore
@testable import ShopTalkPostgresStore

/// When storage fails, every affected command answers storage_unavailable,
/// nothing it did not commit is confirmed, and ShopTalk recovers by itself
/// when the fault goes.
@Suite("Storage faults")
struct StorageFaultTests {
    let scratch: TemporaryDirectory
    var folder: URL { scratch.url }

    init() throws { scratch = try TemporaryDirectory("shoptalk-faults") }

    func chat(_ store: SQLiteStore) throws -> ChatDriver { try ChatDriver(format: .json, store: store) }

    func failure(_ reply: String) -> Bool { reply.contains(#""error":"storage_unavailable""#) && reply.contains(#""ok":false"#) }

    @Test func aFullDatabase() throws {
        let store = try SQLiteStore(path: folder.appendingPathComponent("full.sqlite").path)
        let chat = try chat(store)
        chat.say("add milk")
        let pages = try #require(try store.database.scalar("PRAGMA page_count"))
        try store.database.execute("PRAGMA max_page_count = \(pages)")
        var refused = false
        for index in 0..<200 where !refused {
            refused = failure(chat.say("add " + String(repeating: "item\(index) ", count: 8).trimmingCharacters(in: .whitespaces)))
        }
        #expect(refused)
        try store.database.execute("PRAGMA max_page_count = 1073741823")
        #expect(chat.say("add bread").contains(#""ok":true"#))
        #expect(chat.say("what's on my list").contains(#""name":"milk""#))
    }

    @Test func aReadOnlyDatabase() throws {
        let store = try SQLiteStore(path: folder.appendingPathComponent("ro.sqlite").path)
        let chat = try chat(store)
        chat.say("add milk")
        try store.database.execute("PRAGMA query_only = ON")
        #expect(failure(chat.say("add eggs")))
        try store.database.execute("PRAGMA query_only = OFF")
        #expect(chat.say("add eggs").contains(#""ok":true"#))
        #expect(chat.say("what's on my list").contains(#""name":"eggs""#))
    }

    @Test func aDatabaseLockedByAnotherProcess() throws {
        let path = folder.appendingPathComponent("locked.sqlite").path
        let store = try SQLiteStore(path: path, busyTimeoutMilliseconds: 100)
        let chat = try chat(store)
        chat.say("add milk")
        let other = try Database(path: path)
        try other.execute("BEGIN EXCLUSIVE")
        #expect(failure(chat.say("add eggs")))
        try other.execute("COMMIT")
        #expect(chat.say("add eggs").contains(#""ok":true"#))
    }

    @Test func aFolderRemovedWhileRunning() throws {
        let inner = folder.appendingPathComponent("gone")
        let store = try SQLiteStore(path: inner.appendingPathComponent("shoptalk.sqlite").path)
        let chat = try chat(store)
        chat.say("add milk")
        try FileManager.default.removeItem(at: inner)
        #expect(failure(chat.say("add eggs")))
        #expect(failure(chat.say("add bread")))
    }
}
