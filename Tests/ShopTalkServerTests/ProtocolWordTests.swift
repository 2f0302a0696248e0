import Testing
@testable import ShopTalkServer

/// Lines are split into words only when they may start with one of the
/// protocol's own words; the quick test must never miss one.
@Suite("Protocol words")
struct ProtocolWordTests {
    @Test("every protocol word passes, in any case, after any spaces",
          arguments: ["quit", "format", "login", "relay", "help"])
    func protocolWordsPass(word: String) {
        for spelled in [word, word.uppercased(), word.prefix(1).uppercased() + word.dropFirst()] {
            for line in [spelled, "  " + spelled, spelled + " alice secret", spelled + " json"] {
                #expect(ClientSession.startsWithProtocolWord(Array(line.utf8)), "\(line)")
            }
        }
    }

    @Test("sentences are not taken for protocol words",
          arguments: ["add eggs", "what's on my list", "remove milk", "share Groceries with bob", "q", "quitting time", "helpful", ""])
    func sentencesSkipTheSplit(line: String) {
        #expect(!ClientSession.startsWithProtocolWord(Array(line.utf8)))
    }
}
