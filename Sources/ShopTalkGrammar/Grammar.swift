import ShopTalkText

/// A compiled grammar: built once from a grammar file, then shared read-only
/// by every session. Immutable, so a final class: sharing it costs one
/// reference, however large its tables.
///
/// ```swift
/// let grammar = try Grammar.compile(source: text, file: "en.grammar")
/// grammar.parse("add 3 eggs to Groceries")
/// // Parse(intent: "add_items", slots: [list: Groceries, items: [3 eggs]])
/// ```
public final class Grammar: Sendable {
    /// A slot the sentence templates can name, and how it is read.
    struct SlotSpec: Sendable {
        enum Kind: Sendable, Equatable {
            /// One or more words of any kind: names and item phrases.
            case wildcard
            /// One word: a user name or a share code.
            case word
            case number
            /// One phrase of a value list.
            case values(Int)
        }
        let name: String
        let kind: Kind
    }

    struct Sentence: Sendable {
        let intent: Int
        let fixed: [Parse.Slot]
        /// Written with a closing " ?": holds only for a line that is asked.
        let asked: Bool
        /// Written `ask:`: its words may mean another request ("no more
        /// yoghurt": take it off, or we ran out?), so the bot asks first.
        let asksFirst: Bool
    }

    public struct Intent: Sendable {
        public let name: String
        public let topic: String?
        public let help: String?
        public let examples: [String]
        /// Every slot some sentence of the intent fills: whether a list
        /// named out of place ("to costco add paper towels") is one it takes.
        public let slots: Set<String>
    }

    /// The intent called `name`, if the grammar has it.
    public func intent(named name: String) -> Intent? {
        intents.first { $0.name == name }
    }

    public let language: String
    public let languageName: String
    public let intents: [Intent]
    public let helpTopics: [(name: String, title: String)]
    /// The name of the list that "my list" and the like denote.
    public let defaultListName: String

    let vocabulary: [String: Int32]
    let wordTable: Vocabulary
    let slotSpecs: [SlotSpec]
    /// slotSpecs' kinds alone, for the matcher's inner loop.
    let slotKinds: [SlotSpec.Kind]
    /// Every sentence template; a node accepts the sentences (indexes of `sentences`) that end there.
    let trie: WordTrie
    let sentences: [Sentence]
    let fillersBefore: PhraseSet
    let fillersAfter: PhraseSet
    /// Words that, ending a line after others, ask it as a closing "?" does (see ``isAsked(_:)``).
    let questionParticles: PhraseSet
    let valueLists: [(name: String, values: [String], phrases: PhraseSet)]
    let numberWords: Int?
    /// The value of each entry of `values number`, read once.
    let numberValues: [Fraction]
    /// "and" in "a hundred and fifty", "two and a half".
    let numberJoiners: PhraseSet
    /// "rưỡi" in "ký rưỡi", "半" in "一斤半": a half said right after a
    /// unit or a multiplier, with no "and" ("chục rưỡi" is 15).
    let halvesAfter: PhraseSet
    /// The one-word fractions of `values number` ("пол", "half"): what may be
    /// typed against a unit ("полкило"). Found when the grammar is compiled.
    let gluedFractions: [String]
    /// "." in English ("1.5"), "," in German ("1,5").
    let decimalMark: UInt8
    /// Words that multiply the number before them: "2 dozen eggs" is 24 eggs.
    let multipliers: Int?
    let units: Int?
    let itemSeparators: PhraseSet
    let itemDropBefore: PhraseSet
    let itemAfterQuantity: PhraseSet
    /// "x" in "eggs x 2": a quantity written after the item.
    let itemQuantityAfter: PhraseSet
    /// Words that may be written against a number as one word: "500g", "2x", "x3".
    let glued: GluedQuantities
    /// "to" in "add eggs to": a sentence cut short, never the end of an item's name.
    let itemNotLast: PhraseSet
    /// "à" in "à la liste du marché 3 pommes", "em" in "em 2 hộp sữa chua":
    /// words an item's name never starts with, so a reading that would
    /// store them is no reading at all.
    let itemNotFirst: PhraseSet
    /// "liste", "списке", "danh sách": words no item's name holds anywhere.
    /// A phrase that names a list, or asks, is never stored as an item.
    let itemNeverInName: PhraseSet
    /// "several" and "another": words that stand for a number.
    let itemCounting: ItemCounting

