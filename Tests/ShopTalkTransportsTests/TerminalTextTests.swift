import ShopTalkDomain
import ShopTalkSession
import ShopTalkTransports
import ShopTalkGrammarFiles
import ShopTalkWording
import Testing
import ShopTalkLineIO

/// What reaches a person's terminal (`chat`, the text protocol, `connect`)
/// never carries a control character, an escape sequence or a direction
/// override from data: each is shown as `\u{…}` instead.
@Suite("Text for terminals")
struct TerminalTextTests {
    static let unsafeScalars: [Unicode.Scalar] = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter { scalar in
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    @Test func everyControlAndFormatCharacterIsShownNotSent() {
        let kept: Set<UInt32> = [0x0A, 0x09, 0x200C, 0x200D]
        for scalar in Self.unsafeScalars {
            let shown = TerminalText.safe("milk\(scalar)")
            if kept.contains(scalar.value) {
                #expect(shown == "milk\(scalar)")
            } else {
                #expect(shown == "milk\\u{\(String(scalar.value, radix: 16, uppercase: true))}", "U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    @Test func anEscapeSequenceInANameCannotRetitleTheTerminal() {
        #expect(TerminalText.safe("milk\u{1B}]0;pwned\u{7}") == "milk\\u{1B}]0;pwned\\u{7}")
        #expect(TerminalText.safe("\u{202E}klim") == "\\u{202E}klim")
        #expect(TerminalText.safe("молоко, 鸡蛋 🥚, trứng") == "молоко, 鸡蛋 🥚, trứng")
    }

    /// On a relay each line of a reply is addressed: a CR LF inside a name
    /// (one Character in Swift) cannot start a line addressed to someone else.
    @Test func aRelayedReplyNeverStartsAnUnaddressedLine() {
        var reply = Reply(ok: true, intent: "add", message: Message(.itemsAdded, ["items": .text("milk\r\n:bob QUIT"), "list": .text("Groceries\u{1B}[2J")]))
        reply.to = "alice"
        let wire = ReplyFormat.text.render(reply, wording: try! LanguageFiles.builtIn.wording())
        let lines = wire.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines { #expect(line.hasPrefix(":alice "), "\(line)") }
        #expect(!wire.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" })
    }
}
