import Foundation

/// A line the household confirmed: the bot asked "did you mean …?", and the
/// member said yes. Kept as the household's own example, so the same
/// phrasing acts without asking next time. Which words filled which slot is
/// kept with it (`slots`, see the reader), so the phrasing is learned, not
/// only the line: "bung 2 tins of beans on aldi", confirmed once, reads
/// "bung milk on costco" too.
///
/// A household's own: kept in its store, exported with it, never shared
/// with another; "forget what you learned" clears them.
public struct LearnedLine: Hashable, Sendable {
    public let language: String
    /// The line as typed.
    public let text: String
    public let intent: String
    /// The slots: `slot@start-end[=value]`, word positions of the line, joined by ";".
    public let slots: String
    public let member: UserName
    public let learnedAt: Date

    public init(language: String, text: String, intent: String, slots: String, member: UserName, learnedAt: Date) {
        self.language = language
        self.text = text
        self.intent = intent
        self.slots = slots
        self.member = member
        self.learnedAt = learnedAt
    }

    /// How a line is looked up: lowercase, its spaces collapsed.
    public static func key(of text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The most kept per language: the oldest go first.
    public static let limit = 500
}
