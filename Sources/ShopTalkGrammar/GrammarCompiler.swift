/// Turns a grammar file's definitions into the matching structures. Each
/// sentence template is walked straight into one trie over word ids (a set
/// of trie positions stands for the ways the template can have gone so far),
/// so shared beginnings are matched once and no expansion is ever listed.
struct GrammarCompiler {
    /// Slots every grammar may use, and how each is read. Any other slot must
    /// name a value list of the grammar.
    static let builtInSlots: [String: Grammar.SlotSpec.Kind] = [
        "list": .wildcard, "to_list": .wildcard, "item": .wildcard, "items": .wildcard, "new_name": .wildcard,
        "users": .wildcard, "text": .wildcard, "user": .word, "code": .word, "channel": .word, "quantity": .number,
    ]

    /// A sentence template may reach at most this many trie positions at once.
    static let expansionLimit = 20_000

    /// Where a template can have got to: a trie node, whether the last thing
    /// matched was an open slot (two in a row could never be told apart), and
    /// whether anything was matched at all.
    private struct State: Hashable {
        let node: Int32
        let afterOpenSlot: Bool
        let matchedSomething: Bool

        /// The state as one number, for `KeyTable`.
        var key: UInt64 {
            UInt64(UInt32(bitPattern: node)) | (afterOpenSlot ? 1 << 32 : 0) | (matchedSomething ? 1 << 33 : 0)
        }
    }

    /// A set of states in insertion order: searched in order while small,
    /// hashed once it grows.
    private struct StateSet: Sequence {
        private var states: [State] = []
        /// Made only for a set past 16 states: most sets hold a few, and
        /// an empty table costs two allocations.
        private var index: KeyTable?
        init() {}
        init(_ state: State) { states = [state] }
        var count: Int { states.count }
        mutating func insert(_ state: State) {
            if states.count < 16 {
                if states.contains(state) { return }
            } else {
                if index == nil {
                    index = KeyTable(capacity: 256)
                    for known in states { index!.insert(known.key) }
                }
                guard index!.insert(state.key) else { return }
            }
            states.append(state)
        }
        mutating func formUnion(_ other: StateSet) { for state in other.states { insert(state) } }
        func makeIterator() -> IndexingIterator<[State]> { states.makeIterator() }
    }

    private let definition: GrammarDefinition
    private var vocabulary: [String: Int32] = [:]
    private var literalCache: [String: [Int32]] = [:]
    private var slotSpecs: [Grammar.SlotSpec] = []
    private var slotIndex: [String: Int16] = [:]
    private var listIndex: [String: Int] = [:]
    private var sentences: [Grammar.Sentence] = []
    /// The words the sentences and their fillers spell, as they are walked:
    /// what an item's name holds only when it was half read (see ``NameEvidence``).
    private var sentenceWordIDs = Set<Int32>()
    private var recordingSentenceWords = false
    /// Articles and prepositions ("the", "for", "de", "в"): sentences use
    /// them, and so do names ("food for the dog", "eggs from the farm").
    private var structureWordIDs = Set<Int32>()
    private var recordingStructureWords = false
    /// The intents whose sentences spell each run of words, as they are walked: the
    /// cues a line no sentence holds is read by (see ``IntentCues``).
    private var intentsOfPhrase: [[Int32]: Set<Int>] = [:]
    private var walkingIntent: Int?

    static func compile(_ definition: GrammarDefinition) throws(GrammarError) -> Grammar {
        var compiler = GrammarCompiler(definition: definition)
        return try compiler.compile()
    }

    private init(definition: GrammarDefinition) {
        self.definition = definition
        self.elision = Elision(definition.elision)
    }

    /// Literals are split as sentences are: "qu'est-ce" is "qu" and "est-ce".
    private let elision: Elision

    private func error(_ message: String, at location: SourceLocation) -> GrammarError {
        GrammarError(file: definition.file, location: location, message: message)
    }

