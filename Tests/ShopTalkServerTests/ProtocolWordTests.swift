import ShopTalkTransports
import Testing

/// Lines are split into words only when they may start with one of the
/// protocol's own words; the quick test must never miss one.
@Suite("Protocol words")
struct ProtocolWordTests {
    @Test("every protocol word is found, in any case, after any spaces", arguments: ProtocolWord.allCases)
    func protocolWordsAreFound(word: ProtocolWord) {
        let name = word.rawValue
        for spelled in [name, name.uppercased(), name.prefix(1).uppercased() + name.dropFirst()] {
            for line in [spelled, "  " + spelled, spelled + " alice secret", spelled + " json"] {
                #expect(ProtocolWord(firstWordOf: Array(line.utf8)) == word, "\(line)")
            }
        }
    }

    @Test("sentences are not taken for protocol words",
          arguments: ["add eggs", "what's on my list", "remove milk", "share Groceries with bob", "q", "quitting time", "helpful", ""])
    func sentencesSkipTheSplit(line: String) {
        #expect(ProtocolWord(firstWordOf: Array(line.utf8)) == nil)
    }
}