    /// The `items` settings `ask how many` and `one more`.
    struct ItemCounting: Sendable {
        /// "several napkins": a number the bot asks for.
        let askHowMany: PhraseSet
        /// "another egg": one, said as a number is, so that it adds to
        /// eggs already on the list where a bare "egg" would not.
        let oneMore: PhraseSet
        /// "an egg", "ein Brot": one said as an article, which is no number
        /// said, so that "add an egg" twice is still one egg.
        let articles: PhraseSet
        /// "not" in "10 not 6", "statt" in "12 statt 10", "from" in "from
        /// 6 to 10": words before an amount that was wrong, in a line
        /// that changes an amount and says the old one too.
        let amountTakenBack: PhraseSet
        /// "but" in "not 6 but 10", "auf" in "von 6 auf 10": words
        /// before the amount meant, where a line says two.
        let amountMeant: PhraseSet
    }
    /// "for" in "sunscreen for Camping": what may stand between an item and a list's name.
    let itemListAfter: PhraseSet
    let listDropBefore: PhraseSet
    let listDropAfter: PhraseSet
    let defaultListPhrases: PhraseSet
    /// "this list", "that list": the list the conversation is on.
    let currentListPhrases: PhraseSet
    /// "from" in "Groceries from alice".
    let listOwnerAfter: PhraseSet
    /// "'s" in "alice's Groceries".
    let listOwnerSuffix: String?
    /// "liste" in "Baumarktliste", "Baumarkt-Liste": the list Baumarkt.
    let listCompoundSuffixes: [String]
    /// "l'" in "l'huile": read as a word of its own.
    let elision: Elision
    /// «加州李», «和牛»: names that begin with a sentence's word, read as one word (see ``WholeNames``).
    let wholeNames: WholeNames
    /// "ko", "nc", "молоко-то": read as "không", "nước", "молоко" (see ``Shorthand``).
    public let shorthand: Shorthand
    /// How an item's name said in a case goes back to the form a list shows.
    let itemWordForms: ItemWordForms?
    /// Units that, said with no number, are one of it, with nothing between
    /// them and the name: Russian "пачку масла", a pack of butter.
    let itemBareUnits: PhraseSet
    /// "too", "as well", "también", "тоже", "nữa", "也": a line that adds
    /// to the one before ("juice as well" after taking the muesli bars off).
    let itemAlso: PhraseSet
    /// "for", "für", "pour", "на": what an item is for follows them
    /// ("lollies for the kids party"), and is no part of its name.
    let itemPurpose: PhraseSet
    /// "để", "to make": of those, the words that say a purpose whatever
    /// the thing before them ("kem tươi whipping để làm bánh"), known or not.
    let itemSurePurpose: PhraseSet
    /// Which words of an item's name show it was half read.
    let nameEvidence: NameEvidence
    /// The words by which a line said out of the sentences' order is put back in it.
    let rephrasing: RephrasingWords
    /// Which intents' sentences spell each word: what a line no sentence
    /// holds is read by (see ``Grammar/readByEvidence(_:lists:things:aisles:)``).
    let cues: IntentCues

    /// Rules, built into the engine, that put a name said in a sentence back
    /// in its dictionary form; named in a grammar's `items` block by `word forms:`.
    /// Whether an item's name puts the thing first and what kind of it
    /// after ("aceite de oliva", "sữa tươi"), rather than last ("olive
    /// oil", "Babyspinat", "全脂牛奶"): "aceite" may stand for the first,
    /// "oil" for the second, and "leche" never for "chocolate con leche".
    public let nameHeadFirst: Bool

    enum ItemWordForms: String, Sendable, CaseIterable {
        /// `RussianWordForms`: "добавь гречку" adds гречка, "два литра молока" молоко.
        case russian
    }
    /// Some sentence holds only when asked ("¿necesitamos leche?" looks,
    /// "necesitamos leche" adds), so whether a line is asked matters.
    let hasAskedSentences: Bool

