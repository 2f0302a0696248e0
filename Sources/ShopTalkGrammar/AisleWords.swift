import ShopTalkText

/// One language's word list of where things are in a shop, read from
/// `Grammar/<code>/<code>.aisles`:
///
/// ```
/// language: en
/// head: last            # "oat milk" is milk: the last word says what a thing is
/// inside words: no      # German and Chinese: yes ("Hafermilch" is Milch, "全脂牛奶" is 牛奶)
///
/// aisle produce
///   apple, banana, tomato[es]
/// aisle dairy
///   milk = milk                # a thing of the lexicon: its key, then its names
///   cheese, cream cheese, ...  # names of no key: known for their aisle alone
/// ```
///
/// A line `key = names` says what one thing is called in this language;
/// the key is the thing's English name, the same in every language's file,
/// so "leche" on a Spanish member's list is the "Milch" a German member
/// ticks off (``AisleGuide/concept(of:saidIn:)``). The first name is the
/// word a reader of the language is shown for the thing.
///
/// Aisles come in the order a shop is usually walked, which is the order a
/// list is shown in until a member has walked a shop (``AisleGuide``).
/// An entry's `[…]` is said or not ("tomato[es]"); the usual plural endings
/// need no brackets, as names are compared the way item names are.
///
/// After the names, `;` and what a reply needs to know to put the name in a
/// sentence (read by ``ThingFacts``): its gender (`m`, `f`, `n`, or `pl` for a
/// name that is only plural), and any `fact=value`, such as the classifier
/// a count of it takes or a case form the endings do not tell:
///
/// ```
///   egg = œuf, œufs ; m
///   banana = chuối ; classifier=quả
///   egg = яйцо, яйца ; n ; genpl=яиц
/// ```
public struct AisleWords: Sendable {
    /// Which word of a name says what the thing is: English "oat milk" is
    /// milk (the last), Spanish "leche de avena" is leche (the first).
    public enum Head: String, Sendable {
        case first, last
    }

    public let language: String
    /// The aisles of the file, in walking order.
    public let aisles: [String]
    let head: Head
    /// Whether a word may end in a known one ("Hafermilch", "全脂牛奶").
    let insideWords: Bool
    /// Whether the language's names have plurals: Vietnamese and Chinese
    /// names have none, and "lạp xưởng" is no plural of "lạp xường".
    let plurals: Bool
    /// What a form of a known name says: its aisle, and the key of the
    /// thing it is, if its line has one.
    struct Known {
        var aisle: String
        var key: String?
    }

    /// A known name's every form (see ``AisleWords/forms(of:)``) → what it is.
    private(set) var index: [String: Known] = [:]
    /// The same without accents, for names typed without theirs.
    private(set) var foldedIndex: [String: Known] = [:]
    /// The entries as spelled, lowercased: what a word may end in
    /// ("Vanille|eis"), without the guessed singulars of ``index``, which
    /// would find "Ente" in "present".
    private(set) var spelledIndex: [String: String] = [:]
    /// A key → the names a reader is shown: the first of its line, and the
    /// names of the line that are its plurals ("egg" → ["Ei", "Eier"]).
    private(set) var words: [String: (singular: String, plural: String?)] = [:]
    /// The file's text, for ``ThingFacts`` to read the facts of its names
    /// from when first asked (a string's storage, shared, not copied).
    public let source: String
    /// How many entries the file has.
    public private(set) var count = 0
    /// The keys of the things the file names: the same in every language.
    public var keys: Set<String> { Set(words.keys) }

    /// Every thing's name as a reader is shown it, and its plural, sorted:
    /// the things the reader's examples are varied with.
    public var names: [String] {
        Set(words.values.flatMap { [$0.singular] + ($0.plural.map { [$0] } ?? []) }).sorted()
    }

