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

/// `quit` ends a session only as a line of its own, on the server and in the chat alike.
@Suite("A line of one protocol word")
struct WholeLineTests {
    @Test("quit alone, in any case, with spaces around it", arguments: ["quit", "QUIT", "  Quit  ", "quit "])
    func quitAlone(line: String) {
        #expect(ProtocolWord.quit.isWholeLine(Array(line.utf8)))
    }

    @Test("quit with more words, or another word", arguments: ["quit now", "quit smoking", " quit  it", "quitting", "help", ""])
    func notQuitAlone(line: String) {
        #expect(!ProtocolWord.quit.isWholeLine(Array(line.utf8)))
    }
}
