import Foundation
import ShopTalkLearning
import ShopTalkText

/// What the speaker has, which a line is read against: the names of their
/// lists, of the things on them and of the household's members. "Super" the
/// list is a list; "super" the adjective is not.
public struct ReaderContext: Sendable, Hashable {
    public var lists: [String]
    public var things: [String]
    public var members: [String]

    public init(lists: [String] = [], things: [String] = [], members: [String] = []) {
        self.lists = lists
        self.things = things
        self.members = members
    }
}

/// A line as the reader sees it: the grammar's words (elided and glued
/// pieces split as the grammar splits them, so slots are read the same way
/// whoever found them), each word folded (lowercase, no accents, a Russian
/// word's stem), and what is known of it: part of a list's name, a thing on
/// a list, a food, a number, a unit, a word for "list"...
struct ReaderSentence: Sendable {
    let text: String
    let typed: GluedQuantities.Split
    var tokens: [Token] { typed.tokens }
    let words: [Int32]
    /// Each word folded: what features and name matches compare.
    let folded: [String]
    /// Each word's classes (``WordClass``).
    let classes: [WordClass]
    /// The value list a word begins a phrase of ("unit", "permission"), if any.
    let valueLists: [String?]
    /// The intents whose sentences spell the phrase a word begins (the
    /// grammar's verbs and question words: "add", "take off", "who put").
    let cues: [[String]]
    /// Whether each word is part of a thing the speaker has, said in any
    /// form (``Grammar/thingForms(of:folded:)``): what a reading is checked
    /// against, not what the models weigh.
    let thingInAnyForm: [Bool]
    /// Whether each word is part of a run of words, short of the whole, of
    /// the name of a thing the speaker has ("oaxaca" of queso Oaxaca,
    /// ``partsOfNames(_:words:)``): enough for a reading to fit what is
    /// there, the store finding the thing, not to be sure of it.
    let thingInPart: [Bool]
    /// Whether the line is asked, by a "?" or a particle of its language (``Grammar/isAsked(_:)``).
    let asked: Bool

    /// Whether `span` names a thing the speaker has, in any form.
    func namesAThing(_ span: FoundSpan) -> Bool {
        span.words.contains { thingInAnyForm[$0] }
    }

    /// Whether `span` names a thing the speaker has, in any form or by part of its name.
    func namesAThingOrPart(_ span: FoundSpan) -> Bool {
        span.words.contains { thingInAnyForm[$0] || thingInPart[$0] }
    }

    struct WordClass: OptionSet, Hashable {
        let rawValue: UInt32
        static let listStart = WordClass(rawValue: 1 << 0)
        static let listInside = WordClass(rawValue: 1 << 1)
        static let thingStart = WordClass(rawValue: 1 << 2)
        static let thingInside = WordClass(rawValue: 1 << 3)
        static let member = WordClass(rawValue: 1 << 4)
        static let foodStart = WordClass(rawValue: 1 << 5)
        static let foodInside = WordClass(rawValue: 1 << 6)
        static let number = WordClass(rawValue: 1 << 7)
        static let unit = WordClass(rawValue: 1 << 8)
        static let listWord = WordClass(rawValue: 1 << 9)
        static let separator = WordClass(rawValue: 1 << 10)
        static let filler = WordClass(rawValue: 1 << 11)
        static let article = WordClass(rawValue: 1 << 12)
        static let value = WordClass(rawValue: 1 << 13)
        static let cue = WordClass(rawValue: 1 << 14)
        /// The last word of a list's name: no feature, but what tells a list named whole from a word of its name.
        static let listEnd = WordClass(rawValue: 1 << 15)

        static let names: [(WordClass, String)] = [
            (.listStart, "LB"), (.listInside, "LI"), (.thingStart, "TB"), (.thingInside, "TI"), (.member, "M"),
            (.foodStart, "FB"), (.foodInside, "FI"), (.number, "N"), (.unit, "U"), (.listWord, "LW"),
            (.separator, "SEP"), (.filler, "FIL"), (.article, "ART"), (.value, "V"), (.cue, "CUE"),
        ]
    }
}

