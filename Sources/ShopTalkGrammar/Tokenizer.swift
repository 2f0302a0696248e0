/// One word of a sentence: its lowercased text for matching, and where it
/// stands in the original line, so slot values keep what the person typed.
public struct Token: Hashable, Sendable {
    public let text: String
    public let range: Range<String.Index>
    /// Digits only, perhaps with a leading "-" and inner ","s, "."s or a "/": "3",
    /// "1,000", "-2", "1.5", "1/2" (what number it is, `NumberReader` tells).
    public let isNumber: Bool
    /// A mark that is neither a word nor a space (a bracket, a quote, "!")
    /// stands right before or after it: only then can a slot's text need its
    /// brackets or quotes looked at (see `TypedText`).
    public internal(set) var touchesPunctuation: Bool

    public init(text: String, range: Range<String.Index>, isNumber: Bool = false, touchesPunctuation: Bool = false) {
        self.text = text
        self.range = range
        self.isNumber = isNumber
        self.touchesPunctuation = touchesPunctuation
    }

    var isComma: Bool { !isNumber && text.utf8.count == 1 && text.utf8.first == UInt8(ascii: ",") }
}

/// Splits text into words, the same way for sentences and for the grammar's
/// own literals, so the two always agree.
///
/// - Letters, digits, marks and symbols such as emoji, `#`, `$` and `%` make
///   words ("2% milk" is not 2 milk, "#2 pencils" not 2 pencils); `'`, `-`, `.` and `_` stay inside a
///   word when letters or digits stand on both sides ("what's", "read-only",
///   "bob.smith"), and a `,` or `/` between digits stays in a number
///   ("1,000", "1/2"). A `:` stays inside a word that starts with `#`: a
///   Matrix room's alias ("#family:example.org") is one word, as a channel is.
///   A `-` right before a digit starts a number ("-3").
/// - Han, kana, Hangul and Thai characters are one word each: these scripts
///   write no spaces, so a name is whatever lies between the grammar's words.
/// - `,`, `&`, `+`, `、` and `，` are words of their own: they join items.
///   So is `×`, written against a count as often as apart ("eggs ×2").
/// - Other punctuation separates words and is dropped.
///
/// ASCII, the common case, is classified by table; other scalars by their
/// Unicode properties.
public enum Tokenizer {
    public static func tokenize(_ text: String) -> [Token] {
        // The text's UTF-8 is read once, in place, a scalar at a time; a
        // position becomes a `String.Index` by its offset, which costs nothing
        // for a native string (every string on Linux).
        var storage = text
        return storage.withUTF8 { bytes in
            let utf8 = text.utf8
            @inline(__always) func position(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
            var offset = 0
            var words = WordBuilder()
            while offset < bytes.count {
                let (scalar, length) = decode(bytes, at: offset)
                let next = offset + length
                let index = position(offset)
                switch classify(scalar) {
                case .word:
                    words.append(scalar, at: index)
                case .standalone:
                    words.flush(at: index)
                    words.tokens.append(Token(text: String(scalar).lowercased(), range: index..<position(next)))
                case .joiner:
                    let previousIsWord = words.isInWord
                    let nextScalar = next < bytes.count ? decode(bytes, at: next).scalar : nil
                    let nextIsWord = nextScalar.map { classify($0) == .word } ?? false
                    let nextIsDigit = nextScalar.map(isDigit) ?? false
                    let betweenDigitsOnly = scalar == "," || scalar == "/"
                    if previousIsWord && nextIsWord && (!betweenDigitsOnly || (words.lastWasDigit && nextIsDigit)) {
                        words.append(scalar == "\u{2019}" ? "'" : scalar, at: index)
                    } else if scalar == "-" && !previousIsWord && nextIsDigit {
                        words.append(scalar, at: index)
                    } else {
                        words.flush(at: index)
                        if scalar == "," { words.tokens.append(Token(text: ",", range: index..<position(next))) }
                    }
                case .separator:
                    // A Matrix room alias is one word, as an IRC channel is: "#family:example.org".
                    if scalar == ":", words.startsWithHash, next < bytes.count, classify(decode(bytes, at: next).scalar) == .word {
                        words.append(scalar, at: index)
                        break
                    }
                    words.flush(at: index)
                    // Spaces separate, and say nothing of punctuation; decided on the value for ASCII, as nearly every separator is.
                    if scalar.isASCII ? scalar.value > 0x20 : !scalar.properties.isWhitespace {
                        words.markPunctuation()
                    }
                }
                offset = next
            }
            words.flush(at: text.endIndex)
            return words.tokens
        }
    }

    /// The scalar whose UTF-8 starts at `offset` of valid UTF-8, and its length in bytes.
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        @inline(__always) func continuation(_ index: Int) -> UInt32 { UInt32(bytes[offset + index]) & 0x3F }
        let value: UInt32, length: Int
        if lead < 0xE0 {
            (value, length) = ((lead & 0x1F) << 6 | continuation(1), 2)
        } else if lead < 0xF0 {
            (value, length) = ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3)
        } else {
            (value, length) = ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// The tokens so far and the word being read. A struct with mutating
    /// methods, not closures over local variables: captured variables are
    /// boxed and checked for exclusive access on every letter.
    private struct WordBuilder {
        var tokens: [Token] = []
        private var wordStart: String.Index?
        /// The word being read, lowercased, as UTF-8: one String made per word.
        private var bytes: [UInt8] = []
        private(set) var lastWasDigit = false
        private var allDigits = true
        private var sawDigit = false
        private var punctuationBefore = false

        init() {
            tokens.reserveCapacity(16)
            bytes.reserveCapacity(32)
        }

        var isInWord: Bool { wordStart != nil }
        /// The word being read is a channel's name so far ("#home").
        var startsWithHash: Bool { bytes.first == UInt8(ascii: "#") }

        mutating func flush(at end: String.Index) {
            guard let start = wordStart else { return }
            let text = String(decoding: bytes, as: UTF8.self)
            tokens.append(Token(text: text, range: start..<end, isNumber: allDigits && sawDigit, touchesPunctuation: punctuationBefore))
            punctuationBefore = false
            allDigits = true
            sawDigit = false
            wordStart = nil
            bytes.removeAll(keepingCapacity: true)
        }

        @inline(__always)
        mutating func append(_ scalar: Unicode.Scalar, at position: String.Index) {
            if wordStart == nil { wordStart = position }
            if scalar.isASCII {
                var byte = UInt8(scalar.value)
                if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                bytes.append(byte)
            } else {
                Tokenizer.appendLowercased(scalar, to: &bytes)
            }
            lastWasDigit = isDigit(scalar)
            if lastWasDigit {
                sawDigit = true
            } else if !(scalar == "," || scalar == "." || scalar == "/" || (scalar == "-" && wordStart == position)) {
                allDigits = false
            }
        }

        /// A mark that is neither a word nor a space stands here: the words on both sides touch it.
        mutating func markPunctuation() {
            if !tokens.isEmpty { tokens[tokens.count - 1].touchesPunctuation = true }
            punctuationBefore = true
        }
    }

    enum Class: UInt8 { case word, standalone, joiner, separator }

    /// Appends a letter beyond ASCII, lowercased, as UTF-8. Letter by letter,
    /// as matching needs, not as `String.lowercased()` would (a final Greek
    /// sigma stays σ): that made a line of accented words cost twice an
    /// ASCII one. Most such letters are lowercase already.
    @inline(never) // the rare path: kept out of the loop every ASCII letter runs through
    fileprivate static func appendLowercased(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        let value = scalar.value
        // À–Þ but × (D7), А–Я and Ѐ–Џ are lowercased by an offset.
        let lower: Unicode.Scalar
        switch value {
        case 0xC0...0xDE where value != 0xD7: lower = Unicode.Scalar(value + 0x20)!
        case 0x410...0x42F: lower = Unicode.Scalar(value + 0x20)!
        case 0x400...0x40F: lower = Unicode.Scalar(value + 0x50)!
        case 0xDF...0xFF, 0x430...0x45F, 0x300...0x36F: lower = scalar // lowercase already, or a combining mark
        default:
            if scalar.properties.changesWhenLowercased {
                bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
                return
            }
            lower = scalar
        }
        UTF8.encode(lower) { bytes.append($0) }
    }

    @inline(__always)
    static func classify(_ scalar: Unicode.Scalar) -> Class {
        switch scalar.value {
        case 0x61...0x7A, 0x41...0x5A, 0x30...0x39, 0x23, 0x24, 0x25: return .word // letters, digits, # $ %
        case 0x27, 0x2D, 0x2E, 0x5F, 0x2C, 0x2F: return .joiner // ' - . _ , /
        case 0x26, 0x2B: return .standalone // & +
        case 0..<0x80: return .separator
        default: return classifyNonASCII(scalar)
        }
    }

    private static func classifyNonASCII(_ scalar: Unicode.Scalar) -> Class {
        switch scalar {
        case "\u{2019}": return .joiner
        case "\u{3001}", "\u{FF0C}", "\u{00D7}": return .standalone // 、 ， ×
        default: break
        }
        // The letters of Latin-1 (not ×, ÷), Latin Extended-A and Cyrillic, without a look at their properties.
        switch scalar.value {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x17F, 0x400...0x45F: return .word
        default: break
        }
        if isUnspacedScript(scalar) { return .standalone }
        let properties = scalar.properties
        if properties.isAlphabetic || properties.numericType != nil { return .word }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .currencySymbol,
             .otherSymbol: // emoji: "add 🥚"
            return .word
        default:
            return .separator
        }
    }

    @inline(__always)
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39: return true
        case 0..<0x80: return false
        // Below the first digits of another script (Arabic-Indic, U+0660) only
        // ², ³, ¹ and ¼ ½ ¾ are numbers: no property look-up for every Latin or Cyrillic letter.
        case 0xB2, 0xB3, 0xB9, 0xBC...0xBE: return true
        case 0x80..<0x660: return false
        default: return scalar.properties.numericType != nil
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