    private mutating func compile() throws(GrammarError) -> Grammar {
        var valueLists: [(name: String, values: [String], phrases: PhraseSet)] = []
        for list in definition.values.values.sorted(by: { $0.name < $1.name }) {
            var builder = WordTrie.Builder()
            var values: [String] = []
            for entry in list.entries {
                values.append(entry.value)
                try addPhrases(entry.phrasing, at: entry.location, payload: Int32(values.count - 1), to: &builder)
            }
            if list.name == "number", let bad = list.entries.first(where: { NumberReader.read($0.value).map { $0.denominator > 0 } != true }) {
                throw error("the values of “number” must be numbers (“12”, “1.5”, “1/2”), not “\(bad.value)”", at: bad.location)
            }
            if list.name == "multiplier", let bad = list.entries.first(where: { (Int($0.value) ?? 0) < 2 }) {
                throw error("the values of “multiplier” must be whole numbers above 1, not “\(bad.value)”", at: bad.location)
            }
            valueLists.append((list.name, values, PhraseSet(trie: builder.freeze())))
        }
        listIndex = Dictionary(uniqueKeysWithValues: valueLists.enumerated().map { ($1.name, $0) })

        var trie = WordTrie.Builder(expectedEdges: 32_768)
        var intents: [Grammar.Intent] = []
        recordingSentenceWords = true
        for (intentIndex, intent) in definition.intents.enumerated() {
            guard !intent.sentences.isEmpty else { throw error("the intent \(intent.name) has no “say:” line", at: intent.location) }
            guard !intent.examples.isEmpty else { throw error("the intent \(intent.name) needs an “example:” for help", at: intent.location) }
            walkingIntent = intentIndex
            defer { walkingIntent = nil }
            for sentence in intent.sentences {
                let fixed = try sentence.fixed.map { assignment throws(GrammarError) in
                    guard let kind = slotKind(assignment.slot) else {
                        throw error("there is no slot called {\(assignment.slot)}", at: sentence.location)
                    }
                    if case .values(let index) = kind, !valueLists[index].values.contains(assignment.value) {
                        throw error("“\(assignment.value)” is not a value of \(assignment.slot)", at: sentence.location)
                    }
                    // "share it with bob": the list the conversation talked about last, said without naming it.
                    if assignment.slot == "list" {
                        guard assignment.value == "current" else {
                            throw error("a sentence can only set {list} to current (the list talked about last)", at: sentence.location)
                        }
                        return Parse.Slot(name: "list", value: .currentList)
                    }
                    return Parse.Slot(name: assignment.slot, value: kind == .number ? .number(NumberReader.read(assignment.value) ?? .zero) : .value(assignment.value))
                }
                let (template, asked) = try questionMarkRemoved(from: sentence.template, at: sentence.location)
                sentences.append(Grammar.Sentence(intent: intentIndex, fixed: fixed, asked: asked, asksFirst: sentence.asksFirst))
                let start = State(node: WordTrie.root, afterOpenSlot: false, matchedSomething: false)
                let ends = try walk(template, from: StateSet(start), in: &trie, at: sentence.location)
                for end in ends {
                    guard end.matchedSomething else {
                        throw error("this sentence can be empty; make at least one word required", at: sentence.location)
                    }
                    trie.accept(end.node, payload: Int32(sentences.count - 1))
                }
            }
            let slots = intent.sentences.reduce(into: Set<String>()) { slots, sentence in
                slots.formUnion(slotNames(in: sentence.template))
                slots.formUnion(sentence.fixed.map(\.slot))
            }
            intents.append(.init(name: intent.name, topic: intent.topic, help: intent.help, examples: intent.examples.map(\.value), slots: slots))
        }

        // Phrase sets add words to the vocabulary, so build them before the grammar copies it.
        let fillersBefore = try phraseSet(definition.before), fillersAfter = try phraseSet(definition.after)
        recordingSentenceWords = false
        let namesMayHold = try phraseSet(definition.itemNamesMayHold)
        let halfRead = definition.itemHalfRead.isEmpty ? nil : try phraseSet(definition.itemHalfRead)
        // Articles, prepositions and the "x" of "eggs x 2", which names hold as sentences do, are recorded as such.
        recordingStructureWords = true
        let itemDropBefore = try phraseSet(definition.itemDropBefore), itemListAfter = try phraseSet(definition.itemListAfter)
        let listDropBefore = try phraseSet(definition.listDropBefore), listOwnerAfter = try phraseSet(definition.listOwnerAfter)
        let listLedBy = try phraseSet(definition.listLedBy)
        let itemAfterQuantity = try phraseSet(definition.itemAfterQuantity), itemQuantityAfter = try phraseSet(definition.itemQuantityAfter)
        recordingStructureWords = false
        let rephrasing = Grammar.RephrasingWords(listLedBy: listLedBy, pronouns: try phraseSet(definition.itemPronouns))
        let itemSeparators = try phraseSet(definition.itemSeparators)
        let questionParticles = try phraseSet(definition.questionParticles)
        let itemNotLast = try phraseSet(definition.itemNotLast)
        let itemNotFirst = try phraseSet(definition.itemNotFirst), itemNeverInName = try phraseSet(definition.itemNeverInName)
        let itemCounting = Grammar.ItemCounting(askHowMany: try phraseSet(definition.itemAskHowMany), oneMore: try phraseSet(definition.itemOneMore), articles: try phraseSet(definition.itemArticles),
                                                    amountTakenBack: try phraseSet(definition.itemAmountTakenBack),
                                                    amountMeant: try phraseSet(definition.itemAmountMeant))
        let itemBareUnits = try phraseSet(definition.itemBareUnits), itemAlso = try phraseSet(definition.itemAlso)
        let itemPurpose = try phraseSet(definition.itemPurpose)
        let itemSurePurpose = try phraseSet(definition.itemSurePurpose)
        let numberJoiners = try phraseSet(definition.numberJoiners), halvesAfter = try phraseSet(definition.halvesAfter)
        let listDropAfter = try phraseSet(definition.listDropAfter)
        let defaultListPhrases = try phraseSet(definition.defaultListPhrases)
        let currentListPhrases = try phraseSet(definition.currentListPhrases)
        let grammar = Grammar(
            language: definition.language?.value ?? "", languageName: definition.languageName ?? definition.language?.value ?? "",
            intents: intents, helpTopics: definition.helpTopics, defaultListName: definition.defaultListName ?? "Shopping list",
            vocabulary: vocabulary, slotSpecs: slotSpecs, trie: trie.freeze(), sentences: sentences,
            fillersBefore: fillersBefore, fillersAfter: fillersAfter, questionParticles: questionParticles, valueLists: valueLists,
            itemSeparators: itemSeparators, itemDropBefore: itemDropBefore, itemAfterQuantity: itemAfterQuantity,
            itemQuantityAfter: itemQuantityAfter, itemNotLast: itemNotLast, itemNotFirst: itemNotFirst,
            itemNeverInName: itemNeverInName, itemCounting: itemCounting, itemListAfter: itemListAfter,
            numberJoiners: numberJoiners, halvesAfter: halvesAfter, gluedFractions: gluedFractions(), decimalMark: definition.decimalMark?.value.utf8.first ?? UInt8(ascii: "."),
            listDropBefore: listDropBefore, listDropAfter: listDropAfter, defaultListPhrases: defaultListPhrases,
            currentListPhrases: currentListPhrases, listOwnerAfter: listOwnerAfter,
            listOwnerSuffix: definition.listOwnerSuffix?.lowercased(), listCompoundSuffixes: definition.listCompoundSuffixes,
            elision: elision, wholeNames: WholeNames(definition.itemWholeNames), shorthand: try shorthand(), itemWordForms: try itemWordForms(), nameHeadFirst: definition.nameHeadFirst?.value == "first", itemBareUnits: itemBareUnits, itemAlso: itemAlso, itemPurpose: itemPurpose, itemSurePurpose: itemSurePurpose,
            nameEvidence: NameEvidence(sentenceWords: sentenceWordIDs.subtracting(structureWordIDs), vocabularySize: vocabulary.count, namesMayHold: namesMayHold, halfRead: halfRead,
                halfReadSpelled: Set(definition.itemHalfRead.flatMap { literalWords(in: $0.value) })),
            rephrasing: rephrasing, cues: IntentCues(intentsOfPhrase: intentsOfPhrase))
        try checkExamples(of: grammar)
        return grammar
    }

