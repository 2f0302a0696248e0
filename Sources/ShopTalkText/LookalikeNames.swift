import Foundation

/// Names that look like other names: "Grоceries" with a Cyrillic "о" beside
/// "Groceries", "ｂｏｂ" or "𝐛𝐨𝐛" for "bob". A member reading a list of names
/// cannot tell them apart, so a household never holds two that look alike.
///
/// The rules are Unicode's (UTS #39, Unicode Security Mechanisms), in small:
/// - compatibility forms are folded first (NFKC): full-width and
///   mathematical letters become the letters they are drawn as;
/// - a word may not mix Latin letters with Cyrillic or Greek ones, the
///   scripts whose letters pass for Latin (a "mixed-script" word);
/// - two names are confusable when their *skeletons* are equal: each
///   letter replaced by the one it is drawn like ("о" → "o", "і" → "i"),
///   the way UTS #39's confusables table does, for the letters of those
///   scripts that look like Latin ones.
public enum LookalikeNames {
    /// `text` in its compatibility form (NFKC): "ｂｏｂ" → "bob", "𝐛𝐨𝐛" → "bob",
    /// "ﬁsh" → "fish". ASCII is returned as it is, at no cost.
    public static func folded(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        return text.precomposedStringWithCompatibilityMapping
    }

    /// Whether a word of `text` mixes Latin letters with Cyrillic or Greek
    /// ones ("Grоceries", "bоb"); words in one script each ("Продукты Lidl") do not.
    public static func mixesScripts(_ text: String) -> Bool {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        for word in text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
            var scripts: Set<Script> = []
            for scalar in word.unicodeScalars {
                if let script = Script(scalar) { scripts.insert(script) }
            }
            if scripts.count > 1 { return true }
        }
        return false
    }

    /// What `text` looks like, lowercased and with each look-alike letter
    /// drawn as the Latin letter it passes for: equal skeletons, names a
    /// reader could take for each other.
    public static func skeleton(_ text: String) -> String {
        let lowered = folded(text).lowercased()
        guard !lowered.utf8.allSatisfy({ $0 < 0x80 }) else { return lowered }
        var result = String.UnicodeScalarView()
        for scalar in lowered.unicodeScalars {
            if let latin = prototypes[scalar] { result.append(latin) } else { result.append(scalar) }
        }
        return String(result)
    }

    /// The scripts whose letters pass for each other.
    private enum Script {
        case latin, cyrillic, greek

        init?(_ scalar: Unicode.Scalar) {
            guard scalar.properties.isAlphabetic else { return nil }
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: self = .latin
            case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: self = .cyrillic
            case 0x370...0x3FF, 0x1F00...0x1FFF: self = .greek
            default: return nil
            }
        }
    }

    /// Lowercase Cyrillic and Greek letters drawn like a Latin one, and the
    /// letter they pass for (after UTS #39's confusables data, for these scripts).
    private static let prototypes: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(String, String)] = [
            // Cyrillic
            ("а", "a"), ("в", "b"), ("с", "c"), ("ԁ", "d"), ("е", "e"), ("ё", "ë"), ("һ", "h"), ("і", "i"), ("ї", "ï"), ("ј", "j"),
            ("к", "k"), ("ӏ", "l"), ("м", "m"), ("н", "h"), ("о", "o"), ("р", "p"), ("ԛ", "q"), ("г", "r"), ("ѕ", "s"), ("т", "t"),
            ("у", "y"), ("ү", "y"), ("х", "x"), ("ԝ", "w"), ("ь", "b"), ("з", "3"), ("п", "n"), ("и", "u"), ("ɡ", "g"),
            // Greek
            ("α", "a"), ("β", "b"), ("ϲ", "c"), ("ε", "e"), ("η", "n"), ("ι", "i"), ("κ", "k"), ("ν", "v"), ("ο", "o"), ("ρ", "p"),
            ("τ", "t"), ("υ", "u"), ("χ", "x"), ("γ", "y"), ("ω", "w"), ("ϳ", "j"),
            // Latin letters that pass for others
            ("ı", "i"), ("ȷ", "j"), ("ꮃ", "w"),
        ]
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (lookalike, latin) in pairs {
            table[lookalike.unicodeScalars.first!] = latin.unicodeScalars.first!
        }
        return table
    }()
}
