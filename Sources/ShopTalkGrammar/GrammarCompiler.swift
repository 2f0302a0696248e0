/// Turns a grammar file's definitions into the matching structures: every
/// sentence template is expanded into its word sequences, and those are
/// merged into one trie over word ids, so shared beginnings are matched once.
struct GrammarCompiler {
    /// Slots every grammar may use, and how each is read. Any other slot must
    /// name a value list of the grammar.
    static let builtInSlots: [String: Grammar.SlotSpec.Kind] = [
        "list": .wildcard, "item": .wildcard, "items": .wildcard, "new_name": .wildcard,
        "users": .wildcard, "text": .wildcard, "user": .word, "code": .word, "number": .number,
    ]

    /// A sentence template may spell at most this many word sequences.
    static let expansionLimit = 20_000

    enum Element: Hashable {
        case word(String)
        case slot(String, SourceLocation)
    }

    private let definition: GrammarDefinition
    private var vocabulary: [String: Int32] = [:]
    private var slotSpecs: [Grammar.SlotSpec] = []
    private var slotIndex: [String: Int16] = [:]
    private var trie = [Grammar.TrieNode()]
    private var sentences: [Grammar.Sentence] = []

    static func compile(_ definition: GrammarDefinition) throws(GrammarError) -> Grammar {
        var compiler = GrammarCompiler(definition: definition)
        return try compiler.compile()
    }

    private init(definition: GrammarDefinition) { self.definition = definition }

    private func error(_ message: String, at location: SourceLocation) -> GrammarError {
        GrammarError(file: definition.file, location: location, message: message)
    }

    private mutating func compile() throws(GrammarError) -> Grammar {
        var valueLists: [(name: String, values: [String], phrases: PhraseSet)] = []
        for list in definition.values.values.sorted(by: { $0.name < $1.name }) {
            var phrases = PhraseSet()
            var values: [String] = []
            for entry in list.entries {
                values.append(entry.value)
                try addPhrases(entry.phrasing, at: entry.location, payload: Int32(values.count - 1), to: &phrases)
            }
            if list.name == "number", let bad = list.entries.first(where: { Int($0.value) == nil }) {
                throw error("the values of “number” must be whole numbers, not “\(bad.value)”", at: bad.location)
            }
            valueLists.append((list.name, values, phrases))
        }
        let listIndex = Dictionary(uniqueKeysWithValues: valueLists.enumerated().map { ($1.name, $0) })

        var intents: [Grammar.Intent] = []
        for (intentIndex, intent) in definition.intents.enumerated() {
            guard !intent.sentences.isEmpty else { throw error("the intent \(intent.name) has no “say:” line", at: intent.location) }
            guard !intent.examples.isEmpty else { throw error("the intent \(intent.name) needs an “example:” for help", at: intent.location) }
            for sentence in intent.sentences {
                let fixed = try sentence.fixed.map { assignment throws(GrammarError) in
                    guard let kind = Self.builtInSlots[assignment.slot] ?? listIndex[assignment.slot].map({ .values($0) }) else {
                        throw error("there is no slot called {\(assignment.slot)}", at: sentence.location)
                    }
                    if case .values(let index) = kind, !valueLists[index].values.contains(assignment.value) {
                        throw error("“\(assignment.value)” is not a value of \(assignment.slot)", at: sentence.location)
                    }
                    return Parse.Slot(name: assignment.slot, value: kind == .number ? .number(Int(assignment.value) ?? 0) : .value(assignment.value))
                }
                sentences.append(Grammar.Sentence(intent: intentIndex, fixed: fixed))
                let sentenceID = Int32(sentences.count - 1)
                for sequence in try expand(sentence.template, at: sentence.location) {
                    try insert(sequence, sentence: sentenceID, listIndex: listIndex, at: sentence.location)
                }
            }
            intents.append(.init(name: intent.name, topic: intent.topic, help: intent.help, examples: intent.examples.map(\.value)))
        }

        // Phrase sets add words to the vocabulary, so build them before the grammar copies it.
        let fillersBefore = try phraseSet(definition.before), fillersAfter = try phraseSet(definition.after)
        let itemSeparators = try phraseSet(definition.itemSeparators), itemDropBefore = try phraseSet(definition.itemDropBefore)
        let itemAfterQuantity = try phraseSet(definition.itemAfterQuantity)
        let listDropBefore = try phraseSet(definition.listDropBefore), listDropAfter = try phraseSet(definition.listDropAfter)
        let defaultListPhrases = try phraseSet(definition.defaultListPhrases)
        let grammar = Grammar(
            language: definition.language?.value ?? "", languageName: definition.languageName ?? definition.language?.value ?? "",
            intents: intents, helpTopics: definition.helpTopics, defaultListName: definition.defaultListName ?? "Shopping list",
            vocabulary: vocabulary, slotSpecs: slotSpecs, trie: trie, sentences: sentences,
            fillersBefore: fillersBefore, fillersAfter: fillersAfter, valueLists: valueLists,
            itemSeparators: itemSeparators, itemDropBefore: itemDropBefore, itemAfterQuantity: itemAfterQuantity,
            listDropBefore: listDropBefore, listDropAfter: listDropAfter, defaultListPhrases: defaultListPhrases)
        try checkExamples(of: grammar)
        return grammar
    }

