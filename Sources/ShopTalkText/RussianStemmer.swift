/// The stem of a Russian word, for telling whether two forms of a name are
/// one name: "молоко", "молока" and "молоком" are all "молок"; "гречка" and
/// "гречку" "гречк"; "Продукты" and "продуктов" "продукт".
///
/// A light stemmer after the published Snowball algorithm for Russian,
/// written for names of things rather than for running text: it removes one
/// adjective or noun ending that lies after the word's first vowel, then a
/// final "и" and a soft sign. It leaves verbs' endings alone, which in a
/// name would take off a noun's own letters ("сала" is not "са" + "ла"), and
/// it does not undo a vowel that comes and goes ("огурец", "огурцы"): those
/// two stay apart rather than risk merging two different things.
public enum RussianStemmer {
    /// The stem of `word`, lowercased, "ё" read as "е"; a word with no
    /// Cyrillic letter is returned lowercased.
    public static func stem(_ word: String) -> String {
        var letters = Array(word.lowercased().unicodeScalars).map { $0 == "ё" ? "е" : $0 }
        guard let firstVowel = letters.firstIndex(where: isVowel) else { return String(String.UnicodeScalarView(letters)) }
        // RV: what follows the first vowel. Endings are only ever taken from it.
        let regionStart = firstVowel + 1
        if !removeLongest(of: adjectiveEndings, from: &letters, regionStart: regionStart) {
            _ = removeLongest(of: nounEndings, from: &letters, regionStart: regionStart)
        }
        if letters.count > regionStart, letters.last == "и" { letters.removeLast() }
        if letters.count > regionStart, letters.last == "ь" { letters.removeLast() }
        return String(String.UnicodeScalarView(letters))
    }

    /// True when `word` has a Cyrillic letter, so that the stemmer applies.
    public static func isCyrillic(_ word: String) -> Bool {
        word.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) }
    }

    private static func isVowel(_ scalar: Unicode.Scalar) -> Bool {
        "аеиоуыэюя".unicodeScalars.contains(scalar)
    }

    /// Removes the longest of `endings` that ends the word within the region; true when one was.
    private static func removeLongest(of endings: [[Unicode.Scalar]], from letters: inout [Unicode.Scalar], regionStart: Int) -> Bool {
        for ending in endings where letters.count - ending.count >= regionStart && letters.suffix(ending.count).elementsEqual(ending) {
            letters.removeLast(ending.count)
            return true
        }
        return false
    }

    /// Longest first, so that "ыми" is taken before "ми" could be.
    private static func sortedEndings(_ endings: [String]) -> [[Unicode.Scalar]] {
        endings.map { Array($0.unicodeScalars) }.sorted { $0.count > $1.count }
    }

    /// The endings of adjectives in every gender, number and case.
    private static let adjectiveEndings = sortedEndings([
        "ее", "ие", "ые", "ое", "ими", "ыми", "ей", "ий", "ый", "ой", "ем", "им", "ым", "ом",
        "его", "ого", "ему", "ому", "их", "ых", "ую", "юю", "ая", "яя", "ою", "ею",
    ])

    /// The endings of nouns in every number and case.
    private static let nounEndings = sortedEndings([
        "а", "ев", "ов", "ие", "ье", "е", "иями", "ями", "ами", "еи", "ии", "и", "ией", "ей", "ой", "ий", "й",
        "иям", "ям", "ием", "ем", "ам", "ом", "о", "у", "ах", "иях", "ях", "ы", "ь", "ию", "ью", "ю", "ия", "ья", "я",
    ])
}
