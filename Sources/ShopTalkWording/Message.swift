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
    public let arguments: MessageArguments

    public init(_ key: MessageKey, _ arguments: MessageArguments = [:]) {
        self.key = key
        self.arguments = arguments
    }
}

/// A message's named arguments: a few pairs, kept in an array sorted by name
/// rather than a dictionary, since every reply makes one and hashing and a
/// dictionary's storage cost more than looking through three names.
public struct MessageArguments: Hashable, Sendable, ExpressibleByDictionaryLiteral, Sequence {
    public struct Entry: Hashable, Sendable {
        public let name: String
        public let value: MessageArgument
    }

    private var entries: [Entry]

    public init(dictionaryLiteral elements: (String, MessageArgument)...) {
        entries = elements.map { Entry(name: $0.0, value: $0.1) }
        if entries.count > 1 { entries.sort { $0.name < $1.name } }
    }

    public init(_ pairs: [(String, MessageArgument)]) {
        entries = pairs.map { Entry(name: $0.0, value: $0.1) }
        if entries.count > 1 { entries.sort { $0.name < $1.name } }
    }

    public subscript(name: String) -> MessageArgument? {
        for entry in entries where entry.name == name { return entry.value }
        return nil
    }

    /// These and one more, or `value` in place of the one of that name.
    public func adding(_ name: String, _ value: MessageArgument) -> MessageArguments {
        var copy = self
        copy.entries.removeAll { $0.name == name }
        copy.entries.append(Entry(name: name, value: value))
        copy.entries.sort { $0.name < $1.name }
        return copy
    }

    /// The arguments by name, in order.
    public func makeIterator() -> IndexingIterator<[Entry]> { entries.makeIterator() }
}

/// What a message's placeholder is filled with.
public enum MessageArgument: Hashable, Sendable {
    /// As typed, never translated: a list's, an item's or a member's name,
    /// or a value a template selects on ("read-only").
    case text(String)
    /// An item's name as typed, which a reader is shown in their own word
    /// when the language files know the thing: "leche" is "Milch" to a
    /// German reader, "Eier" when `plural` (see ``Wording/things``);
    /// `typedIn`: the language the name was typed in, when known;
    /// `showingTyped`: where a member asks about the item ("who added the
    /// milk?"), the name as typed beside the reader's word; `measured`:
    /// after a unit ("3 kg of potatoes", "2 packs of sausages"), where
    /// `plural` means "in the plural unless the reader's word names a mass"
    /// ("1 kg de queso", "500 g Käse", a fact `mass=yes` in the aisle files).
    /// Boxed, so that every other argument stays as small as it was.
    indirect case thing(String, plural: Bool, typedIn: String?, showingTyped: Bool = false, measured: Bool = false)
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
