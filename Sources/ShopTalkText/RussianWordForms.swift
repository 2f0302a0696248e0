/// An item's name said in a Russian sentence, put back in the form a list
/// shows it in, the nominative: "добавь гречку" stores "гречка", "два литра
/// молока" stores "молоко".
///
/// Two cases cover what a household says of things it buys:
/// - after a verb with no quantity, the accusative. Only feminine nouns and
///   their adjectives change in it ("туалетную бумагу" → "туалетная бумага",
///   "воду" → "вода"); masculine, neuter and plural names of things are
///   already in the nominative.
/// - after a quantity or unit, the genitive ("пачку масла", "литр молока",
///   "десяток яиц", "пять помидоров").
///
/// The rules go by endings, with a small table of words whose genitive the
/// endings cannot tell from another's ("масла" is масло, "сахара" сахар). A
/// word the rules cannot undo is kept as it was said, never guessed.
public enum RussianWordForms {
    public enum Case: Sendable {
        /// After a verb: "добавь гречку".
        case accusative
        /// After a quantity or a unit: "два литра молока".
        case genitive
    }

    /// `name` in the nominative, each word by the rules of `spokenCase`;
    /// unchanged when it has no Cyrillic word.
    public static func nominative(_ name: String, from spokenCase: Case) -> String {
        guard RussianStemmer.isCyrillic(name) else { return name }
        // One word after a verb, the most common name of all, changes only
        // if it ends in "у" or "ю" or is a word of the table: told by its
        // last letter and one look-up, before anything is split or lowercased.
        if spokenCase == .accusative, !name.utf8.contains(UInt8(ascii: " ")), let last = name.unicodeScalars.last,
           last != "у", last != "ю", last != "У", last != "Ю" {
            let word = name.unicodeScalars.first.map { $0.properties.isUppercase } == true ? name.lowercased() : name
            if partitives[word] == nil { return name }
        }
        let words = name.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let lastCyrillic = words.lastIndex(where: RussianStemmer.isCyrillic) else { return name }
        // The noun is the first word that is no adjective ("туалетную бумагу"),
        // else the last; what follows it ("пакеты для мусора", "Покупки на
        // неделю") is said in its own case and left alone. The adjectives before
        // it agree with it, so they follow its gender and number once it is known.
        let nounIndex = words.indices.first { RussianStemmer.isCyrillic(words[$0]) && !looksLikeAdjective(words[$0]) } ?? lastCyrillic
        let noun = nominativeNoun(words[nounIndex], from: spokenCase)
        var result = words
        result[nounIndex] = noun.word
        for index in words.indices where index < nounIndex && RussianStemmer.isCyrillic(words[index]) {
            result[index] = nominativeAdjective(words[index], from: spokenCase, agreeingWith: noun.form) ?? words[index]
        }
        return result.joined(separator: " ")
    }

    /// What «сколько» counts, in the nominative where the genitive says
    /// which it is: a feminine thing with its adjective ("туалетной бумаги"
    /// is туалетная бумага). Anything else is kept as said: "огурцов" and
    /// "воды" read the same as the list shows them, and their genitive
    /// alone does not tell one огурец from many.
    public static func nominative(counted name: String) -> String {
        let words = name.split(separator: " ")
        guard words.count > 1, let first = words.first, looksLikeAdjective(String(first)),
              first.hasSuffix("ой") || first.hasSuffix("ей") else { return name }
        return nominative(name, from: .genitive)
    }

    /// True when the word ends as adjectives do in some case ("сливочного", "туалетную").
    private static func looksLikeAdjective(_ word: String) -> Bool {
        let letters = Array(word.lowercased().unicodeScalars)
        return adjectiveEndings.contains { letters.count > $0.count + 2 && letters.suffix($0.count).elementsEqual($0) }
    }

    private static let adjectiveEndings: [[Unicode.Scalar]] = [
        "ый", "ий", "ой", "ая", "яя", "ое", "ее", "ые", "ие", "ую", "юю", "ого", "его", "ому", "ему", "ых", "их", "ыми", "ими", "ым", "им",
    ].map { Array($0.unicodeScalars) }

    /// What an adjective must agree with.
    enum NounForm { case masculine, feminine, neuter, plural, unknown }

