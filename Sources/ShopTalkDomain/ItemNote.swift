/// A few words kept with an item: "add milk (the oat one)", "note on milk:
/// lactose free". Kept as names are (see ``TextRules``): whitespace folded,
/// 1 to 200 characters, nothing unprintable.
public struct ItemNote: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 200

    public let value: String

    public init(_ raw: String) throws(DomainError) {
        let value = TextRules.collapsingWhitespace(raw)
        guard !value.isEmpty else { throw .invalidNote(.empty) }
        guard value.count <= Self.maximumLength else { throw .invalidNote(.tooLong) }
        guard TextRules.isPrintable(value) else { throw .invalidNote(.controlCharacters) }
        self.value = value
    }

    /// As stored, read back without checking again.
    public init(stored value: String) { self.value = value }

    public var description: String { value }

    /// An item as said with its note in brackets at the end: "milk (the oat
    /// one)" is milk, noted "the oat one". A name that is all brackets, or
    /// has none at its end, is left whole.
    public static func split(_ said: String) -> (name: String, note: String?) {
        let trimmed = TextRules.collapsingWhitespace(said)
        // "纸尿裤（L号）": Chinese is typed with full-width brackets.
        let (opening, closing): (Character, Character) = trimmed.hasSuffix("）") ? ("（", "）") : ("(", ")")
        guard trimmed.last == closing, let open = trimmed.lastIndex(of: opening) else { return (said, nil) }
        let name = TextRules.collapsingWhitespace(String(trimmed[..<open]))
        let note = TextRules.collapsingWhitespace(String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]))
        guard !name.isEmpty, !note.isEmpty else { return (said, nil) }
        return (name, note)
    }
}
