import ShopTalkText

/// Which intents' sentences spell each run of words of a grammar: "never
/// mind" is written only where a thing is taken off, "streich" where one is
/// taken off or ticked, "wer" where one asks who. Recorded as the sentences
/// are compiled, so the grammar file stays the one place a translator
/// writes; a word is evidence only in the run its sentences spell it in
/// ("mind adding" is no "never mind").
struct IntentCues: Sendable {
    let phrases: PhraseSet
    /// Indexed by a phrase's payload: the indexes of the intents whose sentences spell it.
    let intentsOfPhrase: [[Int]]

    init(phrases: PhraseSet, intentsOfPhrase: [[Int]]) {
        self.phrases = phrases
        self.intentsOfPhrase = intentsOfPhrase
    }

    init(intentsOfPhrase: [[Int32]: Set<Int>]) {
        var builder = WordTrie.Builder()
        var table: [[Int]] = []
        // Sorted, so that the payloads are the same on every run.
        for (words, intents) in intentsOfPhrase.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            builder.accept(words.reduce(WordTrie.root) { builder.follow($0, word: $1) }, payload: Int32(table.count))
            table.append(intents.sorted())
        }
        self.phrases = PhraseSet(trie: builder.freeze())
        self.intentsOfPhrase = table
    }

    func intents(ofPhrase payload: Int32) -> [Int] {
        payload >= 0 && Int(payload) < intentsOfPhrase.count ? intentsOfPhrase[Int(payload)] : []
    }
}

/// A line no sentence holds, read by the evidence of every word in it
/// (issue "Understanding a family can trust"): "auf den Einkauf bitte 2
/// Liter Milch", "die Eier kannst du vom Einkauf streichen", "Käse vom
/// Einkauf kann weg", "Klopapier steht drauf oder?".
///
/// Each word must be explained: a list the speaker has (or the grammar's
/// words for the default list), a thing the household has or the language's
/// aisle words know, a number or unit, or a word the grammar's sentences
/// spell. One word nothing explains, and the line is not read at all —
/// never stored as a name. The request is the intent whose sentences spell
/// the line's words most specifically (a word every intent uses weighs
/// little); a near tie is no reading. Only requests about things on a list
/// are read so; what deletes, empties, renames or shares needs its sentence.
public struct EvidenceReading: Sendable {
    /// The requests a line may be read as by its words alone.
    static let intents: Set<String> = ["add_items", "remove_item", "check_item", "uncheck_item", "find_item", "who_added", "show_list"]
    /// The requests that ask rather than change.
    static let questions: Set<String> = ["find_item", "who_added", "show_list"]
    /// How far ahead of the next request the best must weigh to be taken.
    static let margin = 1.5
    /// The same where words are syllables or characters.
    static let syllableMargin = 3.0
    /// The longest name a thing is looked for in, in words.
    static let longestThing = 6
}

extension Grammar {
    private enum Piece {
        case list(name: String, spoken: String)
        case defaultList(spoken: String)
        case thing(String)
        case number(Fraction)
        case unit(String)
        case separator
        case filler
        /// Words the sentences of some requests spell together.
        case cue(Int32, words: Int)
        /// A word of the grammar's spelled by no sentence as such.
        case word
    }

