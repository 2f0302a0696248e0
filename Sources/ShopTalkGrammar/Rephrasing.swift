import ShopTalkText

/// A line no sentence of the grammar holds as typed, put back in an order
/// the sentences know: families name the list first ("to costco add paper
/// towels", "Costco, remove the frozen pizzas"), name the thing and then
/// point back at it ("the crisps, who added those?"), or wrap a request in
/// a clause of their own ("take the jam off, there's heaps in the pantry").
///
/// Each rephrasing is only a candidate: the session reads it with the
/// grammar's own sentences, and takes it only when one holds it whole.
/// Lists are found by evidence — a list the speaker has — never by position.
public struct Rephrasing: Hashable, Sendable {
    /// The words left, in an order a sentence may hold.
    public let text: String
    /// The list named out of place and taken out of `text`, by its own name.
    public let list: String?
    /// A clause was left out, and what is kept points back with a pronoun
    /// ("…, take it off"): the session takes it only when the sentence read
    /// holds no item the pronoun could have stood for.
    public let keptPointsBack: Bool
    /// The clause left out, if one was: the session leaves out only one
    /// that asks for nothing itself ("thanks", "nobody eats it"), never
    /// "je vais au Delhaize".
    public let left: String?
    /// The thing said first and moved after the rest ("хлеб купил"): the
    /// session takes the rephrasing only when the sentence's item is made
    /// of its words alone (see ``Grammar/isMade(of:_:)``).
    public let moved: String?

    init(text: String, list: String?, keptPointsBack: Bool = false, left: String? = nil, moved: String? = nil) {
        self.text = text
        self.list = list
        self.keptPointsBack = keptPointsBack
        self.left = left
        self.moved = moved
    }

    /// Whether the words were only put in another place, none left out or
    /// moved: only such a rephrasing may be read in a language other than the conversation's.
    public var keepsEveryWordInPlace: Bool { left == nil && moved == nil }
}

extension Grammar {
    /// The words of a grammar's `list names` `led by` and `items` `pronouns` settings.
    struct RephrasingWords: Sendable {
        /// "to", "from", "auf", "в": what may lead to a list named anywhere in a line.
        let listLedBy: PhraseSet
        /// "it", "them", "die", "его": what points back at a thing named before.
        let pronouns: PhraseSet
    }

    /// The ways to put `line` back in the sentences' order, most faithful
    /// first: with a list of `lists` (the speaker's) taken out of where it
    /// was said; with a thing named first put where a pronoun points at it,
    /// or after the rest ("хлеб купил", "some naan bread we need"); then
    /// with one of two clauses left out — never one that names a list or a
    /// number, which may be what the line is about.
    public func rephrasings(of line: String, lists: [String]) -> [Rephrasing] {
        var found: [Rephrasing] = []
        var bases: [(text: String, list: String?)] = [(line, nil)]
        if let taken = listTakenOut(of: line, lists: lists) {
            bases.append(taken)
            found.append(Rephrasing(text: taken.text, list: taken.list))
        }
        for base in bases {
            if let pointed = thingPointedBack(in: base.text) {
                found.append(Rephrasing(text: pointed, list: base.list))
            }
            found += thingsSaidFirst(in: base.text).map { Rephrasing(text: $0.text, list: base.list, moved: $0.thing) }
        }
        for base in bases {
            let clauses = Self.clauses(of: base.text)
            guard clauses.count == 2 else { continue }
            for (kept, left) in [(clauses[0], clauses[1]), (clauses[1], clauses[0])] where leavable(left, lists: lists) {
                found.append(Rephrasing(text: kept, list: base.list, keptPointsBack: pointsBack(kept), left: left))
            }
        }
        return found
    }

    // MARK: A list named out of place

