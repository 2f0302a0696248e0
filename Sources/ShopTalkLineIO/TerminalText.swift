/// Text as it may reach a person's terminal: the write edge of every
/// transport a person reads (`chat`, the line protocol's text format,
/// `connect`).
///
/// Names come from other members, from an imported file or from another
/// program writing to a shared database; a terminal would act on a control
/// character or an escape sequence in them (retitle the window, repaint the
/// screen, ring the bell) and a bidirectional override would make one name
/// read as another. So every such character is written out visibly, as
/// `\u{1B}`, and the text's own line breaks (LF) and tabs are kept.
public enum TerminalText {
    /// `text` with every character a terminal would act on shown instead.
    public static func safe(_ text: String) -> String {
        // Nearly every line is printable ASCII: nothing to look at twice.
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x09 }) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isActedOn(scalar) {
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// C0 and C1 controls but LF and tab, DEL, the line and paragraph
    /// separators, and format characters (bidirectional marks, overrides and
    /// isolates, zero-width spaces), but the joiners that emoji and several
    /// scripts need between letters.
    static func isActedOn(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x200C, 0x200D: return false // zero-width non-joiner and joiner
        case 0x00..<0x20, 0x7F: return true
        case 0x20..<0x80: return false
        default:
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }
}
