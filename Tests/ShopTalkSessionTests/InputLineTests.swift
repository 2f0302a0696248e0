import TestSupport
import Testing
@testable import ShopTalkSession

/// Lines of plain ASCII are cut by their bytes; every other line by
/// Unicode's rules. Both must read any ASCII line the same way.
@Suite("Reading input lines")
struct InputLineTests {
    /// Pieces that exercise labels, nicks, spaces, tabs and edge characters.
    static let pieces = ["@label=", "@label=x1", ":", ":Alice", ":bob.smith", ":bad!nick", " ", "  ", "\t", "add", "eggs",
                         "~", "@", "a", "B", String(repeating: "z", count: 40), "@label=" + String(repeating: "k", count: 70)]

    @Test("the ASCII reader agrees with the general one", arguments: [false, true])
    func asciiLinesReadTheSameEitherWay(relay: Bool) {
        var random = SplitMix(state: relay ? 7 : 11)
        for _ in 0..<5_000 {
            let line = (0..<Int.random(in: 0...6, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let bytes = Array(line.utf8)
            guard let fast = bytes.withUnsafeBufferPointer({ InputLine.readPlainASCII($0, relay: relay) }) else {
                Issue.record("an ASCII line was not read as one: \(line)")
                continue
            }
            let general = InputLine.readAnyText(bytes, relay: relay)
            #expect(fast.label == general.label, "\(line)")
            #expect(fast.result == general.result, "\(line)")
        }
    }

    @Test("lines with other characters go by Unicode's rules", arguments: ["add crème fraîche", "add eggs\u{7}", "@label=é add", ":bob add\u{202E}x"])
    func otherLinesAreLeftToTheGeneralReader(line: String) {
        #expect(Array(line.utf8).withUnsafeBufferPointer { InputLine.readPlainASCII($0, relay: false) } == nil)
    }

    @Test func aLineThatCannotBeReadIsStillAnsweredToItsLabelAndNick() {
        #expect(InputLine.addressee(of: Array("@label=9 :alice add milk\u{7}".utf8), relay: true) == ("9", "alice"))
        #expect(InputLine.addressee(of: Array(":bob  add ".utf8) + [0xFF, 0xFE], relay: true) == (nil, "bob"))
        #expect(InputLine.addressee(of: Array("@label=9 :alice add".utf8), relay: false) == ("9", nil))
        #expect(InputLine.addressee(of: Array(":bad!nick add".utf8), relay: true) == (nil, nil))
        #expect(InputLine.addressee(of: [0x3A, 0xFF, 0x20, 0x61], relay: true) == (nil, nil))
    }

    @Test func aRelayLineNamesItsSpeakerAndKeepsItsLabel() {
        let (label, result) = InputLine.read(Array("@label=7 :Alice  add 2 eggs".utf8), relay: true)
        #expect(label == "7")
        #expect(result == .success(InputLine(label: "7", nick: "Alice", text: "add 2 eggs")))
    }

    /// A label that is too long or holds a space-less oddity is called what it is.
    @Test(arguments: ["@label=" + String(repeating: "k", count: 100) + " add eggs", "@label=café add eggs"])
    func aBadLabelIsSaidToBeOne(line: String) {
        #expect(InputLine.read(Array(line.utf8), relay: false).result == .failure(.badLabel))
    }
}