    /// A typed form is one word and stands for one whole word: "k" cannot be
    /// both "không" and "kilo".
    private func shorthand() throws(GrammarError) -> Shorthand {
        var wholeWords: [String: String] = [:]
        for entry in definition.shorthand {
            for typed in entry.typed {
                let words = Tokenizer.tokenize(typed)
                guard words.count == 1, let word = words.first, !word.isNumber else {
                    throw error("a shorthand is typed as one word, not “\(typed)”", at: entry.location)
                }
                if let other = wholeWords[word.text], other != entry.whole {
                    throw error("“\(typed)” is shorthand for both “\(other)” and “\(entry.whole)”", at: entry.location)
                }
                wholeWords[word.text] = entry.whole
            }
        }
        var afterHyphen = Dictionary(definition.hyphenParticles.map { ($0.lowercased(), "") }, uniquingKeysWith: { first, _ in first })
        for entry in definition.hyphenWords {
            for typed in entry.typed {
                if let other = afterHyphen[typed.lowercased()], other != entry.whole {
                    throw error("“-\(typed)” stands for both “\(other)” and “\(entry.whole)”", at: entry.location)
                }
                afterHyphen[typed.lowercased()] = entry.whole
            }
        }
        return Shorthand(wholeWords: wholeWords, afterHyphen: afterHyphen,
                         keptBefore: Set(definition.hyphenParticlesKeptAfter.map { $0.lowercased() }))
    }

