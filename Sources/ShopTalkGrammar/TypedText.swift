/// Where a slot's text starts and ends in the line as typed. Tokens leave
/// out punctuation; names keep what was typed between their words, and the
/// brackets and quotes around them are looked at here.
enum TypedText {
    private static let closing: [Character: Character] = ["(": ")", "[": "]", "{": "}"]
    private static let quotes: [Character: Character] = ["\"": "\"", "“": "”", "„": "“", "«": "»", "‘": "’"]

    /// The characters of `range`'s words, widened to the brackets that open
    /// or close within them: up to the next word for a closing one, back to
    /// the word before for an opening one.
    static func balanced(_ range: Range<Int>, tokens: [Token], in text: String) -> Range<String.Index> {
        var lower = tokens[range.lowerBound].range.lowerBound
        var upper = tokens[range.upperBound - 1].range.upperBound
        let floor = range.lowerBound > 0 ? tokens[range.lowerBound - 1].range.upperBound : text.startIndex
        let ceiling = range.upperBound < tokens.count ? tokens[range.upperBound].range.lowerBound : text.endIndex
        var open: [Character] = [], unopened = 0
        for character in text[lower..<upper] {
            if let close = closing[character] {
                open.append(close)
            } else if closing.values.contains(character) {
                if open.last == character { open.removeLast() } else { unopened += 1 }
            }
        }
        // "milk (oat)": the ")" after the last word.
        while let close = open.last, upper < ceiling {
            let next = text[upper]
            if next == close { open.removeLast() } else if !next.isWhitespace { break }
            upper = text.index(after: upper)
        }
        if !open.isEmpty { upper = tokens[range.upperBound - 1].range.upperBound }
        // "(organic) milk": the "(" before the first word.
        var before = lower
        while unopened > 0, before > floor {
            let previous = text.index(before: before)
            if closing[text[previous]] != nil { unopened -= 1; lower = previous } else if !text[previous].isWhitespace { break }
            before = previous
        }
        return lower..<upper
    }

    /// The characters between the quotes `range`'s words stand in, when a
    /// quote opens right before its first word and its match closes right
    /// after its last.
    static func quoted(_ range: Range<Int>, tokens: [Token], in text: String) -> Range<String.Index>? {
        let lower = tokens[range.lowerBound].range.lowerBound, upper = tokens[range.upperBound - 1].range.upperBound
        guard lower > text.startIndex, upper < text.endIndex,
              let close = quotes[text[text.index(before: lower)]], text[upper] == close else { return nil }
        let floor = range.lowerBound > 0 ? tokens[range.lowerBound - 1].range.upperBound : text.startIndex
        guard text.index(before: lower) >= floor else { return nil }
        return lower..<upper
    }
}
