/// Rules every stored name follows, so that nothing a member types can
/// disguise itself or reach another member's terminal as a control sequence.
enum TextRules {
    /// Trims the ends and folds runs of whitespace into one space.
    static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// False for control characters (C0, C1, DEL), bidirectional overrides and
    /// invisible format characters such as zero-width spaces.
    static func isPrintable(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
                return false
            default:
                return true
            }
        }
    }
}
