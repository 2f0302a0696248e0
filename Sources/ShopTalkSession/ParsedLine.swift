import ShopTalkGrammar

/// A line with its sentence parsed. Parsing needs only the grammar, never the
/// store, so the server parses on the connection's own task and leaves the
/// store's single thread nothing but the command itself.
public struct ParsedLine: Sendable {
    public let input: InputLine
    /// The sentence without spaces at its ends.
    public let text: String
    /// What the grammar made of it; nil when nothing matched.
    public let parse: Parse?

    public init(_ input: InputLine, grammar: Grammar) {
        self.input = input
        self.text = Self.trimmingSpaces(input.text)
        self.parse = text.isEmpty ? nil : grammar.parse(text)
    }

    /// The line without spaces at its ends. Not Foundation's
    /// `trimmingCharacters(in:)`, which goes through NSString and cost as much
    /// as parsing the sentence.
    static func trimmingSpaces(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return text }
        return String(scalars[first...last])
    }
}
