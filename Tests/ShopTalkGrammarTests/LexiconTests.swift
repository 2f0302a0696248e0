import ShopTalkGrammar
import ShopTalkGrammarFiles
import Testing

/// One thing in many languages: the aisle files' `key = names` lines.
@Suite struct LexiconTests {
    /// A small household of files: English and French, with a false friend
    /// ("lard" is fat in English, bacon in French) and a word only one knows.
    static let guide: AisleGuide = {
        do {
            let english = try AisleWords(source: """
                language: en
                aisle bakery
                  bread = bread
                aisle meat
                  bacon = bacon
                  lard = lard
                aisle dairy
                  egg = egg, eggs
                  milk = milk
                  whole milk = whole milk
                """, file: "en.aisles")
            let french = try AisleWords(source: """
                language: fr
                aisle bakery
                  bread = pain
                  baguette
                aisle meat
                  bacon = lard, lardons
                aisle dairy
                  egg = œuf, œufs
                  milk = lait
                """, file: "fr.aisles")
            return AisleGuide([english, french])
        } catch {
            fatalError("\(error)")
        }
    }()

    @Test func aNameSaidIsTheThingItNamesInTheSpeakersLanguage() {
        #expect(Self.guide.concept(of: "œufs", saidIn: "fr") == "egg")
        #expect(Self.guide.concept(of: "oeufs", saidIn: "fr") == "egg")
        #expect(Self.guide.concept(of: "Eggs", saidIn: "en") == "egg")
        #expect(Self.guide.concept(of: "lard", saidIn: "fr") == "bacon")
        #expect(Self.guide.concept(of: "lard", saidIn: "en") == "lard")
        // Only the whole name, and only keyed names: "baguette" and "chocolate milk" are no key's.
        #expect(Self.guide.concept(of: "baguette", saidIn: "fr") == nil)
        #expect(Self.guide.concept(of: "chocolate milk", saidIn: "en") == nil)
        #expect(Self.guide.concept(of: "pain", saidIn: "en") == nil)
    }

    @Test func aStoredNameIsReadInTheLanguageItWasTypedIn() {
        #expect(Self.guide.concept(ofStored: "lard", typedIn: "fr", readIn: "en") == "bacon")
        #expect(Self.guide.concept(ofStored: "lard", typedIn: "en", readIn: "fr") == "lard")
        #expect(Self.guide.concept(ofStored: "pain", typedIn: "en", readIn: "en") == nil)
    }

    @Test func anOlderItemsNameIsReadInTheReadersLanguageFirst() {
        #expect(Self.guide.concept(ofStored: "pain", typedIn: nil, readIn: "en") == "bread")
        #expect(Self.guide.concept(ofStored: "lard", typedIn: nil, readIn: "en") == "lard")
        #expect(Self.guide.concept(ofStored: "lard", typedIn: nil, readIn: "fr") == "bacon")
        #expect(Self.guide.concept(ofStored: "baguette", typedIn: nil, readIn: "en") == nil)
    }

    @Test func aReaderIsShownTheirOwnWordWithItsPlural() {
        #expect(Self.guide.word(for: "pain", in: "en", plural: false) == "bread")
        #expect(Self.guide.word(for: "eggs", in: "fr", plural: true) == "œufs")
        #expect(Self.guide.word(for: "egg", in: "fr", plural: false) == "œuf")
        #expect(Self.guide.word(for: "lait", in: "en", plural: false) == "milk")
        // Their own word, or a word the lexicon does not know, is shown as typed.
        #expect(Self.guide.word(for: "milk", in: "en", plural: false) == nil)
        #expect(Self.guide.word(for: "lard", in: "en", plural: false) == nil)
        #expect(Self.guide.word(for: "Gâteau de mamie", in: "en", plural: false) == nil)
        // A false friend is shown as the line that added it meant it.
        #expect(Self.guide.word(for: "lard", in: "en", plural: false, typedIn: "fr") == "bacon")
        #expect(Self.guide.word(for: "lard", in: "fr", plural: false, typedIn: "en") == nil)
    }

    /// "Added 24 loo roll" read like a form: another name of a thing,
    /// counted, is its plural where the file spells one on the thing's line
    /// ("loo roll[s]"), kept as typed but for its ending.
    @Test func anotherNameOfAThingHasThePluralItsLineSpells() {
        let guide = AisleGuideTests.guide
        #expect(guide.word(for: "loo roll", in: "en", plural: true, typedIn: "en") == "loo rolls")
        #expect(guide.word(for: "Loo roll", in: "en", plural: true, typedIn: "en") == "Loo rolls")
        #expect(guide.word(for: "aubergine", in: "en", plural: true, typedIn: "en") == "aubergines")
        #expect(guide.word(for: "burger patty", in: "en", plural: true, typedIn: "en") == "burger patties")
        // One of it, a name with no plural spelled ("toilet tissue"), and the thing's first name as before.
        #expect(guide.word(for: "loo roll", in: "en", plural: false, typedIn: "en") == nil)
        #expect(guide.word(for: "toilet tissue", in: "en", plural: true, typedIn: "en") == nil)
        #expect(guide.word(for: "eggplant", in: "en", plural: true, typedIn: "en") == "eggplants")
    }

    @Test func aKeyIsOneLowercaseEnglishName() {
        #expect(throws: GrammarError.self) { try AisleWords(source: "language: en\naisle dairy\n  Milk = milk\n", file: "x.aisles") }
        #expect(throws: GrammarError.self) { try AisleWords(source: "language: en\naisle dairy\n  milk, cream = milk\n", file: "x.aisles") }
        #expect(throws: GrammarError.self) { try AisleWords(source: "language: vi\nplurals: sometimes\naisle dairy\n  milk = sữa\n", file: "x.aisles") }
    }

    @Test func theBuiltInFilesNameTheSameThingsAcrossLanguages() {
        let guide = AisleGuideTests.guide
        let milk = ["en": "milk", "es": "leche", "de": "Milch", "fr": "lait", "ru": "молоко", "vi": "sữa", "zh": "牛奶"]
        let eggs = ["en": "eggs", "es": "huevos", "de": "Eier", "fr": "œufs", "ru": "яйца", "vi": "trứng", "zh": "鸡蛋"]
        for (language, word) in milk { #expect(guide.concept(of: word, saidIn: language) == "milk", "\(language): \(word)") }
        for (language, word) in eggs { #expect(guide.concept(of: word, saidIn: language) == "egg", "\(language): \(word)") }
        #expect(guide.word(for: "leche", in: "de", plural: false) == "Milch")
        #expect(guide.word(for: "trứng", in: "de", plural: true) == "Eier")
        #expect(guide.word(for: "Eier", in: "en", plural: true) == "eggs")
    }

    @Test func everyKeyOfAnotherLanguageIsAnEnglishKey() throws {
        let files = LanguageFiles.builtIn
        let english = try #require(try files.aisleWords("en"))
        for language in files.languages where language != "en" {
            let words = try #require(try files.aisleWords(language))
            let unknown = words.keys.subtracting(english.keys)
            #expect(unknown.isEmpty, "\(language) has keys English lacks: \(unknown.sorted())")
            #expect(words.keys.count >= 200, "\(language) keys only \(words.keys.count) things")
        }
    }
}
