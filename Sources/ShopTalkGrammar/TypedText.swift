/// Where a slot's text starts and ends in the line as typed. Tokens leave
/// out punctuation; names keep what was typed between their words, and the
/// brackets and quotes around them are looked at here.
///
/// Every slot of every line passes through here, and nearly none holds a
/// bracket: words the tokenizer saw no punctuation next to are not looked
/// at again, and the rest are scanned as UTF-8 bytes (brackets are ASCII).
enum TypedText {
    private static func closing(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "("): UInt8(ascii: ")")
        case UInt8(ascii: "["): UInt8(ascii: "]")
        case UInt8(ascii: "{"): UInt8(ascii: "}")
        default: nil
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// How many brackets are open before each word of `range`, "(" and the
    /// full-width "（" alike; nil when the words hold none, as nearly all do.
    static func bracketDepths(_ range: Range<Int>, tokens: [Token], in text: String) -> [Int]? {
        guard !range.isEmpty, tokens[range].contains(where: \.touchesPunctuation) else { return nil }
        var depths: [Int] = []
        depths.reserveCapacity(range.count)
        var depth = 0, from = tokens[range.lowerBound].range.lowerBound
        for index in range {
            for character in text[from..<tokens[index].range.lowerBound] {
                if character == "(" || character == "（" { depth += 1 } else if character == ")" || character == "）" { depth = max(0, depth - 1) }
            }
            depths.append(depth)
            from = tokens[index].range.lowerBound
        }
        return depths.contains { $0 > 0 } ? depths : nil
    }

    /// The characters of `range`'s words, widened to the brackets that open
    /// or close within them: up to the next word for a closing one ("milk
    /// (oat)"), back to the word before for an opening one ("(organic) milk").
    static func balanced(_ range: Range<Int>, tokens: [Token], in text: String) -> Range<String.Index> {
        let lower = tokens[range.lowerBound].range.lowerBound, upper = tokens[range.upperBound - 1].range.upperBound
        // Nearly always: no bracket can be in or next to words that touch no punctuation.
        guard tokens[range].contains(where: \.touchesPunctuation) else { return lower..<upper }
        // "纸尿裤（L号）": a full-width bracket opened in the words closes after them.
        if range.upperBound == tokens.count || tokens[range.upperBound].range.lowerBound > upper,
           text[lower..<upper].filter({ $0 == "（" }).count > text[lower..<upper].filter({ $0 == "）" }).count,
           let close = text[upper...].firstIndex(where: { !$0.isWhitespace }), text[close] == "）" {
            return lower..<text.index(after: close)
        }
        let utf8 = text.utf8
        // Offsets into a native string's UTF-8 are O(1) to take and to turn back into indexes.
        let start = utf8.distance(from: utf8.startIndex, to: lower), end = utf8.distance(from: utf8.startIndex, to: upper)
        let floor = range.lowerBound > 0 ? utf8.distance(from: utf8.startIndex, to: tokens[range.lowerBound - 1].range.upperBound) : 0
        let ceiling = range.upperBound < tokens.count ? utf8.distance(from: utf8.startIndex, to: tokens[range.upperBound].range.lowerBound) : utf8.count
        let widened = utf8.withContiguousStorageIfAvailable { bytes in
            balanced(start..<end, within: floor..<ceiling, in: bytes)
        } ?? balanced(start..<end, within: floor..<ceiling, in: Array(utf8))
        guard widened != start..<end else { return lower..<upper }
        return utf8.index(utf8.startIndex, offsetBy: widened.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: widened.upperBound)
    }

    /// ``balanced(_:tokens:in:)`` on the line's bytes: `words` widened at
    /// most to `limits`, the ends of the words on either side.
    private static func balanced(_ words: Range<Int>, within limits: Range<Int>, in bytes: some RandomAccessCollection<UInt8>) -> Range<Int> {
        func byte(_ offset: Int) -> UInt8 { bytes[bytes.index(bytes.startIndex, offsetBy: offset)] }
        var open: [UInt8] = [], unopened = 0
        for offset in words {
            let current = byte(offset)
            guard current == UInt8(ascii: "(") || current == UInt8(ascii: ")") || current == UInt8(ascii: "[")
                || current == UInt8(ascii: "]") || current == UInt8(ascii: "{") || current == UInt8(ascii: "}") else { continue }
            if let close = closing(current) {
                open.append(close)
            } else if open.last == current {
                open.removeLast()
            } else {
                unopened += 1
            }
        }
        if open.isEmpty && unopened == 0 { return words }
        var upper = words.upperBound, end = words.upperBound
        while let close = open.last, end < limits.upperBound {
            if byte(end) == close { open.removeLast() } else if !isSpace(byte(end)) { break }
            end += 1
        }
        if open.isEmpty { upper = end }
        var lower = words.lowerBound, start = words.lowerBound
        while unopened > 0, start > limits.lowerBound {
            let previous = start - 1
            if closing(byte(previous)) != nil {
                unopened -= 1
                lower = previous
            } else if !isSpace(byte(previous)) {
                break
            }
            start = previous
        }
        return lower..<upper
    }

    /// Quotes a name may stand in, each with its closing one.
    private static let quotes: [(open: Unicode.Scalar, close: Unicode.Scalar)] = [
        ("\"", "\""), ("“", "”"), ("„", "“"), ("«", "»"), ("‘", "’"),
    ]

    /// The characters between the quotes `range`'s words stand in, when a
    /// quote opens right before its first word and its match closes right
    /// after its last: `"Mom's list"`.
    static func quoted(_ range: Range<Int>, tokens: [Token], in text: String) -> Range<String.Index>? {
        let lower = tokens[range.lowerBound].range.lowerBound, upper = tokens[range.upperBound - 1].range.upperBound
        guard tokens[range.lowerBound].touchesPunctuation, lower > text.startIndex, upper < text.endIndex else { return nil }
        let scalars = text.unicodeScalars
        let before = scalars.index(before: lower)
        // The usual case, a word or a space before the slot, is decided on one byte.
        let byte = text.utf8[before]
        guard byte == UInt8(ascii: "\"") || byte >= 0x80 else { return nil }
        let floor = range.lowerBound > 0 ? tokens[range.lowerBound - 1].range.upperBound : text.startIndex
        guard before >= floor, let pair = quotes.first(where: { $0.open == scalars[before] }), scalars[upper] == pair.close else {
            return nil
        }
        return lower..<upper
    }
}