    /// `line` read by evidence alone (see ``EvidenceReading``), with the
    /// speaker's `lists`, the names of the `things` on them, and what each
    /// language's `aisles` know; nil unless every word is explained and one
    /// request stands out.
    public func readByEvidence(_ line: String, lists: [String], things: [String], aisles: AisleGuide) -> Parse? {
        let tokens = glued.split(self.tokens(line), in: line).tokens
        guard !tokens.isEmpty, tokens.count <= 24 else { return nil }
        // A name typed without its marks finds the marked one only in a line typed without any
        // ("cam on nha" may mean the list Nhà; in "cảm ơn nha" the "nha" is a particle).
        let unmarked = line.utf8.allSatisfy { $0 < 0x80 }
        // «на дачу уголь», «в продукты молоко»: a Russian list, or thing, said in any case, as the store finds them.
        let anyCase = itemWordForms == .russian
        func spelling(_ word: String) -> String {
            if anyCase, case let lowered = word.lowercased(), RussianStemmer.isCyrillic(lowered) { return RussianStemmer.stem(lowered) }
            return unmarked ? Self.folded(word) : word
        }
        let folded = tokens.map { spelling($0.text) }
        let listNames = lists.map { ($0, self.tokens($0).map { spelling($0.text) }) }.filter { !$0.1.isEmpty }
        let thingNames = things.map { self.tokens($0).map { spelling($0.text) } }.filter { !$0.isEmpty }
        let pieces: [Piece]? = wordIDs(tokens).withUnsafeBufferPointer { words in
            var pieces: [Piece] = []
            var position = 0
            func text(_ range: Range<Int>) -> String {
                String(line[tokens[range.lowerBound].range.lowerBound..<tokens[range.upperBound - 1].range.upperBound])
            }
            func isSentenceWord(_ index: Int) -> Bool { nameEvidence.isSentenceWord(words[index]) }
            while position < tokens.count {
                let defaultPhrase = defaultListPhrases.longestMatch(in: words, at: position)?.end
                // A list of the speaker's named by the grammar's word for the default list ("Liste") is
                // theirs when said bare ("sur Liste"), the default with an article ("auf die Liste").
                let article = position > 0 && listDropBefore.matchesExactly(words, position - 1..<position) != nil
                if let (name, end) = Self.longestName(listNames, in: folded, at: position),
                   end > (defaultPhrase ?? 0) || (end == defaultPhrase && !article) {
                    pieces.append(.list(name: name, spoken: text(position..<end)))
                    position = end
                } else if let name = compoundListName(folded[position], lists: listNames, spelling: spelling) {
                    pieces.append(.list(name: name, spoken: text(position..<position + 1)))
                    position += 1
                } else if let end = defaultPhrase {
                    pieces.append(.defaultList(spoken: text(position..<end)))
                    position = end
                } else if let end = Self.longestName(thingNames.map { ("", $0) }, in: folded, at: position)?.end,
                          end - position > 1 || !isSentenceWord(position) {
                    pieces.append(.thing(text(position..<end)))
                    position = end
                } else if tokens[position].isNumber, let number = NumberReader.read(tokens[position].text, decimalMark: decimalMark) {
                    pieces.append(.number(number))
                    position += 1
                } else if let numbers = numberWords, let (end, payload) = valueLists[numbers].phrases.longestMatch(in: words, at: position),
                          !isSentenceWord(position) || end - position > 1 {
                    pieces.append(.number(numberValues[Int(payload)]))
                    position = end
                } else if let units, position + 1 < tokens.count, let (end, payload) = valueLists[units].phrases.longestMatch(in: words, at: position) {
                    pieces.append(.unit(valueLists[units].values[Int(payload)]))
                    position = end
                } else if let end = foodEnd(at: position, tokens: tokens, words: words, aisles: aisles, text: text) {
                    pieces.append(.thing(text(position..<end)))
                    position = end
                } else if let (end, _) = itemSeparators.longestMatch(in: words, at: position) {
                    pieces.append(.separator)
                    position = end
                } else if let end = [fillersBefore, fillersAfter, rephrasing.listLedBy, listDropBefore, itemDropBefore]
                    .compactMap({ $0.longestMatch(in: words, at: position)?.end }).max() {
                    // "bitte", "ach ja", "noch mal", and the articles and prepositions round a list or a thing
                    // ("auf den", "vom"): said with any request, evidence of none.
                    pieces.append(.filler)
                    position = end
                } else if let (end, payload) = cues.phrases.longestMatch(in: words, at: position) {
                    pieces.append(.cue(payload, words: end - position))
                    position = end
                } else if words[position] >= 0 {
                    pieces.append(.word)
                    position += 1
                } else {
                    return nil
                }
            }
            return pieces
        }
        guard let pieces, let intent = request(in: pieces, asked: isAsked(line)) else { return nil }
        return parse(intent, from: pieces, isOneThing: { aisles.knows($0, in: language, lookingInside: false) })
    }