    /// The line with one of the speaker's lists taken out, with the words
    /// that lead to it ("to", "from the", "the … list", "Baumarktliste"),
    /// and the list's own name.
    public func listTakenOut(of line: String, lists: [String]) -> (text: String, list: String)? {
        let tokens = self.tokens(line)
        guard !tokens.isEmpty, !lists.isEmpty else { return nil }
        let words = wordIDs(tokens)
        let named = listsByTheirWords(lists)
        return words.withUnsafeBufferPointer { words in
            for (list, listWords) in named {
                for start in tokens.indices {
                    guard let end = nameEnd(listWords, in: tokens, at: start) else { continue }
                    var span = start..<end
                    let listWordAfter = listDropAfter.longestMatch(in: words, at: span.upperBound)
                    if let (through, _) = listWordAfter { span = span.lowerBound..<through }
                    let compound = listWords.count == 1 && tokens[start].text != listWords[0] && listCompoundSuffixes.contains { tokens[start].text.hasSuffix($0) }
                    span = extendedBack(span, over: listDropBefore, words: words)
                    let led = extendedBack(span, over: rephrasing.listLedBy, words: words)
                    // A name with nothing leading to it and no mark setting it apart may be a word of
                    // another phrase: "nhà hết nước mắm" is "home", not the list Nhà.
                    let setApart = (span.lowerBound > 0 && tokens[span.lowerBound - 1].isComma)
                        || (span.upperBound < tokens.count && tokens[span.upperBound].isComma) || tokens[span.upperBound - 1].touchesPunctuation
                    guard led != span || setApart || listWordAfter != nil || compound else { continue }
                    let text = Self.joined(line, before: tokens[led.lowerBound].range.lowerBound, after: tokens[led.upperBound - 1].range.upperBound)
                    guard !text.isEmpty else { continue }
                    return (text, list)
                }
            }
            return nil
        }
    }

    /// One of the speaker's lists named anywhere in the line, whatever leads
    /// to it, longest name first. For a line already read as a trip with
    /// nowhere named ("我去超市了"), where a list's name is where the speaker goes.
    public func listNamed(in line: String, lists: [String]) -> String? {
        let tokens = self.tokens(line)
        guard !tokens.isEmpty else { return nil }
        return listsByTheirWords(lists).first { _, listWords in tokens.indices.contains { nameEnd(listWords, in: tokens, at: $0) != nil } }?.0
    }

    /// Each list with the words of its name, the longest name first ("BBQ on
    /// Saturday" before "BBQ"); a list called by the word every list is
    /// ("Liste") is left out, being no evidence in "la liste de l'anniv".
    private func listsByTheirWords(_ lists: [String]) -> [(list: String, words: [String])] {
        lists.filter { !isBareListWord($0) }.map { ($0, tokens($0).map(\.text)) }.filter { !$0.1.isEmpty }
            .sorted { $0.1.count > $1.1.count }
    }

    /// "Drogerieliste" → "Drogerie", "Grill-Liste" → "Grill": a word made
    /// of a name and the grammar's compound ending for a list, without the
    /// ending; nil for any other word, and in a language without such endings.
    public func listCompoundHead(of word: String) -> String? {
        let lowered = word.lowercased()
        guard !word.contains(" "), let suffix = listCompoundSuffixes.first(where: { lowered.hasSuffix($0) && lowered.count > $0.count + 1 })
        else { return nil }
        return String(word.dropLast(suffix.count)).trimmingSuffix("-")
    }

    /// Where the words of a list's name, said from `start`, end: matched
    /// whatever their case and accents, in another case (Russian), or as a
    /// compound with the list word ("Baumarktliste").
    func nameEnd(_ name: [String], in tokens: [Token], at start: Int) -> Int? {
        if name.count == 1, let head = listCompoundHead(of: tokens[start].text), Self.sameWord(head, name[0]) { return start + 1 }
        guard start + name.count <= tokens.count else { return nil }
        for (offset, word) in name.enumerated() where !Self.sameWord(tokens[start + offset].text, word) { return nil }
        return start + name.count
    }

    static func sameWord(_ said: String, _ named: String) -> Bool {
        if said == named { return true }
        let saidFolded = AccentFolding.folded(said) ?? said, namedFolded = AccentFolding.folded(named) ?? named
        if saidFolded == namedFolded { return true }
        // "в продуктах", "на дачу": a Russian name in another case.
        guard said.unicodeScalars.first.map({ (0x400...0x4FF).contains($0.value) }) == true else { return false }
        return RussianStemmer.stem(said) == RussianStemmer.stem(named)
    }

    /// `span` grown back over one phrase of `set` that ends where it starts.
    private func extendedBack(_ span: Range<Int>, over set: PhraseSet, words: UnsafeBufferPointer<Int32>) -> Range<Int> {
        for start in stride(from: span.lowerBound - 1, through: max(0, span.lowerBound - 3), by: -1) {
            if set.matchesExactly(words, start..<span.lowerBound) != nil { return start..<span.upperBound }
        }
        return span
    }

    // MARK: A thing named, then pointed back at