    private static func nominativeNoun(_ spoken: String, from spokenCase: Case) -> (word: String, form: NounForm) {
        let word = spoken.lowercased()
        let keepCase: (String) -> String = { restoreCapital($0, like: spoken) }
        switch spokenCase {
        case .accusative:
            if indeclinable.contains(word) { return (spoken, .unknown) }
            // "купи молока": a part of something, said in the genitive.
            if let known = partitives[word] { return (keepCase(known), form(ofNominative: known)) }
            if let stem = word.dropping("у") { return (keepCase(stem + "а"), .feminine) }
            if let stem = word.dropping("ю") { return (keepCase(stem + "я"), .feminine) }
            return (spoken, form(ofNominative: word))
        case .genitive:
            if let known = genitives[word] { return (keepCase(known), form(ofNominative: known)) }
            if indeclinable.contains(word) { return (spoken, .unknown) }
            // Plural: "помидоров" → "помидоры", "огурцов" → "огурцы", "салфеток" → "салфетки".
            if let stem = word.dropping("ов") { return (keepCase(stem + pluralEnding(after: stem)), .plural) }
            if let stem = word.dropping("ев") { return (keepCase(stem + "и"), .plural) }
            if let stem = word.dropping("ок"), stem.unicodeScalars.count >= 2 { return (keepCase(stem + "ки"), .plural) }
            // Singular: feminine "воды" → "вода", "гречки" → "гречка", "курицы" → "курица".
            if let stem = word.dropping("ы") { return (keepCase(stem + "а"), .feminine) }
            if let stem = word.dropping("и"), let last = stem.unicodeScalars.last, "кгхжшчщ".unicodeScalars.contains(last) {
                return (keepCase(stem + "а"), .feminine)
            }
            // Neuter "печенья" → "печенье"; masculine "сыра" → "сыр", "риса" → "рис".
            if let stem = word.dropping("ья") { return (keepCase(stem + "ье"), .neuter) }
            // Not after two consonants ending in "к": "горошка" is горошек, "сырка" сырок, and
            // which vowel comes back no ending tells.
            if let stem = word.dropping("а"), let last = stem.unicodeScalars.last, !isVowel(last) {
                let letters = Array(stem.unicodeScalars)
                if last == "к", letters.count >= 2, !isVowel(letters[letters.count - 2]) { return (spoken, .unknown) }
                return (keepCase(stem), .masculine)
            }
            return (spoken, .unknown)
        }
    }

    private static func nominativeAdjective(_ spoken: String, from spokenCase: Case, agreeingWith noun: NounForm) -> String? {
        let word = spoken.lowercased()
        let result: String?
        switch spokenCase {
        case .accusative:
            if let stem = word.dropping("ую") { result = stem + "ая" }
            else if let stem = word.dropping("юю") { result = stem + "яя" }
            else { return spoken }
        case .genitive:
            switch noun {
            case .feminine:
                if let stem = word.dropping("ой") { result = stem + "ая" }
                else if let stem = word.dropping("ей") { result = stem + "яя" }
                else { result = nil }
            case .plural:
                if let stem = word.dropping("ых") { result = stem + "ые" }
                else if let stem = word.dropping("их") { result = stem + "ие" }
                else { result = nil }
            case .neuter:
                if let stem = word.dropping("ого") { result = stem + "ое" }
                else if let stem = word.dropping("его") { result = stem + "ее" }
                else { result = nil }
            case .masculine:
                if let stem = word.dropping("ого") { result = stem + (endsHard(stem) ? "ый" : "ий") }
                else if let stem = word.dropping("его") { result = stem + "ий" }
                else { result = nil }
            case .unknown:
                result = nil
            }
        }
        return result.map { restoreCapital($0, like: spoken) }
    }

    /// The form a nominative noun's ending tells.
    private static func form(ofNominative word: String) -> NounForm {
        guard let last = word.unicodeScalars.last else { return .unknown }
        switch last {
        case "а", "я": return .feminine
        case "о", "е": return .neuter
        case "ы", "и": return .plural
        default: return isVowel(last) ? .unknown : .masculine
        }
    }

    /// "ы", or "и" after the letters that never take "ы": "огурцы", "пирожки".
    private static func pluralEnding(after stem: String) -> String {
        guard let last = stem.unicodeScalars.last else { return "ы" }
        return "кгхжшчщ".unicodeScalars.contains(last) ? "и" : "ы"
    }