    private func itemWordForms() throws(GrammarError) -> Grammar.ItemWordForms? {
        guard let named = definition.itemWordForms else { return nil }
        guard let forms = Grammar.ItemWordForms(rawValue: named.value) else {
            let known = Grammar.ItemWordForms.allCases.map(\.rawValue).joined(separator: ", ")
            throw error("there are no word forms called “\(named.value)”; there are: \(known)", at: named.location)
        }
        return forms
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

    /// A sentence's closing " ?" ("(necesitamos|hace falta) {item} ?"):
    /// the template without it, and whether it was there. A "?" anywhere
    /// else is a mistake, as nothing could follow the end of a question.
    private func questionMarkRemoved(from template: Template, at location: SourceLocation) throws(GrammarError) -> (Template, asked: Bool) {
        var template = template
        var asked = false
        if case .sequence(var parts) = template, parts.last == .text(Grammar.questionMark) {
            parts.removeLast()
            template = parts.count == 1 ? parts[0] : .sequence(parts)
            asked = true
        }
        if template.contains(.text(Grammar.questionMark)) {
            throw error("“?” stands alone at the very end of a sentence, where it says the line must be asked", at: location)
        }
        return (template, asked)
    }

    // MARK: Walking templates into the trie

    private func slotKind(_ name: String) -> Grammar.SlotSpec.Kind? {
        Self.builtInSlots[name] ?? listIndex[name].map { .values($0) }
    }

    /// The states reached by matching `template` from each of `states`.
    private mutating func walk(
        _ template: Template, from states: StateSet, in trie: inout WordTrie.Builder,
        at location: SourceLocation, ruleStack: [String] = []
    ) throws(GrammarError) -> StateSet {
        switch template {
        case .text(let text):
            let words = wordIDs(of: text)
            guard !words.isEmpty else { return states }
            if recordingSentenceWords { sentenceWordIDs.formUnion(words) }
            if let walkingIntent { intentsOfPhrase[words, default: []].insert(walkingIntent) }
            if recordingStructureWords { structureWordIDs.formUnion(words) }
            var reached = StateSet()
            for state in states {
                reached.insert(State(node: words.reduce(state.node) { trie.follow($0, word: $1) }, afterOpenSlot: false, matchedSomething: true))
            }
            return reached
        case .slot(let name, let slotLocation):
            guard let kind = slotKind(name) else {
                let known = (Array(Self.builtInSlots.keys) + Array(listIndex.keys)).sorted().map { "{\($0)}" }.joined(separator: ", ")
                throw error("there is no slot called {\(name)}; the slots are \(known)", at: slotLocation)
            }
            let slot = slotID(name, kind)
            var reached = StateSet()
            for state in states {
                if kind == .wildcard && state.afterOpenSlot {
                    throw error("{\(name)} follows another slot with no word between them, so nothing tells where one ends", at: slotLocation)
                }
                reached.insert(State(node: trie.follow(state.node, slot: slot), afterOpenSlot: kind == .wildcard, matchedSomething: true))
            }
            return reached
        case .rule(let name, let ruleLocation):
            guard let rule = definition.rules[name] else {
                let known = definition.rules.keys.sorted().map { "<\($0)>" }.joined(separator: ", ")
                throw error("there is no rule called <\(name)>\(known.isEmpty ? "" : "; the rules are \(known)")", at: ruleLocation)
            }
            guard !ruleStack.contains(name) else { throw error("the rule <\(name)> uses itself", at: ruleLocation) }
            return try walk(rule.value, from: states, in: &trie, at: rule.location, ruleStack: ruleStack + [name])
        case .optional(let inner):
            var reached = states
            reached.formUnion(try walk(inner, from: states, in: &trie, at: location, ruleStack: ruleStack))
            return reached
        case .choice(let branches):
            var reached = StateSet()
            for branch in branches { reached.formUnion(try walk(branch, from: states, in: &trie, at: location, ruleStack: ruleStack)) }
            return reached
        case .sequence(let parts):
            var reached = states
            for part in parts {
                reached = try walk(part, from: reached, in: &trie, at: location, ruleStack: ruleStack)
                guard reached.count <= Self.expansionLimit else {
                    throw error("this sentence spells more than \(Self.expansionLimit) ways; split it into several “say:” lines", at: location)
                }
            }
            return reached
        }
    }

    /// The one-word spellings of the fractions under `values number` ("пол",
    /// "half"), which a unit may be typed against ("полкило"), or joined to by
    /// a hyphen ("пол-литра", "demi-kilo"): "demi-" is the word "demi".
    private func gluedFractions() -> [String] {
        func words(_ template: Template) -> [String] {
            switch template {
            case .text(let text) where !text.contains(" "): [text.hasSuffix("-") ? String(text.lowercased().dropLast()) : text.lowercased()]
            case .choice(let parts): parts.flatMap(words)
            default: []
            }
        }
        let entries = definition.values["number"]?.entries ?? []
        return Array(Set(entries.filter { NumberReader.read($0.value)?.isProperFraction == true }.flatMap { words($0.phrasing) })).sorted()
    }

    /// The words a template spells, as the tokenizer reads them (rules are not followed).
    private func literalWords(in template: Template) -> [String] {
        switch template {
        case .text(let text): elision.split(Tokenizer.tokenize(text), in: text).map(\.text)
        case .slot, .rule: []
        case .optional(let inner): literalWords(in: inner)
        case .choice(let parts), .sequence(let parts): parts.flatMap { literalWords(in: $0) }
        }
    }

    /// The slots a template fills, through its rules.
    private func slotNames(in template: Template, ruleStack: [String] = []) -> Set<String> {
        switch template {
        case .text: []
        case .slot(let name, _): [name]
        case .rule(let name, _):
            ruleStack.contains(name) ? [] : definition.rules[name].map { slotNames(in: $0.value, ruleStack: ruleStack + [name]) } ?? []
        case .optional(let inner): slotNames(in: inner, ruleStack: ruleStack)
        case .choice(let parts), .sequence(let parts): parts.reduce(into: Set<String>()) { $0.formUnion(slotNames(in: $1, ruleStack: ruleStack)) }
        }
    }

    /// The word ids of a literal, tokenized once however often a rule uses it.
    private mutating func wordIDs(of text: String) -> [Int32] {
        if let ids = literalCache[text] { return ids }
        let ids = elision.split(Tokenizer.tokenize(text), in: text).map { wordID($0.text) }
        literalCache[text] = ids
        return ids
    }

    private mutating func wordID(_ word: String) -> Int32 {
        if let id = vocabulary[word] { return id }
        let id = Int32(vocabulary.count)
        vocabulary[word] = id
        return id
    }

    private mutating func slotID(_ name: String, _ kind: Grammar.SlotSpec.Kind) -> Int16 {
        if let id = slotIndex[name] { return id }
        slotSpecs.append(.init(name: name, kind: kind))
        let id = Int16(slotSpecs.count - 1)
        slotIndex[name] = id
        return id
    }

    // MARK: Phrase sets

    private mutating func addPhrases(_ template: Template, at location: SourceLocation, payload: Int32, to trie: inout WordTrie.Builder) throws(GrammarError) {
        if template.containsSlot { throw error("a phrase here cannot hold a slot", at: location) }
        let start = State(node: WordTrie.root, afterOpenSlot: false, matchedSomething: false)
        for end in try walk(template, from: StateSet(start), in: &trie, at: location) {
            guard end.matchedSomething else { throw error("a phrase here cannot be empty", at: location) }
            trie.accept(end.node, payload: payload)
        }
    }

    private mutating func phraseSet(_ templates: [GrammarDefinition.Located<Template>]) throws(GrammarError) -> PhraseSet {
        var builder = WordTrie.Builder()
        for template in templates {
            try addPhrases(template.value, at: template.location, payload: 0, to: &builder)
        }
        return PhraseSet(trie: builder.freeze())
    }
}

extension Template {
    /// True when `part` appears anywhere in it (rules are not followed).
    func contains(_ part: Template) -> Bool {
        if self == part { return true }
        switch self {
        case .text, .rule, .slot: return false
        case .optional(let inner): return inner.contains(part)
        case .choice(let parts), .sequence(let parts): return parts.contains { $0.contains(part) }
        }
    }

    /// True when a slot appears anywhere in it (rules are not followed).
    var containsSlot: Bool {
        switch self {
        case .text, .rule: false
        case .slot: true
        case .optional(let inner): inner.containsSlot
        case .choice(let parts), .sequence(let parts): parts.contains { $0.containsSlot }
        }
    }
}
