import Foundation
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkGrammarFiles
import ShopTalkSession
import ShopTalkStore
import ShopTalkTransports
import ShopTalkWording
import ShopTalkLineIO

/// A whole chat in memory: lines in, rendered replies out, through the same
/// framer, session and bot the terminal uses.
final class ChatDriver {
    static let english: Grammar = try! LanguageFiles.builtIn.grammar("en")
    /// Every built-in language, English first, as `shoptalk chat` loads them.
    static let grammars: Grammars = try! LanguageFiles.builtIn.grammars(defaultLanguage: "en")
    /// Every built-in language's messages.
    static let wording: Wording = try! LanguageFiles.builtIn.wording()

    /// The chat's clock, which does not move unless a test moves it: every change happens now.
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A clock a test moves: `ChatDriver(clock: { clock.now })`.
    final class Clock: @unchecked Sendable {
        var now = ChatDriver.now
    }

    var session: LineSession
    let format: ReplyFormat
    private var framer = LineFramer(maximumBytes: InputLine.maximumBytes)

    init(
        user: String? = "alice", relay: Bool = false, format: ReplyFormat = .text, store: SQLiteStore? = nil,
        clock: @escaping () -> Date = { ChatDriver.now }, grammars: Grammars = ChatDriver.grammars
    ) throws {
        let bot = Bot(grammars: grammars, store: Store(try store ?? SQLiteStore(path: ":memory:")), clock: clock)
        session = LineSession(bot: bot, wording: Self.wording, speaker: try user.map { try UserName($0) }, relay: relay)
        self.format = format
    }

    /// Sends raw bytes and returns what was written back.
    func send(bytes: [UInt8]) -> String {
        framer.append(bytes)
        var output = ""
        while let frame = framer.next() { output += session.respond(to: frame).map { format.render($0, relay: session.relay, wording: session.wording) }.joined() }
        return output
    }

    /// Sends one line and returns the reply text, without the final newline.
    @discardableResult
    func say(_ line: String) -> String {
        String(send(bytes: Array((line + "\n").utf8)).dropLast())
    }

    /// Sends one line and returns the reply object (JSON format only).
    func json(_ line: String) throws -> [String: Any] {
        let text = say(line)
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }
}
