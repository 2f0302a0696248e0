import ShopTalkGrammar
import ShopTalkGrammarFiles
import Testing

/// Where "show Groceries" puts each item: the word lists of `Grammar/*/*.aisles`.
@Suite struct AisleGuideTests {
    static let guide: AisleGuide = {
        do {
            return try LanguageFiles.builtIn.aisleGuide(defaultLanguage: "en")
        } catch {
            fatalError("\(error)")
        }
    }()

    /// A name known by its stem but spelled as no entry is ("tomatos") is
    /// the entry one letter from it; a name spelled as an entry, or near none, stays.
    @Test(arguments: [
        ("en", "tomatos", "tomatoes"), ("en", "potatos", "potatoes"), ("en", "Tomatos", "Tomatoes"),
        ("en", "tomato", nil), ("en", "tomatoes", nil), ("en", "salad tonight", nil), ("zh", "机蛋", nil),
    ] as [(String, String, String?)])
    func aTypoOfAKnownThingIsSpelledAsListed(language: String, typed: String, listed: String?) {
        let oneLetterOff = { (typed: String, known: String) -> Bool in
            let (a, b) = (Array(typed), Array(known))
            guard abs(a.count - b.count) <= 1, a != b else { return false }
            if a.count == b.count { return zip(a, b).filter { $0 != $1 }.count == 1 }
            let (short, long) = a.count < b.count ? (a, b) : (b, a)
            return (0..<long.count).contains { index in Array(long[..<index] + long[(index + 1)...]) == short }
        }
        #expect(Self.guide.listedSpelling(of: typed, in: language, isOneLetterOff: oneLetterOff) == listed, "\(typed)")
    }

    @Test func everyBuiltInLanguageHasAWordListOfTheSameAisles() throws {
        let files = LanguageFiles.builtIn
        let english = try #require(try files.aisleWords("en"))
        #expect(english.count >= 300, "the issue asks for at least 300 English items")
        for language in files.languages {
            let words = try #require(try files.aisleWords(language), "\(language) has no aisles file")
            #expect(Set(words.aisles) == Set(english.aisles), "\(language) names other aisles than English")
            #expect(words.count >= 150, "\(language) knows only \(words.count) items")
        }
    }

    @Test(arguments: [
        ("milk", "dairy"), ("Eggs", "dairy"), ("3 tomatoes", "produce"), ("tomatoes", "produce"), ("bread", "bakery"),
        ("oat milk", "dairy"), ("peanut butter", "pantry"), ("chocolate milk", "dairy"), ("ice cream", "frozen"),
        ("paper towels", "household"), ("kitchen paper towels", "household"), ("black pepper", "pantry"), ("red pepper", "produce"),
        ("cat food", "pets"), ("loaves", "bakery"), ("strawberries", "produce"),
    ])
    func englishNamesGoWhereTheirLastWordSays(name: String, aisle: String) {
        #expect(Self.guide.aisle(of: name, preferring: "en") == aisle)
    }

    @Test(arguments: [
        ("leche de avena", "es", "dairy"), ("leche de coco", "es", "pantry"), ("pan integral", "es", "bakery"), ("huevos", "es", "dairy"),
        ("Hafermilch", "de", "dairy"), ("Vollkornbrot", "de", "bakery"), ("Bio-Milch", "de", "dairy"), ("Cocktailtomaten", "de", "produce"),
        ("Milchreis", "de", "pantry"), ("Vanilleeis", "de", "frozen"), ("lait d'avoine", "fr", "dairy"), ("pommes de terre", "fr", "produce"), ("chou-fleur", "fr", "produce"),
        ("молока", "ru", "dairy"), ("туалетную бумагу", "ru", "household"), ("подсолнечное масло", "ru", "pantry"),
        ("sữa tươi", "vi", "dairy"), ("sữa tắm", "vi", "care"), ("kem đánh răng", "vi", "care"), ("kem", "vi", "frozen"), ("ca chua", "vi", "produce"),
        ("全脂牛奶", "zh", "dairy"), ("牛奶巧克力", "zh", "snacks"), ("麵包", "zh", "bakery"), ("柠檬水", "zh", "drinks"),
    ])
    func eachLanguageReadsItsOwnNames(name: String, language: String, aisle: String) {
        #expect(Self.guide.aisle(of: name, preferring: language) == aisle)
    }

