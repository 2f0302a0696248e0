import ShopTalkText

/// What an aisle file says of its names after `;` (see ``AisleWords``): the
/// gender, classifier and case forms a reply needs to put a name in a
/// sentence. Read on its own, without the rest of the file's index, since
/// the first reply that names a thing needs it at once ("du lait"), and
/// reading the whole file cost a French first line 50 ms.
public struct ThingFacts: Sendable {
    /// Each name as spelled, lowercased (Russian: by its words' stems, as
    /// ``AisleWords/forms(of:)`` gives them) → its line's facts; the first
    /// line to name it wins.
    private var byName: [String: [String: String]] = [:]
    private var head = AisleWords.Head.last
    private var insideWords = false

    /// The built-in files are checked by the tests (``init(checking:file:)``):
    /// here, a line whose facts do not read is left out.
    public init(source: String) {
        // With no file to name, a line that does not read is skipped, never thrown.
        self = (try? ThingFacts(source: source, file: nil)) ?? ThingFacts()
    }

    private init() {}

    /// The same, refusing the first line whose facts do not read, with its place.
    public init(checking source: String, file: String) throws(GrammarError) {
        try self.init(source: source, file: file)
    }

    private init(source: String, file: String?) throws(GrammarError) {
        for (number, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = AisleWords.withoutComment(rawLine)
            let text = line.trimmingWhitespace
            guard !text.isEmpty else { continue }
            guard line.first?.isWhitespace == true else {
                if text.hasPrefix("head:") { head = text.hasSuffix("first") ? .first : .last }
                if text.hasPrefix("inside words:") { insideWords = text.hasSuffix("yes") }
                continue
            }
            guard text.contains(";") else { continue }
            let names: Substring, facts: [String: String]
            do {
                (names, facts) = try AisleWords.facts(in: text)
            } catch {
                guard let file else { continue }
                throw GrammarError(file: file, location: SourceLocation(line: number + 1, column: 1), message: error.message)
            }
            let said = names.firstIndex(of: "=").map { names[names.index(after: $0)...] } ?? names
            for entry in said.split(separator: ",") {
                for spelling in AisleWords.expand(entry.trimmingWhitespace) ?? [] {
                    let name = String(spelling.map { $0 == "-" ? " " : $0 }).lowercased()
                    let key = RussianStemmer.isCyrillic(name) ? AisleWords.forms(of: name).first ?? name : name
                    if byName[key] == nil { byName[key] = facts }
                }
            }
        }
    }

    public var isEmpty: Bool { byName.isEmpty }

    /// The facts of `name`: a whole name its line's; otherwise those its
    /// head passes on (gender and classifier), as "lait d'avoine" is
    /// masculine as "lait" is and "Hafermilch" feminine as "Milch" is.
    public func facts(of name: String) -> [String: String]? {
        guard !byName.isEmpty else { return nil }
        if let whole = known(name) { return whole }
        let words = name.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" })
        guard !words.isEmpty else { return nil }
        func passedOn(_ facts: [String: String]) -> [String: String]? {
            let kept = facts.filter { $0.key == "gender" || $0.key == "classifier" }
            return kept.isEmpty ? nil : kept
        }
        let count = words.count
        let spans: [Range<Int>] = head == .last ? (1..<count).map { $0..<count } : (1..<count).reversed().map { 0..<$0 }
        for span in spans {
            if let facts = known(words[span].joined(separator: " ")) { return passedOn(facts) }
        }
        guard insideWords, let word = head == .last ? words.last : words.first else { return nil }
        for ending in AisleWords.endings(of: word) {
            if let facts = known(String(ending)) { return passedOn(facts) }
        }
        return nil
    }

    /// By any form of the phrase: as typed, or its last word's singulars.
    private func known(_ phrase: String) -> [String: String]? {
        for form in AisleWords.forms(of: phrase) {
            if let facts = byName[form] { return facts }
        }
        return nil
    }
}

extension ThingFacts {
    /// The facts as bytes for ``GrammarCache``: each line's facts once,
    /// then every name with the number of its facts, so a first reply that
    /// names a thing reads a table instead of the aisle file's text.
    public func archived() -> [UInt8] {
        var writer = ArchiveWriter()
        writer.write(Grammar.archiveFormat)
        writer.write(head == .first)
        writer.write(insideWords)
        var numbers: [[String: String]: Int] = [:]
        var distinct: [[String: String]] = []
        var names: [(String, Int)] = []
        for (name, facts) in byName.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            let number = numbers[facts] ?? {
                distinct.append(facts)
                numbers[facts] = distinct.count - 1
                return distinct.count - 1
            }()
            names.append((name, number))
        }
        writer.write(distinct.count)
        for facts in distinct {
            writer.write(facts.count)
            for (key, value) in facts.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                writer.write(key)
                writer.write(value)
            }
        }
        writer.write(names.count)
        for (name, number) in names {
            writer.write(name)
            writer.write(number)
        }
        return writer.bytes
    }

    /// Reads what ``archived()`` wrote, checking it as it goes.
    public init(archive bytes: UnsafeRawBufferPointer) throws(ArchiveError) {
        var reader = ArchiveReader(bytes)
        guard try reader.readInt() == Grammar.archiveFormat else { throw ArchiveError.malformed("another format") }
        head = try reader.readBool() ? .first : .last
        insideWords = try reader.readBool()
        var distinct: [[String: String]] = []
        for _ in 0..<(try reader.readCount(atLeast: 8)) {
            var facts: [String: String] = [:]
            for _ in 0..<(try reader.readCount(atLeast: 16)) {
                let key = try reader.readString()
                facts[key] = try reader.readString()
            }
            distinct.append(facts)
        }
        let count = try reader.readCount(atLeast: 16)
        byName.reserveCapacity(count)
        for _ in 0..<count {
            let name = try reader.readString()
            let number = try reader.readInt()
            guard distinct.indices.contains(number) else { throw ArchiveError.malformed("a name's facts out of range") }
            byName[name] = distinct[number]
        }
        guard reader.isAtEnd else { throw ArchiveError.malformed("bytes after the facts") }
    }
}
