import Foundation
import ShopTalkGrammar

/// A line with its sentence parsed. Parsing needs only the grammars, never
/// the store, so the server parses on the connection's own task and leaves
/// the store's single thread nothing but the command itself.
///
/// The line is tried in the language the transport expects (the one it
/// last answered in) first; the bot tries again in the conversation's
/// language in the rare case the two differ (see ``Bot``).
public struct ParsedLine: Sendable {
    public let input: InputLine
    /// The sentence without spaces at its ends, its shorthand spelled out in
    /// the language tried first ("thêm nc giặt" is "thêm nước giặt"; see ``Shorthand``).
    public let text: String
    /// What a grammar made of it; nil when none understood it.
    public let parse: Parse?
    /// The language of the grammar that understood it.
    public let language: String?
    /// The language tried first.
    public let preferred: String

    public init(_ input: InputLine, grammars: Grammars, preferring preferred: String) {
        self.input = input
        let typed = Self.withoutClosingEmoji(Self.composed(Self.trimmingSpaces(input.text)))
        let spelled = grammars[preferred]?.shorthand.spelledOut(typed) ?? typed
        self.preferred = preferred
        var understood = typed.isEmpty ? nil : grammars.parse(spelled, preferring: preferred)
        // "what is on the list" from a German speaker is English, and its "is" no German "ist";
        // a line a sentence holds only as typed is read as typed.
        if spelled != typed, understood?.language != preferred, let other = grammars.parse(typed, preferring: preferred) {
            (self.text, understood) = (typed, other)
        } else {
            self.text = spelled
        }
        self.parse = understood?.parse
        self.language = understood?.language
    }

    /// The line in Unicode's composed form (NFC): "sữa" typed as "su" and
    /// two combining marks, as some Vietnamese keyboards send it, is the
    /// "sữa" of the grammar and of the list. Only a line with a combining
    /// mark is converted; the others are composed already.
    static func composed(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x300 && $0.properties.canonicalCombiningClass != .notReordered }) else {
            return text
        }
        return text.precomposedStringWithCanonicalMapping
    }

    /// "Nutella!!! 😍", "crème solaire pour les vacances ☀️", "加薯片！！😋":
    /// emoji that close a line say how the speaker feels, not what they want,
    /// and the line is read without them. Kept are a food or a household
    /// thing drawn as one ("add 🥚", "eggs 🥚"), which may be the thing meant,
    /// a tick, which ticks off (see ``MarkedLine``), and a line of emoji alone ("👍").
    static func withoutClosingEmoji(_ text: String) -> String {
        // Most lines end in a letter, a digit or a question mark: nothing to copy.
        guard let last = text.unicodeScalars.last, !last.isASCII else { return text }
        let scalars = text.unicodeScalars
        var end = scalars.endIndex, sawEmoji = false
        while end > scalars.startIndex {
            let scalar = scalars[scalars.index(before: end)]
            if scalar.properties.isWhitespace || scalar.value == 0xFE0F || scalar.value == 0x200D || (0x1F3FB...0x1F3FF).contains(scalar.value) {
                end = scalars.index(before: end)
            } else if scalar.value >= 0x2000, scalar.properties.isEmoji, !isThingOrTick(scalar) {
                (end, sawEmoji) = (scalars.index(before: end), true)
            } else {
                break
            }
        }
        guard sawEmoji, end > scalars.startIndex else { return text }
        return trimmingSpaces(String(scalars[..<end]))
    }

    /// Food and drink, and the household things a list holds (soap, a toilet roll, a toothbrush), and the ticks.
    private static func isThingOrTick(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1F32D...0x1F37F, 0x1F950...0x1F96F, 0x1F9C0...0x1F9CB, 0x1FAD0...0x1FADF, // 🌭…🍿, 🥐…🥯, 🧀…🧋, 🫐…🫛
             0x1F9F4...0x1F9FE, 0x1FAA3...0x1FAA5:                                      // 🧴…🧽, 🪣…🪥
            return true
        default:
            return MarkedLine.tickScalars.contains(scalar)
        }
    }

    /// "Hardware: nails, screws", "牛奶：燕麦的": what stands before the first
    /// colon and what after it, each without spaces at its ends; nil when
    /// the line has no colon or either side is empty.
    static func splitAtColon(_ text: String) -> (head: String, rest: String)? {
        guard let colon = text.firstIndex(where: { $0 == ":" || $0 == "：" }) else { return nil }
        let head = trimmingSpaces(String(text[..<colon])), rest = trimmingSpaces(String(text[text.index(after: colon)...]))
        guard !head.isEmpty, !rest.isEmpty else { return nil }
        return (head, rest)
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
