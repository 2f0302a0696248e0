/// What a reader calls a thing an item's name names in another language:
/// "Milch" for "leche" to a German reader. Handed to ``Wording`` by whoever
/// reads the language files; nil when a name is the reader's own word or no
/// file knows it, and the name is shown as typed.
public struct ThingWords: Sendable {
    private let word: @Sendable (_ name: String, _ language: String, _ plural: Bool, _ typedIn: String?) -> String?

    public init(_ word: @escaping @Sendable (_ name: String, _ language: String, _ plural: Bool, _ typedIn: String?) -> String?) {
        self.word = word
    }

    public func word(for name: String, in language: String, plural: Bool, typedIn: String? = nil) -> String? {
        word(name, language, plural, typedIn)
    }
}

extension Message {
    /// The message with every ``MessageArgument/thing(_:plural:)`` in the
    /// reader's word; the message itself, not copied, when it names none.
    func naming(_ things: ThingWords, in language: String) -> Message {
        guard arguments.contains(where: { $0.value.namesThings }) else { return self }
        return Message(key, MessageArguments(arguments.map { ($0.name, $0.value.naming(things, in: language)) }))
    }
}

extension MessageArgument {
    fileprivate var namesThings: Bool {
        switch self {
        case .thing: true
        case .text, .number, .decimal: false
        case .message(let message): message.arguments.contains { $0.value.namesThings }
        case .list(let parts, _), .lines(let parts): parts.contains { $0.namesThings }
        }
    }

    fileprivate func naming(_ things: ThingWords, in language: String) -> MessageArgument {
        switch self {
        case .thing(let name, let plural, let typedIn): .text(things.word(for: name, in: language, plural: plural, typedIn: typedIn) ?? name)
        case .text, .number, .decimal: self
        case .message(let message): .message(message.naming(things, in: language))
        case .list(let parts, let conjunction): .list(parts.map { $0.naming(things, in: language) }, conjunction)
        case .lines(let parts): .lines(parts.map { $0.naming(things, in: language) })
        }
    }
}
