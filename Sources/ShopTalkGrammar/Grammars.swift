import Foundation
import Synchronization

/// Every language ShopTalk understands at once, one compiled grammar each.
///
/// A line is tried against the grammars in turn, the conversation's own
/// language first: the first to understand it says what it means and in
/// which language to answer. So "ok", a bare name or "help", which several
/// languages understand, stay in the language already spoken, and a member
/// who switches to Spanish mid-conversation is answered in Spanish. When the
/// conversation's language does not understand a line, the others are tried,
/// the one that knows the most of its words first (``KnownWords``, read from
/// the grammar's text, so the order never waits for a compiler), and only
/// those that know a word of the line the conversation's language does not.
///
/// A grammar may be handed over still to compile (``Pending``): compiling is
/// most of start-up, and a line the conversation's language understands
/// never needs the others. It is compiled once, by whichever comes first:
/// the thread compiling the languages in the background, or the first line
/// that needs it, which then waits for it. Which language answers a line
/// never depends on which grammars are compiled yet.
public struct Grammars: Sendable {
    /// A grammar to compile when first needed, once.
    public final class Pending: Sendable {
        public let language: String
        private let compiled: Once<Grammar>
        private let known: Once<KnownWords>
        /// The reader's model, trained (or read from the cache) when first needed; nil without examples.
        private let learned: Once<LanguageModel?>

        /// `knownWords` reads the grammar's words from its text, cheaply;
        /// `compile` compiles it; `model` trains or reads its reader's model.
        public init(language: String, knownWords: @escaping @Sendable () -> KnownWords, compile: @escaping @Sendable () -> Grammar,
                    model: @escaping @Sendable (Grammar) -> LanguageModel? = { _ in nil }) {
            self.language = language
            let compiled = Once(compile)
            self.compiled = compiled
            self.known = Once(knownWords)
            self.learned = Once { model(compiled.value) }
        }

        /// A grammar compiled already; its words are read from its text with
        /// `knownWords`, or else are its compiled words.
        public init(_ grammar: Grammar, knownWords: (@Sendable () -> KnownWords)? = nil, model: @escaping @Sendable (Grammar) -> LanguageModel? = { _ in nil }) {
            self.language = grammar.language
            self.compiled = Once(value: grammar)
            self.known = Once(knownWords ?? { KnownWords(grammar) })
            self.learned = Once { model(grammar) }
        }

        /// The reader's model, trained or read now if nobody has yet.
        public var model: LanguageModel? { learned.value }

        /// The words the language knows, read once.
        var knownWords: KnownWords { known.value }

        /// The grammar, compiled now if nobody has yet; a caller that comes
        /// while another compiles it waits for that.
        public var grammar: Grammar { compiled.value }
    }

    /// In the order they are tried after the preferred one: the default first.
    private let pending: [Pending]
    /// The codes of the languages, the default first.
    public let languages: [String]
    /// The language of a conversation that has said nothing yet and of a
    /// member who never chose one.
    public let defaultLanguage: String

    private let aisleGuide: Once<AisleGuide>
    /// Which languages know each word, from every language's known words.
    private let wordLanguages: Once<WordLanguages>

    /// How many languages can be loaded at once: a line's words are ranked
    /// with a bit per language (see ``WordLanguages``).
    public static let maximumLanguages = 16

    /// `defaultLanguage` must be the language of one of `grammars`.
    public init(_ grammars: [Grammar], defaultLanguage: String, aisles: AisleGuide = .none) {
        self.init(pending: grammars.map { Pending($0) }, defaultLanguage: defaultLanguage, aisles: { aisles })
    }

    /// Grammars some of which may compile later (see ``Pending``); `aisles`
    /// reads the word lists of where things are in a shop, when a list is
    /// first shown.
    public init(pending: [Pending], defaultLanguage: String, aisles: @escaping @Sendable () -> AisleGuide = { .none }) {
        precondition(pending.contains { $0.language == defaultLanguage }, "no grammar for the default language \(defaultLanguage)")
        precondition(pending.count <= Self.maximumLanguages, "at most \(Self.maximumLanguages) languages at once")
        self.pending = pending.filter { $0.language == defaultLanguage } + pending.filter { $0.language != defaultLanguage }
        self.languages = self.pending.map(\.language)
        self.defaultLanguage = defaultLanguage
        self.aisleGuide = Once(aisles)
        let pending = self.pending
        self.wordLanguages = Once { WordLanguages(pending.map(\.knownWords)) }
    }

    /// Where things are in a shop, in every language (see ``AisleGuide``).
    public var aisles: AisleGuide { aisleGuide.value }

    /// One language alone.
    public init(_ grammar: Grammar) {
        self.init([grammar], defaultLanguage: grammar.language)
    }

    public subscript(language: String) -> Grammar? {
        pending.first { $0.language == language }?.grammar
    }

    /// The default language's grammar.
    public var defaultGrammar: Grammar { pending[0].grammar }

    /// The reader's model of `language`, trained from its examples when first
    /// asked for (or read from the compiled-grammar cache); nil for a language
    /// with no examples.
    public func model(_ language: String) -> LanguageModel? {
        pending.first { $0.language == language }?.model
    }

    /// `language` when it is loaded, else the default: what a member's stored
    /// choice means here. Compiles nothing.
    public func spoken(_ language: String?) -> String {
        language.flatMap { languages.contains($0) ? $0 : nil } ?? defaultLanguage
    }

    /// Reads every language's ``KnownWords``, which ranking a line needs
    /// before any grammar but the conversation's is tried.
    public func readKnownWords() {
        _ = wordLanguages.value
    }

