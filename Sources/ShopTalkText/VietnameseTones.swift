import Foundation

/// Vietnamese writes the tone of "oa", "oe" and "uy" ending a syllable on
/// either vowel: "hòa" and "hoà", "xóa" and "xoá", "thúy" and "thuý" are one
/// word, spelled the old way or the new, and phones and people differ.
public enum VietnameseTones {
    /// `text` with each such tone on the second vowel ("hòa quả" → "hoà
    /// quả"), to compare names by; nil when nothing moves, which is every
    /// ASCII text, with nothing allocated.
    public static func canonical(_ text: String) -> String? {
        // Only a toned "o" or "u" can start such a pair: most names never decompose.
        guard text.unicodeScalars.contains(where: { tonedFirstVowels.contains($0.value) }) else { return nil }
        var scalars = Array(text.decomposedStringWithCanonicalMapping.unicodeScalars)
        var moved = false
        var index = 1
        while index + 1 < scalars.count {
            let tone = scalars[index]
            guard tones.contains(tone.value) else { index += 1; continue }
            let vowel = lowered(scalars[index - 1]), next = lowered(scalars[index + 1])
            let pair = (vowel == "o" && (next == "a" || next == "e")) || (vowel == "u" && next == "y")
            // "quý": the "u" of "qu" is no vowel of the pair.
            let afterQ = index >= 2 && lowered(scalars[index - 2]) == "q"
            // Only where the pair ends the syllable: "hoàn", "toán" keep theirs.
            let ends = index + 2 >= scalars.count || !scalars[index + 2].properties.isAlphabetic
            if pair, !afterQ, ends {
                scalars.swapAt(index, index + 1)
                moved = true
                index += 2
            } else {
                index += 1
            }
        }
        guard moved else { return nil }
        return String(String.UnicodeScalarView(scalars)).precomposedStringWithCanonicalMapping
    }

    /// "ò", "ó", "ủ", "Ụ"…: "o" and "u" with a tone, as one character.
    private static let tonedFirstVowels: Set<UInt32> = Set(["o", "O", "u", "U"].flatMap { base in
        tones.compactMap { tone in (base + String(Unicode.Scalar(tone)!)).precomposedStringWithCanonicalMapping.unicodeScalars.first?.value }
    })

    /// Grave, acute, tilde, hook above, dot below: the five marked tones.
    private static let tones: Set<UInt32> = [0x300, 0x301, 0x303, 0x309, 0x323]

    private static func lowered(_ scalar: Unicode.Scalar) -> Character {
        Character(String(scalar).lowercased())
    }
}
