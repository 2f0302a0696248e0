@testable import ShopTalkGrammar
import ShopTalkGrammarFiles
import Testing

/// An archive scribbled on anywhere, its checksum made to hold (whoever can
/// write the user's cache folder can do that), is refused or read as some
/// grammar; it never crashes a parse. Every index it holds is checked
/// against its table before matching walks it without bounds checks.
@Suite("Archives scribbled on")
struct ArchiveScribbleTests {
    @Test(arguments: ["zh", "vi"])
    func aScribbledArchiveNeverCrashesAParse(language: String) throws {
        let archive = try LanguageFiles.builtIn.grammar(language).archived()
        let sentences = ["add 3 eggs to Groceries", "what's on my list?", "加两斤苹果到超市", "把鸡蛋删掉", "thêm 2 hộp sữa vào Chợ", "xoá trứng"]
        var random = SplitMix(seed: 20_261_129)
        var read = 0
        for _ in 0..<400 {
            var bytes = archive
            let position = Int(random.next() % UInt64(bytes.count - 8))
            switch random.next() % 3 {
            case 0:
                bytes[position] ^= UInt8(1 << (random.next() % 8))
            case 1:
                // A small number, as indexes and counts are, written over an aligned word.
                let value = Int(random.next() % 512) - 8
                withUnsafeBytes(of: value) { bytes.replaceSubrange(position & ~7..<(position & ~7) + 8, with: $0) }
            default:
                let value = Int32(Int(random.next() % 512) - 8)
                withUnsafeBytes(of: value) { bytes.replaceSubrange(position & ~3..<(position & ~3) + 4, with: $0) }
            }
            guard let grammar = try? bytes.withUnsafeBytes({ try Grammar(archive: $0) }) else { continue }
            read += 1
            for sentence in sentences {
                _ = grammar.parse(sentence)
                _ = grammar.readings(sentence, limit: 8)
            }
        }
        #expect(read > 0, "some scribbles leave a grammar that reads")
    }
}

extension ArchiveScribbleTests {
    /// The probe that crashed the first line: the sentence a trie node
    /// accepts, or the slot an edge fills, pointed past its table.
    @Test(arguments: ["zh", "en"])
    func anIndexPastItsTableIsRefused(language: String) throws {
        let grammar = try LanguageFiles.builtIn.grammar(language)
        let archive = grammar.archived()
        let accepts = grammar.trie.accepts.flatMap { value in withUnsafeBytes(of: value.littleEndian, Array.init) }
        let slots = grammar.trie.slotEdges.map(\.slot).flatMap { value in withUnsafeBytes(of: value.littleEndian, Array.init) }
        for (array, width, past) in [(accepts, 4, grammar.sentences.count), (slots, 2, grammar.slotSpecs.count)] {
            let at = try #require(Self.offset(of: array, in: archive), "the array is in the archive")
            var scribbled = archive
            let value = past + 3
            for byte in 0..<width { scribbled[at + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
            #expect(throws: ArchiveError.self) { try scribbled.withUnsafeBytes { try Grammar(archive: $0) } }
        }
    }

    private static func offset(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).first { start in
            haystack[start] == needle[0] && haystack[start..<start + needle.count].elementsEqual(needle)
        }
    }
}

/// A small fixed-seed generator: the same scribbles on every run.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

extension ArchiveScribbleTests {
    /// Text is read back only as the UTF-8 it was written as: bytes that
    /// decoding would have to repair are refused, even where the repair
    /// ("�", three bytes) is as long as what it replaces (a cut emoji).
    @Test func textThatIsNotUTF8IsRefused() throws {
        var writer = ArchiveWriter()
        writer.write("Äpfel 🍎")
        let written = writer.bytes
        #expect(try Self.string(in: written) == "Äpfel 🍎")
        let emoji = try #require(Self.offset(of: Array("🍎".utf8), in: written))
        for scribble in [[UInt8(0xFF)], [0xF0, 0x9F, 0x8D, 0x41]] {
            var bytes = written
            bytes.replaceSubrange(emoji..<emoji + scribble.count, with: scribble)
            #expect(throws: ArchiveError.self) { try Self.string(in: bytes) }
        }
    }

    private static func string(in bytes: [UInt8]) throws -> String {
        try bytes.withUnsafeBytes { raw in
            var reader = ArchiveReader(raw)
            return try reader.readString()
        }
    }
}