    /// How a template writes "only when asked": a `?` alone at its end.
    static let questionMark = "?"

    /// Compiles grammar text; `file` names it in error messages.
    public static func compile(source: String, file: String) throws(GrammarError) -> Grammar {
        try GrammarCompiler.compile(try GrammarFileReader.read(source, file: file))
    }

    init(
        language: String, languageName: String, intents: [Intent], helpTopics: [(name: String, title: String)],
        defaultListName: String, vocabulary: [String: Int32], slotSpecs: [SlotSpec], trie: WordTrie,
        sentences: [Sentence], fillersBefore: PhraseSet, fillersAfter: PhraseSet, questionParticles: PhraseSet,
        valueLists: [(name: String, values: [String], phrases: PhraseSet)], itemSeparators: PhraseSet,
        itemDropBefore: PhraseSet, itemAfterQuantity: PhraseSet, itemQuantityAfter: PhraseSet, itemNotLast: PhraseSet,
        itemNotFirst: PhraseSet, itemNeverInName: PhraseSet,
        itemCounting: ItemCounting, itemListAfter: PhraseSet, numberJoiners: PhraseSet, halvesAfter: PhraseSet, gluedFractions: [String], decimalMark: UInt8,
        listDropBefore: PhraseSet,
        listDropAfter: PhraseSet, defaultListPhrases: PhraseSet, currentListPhrases: PhraseSet,
        listOwnerAfter: PhraseSet, listOwnerSuffix: String?, listCompoundSuffixes: [String], elision: Elision, wholeNames: WholeNames, shorthand: Shorthand,
        itemWordForms: ItemWordForms?, nameHeadFirst: Bool = false, itemBareUnits: PhraseSet, itemAlso: PhraseSet, itemPurpose: PhraseSet, itemSurePurpose: PhraseSet, nameEvidence: NameEvidence,
        rephrasing: RephrasingWords, cues: IntentCues, wordTable: Vocabulary? = nil
    ) {
        self.language = language
        self.languageName = languageName
        self.intents = intents
        self.helpTopics = helpTopics
        self.defaultListName = defaultListName
        self.vocabulary = vocabulary
        self.wordTable = wordTable ?? Vocabulary(Self.withUnaccentedSpellings(vocabulary))
        self.slotSpecs = slotSpecs
        self.slotKinds = slotSpecs.map(\.kind)
        self.trie = trie
        self.sentences = sentences
        self.fillersBefore = fillersBefore
        self.fillersAfter = fillersAfter
        self.questionParticles = questionParticles
        self.valueLists = valueLists
        self.numberWords = valueLists.firstIndex { $0.name == "number" }
        self.numberValues = numberWords.map { valueLists[$0].values.map { NumberReader.read($0) ?? .zero } } ?? []
        self.numberJoiners = numberJoiners
        self.halvesAfter = halvesAfter
        self.decimalMark = decimalMark
        self.multipliers = valueLists.firstIndex { $0.name == "multiplier" }
        self.units = valueLists.firstIndex { $0.name == "unit" }
        self.itemSeparators = itemSeparators
        self.itemDropBefore = itemDropBefore
        self.itemAfterQuantity = itemAfterQuantity
        self.itemQuantityAfter = itemQuantityAfter
        let units = self.units.map { valueLists[$0].phrases }
        // One-word fractions ("пол") that may be typed against a unit or multiplier ("полкило", "полдюжины").
        self.gluedFractions = gluedFractions
        let fractionWords = gluedFractions
        let multipliers = valueLists.firstIndex { $0.name == "multiplier" }.map { valueLists[$0].phrases }
        self.glued = GluedQuantities(
            vocabulary: vocabulary,
            suffixes: [units, itemAfterQuantity].compactMap { $0 }, prefixes: [itemQuantityAfter],
            fractions: fractionWords, afterFraction: [units, multipliers].compactMap { $0 })
        self.itemNotLast = itemNotLast
        self.itemNotFirst = itemNotFirst
        self.itemNeverInName = itemNeverInName
        self.itemCounting = itemCounting
        self.itemListAfter = itemListAfter
        self.listDropBefore = listDropBefore
        self.listDropAfter = listDropAfter
        self.defaultListPhrases = defaultListPhrases
        self.currentListPhrases = currentListPhrases
        self.listOwnerAfter = listOwnerAfter
        self.listOwnerSuffix = listOwnerSuffix
        self.listCompoundSuffixes = listCompoundSuffixes
        self.elision = elision
        self.wholeNames = wholeNames
        self.shorthand = shorthand
        self.itemWordForms = itemWordForms
        self.nameHeadFirst = nameHeadFirst
        self.itemBareUnits = itemBareUnits
        self.itemAlso = itemAlso
        self.itemPurpose = itemPurpose
        self.itemSurePurpose = itemSurePurpose
        self.nameEvidence = nameEvidence
        self.rephrasing = rephrasing
        self.cues = cues
        self.hasAskedSentences = sentences.contains(where: \.asked)
    }