    @Test func aNameIsLookedUpInTheReadersLanguageFirstThenTheOthers() {
        // A household that writes in two languages: German names on an English reader's list.
        #expect(Self.guide.aisle(of: "Milch", preferring: "en") == "dairy")
        #expect(Self.guide.aisle(of: "pan", preferring: "es") == "bakery")
        #expect(Self.guide.aisle(of: "a birthday present", preferring: "en") == nil)
    }

    @Test func aMistakeInAFileIsToldWithItsLine() {
        #expect(throws: GrammarError.self) { try AisleWords(source: "language: en\n  milk\n", file: "x.aisles") }
        do {
            _ = try AisleWords(source: "language: en\naisle dairy\n  milk, [oat\n", file: "x.aisles")
            Issue.record("an open bracket was accepted")
        } catch {
            #expect(error.description == "x.aisles:3:1: error: unbalanced [ ] in “[oat”")
        }
        #expect(throws: GrammarError.self) { try AisleWords(source: "aisle dairy\n  milk\n", file: "x.aisles") }
        #expect(throws: GrammarError.self) { try AisleWords(source: "language: en\naisle Dairy Stuff\n", file: "x.aisles") }
    }

    @Test func bracketsSpellAnEntryBothWays() throws {
        let words = try AisleWords(source: "language: en\naisle produce\n  tomato[es], [cherry ]tomato\n", file: "x.aisles")
        let guide = AisleGuide([words])
        #expect(guide.aisle(of: "cherry tomato") == "produce")
        #expect(words.count == 4)
    }
}

/// What an aisle line says after its `;`: the facts a reply needs to put
/// the thing's name in a sentence.
@Suite("Facts of things in the aisle files")
struct AisleFactsTests {
    let french = ThingFacts(source: """
        language: fr
        head: first
        aisle dairy
          milk = lait ; m
          butter = beurre ; m
          cream = crème, crème fraîche ; f
        aisle pantry
          pasta = pâtes ; pl
          flour = farine ; f ; note=bio
        """)

    @Test func aWholeNameHasItsLinesFactsAndANameWithAKnownHeadItsGender() {
        #expect(french.facts(of: "lait")?["gender"] == "m")
        #expect(french.facts(of: "Crème fraîche")?["gender"] == "f")
        #expect(french.facts(of: "pâtes")?["gender"] == "pl")
        #expect(french.facts(of: "farine")?["note"] == "bio")
        // "lait d'avoine" is a lait: its gender, not the forms of its words.
        #expect(french.facts(of: "lait d'avoine") == ["gender": "m"])
        #expect(french.facts(of: "farine complète") == ["gender": "f"])
        #expect(french.facts(of: "pq") == nil)
    }

    @Test func germanCompoundsTakeTheGenderOfTheirLastWord() throws {
        let german = ThingFacts(source: """
            language: de
            inside words: yes
            aisle dairy
              milk = Milch ; f
              cheese = Käse ; m
            """)
        #expect(german.facts(of: "Hafermilch")?["gender"] == "f")
        #expect(german.facts(of: "geriebener Käse")?["gender"] == "m")
    }

    @Test func aFactThatIsNeitherAGenderNorANamedValueIsAMistakeOfTheFile() {
        #expect(throws: GrammarError.self) { try ThingFacts(checking: "language: fr\naisle dairy\n  milk = lait ; masculin\n", file: "fr.aisles") }
        #expect(throws: GrammarError.self) { try ThingFacts(checking: "language: fr\naisle dairy\n  milk = lait ; genre=\n", file: "fr.aisles") }
        #expect(ThingFacts(source: "language: fr\naisle dairy\n  milk = lait ; masculin\n").isEmpty)
    }

    @Test func everyBuiltInAisleFileSaysItsFactsRight() throws {
        for (path, text) in BundledGrammars.files where path.hasSuffix(".aisles") {
            #expect(throws: Never.self, "\(path)") { try ThingFacts(checking: text, file: path) }
        }
    }
}