    /// Whether the whole of `name` is a thing this file knows (see ``AisleGuide/knows(_:in:lookingInside:)``).
    public func knows(_ name: String) -> Bool {
        let words = name.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" })
        guard !words.isEmpty else { return false }
        return aisle(ofWords: words, typedWithoutAccents: name.utf8.allSatisfy { $0 < 0x80 }, wholly: true) != nil
    }

    public init(source: String, file: String) throws(GrammarError) {
        var language: String?
        var head = Head.last
        var insideWords = false
        var plurals = true
        var aisles: [String] = []
        var entries: [(String, aisle: String, key: String?)] = []
        var shownWords: [(String, key: String)] = []
        for (number, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            func fail(_ message: String) -> GrammarError {
                GrammarError(file: file, location: SourceLocation(line: number + 1, column: 1), message: message)
            }
            let line = Self.withoutComment(rawLine)
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let indented = line.first?.isWhitespace == true
            let text = line.trimmingWhitespace
            if indented {
                guard let aisle = aisles.last else { throw fail("words must follow an “aisle NAME” line") }
                var names = text
                var key: String?
                // What follows a ";" is read, and checked, by ``ThingFacts``.
                if let semicolon = text.firstIndex(of: ";") { names = text[..<semicolon].trimmingWhitespace }
                if let equals = names.firstIndex(of: "=") {
                    let said = names[..<equals].trimmingWhitespace
                    guard !said.isEmpty, !said.contains(","), said == said.lowercased() else {
                        throw fail("a thing's key is its English name in lowercase, before “=”")
                    }
                    key = String(said)
                    names = names[names.index(after: equals)...].trimmingWhitespace
                }
                for entry in names.split(separator: ",") {
                    let entry = entry.trimmingWhitespace
                    guard !entry.isEmpty else { throw fail("an empty entry (two commas?)") }
                    guard let spellings = Self.expand(entry) else { throw fail("unbalanced [ ] in “\(entry)”") }
                    // "chou-fleur" is looked up as "chou fleur", as names are split at hyphens, and shown as written.
                    entries += spellings.map { (String($0.map { $0 == "-" ? " " : $0 }), aisle, key) }
                    if let key { shownWords += spellings.map { ($0, key) } }
                }
            } else if text.hasPrefix("aisle ") {
                let name = String(text.dropFirst("aisle ".count).trimmingWhitespace)
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == "_" }), name == name.lowercased() else {
                    throw fail("an aisle's name is one lowercase word, such as “dairy”")
                }
                guard !aisles.contains(name) else { throw fail("the aisle “\(name)” is listed twice") }
                aisles.append(name)
            } else if let colon = text.firstIndex(of: ":") {
                let key = text[..<colon].trimmingWhitespace, value = text[text.index(after: colon)...].trimmingWhitespace
                switch key {
                case "language": language = String(value)
                case "head":
                    guard let chosen = Head(rawValue: String(value)) else { throw fail("“head:” is “first” or “last”") }
                    head = chosen
                case "inside words":
                    guard value == "yes" || value == "no" else { throw fail("“inside words:” is “yes” or “no”") }
                    insideWords = value == "yes"
                case "plurals":
                    guard value == "yes" || value == "no" else { throw fail("“plurals:” is “yes” or “no”") }
                    plurals = value == "yes"
                default: throw fail("unknown setting “\(key)”")
                }
            } else {
                throw fail("expected “aisle NAME”, a setting, or indented words")
            }
        }
        guard let language else {
            throw GrammarError(file: file, location: SourceLocation(line: 1, column: 1), message: "the file must say “language: CODE”")
        }
        self.language = language
        self.source = source
        self.aisles = aisles
        self.head = head
        self.insideWords = insideWords
        self.plurals = plurals
        for (word, key) in shownWords { show(word, for: key) }
        index.reserveCapacity(entries.count * 2)
        foldedIndex.reserveCapacity(entries.count * 2)
        spelledIndex.reserveCapacity(entries.count)
        for (entry, aisle, key) in entries {
            count += 1
            let lowered = entry.lowercased()
            if spelledIndex[lowered] == nil { spelledIndex[lowered] = aisle }
            for form in Self.forms(of: entry) {
                Self.know(form, Known(aisle: aisle, key: key), in: &index)
                if let folded = AccentFolding.folded(form) { Self.know(folded, Known(aisle: aisle, key: key), in: &foldedIndex) }
            }
            // Chinese typed in traditional characters: "麵包" is "面包".
            if let traditional = HanVariants.traditionalSpelling(of: entry) {
                Self.know(traditional, Known(aisle: aisle, key: key), in: &index)
            }
        }
    }

    /// A line's words before its `;`, and the facts after it: `m`, `f`, `n`
    /// or `pl` for its gender, `fact=value` for any other.
    static func facts(in text: Substring) throws(Failure) -> (names: Substring, facts: [String: String]) {
        guard let semicolon = text.firstIndex(of: ";") else { return (text, [:]) }
        var facts: [String: String] = [:]
        for fact in text[text.index(after: semicolon)...].split(separator: ";") {
            let fact = fact.trimmingWhitespace
            if ["m", "f", "n", "pl"].contains(fact) {
                facts["gender"] = String(fact)
            } else if let equals = fact.firstIndex(of: "=") {
                let name = fact[..<equals].trimmingWhitespace, value = fact[fact.index(after: equals)...].trimmingWhitespace
                guard !name.isEmpty, !value.isEmpty else { throw Failure(message: "a fact is “name=value”, as “classifier=quả”") }
                facts[name.split(separator: " ").joined(separator: " ")] = String(value)
            } else {
                throw Failure(message: "after “;” comes a gender (m, f, n, pl) or “fact=value”, not “\(fact)”")
            }
        }
        return (text[..<semicolon].trimmingWhitespace, facts)
    }

    struct Failure: Error {
        let message: String
    }

    /// The endings a joined word may end in a known one with ("Hafer|milch",
    /// "全脂|牛奶"), longest first, never the whole word.
    static func endings(of word: Substring) -> some Sequence<Substring> {
        let shortest = shortestEnding(of: word)
        return word.indices.dropFirst().lazy.map { word[$0...] }.filter { $0.count >= shortest }
    }

    /// A Latin ending must be a real word's length; one Chinese character is a word.
    static func shortestEnding(of word: Substring) -> Int {
        word.unicodeScalars.first.map { $0.properties.isIdeographic } == true ? 1 : 3
    }

    /// The first entry of a form says its aisle; the first keyed one, its key.
    private static func know(_ form: String, _ known: Known, in index: inout [String: Known]) {
        if let found = index[form] {
            if found.key == nil, let key = known.key { index[form]!.key = key }
        } else {
            index[form] = known
        }
    }

    /// The first name of a key is the reader's word for it, and a later one
    /// that is its plural ("Eier" after "Ei") the word for more than one.
    private mutating func show(_ word: String, for key: String) {
        guard let (singular, plural) = words[key] else {
            words[key] = (word, nil)
            return
        }
        guard plurals, plural == nil, Self.isPlural(word, of: singular) else { return }
        words[key] = (singular, word)
    }

    /// Whether `word` is `singular` made plural: "Eier" of "Ei", "Äpfel" of
    /// "Apfel", "яйца" of "яйцо" (the same stems, another ending).
    static func isPlural(_ word: String, of singular: String) -> Bool {
        let word = word.lowercased(), singular = singular.lowercased()
        guard word != singular else { return false }
        if RussianStemmer.isCyrillic(word) {
            // "свекла" is "свёкла" typed without its ё, not its plural.
            func plain(_ text: String) -> String { String(text.map { $0 == "ё" ? "е" : $0 }) }
            return plain(word) != plain(singular) && forms(of: word) == forms(of: singular)
        }
        // Marks let go: German plurals add umlauts ("Äpfel"), Spanish ones drop accents ("limones").
        func plain(_ text: String) -> String { AccentFolding.folded(text) ?? text }
        let words = plain(word).split(separator: " "), singulars = plain(singular).split(separator: " ")
        // Word by word, as French makes every word plural: "pommes de terre", "petits pois".
        guard words.count == singulars.count else { return false }
        return zip(words, singulars).allSatisfy { word, singular in
            word == singular || PluralEndings.singularForms(of: word).contains(singular)
        }
    }

    /// The key of the thing a whole name is, in this language: "Milch" →
    /// "milk"; nil for a name this file gives no key, or knows only by a
    /// part ("Schokomilch").
    func concept(of words: [Substring], typedWithoutAccents: Bool) -> String? {
        known(words.joined(separator: " "), typedWithoutAccents: typedWithoutAccents)?.key
    }

    /// What a reader of this language calls the thing `key`, for one or for more.
    func word(for key: String, plural: Bool) -> String? {
        guard let (singular, pluralWord) = words[key] else { return nil }
        return plural ? pluralWord ?? singular : singular
    }

    /// The plural this file spells for `name`, another name of the thing
    /// `key` than its first ("loo rolls" for "loo roll", on the line of
    /// "toilet paper"); nil when the file spells none.
    func spelledPlural(of name: String, key: String) -> String? {
        let lowered = name.lowercased()
        let words = lowered.split(separator: " ").count
        // A plural is a little longer and has as many words: most spellings are passed over at a glance.
        guard let plural = spelledIndex.keys.filter({ spelling in
            spelling != lowered && spelling.utf8.count >= lowered.utf8.count && spelling.utf8.count <= lowered.utf8.count + 4
                && spelling.split(separator: " ").count == words && index[spelling]?.key == key
        }).sorted().first(where: { Self.isPlural($0, of: lowered) && !Self.isPlural(lowered, of: $0) }) else { return nil }
        // As typed, but for the ending: "Loo rolls" for "Loo roll".
        if plural.hasPrefix(lowered) { return name + plural.dropFirst(lowered.count) }
        return name.first?.isUppercase == true ? plural.prefix(1).uppercased() + plural.dropFirst() : plural
    }

    /// Whether a whole name is one of this file's, keyed or not: the
    /// reader's own word, shown as typed.
    func knowsWholly(_ words: [Substring], typedWithoutAccents: Bool) -> Bool {
        known(words.joined(separator: " "), typedWithoutAccents: typedWithoutAccents) != nil
    }

    /// The aisle of `name`'s words, trying the phrases most likely to say
    /// what the thing is first: with the head last, those ending at the last
    /// word, longest first ("chocolate milk", then "milk"); then, where words
    /// may be joined, the head word's endings ("Hafer|milch").
    /// With `wholly`, only the whole name counts, and for one word its
    /// endings: "dog food" and "Hafermilch" are known, "salad tonight" is not.
    func aisle(ofWords words: [Substring], typedWithoutAccents: Bool, wholly: Bool = false, lookingInside: Bool = true) -> String? {
        let count = words.count
        let spans: [Range<Int>] = switch (head, wholly) {
        case (_, true): [0..<count]
        case (.last, false): (1...count).reversed().flatMap { end in (0..<end).map { $0..<end } }
        case (.first, false): (0..<count).flatMap { start in (start + 1...count).reversed().map { start..<$0 } }
        }
        for span in spans {
            if let aisle = known(words[span].joined(separator: " "), typedWithoutAccents: typedWithoutAccents)?.aisle { return aisle }
        }
        guard insideWords, lookingInside else { return nil }
        guard !wholly || count == 1 else { return nil }
        let byHead = head == .last ? Array(words.reversed()) : words
        for word in byHead {
            for ending in Self.endings(of: word) {
                // The ending as written first: "Vanille|eis" is Eis, not the plural of "Ei".
                if let aisle = spelledIndex[String(ending)] { return aisle }
                let shortest = Self.shortestEnding(of: word)
                for singular in PluralEndings.singularForms(of: ending) where singular.count >= shortest {
                    if let aisle = spelledIndex[String(singular)] { return aisle }
                }
            }
        }
        return nil
    }

    /// "tomatos", "kartofeln": a name known by its forms but spelled as no
    /// entry is, one letter off (by `isOneLetterOff`) exactly one entry's
    /// spelling of the same thing: that spelling, lowercased. Nil for a name
    /// spelled as an entry is, or near none or several. The name's own
    /// singular ("tomato" of "tomatos") is no spelling of it: a plural stays one.
    func listedSpelling(of name: String, isOneLetterOff: (String, String) -> Bool) -> String? {
        let lowered = name.lowercased()
        guard spelledIndex[lowered] == nil, let thing = known(lowered, typedWithoutAccents: false) else { return nil }
        let length = lowered.count
        let singulars = PluralEndings.singularForms(of: Substring(lowered)).map(String.init)
        var found: String?
        for (spelled, _) in spelledIndex where abs(spelled.count - length) <= 1 && !singulars.contains(spelled) && isOneLetterOff(lowered, spelled) {
            guard let other = known(spelled, typedWithoutAccents: false), other.aisle == thing.aisle, other.key == thing.key else { continue }
            guard found == nil else { return nil }
            found = spelled
        }
        return found
    }

    /// What a whole phrase is, by any of its forms; without accents only when typed without any.
    private func known(_ phrase: String, typedWithoutAccents: Bool) -> Known? {
        for form in Self.forms(of: phrase) {
            if let known = index[form] { return known }
            if typedWithoutAccents, let known = foldedIndex[form] { return known }
        }
        return nil
    }

    /// The forms a name is known by: lowercased, with its last word's
    /// possible singulars ("tomatoes" → "tomato"), or, in Russian, every
    /// word's stem ("молока" → "молок"). Ideographs a reader spaced one
    /// from another ("牛 奶", a word each) are the name written as it is, "牛奶".
    static func forms(of phrase: String) -> [String] {
        let lowered = Self.closingIdeographGaps(phrase.lowercased())
        if RussianStemmer.isCyrillic(lowered) {
            return [lowered.split(separator: " ").map { RussianStemmer.stem(String($0)) }.joined(separator: " ")]
        }
        let words = lowered.split(separator: " ")
        guard let last = words.last else { return [] }
        let head = words.dropLast().joined(separator: " ")
        return [lowered] + PluralEndings.singularForms(of: last).filter { $0 != last }.sorted().map { head.isEmpty ? String($0) : head + " " + $0 }
    }

    /// `phrase` without the spaces between two ideographs: "牛 奶" → "牛奶".
    /// Every entry's forms are made when a file is read: a phrase with no
    /// ideograph, most of them, is given back as it is, without a copy.
    static func closingIdeographGaps(_ phrase: String) -> String {
        guard phrase.contains(" "), phrase.unicodeScalars.contains(where: \.properties.isIdeographic) else { return phrase }
        func isIdeograph(_ character: Character?) -> Bool { character?.unicodeScalars.first?.properties.isIdeographic == true }
        var closed = ""
        var previous: Character?
        var characters = phrase.makeIterator()
        var next = characters.next()
        while let character = next {
            next = characters.next()
            if character == " ", isIdeograph(previous), isIdeograph(next) { continue }
            closed.append(character)
            previous = character
        }
        return closed
    }

    /// "tomato[es]" → ["tomato", "tomatoes"]; nil when a bracket is left open.
    static func expand(_ entry: Substring) -> [String]? {
        guard let open = entry.firstIndex(of: "[") else {
            return entry.contains("]") ? nil : [String(entry)]
        }
        guard let close = entry[open...].firstIndex(of: "]") else { return nil }
        let before = entry[..<open], inside = entry[entry.index(after: open)..<close], after = entry[entry.index(after: close)...]
        guard let rest = expand(after) else { return nil }
        return rest.flatMap { [String(before) + $0, String(before) + inside + $0] }
            .map { $0.split(separator: " ").joined(separator: " ") } // "[fresh] milk" without its space
    }

    static func withoutComment(_ line: Substring) -> Substring {
        // A "#" after a space, or at the start, begins a comment.
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#", previous.isWhitespace { return line[..<index] }
            previous = line[index]
        }
        return line
    }
}

