/// Something the bot says, before it is worded: a key of the message files
/// and named arguments. Language-neutral: it is worded only when it reaches
/// a reader, by the ``MessageCatalog`` of the reader's language.
///
/// ```swift
/// Message(.added, ["items": .list([...], .and), "list": .text("Groceries")])
/// // en: "Added 3 eggs and milk to Groceries."   es: "Añadí 3 huevos y leche a Groceries."
/// ```
public struct Message: Hashable, Sendable {
    public let key: MessageKey
    public let arguments: [String: MessageArgument]

    public init(_ key: MessageKey, _ arguments: [String: MessageArgument] = [:]) {
        self.key = key
        self.arguments = arguments
    }
}

/// What a message's placeholder is filled with.
public indirect enum MessageArgument: Hashable, Sendable {
    /// As typed, never translated: a list's, an item's or a member's name,
    /// or a value a template selects on ("read-only").
    case text(String)
    /// A count: "3 items".
    case number(Int)
    /// An exact decimal written with "." ("1.5"): shown with the language's
    /// decimal mark ("1,5"), and its plural form chosen from its digits.
    case decimal(String)
    /// A phrase worded by a message of its own: "3 loaves of bread".
    case message(Message)
    /// Several, joined as the language joins them: "a, b and c", "a, b y c".
    case list([MessageArgument], Conjunction)
    /// Several, one on each line.
    case lines([MessageArgument])

    public enum Conjunction: String, Hashable, Sendable {
        /// "a, b and c".
        case and
        /// "a, b or c".
        case or
        /// "a, b, c": names side by side.
        case plain
        /// Sentences one after the other: "Added eggs. There is no salt."
        case sentences
    }
}
