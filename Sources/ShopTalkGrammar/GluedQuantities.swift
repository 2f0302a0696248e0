/// Quantities written as one word with what goes with them: "500g" is read
/// as "500 g", "2x" as "2 x", "x3" as "x 3".
///
/// Which words may be glued to a number is the grammar's data, not a rule of
/// the tokenizer: a one-word unit or "after quantity" word may follow the
/// digits, a one-word "quantity after" word may come before them. Any other
/// word stays whole, so "7up", "3d glasses" and "a4 paper" are still names.
struct GluedQuantities: Sendable {
    /// "g" in "500g", "x" in "2x".
    private let suffixes: Set<String>
    /// "x" in "x3".
    private let prefixes: Set<String>
    /// "пол" in "полкило", "пол-литра", "полдюжины": a fraction said as
    /// one word with the unit or multiplier it is a fraction of.
    private let fractionPrefixes: [String]
    /// What such a fraction may be glued to: "кило", "литра", "дюжины".
    private let afterFraction: Set<String>
    /// The bytes a glued quantity may start with: digits, "-", and the first
    /// byte of each prefix. A word starting otherwise is not looked at.
    private let firstBytes: [Bool]

    init(vocabulary: [String: Int32], suffixes: [PhraseSet], prefixes: [PhraseSet], fractions: [String] = [], afterFraction: [PhraseSet] = []) {
        func oneWordPhrases(of sets: [PhraseSet]) -> Set<String> {
            Set(vocabulary.compactMap { word, id in
                let isPhrase = [id].withUnsafeBufferPointer { words in sets.contains { $0.matchesExactly(words, 0..<1) != nil } }
                return isPhrase ? word : nil
            })
        }
        self.suffixes = oneWordPhrases(of: suffixes)
        self.prefixes = oneWordPhrases(of: prefixes)
        self.fractionPrefixes = fractions.sorted { $0.utf8.count > $1.utf8.count }
        self.afterFraction = fractions.isEmpty ? [] : oneWordPhrases(of: afterFraction)
        var firstBytes = [Bool](repeating: false, count: 256)
        for byte in [UInt8(ascii: "-")] + Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + self.prefixes.compactMap(\.utf8.first)
            + fractionPrefixes.compactMap(\.utf8.first) {
            firstBytes[Int(byte)] = true
        }
        self.firstBytes = firstBytes
    }

    /// A sentence's tokens with every glued quantity split in two.
    struct Split {
        /// The pieces' ranges still point into the text, so names keep what the person typed.
        var tokens: [Token]
        /// joined[i]: tokens i and i + 1 were typed as one word ("x1"), so a
        /// slot of one word, such as a member's name, takes both. Empty when
        /// nothing was split.
        var joined: [Bool] = []

        func isJoined(_ index: Int) -> Bool { !joined.isEmpty && joined[index] }

        /// How far the word starting at `start` reaches, its pieces all taken.
        func wordEnd(from start: Int) -> Int {
            var end = start + 1
            while end < tokens.count && isJoined(end - 1) { end += 1 }
            return end
        }
    }

    func split(_ tokens: [Token], in text: String) -> Split {
        // Nearly every sentence has no word that is not a number yet starts as a glued one may.
        guard tokens.contains(where: mayBeGlued) else { return Split(tokens: tokens) }
        var result = Split(tokens: [])
        result.tokens.reserveCapacity(tokens.count + 2)
        for token in tokens {
            if mayBeGlued(token), let pieces = pieces(of: token, in: text) {
                if result.joined.isEmpty { result.joined = Array(repeating: false, count: result.tokens.count) }
                result.tokens.append(contentsOf: pieces)
                result.joined += [true, false]
            } else {
                result.tokens.append(token)
                if !result.joined.isEmpty { result.joined.append(false) }
            }
        }
        return result
    }

    private func mayBeGlued(_ token: Token) -> Bool {
        guard !token.isNumber, let first = token.text.utf8.first else { return false }
        return firstBytes[Int(first)]
    }

    private func pieces(of token: Token, in text: String) -> [Token]? {
        if !fractionPrefixes.isEmpty, let split = fractionPieces(of: token, in: text) { return split }
        // A word a fraction word shares its first byte with, and nothing else glued: the common case, with nothing allocated.
        guard let first = token.text.utf8.first, first == UInt8(ascii: "-") || isDigit(first) || prefixes.contains(where: { $0.utf8.first == first })
        else { return nil }
        let bytes = Array(token.text.utf8)
        // "500g", "1.5kg", "2x": a number, then a word that may follow one.
        var numberEnd = bytes.first == UInt8(ascii: "-") ? 1 : 0
        while numberEnd < bytes.count, isNumberByte(bytes[numberEnd]) { numberEnd += 1 }
        if numberEnd > 0, numberEnd < bytes.count, isDigit(bytes[numberEnd - 1]),
           suffixes.contains(String(decoding: bytes[numberEnd...], as: UTF8.self)) {
            // Digits, signs and marks are one scalar each, in the token and in the line alike.
            let middle = text.unicodeScalars.index(token.range.lowerBound, offsetBy: numberEnd)
            return [
                Token(text: String(decoding: bytes[..<numberEnd], as: UTF8.self), range: token.range.lowerBound..<middle, isNumber: true,
                      touchesPunctuation: token.touchesPunctuation),
                Token(text: String(decoding: bytes[numberEnd...], as: UTF8.self), range: middle..<token.range.upperBound,
                      touchesPunctuation: token.touchesPunctuation),
            ]
        }
        // "x3": a word that may come before a number written after the item, then digits.
        var digitsStart = bytes.count
        while digitsStart > 0, isDigit(bytes[digitsStart - 1]) { digitsStart -= 1 }
        if digitsStart > 0, digitsStart < bytes.count, prefixes.contains(String(decoding: bytes[..<digitsStart], as: UTF8.self)) {
            let middle = text.unicodeScalars.index(token.range.upperBound, offsetBy: digitsStart - bytes.count)
            return [
                Token(text: String(decoding: bytes[..<digitsStart], as: UTF8.self), range: token.range.lowerBound..<middle,
                      touchesPunctuation: token.touchesPunctuation),
                Token(text: String(decoding: bytes[digitsStart...], as: UTF8.self), range: middle..<token.range.upperBound, isNumber: true,
                      touchesPunctuation: token.touchesPunctuation),
            ]
        }
        return nil
    }

    /// "полкило", "пол-литра": a fraction word, then the unit it is a fraction of.
    private func fractionPieces(of token: Token, in text: String) -> [Token]? {
        for prefix in fractionPrefixes where token.text.hasPrefix(prefix) {
            var rest = token.text.dropFirst(prefix.count)
            let hyphen = rest.first == "-"
            if hyphen { rest = rest.dropFirst() }
            guard !rest.isEmpty, afterFraction.contains(String(rest)) else { continue }
            let prefixScalars = prefix.unicodeScalars.count
            let middle = text.unicodeScalars.index(token.range.lowerBound, offsetBy: prefixScalars)
            let restStart = hyphen ? text.unicodeScalars.index(after: middle) : middle
            return [
                Token(text: prefix, range: token.range.lowerBound..<middle, touchesPunctuation: token.touchesPunctuation),
                Token(text: String(rest), range: restStart..<token.range.upperBound, touchesPunctuation: token.touchesPunctuation),
            ]
        }
        return nil
    }
}

@inline(__always) private func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

/// Digits and the marks `NumberReader` reads between them ("1,000", "1.5").
@inline(__always) private func isNumberByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",")
}
