/// One word of a sentence: its lowercased text for matching, and where it
/// stands in the original line, so slot values keep what the person typed.
public struct Token: Hashable, Sendable {
    public let text: String
    public let range: Range<String.Index>
}

/// Splits text into words, the same way for sentences and for the grammar's
/// own literals, so the two always agree.
///
/// - Letters, digits and marks make words; `'`, `-`, `.` and `_` stay inside a
///   word when letters or digits stand on both sides ("what's", "read-only",
///   "bob.smith"), and a `,` or `.` between digits stays in a number ("1,000").
/// - Han, kana, Hangul and Thai characters are one word each: these scripts
///   write no spaces, so a name is whatever lies between the grammar's words.
/// - `,`, `&` and `+` are words of their own: they join items in a list.
/// - Other punctuation separates words and is dropped.
public enum Tokenizer {
    public static func tokenize(_ text: String) -> [Token] {
        var tokens: [Token] = []
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        var wordStart: String.Index?
        var word = String.UnicodeScalarView()

        func flush(at end: String.Index) {
            guard let start = wordStart else { return }
            tokens.append(Token(text: String(word).lowercased(), range: start..<end))
            wordStart = nil
            word.removeAll(keepingCapacity: true)
        }

        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            switch classify(scalar) {
            case .word:
                if wordStart == nil { wordStart = index }
                word.append(scalar)
            case .standalone:
                flush(at: index)
                tokens.append(Token(text: String(scalar).lowercased(), range: index..<next))
            case .joiner:
                let previousIsWord = wordStart != nil
                let nextIsWord = next < scalars.endIndex && classify(scalars[next]) == .word
                let betweenDigits = previousIsWord && (word.last.map { $0.properties.numericType != nil } ?? false)
                    && next < scalars.endIndex && scalars[next].properties.numericType != nil
                if previousIsWord && nextIsWord && (scalar != "," || betweenDigits) {
                    word.append(scalar == "\u{2019}" ? "'" : scalar)
                } else if scalar == "-" && !previousIsWord && next < scalars.endIndex && scalars[next].properties.numericType != nil {
                    wordStart = index
                    word.append(scalar)
                } else {
                    flush(at: index)
                    if scalar == "," { tokens.append(Token(text: ",", range: index..<next)) }
                }
            case .separator:
                flush(at: index)
            }
            index = next
        }
        flush(at: scalars.endIndex)
        return tokens
    }

    enum Class { case word, standalone, joiner, separator }

    static func classify(_ scalar: Unicode.Scalar) -> Class {
        switch scalar {
        case "'", "\u{2019}", "-", ".", "_", ",": return .joiner
        case "&", "+", "\u{3001}", "\u{FF0C}": return .standalone
        default: break
        }
        let properties = scalar.properties
        if isUnspacedScript(scalar) { return .standalone }
        if properties.isAlphabetic || properties.numericType != nil { return .word }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .currencySymbol:
            return .word
        default:
            return .separator
        }
    }

    /// Scripts written without spaces between words.
    static func isUnspacedScript(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF,   // Hiragana, Katakana
             0x3400...0x4DBF,   // CJK Extension A
             0x4E00...0x9FFF,   // CJK Unified Ideographs
             0xF900...0xFAFF,   // CJK Compatibility Ideographs
             0xAC00...0xD7AF,   // Hangul syllables
             0x0E00...0x0E7F,   // Thai
             0x20000...0x2FA1F: // CJK Extensions B and on
            return true
        default:
            return false
        }
    }
}