extension Substring {
    var trimmingWhitespace: Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return self[first...last]
    }
}

extension AisleWords {
    /// The indexes as bytes for ``GrammarCache``, so that a first line the
    /// reader reads, which looks its words up in every language's file,
    /// reads tables instead of seven files' text. Aisles are written as
    /// their number in ``aisles``; entries sorted, so the same file always
    /// gives the same bytes.
    public func archived() -> [UInt8] {
        var writer = ArchiveWriter()
        writer.write(Grammar.archiveFormat)
        writer.write(language)
        writer.write(aisles)
        writer.write(head == .first)
        writer.write(insideWords)
        writer.write(plurals)
        writer.write(count)
        let numbers = Dictionary(uniqueKeysWithValues: aisles.enumerated().map { ($1, $0) })
        for known in [index, foldedIndex] {
            writer.write(known.count)
            for (form, what) in known.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                writer.write(form)
                writer.write(numbers[what.aisle] ?? -1)
                writer.write(what.key)
            }
        }
        writer.write(spelledIndex.count)
        for (spelling, aisle) in spelledIndex.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            writer.write(spelling)
            writer.write(numbers[aisle] ?? -1)
        }
        writer.write(words.count)
        for (key, shown) in words.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            writer.write(key)
            writer.write(shown.singular)
            writer.write(shown.plural)
        }
        return writer.bytes
    }

    /// Reads what ``archived()`` wrote from the file `source`, checking it as it goes.
    public init(archive bytes: UnsafeRawBufferPointer, source: String) throws(ArchiveError) {
        var reader = ArchiveReader(bytes)
        guard try reader.readInt() == Grammar.archiveFormat else { throw ArchiveError.malformed("another format") }
        language = try reader.readString()
        let aisles = try reader.readStrings()
        self.aisles = aisles
        head = try reader.readBool() ? .first : .last
        insideWords = try reader.readBool()
        plurals = try reader.readBool()
        count = try reader.readInt()
        self.source = source
        func aisle(_ reader: inout ArchiveReader) throws(ArchiveError) -> String {
            let number = try reader.readInt()
            guard aisles.indices.contains(number) else { throw ArchiveError.malformed("an aisle out of range") }
            return aisles[number]
        }
        var indexes: [[String: Known]] = []
        for _ in 0..<2 {
            let count = try reader.readCount(atLeast: 17)
            var known: [String: Known] = [:]
            known.reserveCapacity(count)
            for _ in 0..<count {
                let form = try reader.readString()
                known[form] = Known(aisle: try aisle(&reader), key: try reader.readOptionalString())
            }
            indexes.append(known)
        }
        index = indexes[0]
        foldedIndex = indexes[1]
        let spellings = try reader.readCount(atLeast: 16)
        spelledIndex.reserveCapacity(spellings)
        for _ in 0..<spellings {
            let spelling = try reader.readString()
            spelledIndex[spelling] = try aisle(&reader)
        }
        let keys = try reader.readCount(atLeast: 17)
        words.reserveCapacity(keys)
        for _ in 0..<keys {
            let key = try reader.readString()
            words[key] = (try reader.readString(), try reader.readOptionalString())
        }
        guard reader.isAtEnd else { throw ArchiveError.malformed("bytes after the words") }
    }
}

