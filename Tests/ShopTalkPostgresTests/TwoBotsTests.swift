import Foundation
import ShopTalkGrammarFiles
import ShopTalkSession
import ShopTalkStore
import ShopTalkTransports
import ShopTalkWording
import TestSupport
import Testing

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
        #expect(other.say(":bob accept Groceries").contains(":bob You now share alice's Groceries (read-write)."))
        other.say(":bob add milk to alice's Groceries")
        // alice hears of it on her next line, on her own server.
        let shown = one.say(":alice show Groceries")
        #expect(shown.contains(":alice bob added milk to Groceries."), "\(shown)")
        #expect(shown.contains(":alice Dairy and eggs:\n:alice - 3 eggs\n:alice - milk"), "\(shown)")
        // Undo works on the server the change was made on.
        #expect(other.say(":bob undo").hasPrefix(":bob Undone: Added milk to alice's Groceries."))
        #expect(!one.say(":alice show Groceries").contains("milk"))
    }
}