    /// The size of the compiled tables, for benchmarks.
    public var statistics: (trieNodes: Int, words: Int) { (trie.nodeCount, vocabulary.count) }

    /// What a `values NAME` table stands for (`kg`, `litre`, ... for `unit`):
    /// the message files word each of these.
    public func values(_ table: String) -> [String] {
        valueLists.first { $0.name == table }?.values ?? []
    }

    /// True when the line is asked: it ends with "?" (or the full-width "？"),
    /// or opens with "¿". Spaces, quotes and brackets round it do not hide
    /// the mark. Read as bytes: it runs for every line.
    public static func isAsked(_ sentence: String) -> Bool {
        var sentence = sentence
        return sentence.withUTF8 { bytes in
            func has(_ sequence: StaticString, endingAt end: Int) -> Bool {
                let count = sequence.utf8CodeUnitCount
                guard end >= count else { return false }
                for offset in 0..<count where bytes[end - count + offset] != sequence.utf8Start[offset] { return false }
                return true
            }
            func has(_ sequence: StaticString, at start: Int) -> Bool {
                start + sequence.utf8CodeUnitCount <= bytes.count && has(sequence, endingAt: start + sequence.utf8CodeUnitCount)
            }
            var end = bytes.count
            closing: while end > 0 {
                switch bytes[end - 1] {
                case 0x20, 0x09, 0x22, 0x27, 0x29, 0x5D: end -= 1 // space, tab, " ' ) ]
                case 0x3F: return true // ?
                default:
                    if has("？", endingAt: end) { return true }
                    for mark: StaticString in ["»", "”", "’"] where has(mark, endingAt: end) {
                        end -= mark.utf8CodeUnitCount
                        continue closing
                    }
                    break closing
                }
            }
            var start = 0
            opening: while start < end {
                switch bytes[start] {
                case 0x20, 0x09, 0x22, 0x27, 0x28, 0x5B: start += 1 // space, tab, " ' ( [
                default:
                    if has("¿", at: start) { return true }
                    for mark: StaticString in ["«", "“"] where has(mark, at: start) {
                        start += mark.utf8CodeUnitCount
                        continue opening
                    }
                    break opening
                }
            }
            return false
        }
    }

    /// True when the line is asked in this grammar's language: marked so
    /// (see ``isAsked(_:)``, the static one), or ending, after other words,
    /// in one of its `question particles`. Vietnamese and Chinese ask with
    /// a word as often as with "?": "có trứng không", "mua sữa chưa",
    /// "鸡蛋买了吗"; the word alone ("không", "没有") is an answer.
    public func isAsked(_ line: String) -> Bool {
        isAsked(line, words: tokens(line))
    }

    /// The same, for a line already cut into the grammar's words, as matching it does.
    func isAsked(_ line: String, words: [Token]) -> Bool {
        Self.isAsked(line) || particleEnding(of: words) == .question
    }

