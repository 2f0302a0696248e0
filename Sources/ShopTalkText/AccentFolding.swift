import Foundation

/// Latin letters without their accents: "anade" for "añade", "cafe" for
/// "café", "pho" for "phở", as people type on a phone in a hurry, and
/// German's umlauts spelled out ("fuer" for "für"). Other scripts are left
/// as they are: in Russian "й" is not "и".
///
/// The grammar matches its words this way and the domain its item names, so
/// a sentence typed without accents means what it says with them.
public enum AccentFolding {
    /// `word` with each Latin letter reduced to its base ("añade" → "anade",
    /// "straße" → "strasse", "œuf" → "oeuf"); nil when nothing changes,
    /// which is every ASCII word, with nothing allocated.
    public static func folded(_ word: String) -> String? {
        guard !word.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var result = String.UnicodeScalarView()
        var changed = false
        for scalar in word.unicodeScalars {
            if let base = table[scalar.value] {
                result.append(contentsOf: base.unicodeScalars)
                changed = true
            } else {
                result.append(scalar)
            }
        }
        return changed ? String(result) : nil
    }

    /// German's way of typing without umlauts: "für" → "fuer", "Äpfel" →
    /// "Aepfel", "straße" → "strasse"; nil when the word has none.
    public static func umlautsSpelledOut(_ word: String) -> String? {
        guard word.unicodeScalars.contains(where: { umlauts[$0] != nil }) else { return nil }
        var result = String.UnicodeScalarView()
        for scalar in word.unicodeScalars {
            if let spelled = umlauts[scalar] { result.append(contentsOf: spelled.unicodeScalars) } else { result.append(scalar) }
        }
        return String(result)
    }

    private static let umlauts: [Unicode.Scalar: String] = [
        "ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss",
    ]

    /// Each accented Latin letter (Latin-1, Extended-A and B, and the
    /// Vietnamese letters of Extended Additional) → its letters without
    /// marks; built once, from Unicode's canonical decompositions.
    private static let table: [UInt32: String] = {
        var table: [UInt32: String] = [
            0xDF: "ss", 0x1E9E: "SS", 0x153: "oe", 0x152: "OE", 0xE6: "ae", 0xC6: "AE",
            0xF8: "o", 0xD8: "O", 0x111: "d", 0x110: "D", 0x142: "l", 0x141: "L",
        ]
        for range in [0xC0...0x24F, 0x1E00...0x1EFF] {
            for value in range where table[UInt32(value)] == nil {
                guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic else { continue }
                let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
                    .filter { $0.properties.generalCategory != .nonspacingMark }
                if base.count > 0 && base.allSatisfy(\.isASCII) && String(String.UnicodeScalarView(base)) != String(scalar) {
                    table[UInt32(value)] = String(String.UnicodeScalarView(base))
                }
            }
        }
        return table
    }()
}