    /// Every example must be understood as its own intent: help shows them, so they must never lie.
    private func checkExamples(of grammar: Grammar) throws(GrammarError) {
        for intent in definition.intents {
            for example in intent.examples {
                let parsed = grammar.parse(example.value)
                guard parsed?.intent == intent.name else {
                    let understood = parsed.map { "as \($0.intent)" } ?? "at all"
                    throw error("this example of \(intent.name) is not understood \(understood)", at: example.location)
                }
            }
        }
    }

    // MARK: Expansion

    private mutating func expand(_ template: Template, at location: SourceLocation, ruleStack: [String] = []) throws(GrammarError) -> [[Element]] {
        switch template {
        case .text(let text):
            return [Tokenizer.tokenize(text).map { .word($0.text) }]
        case .slot(let name, let slotLocation):
            return [[.slot(name, slotLocation)]]
        case .rule(let name, let ruleLocation):
            guard let rule = definition.rules[name] else {
                let known = definition.rules.keys.sorted().map { "<\($0)>" }.joined(separator: ", ")
                throw error("there is no rule called <\(name)>\(known.isEmpty ? "" : "; the rules are \(known)")", at: ruleLocation)
            }
            guard !ruleStack.contains(name) else { throw error("the rule <\(name)> uses itself", at: ruleLocation) }
            return try expand(rule.value, at: rule.location, ruleStack: ruleStack + [name])
        case .optional(let inner):
            return [[]] + (try expand(inner, at: location, ruleStack: ruleStack))
        case .choice(let branches):
            var all: [[Element]] = []
            for branch in branches { all += try expand(branch, at: location, ruleStack: ruleStack) }
            return all
        case .sequence(let parts):
            var all: [[Element]] = [[]]
            for part in parts {
                let tails = try expand(part, at: location, ruleStack: ruleStack)
                all = all.flatMap { head in tails.map { head + $0 } }
                guard all.count <= Self.expansionLimit else {
                    throw error("this sentence spells more than \(Self.expansionLimit) ways; split it into several “say:” lines", at: location)
                }
            }
            return all
        }
    }

    private mutating func wordID(_ word: String) -> Int32 {
        if let id = vocabulary[word] { return id }
        let id = Int32(vocabulary.count)
        vocabulary[word] = id
        return id
    }

    private mutating func insert(_ sequence: [Element], sentence: Int32, listIndex: [String: Int], at location: SourceLocation) throws(GrammarError) {
        var node = 0
        var previousWasOpenSlot = false
        var sawAnything = false
        for element in sequence {
            sawAnything = true
            switch element {
            case .word(let word):
                let id = wordID(word)
                if let next = trie[node].words[id] {
                    node = Int(next)
                } else {
                    trie.append(Grammar.TrieNode())
                    trie[node].words[id] = Int32(trie.count - 1)
                    node = trie.count - 1
                }
                previousWasOpenSlot = false
            case .slot(let name, let slotLocation):
                guard let kind = Self.builtInSlots[name] ?? listIndex[name].map({ .values($0) }) else {
                    let known = (Array(Self.builtInSlots.keys) + Array(listIndex.keys)).sorted().map { "{\($0)}" }.joined(separator: ", ")
                    throw error("there is no slot called {\(name)}; the slots are \(known)", at: slotLocation)
                }
                if kind == .wildcard && previousWasOpenSlot {
                    throw error("{\(name)} follows another slot with no word between them, so nothing tells where one ends", at: slotLocation)
                }
                let slot = slotID(name, kind)
                if let edge = trie[node].slots.first(where: { $0.slot == slot }) {
                    node = Int(edge.next)
                } else {
                    trie.append(Grammar.TrieNode())
                    trie[node].slots.append((slot, Int32(trie.count - 1)))
                    node = trie.count - 1
                }
                previousWasOpenSlot = kind == .wildcard
            }
        }
        guard sawAnything else { throw error("this sentence can be empty; make at least one word required", at: location) }
        if !trie[node].accepts.contains(sentence) { trie[node].accepts.append(sentence) }
    }

    private mutating func slotID(_ name: String, _ kind: Grammar.SlotSpec.Kind) -> Int16 {
        if let id = slotIndex[name] { return id }
        slotSpecs.append(.init(name: name, kind: kind))
        let id = Int16(slotSpecs.count - 1)
        slotIndex[name] = id
        return id
    }

    // MARK: Phrase sets

    private mutating func addPhrases(_ template: Template, at location: SourceLocation, payload: Int32, to set: inout PhraseSet) throws(GrammarError) {
        for sequence in try expand(template, at: location) {
            var words: [Int32] = []
            for element in sequence {
                guard case .word(let word) = element else {
                    throw error("a phrase here cannot hold a slot", at: location)
                }
                words.append(wordID(word))
            }
            guard !words.isEmpty else { throw error("a phrase here cannot be empty", at: location) }
            set.insert(words, payload: payload)
        }
    }

    private mutating func phraseSet(_ templates: [Template]) throws(GrammarError) -> PhraseSet {
        var set = PhraseSet()
        for template in templates {
            try addPhrases(template, at: SourceLocation(line: 0, column: 0), payload: 0, to: &set)
        }
        return set
    }
}
