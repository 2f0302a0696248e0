/// What a reader calls a thing an item's name names in another language:
/// "Milch" for "leche" to a German reader; and, for more than one, what
/// they call a name of their own language ("Äpfel" for "2 Apfel"). Handed
/// to ``Wording`` by whoever reads the language files; nil when the reader
/// would write the name as it is or no file knows it, and the name is shown as typed.
public struct ThingWords: Sendable {
    private let word: @Sendable (_ name: String, _ language: String, _ plural: Bool, _ typedIn: String?) -> String?
    private let facts: @Sendable (_ word: String, _ language: String) -> [String: String]?

    /// `facts`: what a sentence in a language needs to know of one of its
    /// words: its gender, its classifier, its case forms (see
    /// ``MessageTemplate``'s `{name.fact}`).
    public init(
        _ word: @escaping @Sendable (_ name: String, _ language: String, _ plural: Bool, _ typedIn: String?) -> String?,
        facts: @escaping @Sendable (_ word: String, _ language: String) -> [String: String]? = { _, _ in nil }
    ) {
        self.word = word
        self.facts = facts
    }

    public func word(for name: String, in language: String, plural: Bool, typedIn: String? = nil) -> String? {
        word(name, language, plural, typedIn)
    }

    /// Whether a thing after a unit is named in the plural: when the reader
    /// has a plural for it and its word names no mass ("1 kg of potatoes",
    /// but "1 kg de queso", "500 g Käse"); a name no file knows stays as
    /// typed. `plural` for any thing not measured.
    public func isPlural(_ name: String, in language: String, plural: Bool, measured: Bool, typedIn: String?) -> Bool {
        guard measured, plural else { return plural }
        guard word(for: name, in: language, plural: true, typedIn: typedIn) != nil else { return false }
        let singular = typedIn == language ? name : word(for: name, in: language, plural: false, typedIn: typedIn) ?? name
        return facts(of: singular, in: language)?["mass"] != "yes"
    }

    public func facts(of word: String, in language: String) -> [String: String]? {
        facts(word, language)
    }
}

extension Message {
    /// The message with every ``MessageArgument/thing(_:plural:typedIn:)``
    /// the reader has another word for in that word; the message itself, not
    /// copied, when it has none, as a reply in the language its items were
    /// typed in has.
    func naming(_ things: ThingWords, in language: String) -> Message {
        renamed(things, in: language) ?? self
    }

    /// Nil when nothing changes.
    fileprivate func renamed(_ things: ThingWords, in language: String) -> Message? {
        var changed: [(String, MessageArgument)]?
        for (index, entry) in arguments.enumerated() {
            guard let renamed = entry.value.renamed(things, in: language) else { continue }
            if changed == nil { changed = arguments.map { ($0.name, $0.value) } }
            changed![index].1 = renamed
        }
        return changed.map { Message(key, MessageArguments($0)) }
    }
}

extension MessageArgument {
    /// Nil when nothing changes.
    fileprivate func renamed(_ things: ThingWords, in language: String) -> MessageArgument? {
        switch self {
        case .thing(let name, let plural, let typedIn, let showingTyped, let measured):
            let plural = things.isPlural(name, in: language, plural: plural, measured: measured, typedIn: typedIn)
            guard let word = things.word(for: name, in: language, plural: plural, typedIn: typedIn) else { return nil }
            // "2 Apfel", typed in the reader's own language: its plural, and nothing typed to show beside it;
            // "nuoc mam", the reader's word typed without its marks: as the file spells it.
            if typedIn == language { return .thing(word, plural: plural, typedIn: language) }
            // Still a thing, now in the reader's language: its facts are that language's.
            let shown = MessageArgument.thing(word, plural: plural, typedIn: language)
            return showingTyped ? .message(Message(.thingTyped, ["word": shown, "typed": .text(name)])) : shown
        case .text, .number, .decimal: return nil
        case .message(let message): return message.renamed(things, in: language).map(MessageArgument.message)
        case .list(let parts, let conjunction): return Self.renamed(parts, things, in: language).map { .list($0, conjunction) }
        case .lines(let parts): return Self.renamed(parts, things, in: language).map(MessageArgument.lines)
        }
    }

    private static func renamed(_ parts: [MessageArgument], _ things: ThingWords, in language: String) -> [MessageArgument]? {
        var changed: [MessageArgument]?
        for (index, part) in parts.enumerated() {
            guard let renamed = part.renamed(things, in: language) else { continue }
            if changed == nil { changed = parts }
            changed![index] = renamed
        }
        return changed
    }
}
