/// The words a language's grammar file writes, found by reading its text
/// rather than compiling it: which language a line is most likely in, told
/// before any grammar but the conversation's own is compiled.
///
/// `Grammars` ranks the languages a line is tried in by these words alone,
/// whether or not a grammar is compiled yet, so the language that answers a
/// line never depends on how far start-up has come.
public struct KnownWords: Sendable {
    private let table: Vocabulary

    /// Scans grammar text: the words of sentences, word lists, settings,
    /// examples and help, written with or without accents. Comments, slot
    /// and rule names, "intent" and "values" headings, the values a phrase
    /// stands for (left of "=") and slot settings ("-> list=current") are not
    /// words of the language and are left out. Cheap: one tokenizer pass,
    /// no template parsing.
    public init(grammarSource source: String) {
        var text: [UInt8] = []
        var source = source
        source.withUTF8 { bytes in
            text.reserveCapacity(bytes.count / 2)
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
                Self.appendLanguageText(of: UnsafeBufferPointer(rebasing: bytes[start..<end]), to: &text)
                text.append(UInt8(ascii: "\n"))
                start = end + 1
            }
        }
        var words: [String: Int32] = [:]
        for token in Tokenizer.tokenize(String(decoding: text, as: UTF8.self)) where !token.isNumber {
            words[token.text] = 0
        }
        // Spelled every way the grammar matches its own words: without accents,
        // with umlauts spelled out, in Traditional characters.
        table = Vocabulary(Grammar.withUnaccentedSpellings(words))
    }

    /// Appends what of one line is the language's own text: after its
    /// "key:" or "name =", before any "->", without `{slot}` and `<rule>` names.
    private static func appendLanguageText(of line: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) {
        var start = 0
        while start < line.count && (line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t")) { start += 1 }
        guard start < line.count, line[start] != UInt8(ascii: "#") else { return }
        guard let separator = line[start...].firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "=") }) else { return }
        let key = line[start..<separator]
        if key.starts(with: "language".utf8) || key.starts(with: "topic".utf8) { return }
        var inName = false
        var index = separator + 1
        while index < line.count {
            let byte = line[index]
            if inName {
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: ">") { inName = false }
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "<") {
                inName = true
            } else if byte == UInt8(ascii: "-") && index + 1 < line.count && line[index + 1] == UInt8(ascii: ">") {
                return
            } else {
                text.append(byte)
            }
            index += 1
        }
    }

    /// A compiled grammar's own words.
    public init(_ grammar: Grammar) {
        table = grammar.wordTable
    }

    /// Whether some word of `tokens` is this language's and not `other`'s:
    /// the evidence a line needs to be answered in this language rather
    /// than the one spoken. A word both know ("can", "a", "de", "la") never
    /// decides alone.
    func hasWordsUnknown(to other: KnownWords, in tokens: [Token]) -> Bool {
        tokens.contains { table.id(of: $0.text) >= 0 && other.table.id(of: $0.text) < 0 }
    }

    /// How many of `tokens` this language knows and `other` does not, and how many `other` knows.
    func wordsUnknown(to other: KnownWords, in tokens: [Token]) -> (own: Int, others: Int) {
        var own = 0, others = 0
        for token in tokens {
            if other.table.id(of: token.text) >= 0 { others += 1 } else if table.id(of: token.text) >= 0 { own += 1 }
        }
        return (own, others)
    }

    /// Every word the language knows, as spelled in its table.
    public var words: [String] { table.words }
}

extension KnownWords {
    /// The words as bytes, to be kept beside the compiled grammar (see ``Grammar/archived()``).
    public func archived() -> [UInt8] {
        var writer = ArchiveWriter()
        writer.write(Grammar.archiveFormat)
        writer.write(table)
        return writer.bytes
    }

    /// Reads what ``archived()`` wrote, checking it as it goes.
    public init(archive bytes: UnsafeRawBufferPointer) throws(ArchiveError) {
        var reader = ArchiveReader(bytes)
        guard try reader.readInt() == Grammar.archiveFormat else { throw ArchiveError.malformed("another format") }
        table = try reader.read()
        guard reader.isAtEnd else { throw ArchiveError.malformed("bytes after the words") }
    }
}
