import ShopTalkIRC
import Testing

/// What the bot writes to the IRC server is never more than the line it
/// means: a name that holds a line break, NUL or any other control (from an
/// import, or another program writing to a shared database) stays words
/// inside a PRIVMSG.
@Suite("What the bot writes to IRC")
struct IRCWriteEdgeTests {
    /// Every control, format and separator character Unicode has.
    static let unsafeScalars: [Unicode.Scalar] = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter { scalar in
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    @Test func aNameHoldingCRLFAndACommandIsNeverACommand() {
        let name = "milk\r\nQUIT :pwned"
        let lines = IRCText.pieces(of: "Groceries: \(name)", maximumBytes: 380).map { IRCMessage("PRIVMSG", ["#home", $0]).serialized }
        #expect(lines == ["PRIVMSG #home :Groceries: milk", "PRIVMSG #home :QUIT :pwned"])
    }

    @Test func noLineEverCarriesCRLFOrNUL() {
        for unsafe in Self.unsafeScalars.map({ String($0) }) + ["\r\n"] {
            let text = "a\(unsafe)b \(unsafe)\(unsafe) c\(unsafe)", code = unsafe.unicodeScalars.map { String($0.value, radix: 16) }
            for piece in IRCText.pieces(of: text, maximumBytes: 380) {
                let line = IRCMessage("PRIVMSG", ["#home", piece]).serialized
                #expect(!line.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }, "U+\(code)")
                #expect(!piece.unicodeScalars.contains { $0.properties.generalCategory == .control }, "U+\(code)")
            }
        }
    }

    @Test func everyKindOfLineBreakEndsAPiece() {
        for separator in ["\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}"] {
            #expect(IRCText.lines(of: "eggs\(separator)milk") == ["eggs", "milk"], "\(separator.unicodeScalars.map(\.value))")
        }
    }

    /// The last guard: a message built by hand with a line break in any part.
    @Test func aSerializedMessageNeverEndsEarly() {
        let message = IRCMessage(tags: [.init("label", "a\r\nb")], "PRIVMSG", ["#home\r\n", "x\0y\rz\nw"])
        let line = message.serialized
        #expect(!line.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" })
        #expect(line.hasPrefix("@label=a\\r\\nb PRIVMSG"))
    }
}