    /// "the crisps, who added those?" → "who added the crisps?": the first
    /// clause names a thing in words of its own, and the second points back
    /// at it; the thing goes where the pronoun was.
    func thingPointedBack(in line: String) -> String? {
        let clauses = Self.clauses(of: line)
        guard clauses.count == 2 else { return nil }
        let (thing, rest) = (clauses[0], clauses[1])
        let restTokens = self.tokens(rest)
        let restWords = wordIDs(restTokens)
        guard let pronoun = restWords.withUnsafeBufferPointer({ words in
            restTokens.indices.lazy.compactMap { start in self.rephrasing.pronouns.longestMatch(in: words, at: start).map { start..<$0.end } }.first
        }) else { return nil }
        guard isThing(thing) else { return nil }
        let before = rest[..<restTokens[pronoun.lowerBound].range.lowerBound]
        let after = rest[restTokens[pronoun.upperBound - 1].range.upperBound...]
        return Self.trimmed(before + thing + after)
    }

    /// "take it off" → "take watermelon off": the line with its first
    /// pronoun ("it", "nó", "它", "его") replaced by the thing it points
    /// back at; nil when it has none.
    public func pointingBack(in line: String, to thing: String) -> String? {
        guard let pronoun = pronoun(in: line) else { return nil }
        return String(line[..<pronoun.lowerBound] + thing + line[pronoun.upperBound...])
    }

    /// The names of `things` that `line` says, matched as list names are
    /// (``nameEnd(_:in:at:)``: in any case or accents, a Russian name in any
    /// case), longest first, each place said counted once ("milk" inside
    /// "oat milk" is not named).
    public func thingsNamed(in line: some StringProtocol, among things: [String]) -> [String] {
        let tokens = self.tokens(String(line))
        var said = Set<Int>(), named: [String] = []
        let names = Set(things).map { ($0, self.tokens($0).map(\.text)) }.filter { !$0.1.isEmpty }
            .sorted { $0.1.count != $1.1.count ? $0.1.count > $1.1.count : $0.0 < $1.0 }
        for (thing, words) in names {
            for start in tokens.indices where !said.contains(start) {
                guard let end = nameEnd(words, in: tokens, at: start), said.isDisjoint(with: start..<end) else { continue }
                said.formUnion(start..<end)
                named.append(thing)
                break
            }
        }
        return named
    }

    /// Where the line's first pronoun for a thing is ("it", "em", "那个"), if it has one.
    public func pronoun(in line: String) -> Range<String.Index>? {
        let tokens = self.tokens(line)
        let words = wordIDs(tokens)
        guard let pronoun = words.withUnsafeBufferPointer({ words in
            tokens.indices.lazy.compactMap { start in self.rephrasing.pronouns.longestMatch(in: words, at: start).map { start..<$0.end } }.first
        }) else { return nil }
        return tokens[pronoun.lowerBound].range.lowerBound..<tokens[pronoun.upperBound - 1].range.upperBound
    }

    /// "хлеб купил" → "купил хлеб", "some naan bread we need" → "we need
    /// some naan bread": the line's first words, when they name a thing and
    /// nothing else, moved after the rest; the longest such first words first.
    func thingsSaidFirst(in line: String) -> [(text: String, thing: String)] {
        let tokens = self.tokens(line)
        guard tokens.count >= 2, Self.clauses(of: line).count == 1 else { return [] }
        return stride(from: tokens.count - 1, through: 1, by: -1).compactMap { split in
            let thing = String(line[tokens[0].range.lowerBound..<tokens[split - 1].range.upperBound])
            guard isThing(thing) else { return nil }
            return (Self.trimmed(line[tokens[split].range.lowerBound...] + " " + thing), thing)
        }
    }

    /// Whether every word of `names` is a word of `thing`, in whatever case
    /// or accents: the sentence read its item from the thing moved, and
    /// from nothing else ("hmm" moved after "also maybe some avocados" is
    /// no item "maybe some avocados … hmm").
    public func isMade(of thing: String, _ names: [String]) -> Bool {
        let thingWords = tokens(thing).map(\.text)
        return !names.isEmpty && names.allSatisfy { name in
            tokens(name).allSatisfy { word in thingWords.contains { Self.sameWord(word.text, $0) } }
        }
    }

    /// Whether `text` says `name` whole, matched as a list's name is (``nameEnd(_:in:at:)``).
    public func saysWhole(_ name: String, in text: String) -> Bool {
        let named = tokens(name).map(\.text), said = tokens(text)
        return !named.isEmpty && said.indices.contains { nameEnd(named, in: said, at: $0) != nil }
    }