extension Grammar {
    /// The reader's view of `text`, against what the speaker has; `isFood`
    /// says whether a name is something sold (the language's aisle words).
    /// `nameWords`, where given, says a name's folded words (training asks for the same names thousands of times).
    func readerSentence(_ text: String, context: ReaderContext, isFood: (String) -> Bool, nameWords: ((String) -> [String])? = nil) -> ReaderSentence {
        let grammar = self
        let nameWords = nameWords ?? { name in grammar.tokens(name).map { Self.readerFold($0.text) } }
        let typed = glued.split(tokens(text), in: text)
        let tokens = typed.tokens
        let words = wordIDs(tokens)
        let folded = tokens.map { Self.readerFold($0.text) }
        var classes = [ReaderSentence.WordClass](repeating: [], count: tokens.count)
        var valueNames = [String?](repeating: nil, count: tokens.count)
        var cueIntents = [[String]](repeating: [], count: tokens.count)
        words.withUnsafeBufferPointer { words in
            for position in tokens.indices {
                if let (end, payload) = cues.phrases.longestMatch(in: words, at: position) {
                    cueIntents[position] = cues.intents(ofPhrase: payload).map { intents[$0].name }
                    for index in position..<end { classes[index].insert(.cue) }
                }
                if tokens[position].isNumber { classes[position].insert(.number) }
                if let (end, _) = listDropAfter.longestMatch(in: words, at: position) {
                    for index in position..<end { classes[index].insert(.listWord) }
                }
                if let (end, _) = defaultListPhrases.longestMatch(in: words, at: position) {
                    for index in position..<end { classes[index].insert(.listWord) }
                }
                if let (end, _) = listDropBefore.longestMatch(in: words, at: position), end == position + 1 { classes[position].insert(.article) }
                if let (end, _) = itemSeparators.longestMatch(in: words, at: position) {
                    for index in position..<end { classes[index].insert(.separator) }
                }
                for set in [fillersBefore, fillersAfter] {
                    if let (end, _) = set.longestMatch(in: words, at: position) {
                        for index in position..<end { classes[index].insert(.filler) }
                    }
                }
                for (index, list) in valueLists.enumerated() {
                    guard let (end, _) = list.phrases.longestMatch(in: words, at: position) else { continue }
                    let isNumber = index == numberWords, isUnit = list.name == "unit"
                    for inside in position..<end {
                        classes[inside].insert(isNumber ? .number : isUnit ? .unit : .value)
                    }
                    if !isNumber && !isUnit && valueNames[position] == nil { valueNames[position] = list.name }
                }
            }
        }
        // A Russian list in any case: «на дачу», «из продуктов» name Дача and Продукты, as the store finds them;
        // trained on lists named as said, the models see the list they would in a line of the examples.
        let listStems: [String]? = context.lists.contains(where: RussianStemmer.isCyrillic) ? folded.map(RussianStemmer.stem) : nil
        Self.mark(context.lists, in: folded, start: .listStart, inside: .listInside, end: .listEnd, words: nameWords, classes: &classes,
                  matches: listStems.map { stems in { position, word in RussianStemmer.isCyrillic(word) && stems[position] == RussianStemmer.stem(word) } })
        Self.mark(context.things, in: folded, start: .thingStart, inside: .thingInside, words: nameWords, classes: &classes)
        // A thing is the speaker's in any form said: "Eiern" the "Eier", «яиц» the «яйца», "yaourt" the "yaourts".
        // Kept apart from the classes the models weigh, which stay as they were trained.
        var anyForm = [ReaderSentence.WordClass](repeating: [], count: tokens.count), inPart = anyForm
        if !context.things.isEmpty {
            let forms = zip(tokens, folded).map { token, folded in Self.thingForms(of: token.text, folded: folded) }
            Self.mark(context.things, in: folded, start: .thingStart, inside: .thingInside, words: nameWords, classes: &anyForm,
                      matches: { position, word in forms[position].contains(word) || Self.endingDropped(word).contains(folded[position]) })
            // "el oaxaca" for queso Oaxaca: part of a name may be the thing; the store decides which, and asks
            // where two things could be meant.
            Self.mark(Self.partsOfNames(context.things, words: nameWords), in: folded, start: .thingStart, inside: .thingInside,
                      words: { $0.split(separator: " ").map(String.init) }, classes: &inPart)
        }
        Self.mark(context.members, in: folded, start: .member, inside: .member, words: nameWords, classes: &classes)
        // Foods the language knows, of one to three words (six characters of a name in ideographs, a word each), ending anywhere.
        for start in tokens.indices where !classes[start].contains(.number) {
            let longest = tokens[start].text.unicodeScalars.first?.properties.isIdeographic == true ? 6 : 3
            for length in (1...min(longest, tokens.count - start)).reversed() {
                let end = start + length
                guard !(start..<end).contains(where: { classes[$0].contains(.separator) || classes[$0].contains(.number) }) else { continue }
                let name = tokens[start..<end].map(\.text).joined(separator: " ")
                guard isFood(name) else { continue }
                classes[start].insert(.foodStart)
                for inside in (start + 1)..<end { classes[inside].insert(.foodInside) }
                break
            }
        }
        return ReaderSentence(text: text, typed: typed, words: words, folded: folded, classes: classes, valueLists: valueNames, cues: cueIntents,
                              thingInAnyForm: anyForm.map { !$0.isEmpty }, thingInPart: inPart.map { !$0.isEmpty }, asked: isAsked(text))
    }

