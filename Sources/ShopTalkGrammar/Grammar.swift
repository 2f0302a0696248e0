/// A compiled grammar: built once from a grammar file, then shared read-only
/// by every session (it is an immutable value).
///
/// ```swift
/// let grammar = try Grammar(source: text, file: "en.grammar")
/// grammar.parse("add 3 eggs to Groceries")
/// // Parse(intent: "add_items", slots: [list: Groceries, items: [3 eggs]])
/// ```
public struct Grammar: Sendable {
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

    struct TrieNode: Sendable {
        var words: [Int32: Int32] = [:]
        var slots: [(slot: Int16, next: Int32)] = []
        var accepts: [Int32] = []
    }

    struct Sentence: Sendable {
        let intent: Int
        let fixed: [Parse.Slot]
    }

    public struct Intent: Sendable {
        public let name: String
        public let topic: String?
        public let help: String?
        public let examples: [String]
    }

    public let language: String
    public let languageName: String
    public let intents: [Intent]
    public let helpTopics: [(name: String, title: String)]
    /// The name of the list that "my list" and the like denote.
    public let defaultListName: String

    let vocabulary: [String: Int32]
    let slotSpecs: [SlotSpec]
    let trie: [TrieNode]
    let sentences: [Sentence]
    let fillersBefore: PhraseSet
    let fillersAfter: PhraseSet
    let valueLists: [(name: String, values: [String], phrases: PhraseSet)]
    let numberWords: Int?
    let units: Int?
    let itemSeparators: PhraseSet
    let itemDropBefore: PhraseSet
    let itemAfterQuantity: PhraseSet
    let listDropBefore: PhraseSet
    let listDropAfter: PhraseSet
    let defaultListPhrases: PhraseSet

    /// Compiles grammar text; `file` names it in error messages.
    public init(source: String, file: String) throws(GrammarError) {
        self = try GrammarCompiler.compile(try GrammarFileReader.read(source, file: file))
    }

    init(
        language: String, languageName: String, intents: [Intent], helpTopics: [(name: String, title: String)],
        defaultListName: String, vocabulary: [String: Int32], slotSpecs: [SlotSpec], trie: [TrieNode],
        sentences: [Sentence], fillersBefore: PhraseSet, fillersAfter: PhraseSet,
        valueLists: [(name: String, values: [String], phrases: PhraseSet)], itemSeparators: PhraseSet,
        itemDropBefore: PhraseSet, itemAfterQuantity: PhraseSet, listDropBefore: PhraseSet,
        listDropAfter: PhraseSet, defaultListPhrases: PhraseSet
    ) {
        self.language = language
        self.languageName = languageName
        self.intents = intents
        self.helpTopics = helpTopics
        self.defaultListName = defaultListName
        self.vocabulary = vocabulary
        self.slotSpecs = slotSpecs
        self.trie = trie
        self.sentences = sentences
        self.fillersBefore = fillersBefore
        self.fillersAfter = fillersAfter
        self.valueLists = valueLists
        self.numberWords = valueLists.firstIndex { $0.name == "number" }
        self.units = valueLists.firstIndex { $0.name == "unit" }
        self.itemSeparators = itemSeparators
        self.itemDropBefore = itemDropBefore
        self.itemAfterQuantity = itemAfterQuantity
        self.listDropBefore = listDropBefore
        self.listDropAfter = listDropAfter
        self.defaultListPhrases = defaultListPhrases
    }

    /// The word ids of tokens; words the grammar never uses are -1.
    func wordIDs(_ tokens: [Token]) -> [Int32] {
        tokens.map { vocabulary[$0.text] ?? -1 }
    }
}
