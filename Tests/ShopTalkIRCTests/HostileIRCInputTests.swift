import ShopTalkIRC
import Testing
import TestSupport

/// Whatever an IRC server passes on — malformed lines, 10 KB lines, colour
/// codes, control characters, CTCP floods — the bot's side of the
/// connection reads it without failing, and nothing it hands on carries a
/// formatting code (any other control is left for the conversation to refuse).
@Suite("Hostile IRC input")
struct HostileIRCInputTests {
    static let pieces = [
        "PRIVMSG", "shopbot", "#home", ":", " ", "  ", "@", "=", ";", "\\", "!", "@host", ":alice!a@h", "shopbot:", "shopbot,",
        "\u{1}", "\u{1}VERSION\u{1}", "\u{2}", "\u{3}04,12", "\u{3}", "\u{4}FF00FF", "\u{F}", "\u{16}", "\u{1D}", "\u{1F}",
        "\u{0}", "\u{7}", "\r", "\n", "\u{1B}[31m", "\u{202E}", "add", "eggs", "牛奶", "é", "NICK", "PING", "001", "433", "CAP",
        "LS", "ACK", "*", ":alice", "::", "@a=b\\", String(repeating: "x", count: 10_000),
    ]

    @Test func randomLinesNeverFailAndNeverCarryControlCharactersOn() {
        var random = SplitMix(state: 0x1BC)
        var session = IRCSession(nick: "shopbot", channels: ["#home"])
        _ = session.receive(IRCMessage(":irc 001 shopbot :hi")!)
        var requests = 0
        for _ in 0..<20_000 {
            let noise = (0..<Int.random(in: 1...12, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            // Half the lines are said to the bot, in private or addressed in a channel, with noise for words.
            let line = switch random.next() % 3 {
            case 0: ":alice!a@h PRIVMSG shopbot :" + noise
            case 1: ":alice!a@h PRIVMSG #home :shopbot: " + noise
            default: noise
            }
            guard let message = IRCMessage(line) else { continue }
            _ = IRCMessage(message.serialized) // what is written reads back
            for action in session.receive(message) {
                guard case .request(let request) = action else { continue }
                requests += 1
                #expect(!request.text.unicodeScalars.contains { [0x02, 0x03, 0x04, 0x0F, 0x11, 0x16, 0x1D, 0x1E, 0x1F].contains($0.value) }, "\(line.debugDescription)")
            }
        }
        #expect(requests > 100, "the generator hardly ever spoke to the bot")
    }

    @Test func aFloodOfCTCPIsAnsweredOnlyAsFastAsTheQueueLetsIt() {
        var session = IRCSession(nick: "shopbot", channels: [])
        var queue = SendQueue()
        for index in 0..<1_000 {
            for case .send(let reply) in session.receive(IRCMessage(":flood\(index)!f@h PRIVMSG shopbot :\u{1}VERSION\u{1}")!) {
                queue.append(reply, priority: .stranger)
            }
        }
        #expect(queue.due(at: 0).count == 4)
        #expect(queue.due(at: 10).count <= 10)
    }
}
