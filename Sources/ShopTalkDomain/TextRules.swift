/// Rules every stored name follows, so that nothing a member types can
/// disguise itself or reach another member's terminal as a control sequence.
public enum TextRules {
    /// Trims the ends and folds runs of whitespace into one space.
    static func collapsingWhitespace(_ text: String) -> String {
        if isTidyASCII(text) { return text }
        return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Printable ASCII with single spaces between words: already tidy, the common case.
    private static func isTidyASCII(_ text: String) -> Bool {
        var previousWasSpace = true
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else { return false }
            if byte == 0x20 {
                if previousWasSpace { return false }
                previousWasSpace = true
            } else {
                previousWasSpace = false
            }
        }
        return !previousWasSpace
    }

    /// False for control characters (C0, C1, DEL), bidirectional overrides,
    /// invisible format characters such as zero-width spaces, and every other
    /// character Unicode says to draw as nothing — the combining grapheme
    /// joiner, the Hangul fillers, a variation selector that follows no
    /// emoji — and the blank Braille pattern: with them "mi͏lk" would be a
    /// second milk that looks like the first.
    public static func isPrintable(_ text: String) -> Bool {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return true }
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
                return false
            default:
                break
            }
            if scalar.value == 0x2800 { return false }
            if scalar.properties.isDefaultIgnorableCodePoint {
                // U+FE0E and U+FE0F choose how an emoji is drawn: kept after one ("❤️").
                let isEmojiStyle = scalar.value == 0xFE0E || scalar.value == 0xFE0F
                guard isEmojiStyle, let previous, previous.properties.isEmoji, !previous.isASCII else { return false }
            }
        }
        return true
    }
}
