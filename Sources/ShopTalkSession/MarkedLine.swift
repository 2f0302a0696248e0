/// "- kefir", "-1 baguette", "-芹菜", "鸡蛋 √", "✓ milk": the marks a family
/// puts on a shopping list in a chat, the same in every language. A dash
/// before things takes them off; a tick beside them ticks them off. The
/// things themselves are read by the grammar; the mark says what to do.
struct MarkedLine: Hashable, Sendable {
    enum Mark: Hashable, Sendable {
        case takeOff
        case tick
    }

    let mark: Mark
    /// The line without its mark: the things it is about.
    let things: String

    private static let dashes: Set<Character> = ["-", "−", "–"]
    private static let ticks: Set<Character> = ["✓", "✔", "✔️", "√", "☑", "☑️", "✅"]
    /// The first scalar of each tick: a line ending in one is not stripped of it as an emoji (see ``ParsedLine``).
    static let tickScalars = Set(ticks.compactMap(\.unicodeScalars.first))
    /// The first scalars of the marks, and the variation selector a tick may end with.
    private static let markScalars = Set(dashes.union(ticks).flatMap(\.unicodeScalars))

    /// Nil for a line with no such mark, or nothing beside it; "--" and
    /// "- -" are no mark (a separator line, or a smiley).
    init?(_ line: String) {
        // Most lines have no mark: looked at without copying the line.
        let scalars = line.unicodeScalars
        guard let head = scalars.first(where: { !$0.properties.isWhitespace }), let tail = scalars.last(where: { !$0.properties.isWhitespace }),
              Self.markScalars.contains(head) || Self.markScalars.contains(tail) else { return nil }
        let trimmed = ParsedLine.trimmingSpaces(line)
        guard let first = trimmed.first, let last = trimmed.last else { return nil }
        let mark: Mark, rest: Substring
        if Self.dashes.contains(first) {
            (mark, rest) = (.takeOff, trimmed.dropFirst())
        } else if Self.ticks.contains(first) {
            (mark, rest) = (.tick, trimmed.dropFirst())
        } else if Self.ticks.contains(last) {
            (mark, rest) = (.tick, trimmed.dropLast())
        } else {
            return nil
        }
        let things = ParsedLine.trimmingSpaces(String(rest))
        guard let start = things.first, !Self.dashes.contains(start), !Self.ticks.contains(start),
              things.contains(where: \.isLetter) else { return nil }
        self.mark = mark
        self.things = things
    }

    /// The intent the mark stands for.
    var intent: IntentName {
        switch mark {
        case .takeOff: .removeItem
        case .tick: .checkItem
        }
    }
}