    /// A stem whose adjective takes "ый" rather than "ий": not after к, г, х (which take "ий").
    private static func endsHard(_ stem: String) -> Bool {
        guard let last = stem.unicodeScalars.last else { return true }
        return !"кгхжшчщ".unicodeScalars.contains(last)
    }

    private static func isVowel(_ scalar: Unicode.Scalar) -> Bool {
        "аеёиоуыэюя".unicodeScalars.contains(scalar)
    }

    /// "Гречку" → "Гречка": a capital said stays a capital.
    private static func restoreCapital(_ word: String, like spoken: String) -> String {
        guard let first = spoken.unicodeScalars.first, first.properties.isUppercase else { return word }
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    /// Genitives the endings cannot tell from another word's, of things
    /// households buy: neuter mass nouns, whose genitive in "-а" looks
    /// masculine, and plurals that drop a vowel or change it.
    private static let genitives: [String: String] = [
        "молока": "молоко", "масла": "масло", "мяса": "мясо", "пива": "пиво", "вина": "вино", "мыла": "мыло",
        "сала": "сало", "теста": "тесто", "пюре": "пюре", "яйца": "яйца", "яиц": "яйца",
        "мороженого": "мороженое", "кофе": "кофе", "какао": "какао",
        "огурца": "огурец", "огурцов": "огурцы", "перца": "перец", "перцев": "перцы", "орехов": "орехи",
        "яблок": "яблоки", "груш": "груши", "слив": "сливы", "конфет": "конфеты", "макарон": "макароны",
        "сосисок": "сосиски", "сарделек": "сардельки", "котлет": "котлеты", "салфеток": "салфетки",
        "батареек": "батарейки", "лампочек": "лампочки", "пельменей": "пельмени", "лимонов": "лимоны",
        "сливок": "сливки", "дрожжей": "дрожжи", "хлопьев": "хлопья", "чая": "чай", "сахару": "сахар", "чаю": "чай",
        "соли": "соль", "моркови": "морковь", "фасоли": "фасоль", "зелени": "зелень", "горошка": "горошек",
        "шампуня": "шампунь",
    ]

    /// Mass nouns said in the genitive after a verb, for "some of it"
    /// ("купи молока", "нет хлеба"): only these, as other genitives look
    /// like nominatives ("яблоки", "вода").
    private static let partitives: [String: String] = [
        "молока": "молоко", "хлеба": "хлеб", "сахара": "сахар", "сахару": "сахар", "чаю": "чай", "чая": "чай",
        "воды": "вода", "сыра": "сыр", "масла": "масло", "мяса": "мясо", "кефира": "кефир", "сока": "сок",
        "риса": "рис", "мёда": "мёд", "меда": "мед", "соли": "соль", "сметаны": "сметана", "муки": "мука",
        "гречки": "гречка", "колбасы": "колбаса", "творога": "творог", "майонеза": "майонез", "кетчупа": "кетчуп",
        "вина": "вино", "пива": "пиво", "кофе": "кофе", "хлебушка": "хлеб", "картошки": "картошка", "капусты": "капуста",
        "рыбы": "рыба", "шампуня": "шампунь", "лука": "лук", "чеснока": "чеснок", "укропа": "укроп", "йогурта": "йогурт",
        // Plurals no nominative looks like: "сколько яиц нужно?".
        "яиц": "яйца", "яблок": "яблоки", "огурцов": "огурцы", "помидоров": "помидоры", "сосисок": "сосиски",
        "салфеток": "салфетки", "батареек": "батарейки", "пельменей": "пельмени", "лимонов": "лимоны", "бананов": "бананы",
    ]

    /// Words that never change: kept as said in every case.
    private static let indeclinable: Set<String> = ["кофе", "какао", "пюре", "рагу", "кенгуру", "меню", "шоу", "киви", "авокадо", "манго", "суши", "тофу", "фондю", "эскимо", "капучино", "латте", "виски", "бренди", "пепси", "спагетти", "брокколи"]
}

private extension String {
    /// The word without `suffix`, when it ends with it and keeps two letters or more.
    func dropping(_ suffix: String) -> String? {
        guard hasSuffix(suffix) else { return nil }
        let stem = String(unicodeScalars.dropLast(suffix.unicodeScalars.count))
        return stem.unicodeScalars.count >= 2 ? stem : nil
    }
}