    /// Marks every place a name of `names` is said, word for word, folded.
    /// With `matches`, a word of the line may match a name's word another way than as the same folded word.
    private static func mark(_ names: [String], in folded: [String], start: ReaderSentence.WordClass, inside: ReaderSentence.WordClass,
                             end: ReaderSentence.WordClass = [], words nameWords: (String) -> [String], classes: inout [ReaderSentence.WordClass],
                             matches: ((Int, String) -> Bool)? = nil) {
        guard !names.isEmpty, !folded.isEmpty else { return }
        let same = { (position: Int, word: String) in folded[position] == word || matches?(position, word) == true }
        for name in names {
            let words = nameWords(name)
            guard !words.isEmpty, words.count <= folded.count else { continue }
            for position in 0...(folded.count - words.count) where same(position, words[0]) {
                guard (1..<words.count).allSatisfy({ same(position + $0, words[$0]) }) else { continue }
                classes[position].insert(start)
                for index in (position + 1)..<(position + words.count) { classes[index].insert(inside) }
                classes[position + words.count - 1].insert(end)
            }
        }
    }

    /// The parts of names of several words a family names them by: a run
    /// of their words, of four letters or more, short of the whole name, as
    /// folded words joined by spaces. Not in ideographs: two characters of
    /// a Chinese name are too often a thing of their own (牛奶 of 巧克力牛奶).
    static func partsOfNames(_ names: [String], words nameWords: (String) -> [String]) -> [String] {
        var parts: Set<String> = []
        for name in names {
            let words = nameWords(name)
            guard words.count >= 2, !words.contains(where: { $0.unicodeScalars.contains(where: \.properties.isIdeographic) }) else { continue }
            for start in words.indices {
                for end in (start + 1)...words.count where end - start < words.count && words[start..<end].joined().count >= 4 {
                    parts.insert(words[start..<end].joined(separator: " "))
                }
            }
        }
        return parts.sorted()
    }

    /// The other folded forms a word of a thing's name may take in a line:
    /// without a plural or case ending ("eiern" → "eier", "yaourts" →
    /// "yaourt"), and a Russian genitive in its nominative («яиц» → «яйца»).
    /// Only words of five letters or more lose an ending: "tee" is not "te".
    static func thingForms(of typed: String, folded: String) -> [String] {
        guard RussianStemmer.isCyrillic(folded) else { return endingDropped(folded) }
        let nominative = RussianWordForms.nominative(typed.lowercased(), from: .genitive)
        return nominative.lowercased() == typed.lowercased() ? [] : [readerFold(nominative)]
    }

    /// A folded word of a Latin script without one plural or case ending.
    static func endingDropped(_ folded: String) -> [String] {
        guard folded.utf8.count >= 5, folded.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic && $0.value < 0x0400 }) else { return [] }
        return ["en", "es", "n", "s", "e", "x"].compactMap { ending in folded.hasSuffix(ending) ? String(folded.dropLast(ending.count)) : nil }
    }

    /// A word as names are compared: lowercase, without accents, and a
    /// Russian word by its stem ("продуктов" and "Продукты" alike).
    static func readerFold(_ word: String) -> String {
        let lower = word.lowercased()
        if RussianStemmer.isCyrillic(lower) { return RussianStemmer.stem(lower.replacingOccurrences(of: "ё", with: "е")) }
        return AccentFolding.folded(lower) ?? lower
    }
}
