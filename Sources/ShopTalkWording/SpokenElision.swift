/// Words a language shortens before a vowel, where a template's own word
/// meets a value: French "de" + "Auchan" is "d'Auchan", "de" + "œufs"
/// "d'œufs". Set in a message file with `elision: de | le | la | que`.
///
/// Only the template's last word before a placeholder is ever shortened,
/// never a word inside a name a member typed ("Pain de ail" stays as
/// typed), and only before a vowel, accented or not: an "h" may be mute or
/// not ("d'huile", "de haricots"), which no rule of letters tells, so a
/// name with an "h" keeps the full word.
struct SpokenElision: Sendable {
    /// Each word in lowercase ASCII, ending in the vowel it drops: "de", "que".
    private let words: [[UInt8]]

    static let none = SpokenElision(words: [])

    init(words: [String]) {
        self.words = words.map { Array($0.lowercased().utf8) }
    }

    /// A word must be ASCII letters ending in a vowel, which is what it drops.
    static func isValid(_ word: String) -> Bool {
        guard let last = word.utf8.last, word.utf8.allSatisfy({ (0x61...0x7A).contains($0 | 0x20) }) else { return false }
        return "aeiou".utf8.contains(last | 0x20)
    }

    var isEmpty: Bool { words.isEmpty }

    /// True when `output[..<end]` ends with one of the words and a space,
    /// the word standing alone (after a space, a bracket or quote, or at the start).
    func endsWithElidableWord(_ output: [UInt8], before end: Int) -> Bool {
        for word in words where end >= word.count + 1 && output[end - 1] == UInt8(ascii: " ") {
            let start = end - 1 - word.count
            guard zip(output[start..<(end - 1)], word).allSatisfy({ $0 | 0x20 == $1 }) else { continue }
            if start == 0 { return true }
            let before = output[start - 1]
            if before == UInt8(ascii: " ") || before == UInt8(ascii: "(") || before == UInt8(ascii: "\n") { return true }
        }
        return false
    }

    /// Shortens the word before `start` when the text from `start` begins
    /// with a vowel: "de " becomes "d'".
    func apply(to output: inout [UInt8], valueStart start: Int) {
        guard start < output.count, Self.startsWithVowel(output[start...]) else { return }
        output.replaceSubrange((start - 2)..<start, with: [UInt8(ascii: "'")])
    }

    static func startsWithVowel(_ bytes: ArraySlice<UInt8>) -> Bool {
        let first = bytes[bytes.startIndex]
        if first < 0x80 { return "aeiouAEIOU".utf8.contains(first) }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
        switch scalar.value {
        case 0xC0...0xC6, 0xC8...0xCF, 0xD2...0xD6, 0xD8...0xDC, // À–Æ, È–Ï, Ò–Ö, Ø–Ü
             0xE0...0xE6, 0xE8...0xEF, 0xF2...0xF6, 0xF8...0xFC, // à–æ, è–ï, ò–ö, ø–ü
             0x152, 0x153: // Œ œ
            return true
        default:
            return false
        }
    }
}