    /// The request the line's words weigh most for, when it stands out.
    private func request(in pieces: [Piece], asked: Bool) -> String? {
        let things = pieces.count(where: { if case .thing = $0 { true } else { false } })
        // Only a request that takes things weighs for a line that names some, and only one that takes none for one that names none.
        let fits = intents.map { intent in (intent.slots.contains("item") || intent.slots.contains("items")) == (things > 0) }
        var weights = [Double](repeating: 0, count: intents.count)
        for case .cue(let phrase, let length) in pieces {
            let spelledBy = cues.intents(ofPhrase: phrase).filter { fits[$0] }
            guard !spelledBy.isEmpty else { continue }
            // Words few requests spell are strong evidence, and more of them stronger; words most spell ("the", "me") weigh little.
            for intent in spelledBy { weights[intent] += Double(length) / Double(spelledBy.count) }
        }
        let ranked = weights.indices.sorted { weights[$0] > weights[$1] }
        guard let best = ranked.first, weights[best] > 0 else {
            // Things alone, with fillers ("bitte", "noch"), a list, a count: asked, they are looked for; said, they are
            // wanted. A word of the grammar's that no request spells ("柔顺剂入了") leaves the line unread.
            // So does a word only requests that take no thing spell ("cancel the watermelon", "annule les croissants").
            guard things > 0, !pieces.contains(where: { switch $0 { case .word, .cue: true; default: false } }) else { return nil }
            return asked ? (things == 1 ? "find_item" : nil) : "add_items"
        }
        let second = ranked.dropFirst().first.map { weights[$0] } ?? 0
        let name = intents[best].name
        // A line asked is read as a question, a line said as a change: "能帮我加个面包吗", "soll ich
        // Milch oder Hafermilch nehmen?" are requests asked, or questions, and not read by their words alone.
        guard asked == EvidenceReading.questions.contains(name) || name == "show_list" else { return nil }
        // Where names are written in the sentences' own syllables (Chinese, Vietnamese), a syllable
        // the sentences spell is weaker evidence: the request must stand out further.
        let margin = listsHalfReadWords ? EvidenceReading.syllableMargin : EvidenceReading.margin
        guard weights[best] >= second * margin else { return nil }
        guard EvidenceReading.intents.contains(name) else { return nil }
        return name
    }

