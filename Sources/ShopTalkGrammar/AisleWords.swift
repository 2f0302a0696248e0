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
///   milk, cheese, ...
/// ```
///
/// Aisles come in the order a shop is usually walked, which is the order a
/// list is shown in until a member has walked a shop (``AisleGuide``).
/// An entry's `[…]` is said or not ("tomato[es]"); the usual plural endings
/// need no brackets, as names are compared the way item names are.
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
    /// A known name's every form (see ``AisleWords/forms(of:)``) → its aisle.
    private(set) var index: [String: String] = [:]
    /// The same without accents, for names typed without theirs.
    private(set) var foldedIndex: [String: String] = [:]
    /// The entries as spelled, lowercased: what a word may end in
    /// ("Vanille|eis"), without the guessed singulars of ``index``, which
    /// would find "Ente" in "present".
    private(set) var spelledIndex: [String: String] = [:]
    /// How many entries the file has.
    public private(set) var count = 0

    public init(source: String, file: String) throws(GrammarError) {
        var language: String?
        var head = Head.last
        var insideWords = false
        var aisles: [String] = []
        var entries: [(String, aisle: String)] = []
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
                for entry in text.split(separator: ",") {
                    let entry = entry.trimmingWhitespace
                    guard !entry.isEmpty else { throw fail("an empty entry (two commas?)") }
                    // "chou-fleur" is looked up as "chou fleur", as names are split at hyphens.
                    guard let spellings = Self.expand(Substring(entry.map { $0 == "-" ? " " : $0 })) else {
                        throw fail("unbalanced [ ] in “\(entry)”")
                    }
                    entries += spellings.map { ($0, aisle) }
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
        self.aisles = aisles
        self.head = head
        self.insideWords = insideWords
        for (entry, aisle) in entries {
            count += 1
            if spelledIndex[entry.lowercased()] == nil { spelledIndex[entry.lowercased()] = aisle }
            for form in Self.forms(of: entry) {
                if index[form] == nil { index[form] = aisle }
                let folded = AccentFolding.folded(form) ?? form
                if foldedIndex[folded] == nil { foldedIndex[folded] = aisle }
            }
            // Chinese typed in traditional characters: "麵包" is "面包".
            if let traditional = HanVariants.traditionalSpelling(of: entry), index[traditional] == nil {
                index[traditional] = aisle
            }
        }
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
            if let aisle = lookUp(words[span].joined(separator: " "), typedWithoutAccents: typedWithoutAccents) { return aisle }
        }
        guard insideWords, lookingInside else { return nil }
        guard !wholly || count == 1 else { return nil }
        let byHead = head == .last ? Array(words.reversed()) : words
        for word in byHead {
            // The longest known ending first; a Latin ending must be a real word's length.
            let shortest = word.unicodeScalars.first.map { $0.properties.isIdeographic } == true ? 1 : 3
            var start = word.index(after: word.startIndex)
            while start < word.endIndex, word.distance(from: start, to: word.endIndex) >= shortest {
                // The ending as written first: "Vanille|eis" is Eis, not the plural of "Ei".
                let ending = word[start...]
                if let aisle = spelledIndex[String(ending)] { return aisle }
                for singular in PluralEndings.singularForms(of: ending) where singular.count >= shortest {
                    if let aisle = spelledIndex[String(singular)] { return aisle }
                }
                start = word.index(after: start)
            }
        }
        return nil
    }

    private func lookUp(_ phrase: String, typedWithoutAccents: Bool) -> String? {
        for form in Self.forms(of: phrase) {
            if let aisle = index[form] { return aisle }
            if typedWithoutAccents, let aisle = foldedIndex[form] { return aisle }
        }
        return nil
    }

    /// The forms a name is known by: lowercased, with its last word's
    /// possible singulars ("tomatoes" → "tomato"), or, in Russian, every
    /// word's stem ("молока" → "молок").
    static func forms(of phrase: String) -> [String] {
        let lowered = phrase.lowercased()
        if RussianStemmer.isCyrillic(lowered) {
            return [lowered.split(separator: " ").map { RussianStemmer.stem(String($0)) }.joined(separator: " ")]
        }
        let words = lowered.split(separator: " ")
        guard let last = words.last else { return [] }
        let head = words.dropLast().joined(separator: " ")
        return [lowered] + PluralEndings.singularForms(of: last).filter { $0 != last }.sorted().map { head.isEmpty ? String($0) : head + " " + $0 }
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

    private static func withoutComment(_ line: Substring) -> Substring {
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
    fileprivate var trimmingWhitespace: Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return self[first...last]
    }
}