    /// Compiles every grammar not compiled yet, so that none is left for a
    /// line to wait for.
    public func compileAll() {
        readKnownWords()
        for grammar in pending { _ = grammar.grammar }
    }

    /// ``compileAll()`` on a thread of its own.
    public func compileInBackground() {
        let grammars = self
        Thread.detachNewThread { grammars.compileAll() }
    }

    /// Whether `text` has a word `language` knows and `other` does not: the
    /// evidence a line needs to be taken in another language than the one
    /// spoken. Nil when either language is not loaded.
    public func wordsOnlyIn(_ language: String, not other: String, _ text: String) -> Bool? {
        guard let own = self[language], let spoken = self[other] else { return nil }
        return KnownWords(own).hasWordsUnknown(to: KnownWords(spoken), in: own.tokens(text))
    }

    /// Whether `text` speaks `language` rather than `other`: two words of
    /// its own at least, or one when `other` knows none of the line's words.
    /// The words of `names` (the household's lists and things, as typed)
    /// count as `other`'s: a thing of the household's ("Tomaten") with one
    /// English word is still a German line.
    public func speaks(_ language: String, not other: String, _ text: String, names: [String] = []) -> Bool {
        guard let own = self[language], let spoken = self[other] else { return false }
        let named = Set(names.flatMap { own.tokens($0).map { $0.text.lowercased() } })
        let tokens = own.tokens(text)
        let (words, others) = KnownWords(own).wordsUnknown(to: KnownWords(spoken), in: tokens.filter { !named.contains($0.text.lowercased()) })
        let householdWords = tokens.count { named.contains($0.text.lowercased()) }
        return words >= 2 || words == 1 && others + householdWords == 0
    }

    /// For a line `spoken`'s grammar knows no word of, the one language
    /// that knows more of its words than any other ("молоко" in «добаь
    /// молоко» said in an English conversation); nil when `spoken` knows a
    /// word, none knows one, or two know as many. No other grammar is
    /// compiled for a line of the conversation's own language.
    public func languageOfWords(in text: String, unknownTo spoken: String) -> String? {
        let words = Tokenizer.tokenize(text)
        if self[spoken]?.knowsAWord(of: words) != false { return nil }
        let counts = wordLanguages.value.counts(in: words)
        let ranked = pending.indices.sorted { counts[$0] > counts[$1] }
        guard let best = ranked.first, counts[best] > 0, ranked.count == 1 || counts[ranked[1]] < counts[best] else { return nil }
        return pending[best].language
    }

    /// The languages whose grammar text holds more of `text`'s words than
    /// `spoken`'s does, those holding most first: where a name read in
    /// `spoken` ("Käse dazu") may have taken another language's words
    /// ("dazu") for its own. Read from the grammars' text: none is compiled.
    public func languagesKnowingMore(of text: String, than spoken: String) -> [String] {
        guard let spokenIndex = pending.firstIndex(where: { $0.language == spoken }) else { return [] }
        let counts = wordLanguages.value.counts(in: Tokenizer.tokenize(text))
        return pending.indices.filter { counts[$0] > counts[spokenIndex] }
            .sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }.map { pending[$0].language }
    }

    /// What `text` means in the first language that understands it, trying
    /// `preferred` first; nil when none does.
    ///
    /// Evidence first: a line with not one word of the preferred language's
    /// grammar and some word of another's ("añade leche" in an English
    /// conversation) is tried in the others first, and in the preferred
    /// language only if none of them understands it. The preferred grammar
    /// then does not spend a failed parse on every line in another language.
    public func parse(_ text: String, preferring preferred: String) -> (language: String, parse: Parse)? {
        // Cut into words once: every language's grammar reads the same words.
        let words = Tokenizer.tokenize(text)
        let preferredIndex = pending.firstIndex { $0.language == preferred }
        let first = preferredIndex.map { pending[$0].grammar }
        // How many of the line's words each language knows, in one lookup a word.
        var known: SIMD16<UInt16>?
        func knownCounts() -> SIMD16<UInt16> {
            if let known { return known }
            let counts = wordLanguages.value.counts(in: words)
            known = counts
            return counts
        }
        // The others, the language that knows the most of the line's words
        // first (on a tie, in their order): a Spanish line is tried in
        // Spanish next, compiled now if it is not yet, and not in every
        // language before it.
        func ranked() -> [Int] {
            let counts = knownCounts()
            return pending.indices.filter { $0 != preferredIndex }.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        }
        var preferredLast = false
        if let first, let preferredIndex {
            // Looked up in the preferred grammar's own words first: a small
            // table, where most lines find a word.
            if !first.knowsAWord(of: words) {
                var others = knownCounts()
                others[preferredIndex] = 0
                preferredLast = others != .zero
            }
            if !preferredLast, let parse = first.parse(text, words: words) { return (preferred, parse) }
        }
        // Another language answers only on evidence of its own: a word the
        // spoken language does not know. "can u add crisps" is not
        // Vietnamese because Vietnamese has a word "can" too.
        // Compiled words, not those read from the text: "anot(a|á)" is "anotá".
        // The evidence is looked for before the parse: a few lookups, where
        // a parse that finds no evidence after it is wasted.
        let spoken = first.map(KnownWords.init)
        for index in ranked() {
            let grammar = pending[index].grammar
            // As that grammar reads them: "d'œufs" is "d'" and "œufs" in French.
            if let spoken, !KnownWords(grammar).hasWordsUnknown(to: spoken, in: grammar.words(of: words, in: text)) { continue }
            guard let parse = grammar.parse(text, words: words) else { continue }
            return (pending[index].language, parse)
        }
        if preferredLast, let first, let parse = first.parse(text, words: words) { return (preferred, parse) }
        return nil
    }
}