    /// A phrase that names things and does nothing else: what is left once
    /// its leading articles are dropped holds no word of a sentence.
    private func isThing(_ phrase: String) -> Bool {
        let tokens = self.tokens(phrase)
        guard !tokens.isEmpty, !tokens.contains(where: \.isNumber) || tokens.count > 1 else { return false }
        let words = wordIDs(tokens)
        let start = words.withUnsafeBufferPointer { words in
            var start = 0
            while start < tokens.count, let (end, _) = itemDropBefore.longestMatch(in: words, at: start) ?? listDropBefore.longestMatch(in: words, at: start),
                  end < tokens.count {
                start = end
            }
            return start
        }
        let core = String(phrase[tokens[start].range.lowerBound...])
        return halfReadWords(inName: core).isEmpty && itemPhrases(in: core) != nil
    }

    private func pointsBack(_ clause: String) -> Bool {
        let tokens = self.tokens(clause)
        return wordIDs(tokens).withUnsafeBufferPointer { words in
            tokens.indices.contains { rephrasing.pronouns.longestMatch(in: words, at: $0) != nil }
        }
    }

    // MARK: Clauses

    /// A clause may be left out when it names none of the speaker's lists
    /// and no number, has no word that begins a word of a list's name
    /// ("anniv de lea : ajoute des bougies" names a list, if not exactly), and does not start
    /// with a word that leads to a list ("sur l'anniv de Léa, …").
    private func leavable(_ clause: String, lists: [String]) -> Bool {
        guard !clause.unicodeScalars.contains(where: { ("0"..."9").contains($0) }), !resemblesAList(clause, lists: lists) else { return false }
        let tokens = self.tokens(clause)
        let namesAListOrANumber = wordIDs(tokens).withUnsafeBufferPointer { words in
            // "sur l'anniv de Léa, …", "the bbq list, what's on it": a clause that leads to a list or says "list" is where the line acts.
            rephrasing.listLedBy.longestMatch(in: words, at: 0) != nil
                || tokens.indices.contains { itemNeverInName.longestMatch(in: words, at: $0) != nil || listDropAfter.longestMatch(in: words, at: $0) != nil }
                || tokens.contains { token in listCompoundSuffixes.contains { token.text.hasSuffix($0) } }
                || numberWords.map { numbers in tokens.indices.contains { valueLists[numbers].phrases.longestMatch(in: words, at: $0) != nil } } == true
        }
        guard !namesAListOrANumber else { return false }
        // "на даче …": a list's name in another case, which no prefix shows.
        return !lists.contains { list in
            let listWords = self.tokens(list).map(\.text)
            return !listWords.isEmpty && tokens.indices.contains { nameEnd(listWords, in: tokens, at: $0) != nil }
        }
    }

    /// Whether a word of three letters or more of `clause` begins a word of
    /// one of `lists`, whatever the accents: "anniv", "lea" in "Anniversaire de Léa".
    private func resemblesAList(_ clause: String, lists: [String]) -> Bool {
        let fold = { (word: String) in AccentFolding.folded(word) ?? word }
        let listWords = Set(lists.flatMap { self.tokens($0).map { fold($0.text) } }.filter { $0.count >= 3 })
        guard !listWords.isEmpty else { return false }
        return self.tokens(clause).contains { token in
            let word = fold(token.text)
            return word.count >= 3 && listWords.contains { $0.hasPrefix(word) }
        }
    }

    /// The clauses of a line, split where a comma, a dash, a colon or a
    /// semicolon stands between words; a line of more than two is left whole.
    static func clauses(of line: String) -> [String] {
        var clauses: [String] = []
        var current = ""
        let scalars = Array(line.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let spacedBefore = index > 0 && scalars[index - 1] == " "
            let spacedAfter = index + 1 < scalars.count && scalars[index + 1] == " "
            let breaks = switch scalar {
            case ",", ";", "，", "；", "：": true
            case ":": spacedAfter
            case "-", "–", "—": spacedBefore && spacedAfter
            default: false
            }
            if breaks {
                clauses.append(current)
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        clauses.append(current)
        let trimmed = clauses.map(trimmed)
        return trimmed.contains(where: \.isEmpty) ? [line] : trimmed
    }

    /// `line` without what lies between `before` and `after`, the gap closed
    /// with one space and the ends trimmed of spaces and clause marks.
    static func joined(_ line: String, before: String.Index, after: String.Index) -> String {
        trimmed(line[..<before] + " " + line[after...])
    }

    static func trimmed<S: StringProtocol>(_ text: S) -> String {
        let marks: Set<Character> = [" ", ",", ";", ":", "-", "–", "—", "，", "；", "：", "\t"]
        var text = Substring(text)
        while let first = text.first, marks.contains(first) { text = text.dropFirst() }
        while let last = text.last, marks.contains(last) { text = text.dropLast() }
        // One space where something was taken out of the middle.
        return text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
