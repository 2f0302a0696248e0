@testable import ShopTalkGrammar
import ShopTalkGrammarFiles
import Testing

/// A grammar compiled on another run is the same bytes in the cache: a
/// cache shipped, compared or checked into a build gives nothing away by
/// differing, and a difference always means a different grammar.
@Suite("Archives the same on every run")
struct ArchiveDeterminismTests {
    /// A dictionary's order differs from run to run (its hashing is
    /// seeded) and with how it grew; two of them here, with the same words
    /// put in in opposite orders, stand for two runs.
    @Test func theWordTableIsTheSameBytesWhateverOrderItsWordsCameIn() throws {
        let words = try LanguageFiles.builtIn.grammar("en").vocabulary.sorted { $0.value < $1.value }
        var forwards: [String: Int32] = [:], backwards = [String: Int32](minimumCapacity: words.count * 4)
        for (word, id) in words { forwards[word] = id }
        for (word, id) in words.reversed() { backwards[word] = id }
        #expect(Array(forwards.keys) != Array(backwards.keys), "the two dictionaries hold their words in different orders")
        var first = ArchiveWriter(), second = ArchiveWriter()
        first.write(Vocabulary(forwards))
        second.write(Vocabulary(backwards))
        #expect(first.bytes == second.bytes)
    }
}