    /// Whether the line closes with a word said after requests that asks
    /// for a yes to one ("trứng mua rồi, tích giúp được không?", "能帮我勾一下吗"):
    /// a request asked politely, with or without "?", and no question about
    /// the thing named first.
    public func closesWithARequestForAYes(_ line: String) -> Bool {
        particleEnding(of: tokens(line)) == .requestForAYes
    }

    private enum ParticleEnding { case none, question, requestForAYes }

    /// How a line's question particle ends it, if one does after other words: a question, or, closing
    /// a longer word said after requests ("加个牛奶好吗", "thêm trứng được không"), a request for a yes.
    private func particleEnding(of tokens: [Token]) -> ParticleEnding {
        guard !questionParticles.isEmpty else { return .none }
        // As spelled, never as typed without marks: "chua" is "chưa" (yet) as often as the "chua" of "cà chua" (tomato).
        let words = tokens.map { vocabulary[$0.text] ?? -1 }
        guard words.count >= 2 else { return .none }
        return words.withUnsafeBufferPointer { words in
            // A particle is a word or two ("chưa vậy", "没有"): the last three are all it may be.
            guard let particle = (max(1, words.count - 3)..<words.count).first(where: {
                questionParticles.matchesExactly(words, $0..<words.count) != nil
            }) else { return .none }
            return (0..<particle).contains { fillersAfter.matchesExactly(words, $0..<words.count) != nil } ? .requestForAYes : .question
        }
    }

    /// The words of a sentence, as the grammar reads them: elided words split off, whole names one word.
    func tokens(_ text: String) -> [Token] {
        words(of: Tokenizer.tokenize(text), in: text)
    }

    /// `tokenized`, the words of `text` as the tokenizer cut them, as the grammar reads them.
    func words(of tokenized: [Token], in text: String) -> [Token] {
        wholeNames.join(elision.split(tokenized, in: text), in: text)
    }

    /// Whether `name` is one the grammar lists as a whole name ("mac and
    /// cheese", «加州李»): a thing, though no aisle names it.
    public func isWholeName(_ name: String) -> Bool {
        wholeNames.contains(name)
    }

    /// Whether one of `tokens` is a word of the grammar's.
    func knowsAWord(of tokens: [Token]) -> Bool {
        tokens.contains { wordTable.id(of: $0.text) >= 0 }
    }

    /// The word ids of tokens; words the grammar never uses are -1. A word
    /// typed with accents the grammar writes without ("muéstrame" for
    /// "muestrame") is looked up once more without them — except in
    /// Vietnamese, where a tone mark makes another word: "bò" (beef) typed
    /// with its mark is never "bo", the unmarked "bỏ" (take off).
    func wordIDs(_ tokens: [Token]) -> [Int32] {
        let marksMakeWords = language == "vi"
        return tokens.map { token in
            let id = wordTable.id(of: token.text)
            // Names and other words the grammar lacks are nearly always plain ASCII: nothing to fold.
            guard id < 0, !marksMakeWords, !token.text.utf8.allSatisfy({ $0 < 0x80 }),
                  let unaccented = AccentFolding.folded(token.text) else { return id }
            return wordTable.id(of: unaccented)
        }
    }

    /// The grammar's words, and each accented word again as typed without
    /// its accents ("anade" for "añade") or with German umlauts spelled out
    /// ("fuer" for "für"), and each Simplified Chinese character in its
    /// Traditional form ("單" for "单"), unless the grammar has that spelling
    /// as a word of its own ("esta" and "está" stay two words when both are
    /// written).
    static func withUnaccentedSpellings(_ vocabulary: [String: Int32]) -> [String: Int32] {
        var table = vocabulary
        // Sorted, so that two words folding alike give the same id on every
        // run; only words with a letter beyond ASCII can fold at all.
        for (word, id) in vocabulary.filter({ $0.key.utf8.contains { $0 >= 0x80 } }).sorted(by: { $0.key < $1.key }) {
            for spelling in [AccentFolding.folded(word), AccentFolding.umlautsSpelledOut(word), HanVariants.traditionalSpelling(of: word)].compactMap({ $0 })
            where table[spelling] == nil {
                table[spelling] = id
            }
        }
        return table
    }
}
