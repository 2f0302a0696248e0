import Foundation
import ShopTalkDomain
import ShopTalkGrammarFiles
import ShopTalkSession
@testable import ShopTalkStore
@testable import ShopTalkStoreCore
@testable import ShopTalkSQLiteStore
@testable import ShopTalkPostgresStore
import ShopTalkTransports
import ShopTalkWording
import TestSupport
import Testing
import ShopTalkLineIO

/// Two bots on one PostgreSQL database, as two servers would be: a household
/// shared across them, with the news of one delivered on the other from the
/// events table.
@Suite("Two bots on one PostgreSQL database", .enabled(if: TestCluster.shouldRun, TestCluster.skipped))
struct TwoBotsTests {
    static let grammars = try! LanguageFiles.builtIn.grammars(defaultLanguage: "en")
    static let wording = try! LanguageFiles.builtIn.wording()

    /// One server's relay chat: ":alice add eggs" in, the rendered lines out.
    final class Relay {
        var session: LineSession
        var framer = LineFramer(maximumBytes: InputLine.maximumBytes)

        init(url: String) throws {
            session = LineSession(bot: Bot(grammars: TwoBotsTests.grammars, store: try Store.open(url)), wording: TwoBotsTests.wording, speaker: nil, relay: true)
        }

        @discardableResult
        func say(_ line: String) -> String {
            framer.append(Array((line + "\n").utf8))
            var output = ""
            while let frame = framer.next() {
                output += session.respond(to: frame).map { ReplyFormat.text.render($0, relay: true, wording: TwoBotsTests.wording) }.joined()
            }
            return String(output.dropLast())
        }
    }

    @Test func aHouseholdIsSharedAcrossTwoBots() throws {
        let database = try TestDatabase()
        let one = try Relay(url: database.url), other = try Relay(url: database.url)
        other.say(":bob show my lists") // bob has been on the other server before
        #expect(one.say(":alice create list Groceries").hasPrefix(":alice Created the list Groceries."))
        one.say(":alice add 3 eggs and bread to Groceries")
        #expect(one.say(":alice share Groceries with bob").hasPrefix(":alice Shared Groceries with bob"))
        // bob is on the other server: alice's invitation waits for him in the table.
        #expect(other.say(":bob accept Groceries").contains(":bob You’ve joined alice's Groceries list (can edit)."))
        other.say(":bob add milk to alice's Groceries")
        // alice hears of it on her next line, on her own server.
        let shown = one.say(":alice show Groceries")
        #expect(shown.contains(":alice bob added milk to Groceries."), "\(shown)")
        #expect(shown.contains(":alice Dairy and eggs:\n:alice - 3 eggs\n:alice - milk"), "\(shown)")
        // Undo works on the server the change was made on.
        #expect(other.say(":bob undo").hasPrefix(":bob Undone: took milk off alice's Groceries list again."))
        #expect(!one.say(":alice show Groceries").contains("- milk"))
    }
}

/// How a server hears of events another wrote: their ids, on commit only.
@Suite("News between servers", .enabled(if: TestCluster.shouldRun, TestCluster.skipped))
struct NewsBetweenServersTests {
    struct Failure: Error {}

    @Test func anotherServerHearsTheIdsOfEventsOnlyWhenTheirBatchCommits() throws {
        let database = try TestDatabase()
        let writer = try PostgresStore(url: database.url), reader = try Store.open(database.url)
        let listener = try #require(reader.otherServers()), writersOwn = try #require(Store(writer).otherServers())
        _ = (listener.next(waitingUpTo: 0.01), writersOwn.next(waitingUpTo: 0.01)) // both listen from now on
        let bob = try writer.write { try $0.insertUser(named: UserName("bob"), at: Date()) }
        #expect(throws: Failure.self) {
            try writer.batch {
                try writer.write { try $0.enqueueEvent("rolled back", for: bob, at: Date(), keep: 10) }
                throw Failure()
            }
        }
        try writer.batch {
            try writer.write { try $0.enqueueEvent("one", for: bob, at: Date(), keep: 10) }
            try writer.write { try $0.enqueueEvent("two", for: bob, at: Date(), keep: 10) }
        }
        let ids = listener.next(waitingUpTo: 10)
        #expect(ids.count == 2, "the two committed events, not the one rolled back: \(ids)")
        #expect(try reader.recipients(ofEvents: ids) == [UserName("bob")])
        #expect(writersOwn.next(waitingUpTo: 0.2).isEmpty, "a server ignores its own news")
    }

    @Test func eventsTheBatchHandedOutItselfAreNotToldOf() throws {
        let database = try TestDatabase()
        let writer = try PostgresStore(url: database.url), listener = try #require(try Store.open(database.url).otherServers())
        _ = listener.next(waitingUpTo: 0.01)
        let bob = try writer.write { try $0.insertUser(named: UserName("bob"), at: Date()) }
        let ann = try writer.write { try $0.insertUser(named: UserName("ann"), at: Date()) }
        try writer.batch {
            try writer.write { try $0.enqueueEvent("for bob, connected here", for: bob, at: Date(), keep: 10) }
            try writer.write { try $0.enqueueEvent("for ann, elsewhere", for: ann, at: Date(), keep: 10) }
            #expect(try writer.write { try $0.takeEvents(for: bob) } == ["for bob, connected here"])
        }
        let ids = listener.next(waitingUpTo: 10)
        #expect(ids.count == 1)
        #expect(try Store.open(database.url).recipients(ofEvents: ids) == [UserName("ann")])
    }
}

@Suite("News payloads")
struct NewsPayloadTests {
    @Test func manyIdsAreSplitUnderPostgresLimitAndReadBackWhole() {
        let ids = (0..<5_000).map { Int64($0) * 1_000_003 }
        let payloads = OtherServers.payloads(for: ids, from: "server-a")
        #expect(payloads.count > 1)
        #expect(payloads.allSatisfy { $0.utf8.count < 8_000 })
        #expect(payloads.flatMap { OtherServers.eventIDs(in: $0, unlessFrom: "server-b") } == ids)
        #expect(payloads.flatMap { OtherServers.eventIDs(in: $0, unlessFrom: "server-a") }.isEmpty)
    }
}