    /// The reading's slots, when the pieces fit the request: one list at most,
    /// things where the request takes them, a count only for things added.
    private func parse(_ intent: String, from pieces: [Piece], isOneThing: (String) -> Bool) -> Parse? {
        var list: SlotValue?
        var phrases: [ItemPhrase] = []
        var quantity: Fraction?, unit: String?
        var pendingName: String?
        func settle() {
            if let name = pendingName { phrases.append(ItemPhrase(name: name, quantity: quantity, unit: unit)) }
            pendingName = nil
            quantity = nil
            unit = nil
        }
        // "Tomaten, 1 kg, auf die Liste": an amount alone after a separator is the thing's before it, if it has none.
        func amountAloneIsTheThingsBefore() -> Bool {
            guard let last = phrases.last, last.quantity == nil, last.unit == nil else { return false }
            phrases[phrases.count - 1] = ItemPhrase(name: last.name, quantity: quantity, unit: unit)
            quantity = nil
            unit = nil
            return true
        }
        var thingBefore: Int?
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .list(let name, let spoken):
                guard list == nil else { return nil }
                list = .list(name: name, spoken: spoken)
            case .defaultList(let spoken):
                guard list == nil else { return nil }
                list = .defaultList(spoken: spoken)
            case .thing(let name):
                // Two things joined by a word of structure ("yogures de fresa", "gâteau au chocolat") or any other
                // word («сливки для кофе») are one thing said: only a separator, an amount or a list parts two.
                // Side by side they are two ("молоко хлеб яйца"), but where together they name one ("apfel saft").
                if let before = thingBefore, name.unicodeScalars.first?.properties.isIdeographic != true {
                    let between = pieces[(before + 1)..<index]
                    if between.isEmpty, case .thing(let first) = pieces[before], isOneThing(first + name) || isOneThing(first + " " + name) { return nil }
                    if !between.isEmpty, between.allSatisfy({ switch $0 { case .filler, .word, .cue: true; default: false } }) { return nil }
                }
                thingBefore = index
                // "Milch 2 Liter", "2 Liter Milch": a count before a thing is its own, one after it the thing before's.
                if pendingName != nil { settle() }
                // «в продукты гречку»: as the list shows it, as a sentence's item is (an amount before it is said).
                pendingName = asListed(name, counted: quantity != nil || unit != nil)
                if quantity != nil || unit != nil { settle() }
            case .number(let number):
                guard quantity == nil else { return nil }
                quantity = number
            case .unit(let word):
                guard unit == nil else { return nil }
                unit = word
            case .separator:
                guard pendingName != nil || (quantity == nil && unit == nil) else {
                    guard amountAloneIsTheThingsBefore() else { return nil }
                    continue
                }
                settle()
            case .cue, .word, .filler:
                break
            }
        }
        if pendingName != nil { settle() } else if quantity != nil || unit != nil, !amountAloneIsTheThingsBefore() { return nil }
        let counted = phrases.contains { $0.quantity != nil || $0.unit != nil }
        var slots: [Parse.Slot] = []
        switch intent {
        case "add_items":
            guard !phrases.isEmpty else { return nil }
            slots.append(.init(name: "items", value: .items(phrases)))
        case "show_list":
            guard phrases.isEmpty, list != nil else { return nil }
        case "find_item", "who_added":
            guard phrases.count == 1, !counted else { return nil }
            slots.append(.init(name: "item", value: .text(phrases[0].name)))
        default:
            guard !phrases.isEmpty, !counted else { return nil }
            slots.append(.init(name: "item", value: .text(phrases.map(\.name).joined(separator: ", "))))
        }
        if let list { slots.append(.init(name: "list", value: list)) }
        return Parse(intent: intent, slots: slots)
    }

    /// The end of the longest run of words from `start` the language's
    /// aisle words know as a thing sold. One word the sentences spell is no
    /// thing ("pop", "can"); a run with a number or a separator is none either.
    private func foodEnd(
        at start: Int, tokens: [Token], words: UnsafeBufferPointer<Int32>, aisles: AisleGuide, text: (Range<Int>) -> String
    ) -> Int? {
        var end = min(tokens.count, start + EvidenceReading.longestThing)
        while end > start {
            defer { end -= 1 }
            let range = start..<end
            if range.contains(where: { tokens[$0].isNumber || itemSeparators.longestMatch(in: words, at: $0) != nil }) { continue }
            if range.count == 1, nameEvidence.isSentenceWord(words[start]) { continue }
            let ideographic = tokens[start].text.unicodeScalars.first?.properties.isIdeographic == true
            if aisles.knows(text(range), in: language, lookingInside: range.count == 1 && !ideographic) { return end }
        }
        return nil
    }

    /// "Baumarktliste": a list of the speaker's written as one word with the
    /// grammar's compound ending for a list.
    private func compoundListName(_ word: String, lists: [(String, [String])], spelling: (String) -> String) -> String? {
        guard !listCompoundSuffixes.isEmpty else { return nil }
        for (name, words) in lists where words.count == 1 {
            for suffix in listCompoundSuffixes where word == words[0] + spelling(suffix) { return name }
        }
        return nil
    }

    /// The longest of `names` (each as folded words) written at `start`.
    private static func longestName(_ names: [(String, [String])], in words: [String], at start: Int) -> (String, end: Int)? {
        var best: (String, Int)?
        for (name, nameWords) in names where start + nameWords.count <= words.count && nameWords.count > (best.map { $0.1 - start } ?? 0) {
            if zip(nameWords, words[start...]).allSatisfy({ $0 == $1 }) { best = (name, start + nameWords.count) }
        }
        return best
    }

    private static func folded(_ word: String) -> String {
        AccentFolding.folded(word) ?? word
    }
}
