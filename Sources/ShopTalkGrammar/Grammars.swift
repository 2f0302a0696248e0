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
/// the one that knows the most of its words first.
///
/// A grammar may be handed over still to compile (``Pending``): compiling is
/// most of start-up, and a line the conversation's language understands
/// never needs the others. It is compiled once, by whichever comes first:
/// the thread compiling the languages in the background, or the first line
/// that needs it, which then waits for it.
public struct Grammars: Sendable {
    /// A grammar to compile when first needed, once.
    public final class Pending: Sendable {
        public let language: String
        private let state: Mutex<State>
        /// Set once compiled: tells without waiting whether asking would wait.
        private let isCompiled = Atomic<Bool>(false)

        private enum State {
            case waiting(@Sendable () -> Grammar)
            case compiled(Grammar)
        }

        public init(language: String, compile: @escaping @Sendable () -> Grammar) {
            self.language = language
            self.state = Mutex(.waiting(compile))
        }

        public init(_ grammar: Grammar) {
            self.language = grammar.language
            self.state = Mutex(.compiled(grammar))
            isCompiled.store(true, ordering: .releasing)
        }

        /// The grammar if it is compiled already; nil, without waiting, if not.
        var ifCompiled: Grammar? {
            isCompiled.load(ordering: .acquiring) ? grammar : nil
        }

        /// The grammar, compiled now if nobody has yet; a caller that comes
        /// while another compiles it waits for that.
        public var grammar: Grammar {
            state.withLock { state in
                switch state {
                case .compiled(let grammar):
                    return grammar
                case .waiting(let compile):
                    let grammar = compile()
                    state = .compiled(grammar)
                    isCompiled.store(true, ordering: .releasing)
                    return grammar
                }
            }
        }
    }

    /// In the order they are tried after the preferred one: the default first.
    private let pending: [Pending]
    /// The codes of the languages, the default first.
    public let languages: [String]
    /// The language of a conversation that has said nothing yet and of a
    /// member who never chose one.
    public let defaultLanguage: String

    /// `defaultLanguage` must be the language of one of `grammars`.
    public init(_ grammars: [Grammar], defaultLanguage: String) {
        self.init(pending: grammars.map(Pending.init), defaultLanguage: defaultLanguage)
    }

    /// Grammars some of which may compile later (see ``Pending``).
    public init(pending: [Pending], defaultLanguage: String) {
        precondition(pending.contains { $0.language == defaultLanguage }, "no grammar for the default language \(defaultLanguage)")
        self.pending = pending.filter { $0.language == defaultLanguage } + pending.filter { $0.language != defaultLanguage }
        self.languages = self.pending.map(\.language)
        self.defaultLanguage = defaultLanguage
    }

    /// One language alone.
    public init(_ grammar: Grammar) {
        self.init([grammar], defaultLanguage: grammar.language)
    }

    public subscript(language: String) -> Grammar? {
        pending.first { $0.language == language }?.grammar
    }

    /// The default language's grammar.
    public var defaultGrammar: Grammar { pending[0].grammar }

    /// `language` when it is loaded, else the default: what a member's stored
    /// choice means here. Compiles nothing.
    public func spoken(_ language: String?) -> String {
        language.flatMap { languages.contains($0) ? $0 : nil } ?? defaultLanguage
    }

    /// Compiles, on a thread of its own, every grammar not compiled yet, so
    /// that none is left for a line to wait for.
    public func compileInBackground() {
        let pending = self.pending
        Thread.detachNewThread {
            for grammar in pending { _ = grammar.grammar }
        }
    }

    /// What `text` means in the first language that understands it, trying
    /// `preferred` first; nil when none does.
    public func parse(_ text: String, preferring preferred: String) -> (language: String, parse: Parse)? {
        // Cut into words once: every language's grammar reads the same words.
        let words = Tokenizer.tokenize(text)
        if let first = self[preferred], let parse = first.parse(text, words: words) { return (preferred, parse) }
        // The others, the language that knows the most of the line's words
        // first (on a tie, in their order): a Spanish line is tried in
        // Spanish next, not in every language before it. While some are still
        // compiling, in their order, so that none is waited for needlessly.
        let others = pending.filter { $0.language != preferred }
        let compiled = others.compactMap(\.ifCompiled)
        if compiled.count == others.count && compiled.count > 1 {
            let ranked = compiled.enumerated()
                .map { (order: $0.offset, grammar: $0.element, known: $0.element.knownWordCount(words)) }
                .sorted { $0.known != $1.known ? $0.known > $1.known : $0.order < $1.order }
            for candidate in ranked {
                if let parse = candidate.grammar.parse(text, words: words) { return (candidate.grammar.language, parse) }
            }
            return nil
        }
        for other in others {
            if let parse = other.grammar.parse(text, words: words) { return (other.language, parse) }
        }
        return nil
    }
}
