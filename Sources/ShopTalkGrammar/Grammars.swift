/// Every language ShopTalk understands at once, one compiled grammar each.
///
/// A line is tried against the grammars in turn, the conversation's own
/// language first: the first to understand it says what it means and in
/// which language to answer. So "ok", a bare name or "help", which several
/// languages understand, stay in the language already spoken, and a member
/// who switches to Spanish mid-conversation is answered in Spanish.
public struct Grammars: Sendable {
    /// In the order they are tried after the preferred one: the default first.
    public let all: [Grammar]
    /// The language of a conversation that has said nothing yet and of a
    /// member who never chose one.
    public let defaultLanguage: String

    /// `defaultLanguage` must be the language of one of `grammars`.
    public init(_ grammars: [Grammar], defaultLanguage: String) {
        precondition(grammars.contains { $0.language == defaultLanguage }, "no grammar for the default language \(defaultLanguage)")
        self.all = grammars.filter { $0.language == defaultLanguage } + grammars.filter { $0.language != defaultLanguage }
        self.languages = all.map(\.language)
        self.defaultLanguage = defaultLanguage
    }

    /// One language alone.
    public init(_ grammar: Grammar) {
        self.init([grammar], defaultLanguage: grammar.language)
    }

    /// The codes of the languages, the default first.
    public let languages: [String]

    public subscript(language: String) -> Grammar? {
        all.first { $0.language == language }
    }

    /// The default language's grammar.
    public var defaultGrammar: Grammar { all[0] }

    /// What `text` means in the first language that understands it, trying
    /// `preferred` first; nil when none does.
    public func parse(_ text: String, preferring preferred: String) -> (language: String, parse: Parse)? {
        // Cut into words once: every language's grammar reads the same words.
        let words = Tokenizer.tokenize(text)
        if let first = self[preferred], let parse = first.parse(text, words: words) { return (preferred, parse) }
        for grammar in all where grammar.language != preferred {
            if let parse = grammar.parse(text, words: words) { return (grammar.language, parse) }
        }
        return nil
    }
}
