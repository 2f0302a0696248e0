import ShopTalkGrammarFiles
import Testing
@testable import ShopTalkGrammar

/// What a reading's marked words come to, whatever the model marked: an
/// amount marked as a thing counts the thing beside it, and a word that
/// only stands before a name is no thing.
@Suite("Reading the words a model marked")
struct ReaderSpanTests {
    func reading(_ language: String, _ text: String, _ intent: String, _ marked: [(String, String)]) throws -> Parse? {
        let grammar = try LanguageFiles.builtIn.grammar(language)
        let sentence = grammar.readerSentence(text, context: ReaderContext(), isFood: { _ in false })
        let words = sentence.tokens.map(\.text)
        let spans = try marked.map { slot, said in
            let said = grammar.tokens(said).map(\.text)
            let start = try #require(words.indices.first { words[$0...].starts(with: said) }, "\(said) in \(words)")
            return FoundSpan(slot: slot, words: start..<(start + said.count))
        }
        return grammar.parse(intent, spans: spans, in: sentence)
    }

    @Test func anAmountMarkedAsAThingCountsTheThingAfterIt() throws {
        let read = try reading("de", "Trag noch 2 Liter Milch ein", "add_items", [("item", "2 Liter"), ("item", "Milch")])
        #expect(read?[slot: "items"] == .items([ItemPhrase(name: "Milch", quantity: Fraction(2), unit: "litre")]))
        let sausages = try reading("de", "brauchen noch 2 Packungen und Würstchen", "add_items", [("item", "2 Packungen"), ("item", "Würstchen")])
        #expect(sausages?[slot: "items"] == .items([ItemPhrase(name: "Würstchen", quantity: Fraction(2), unit: "pack")]))
    }

    /// "bung 2 tins of beans": an unknown verb taken into the thing, before an amount with its unit, is left out.
    @Test func aWordTakenInBeforeAnAmountAndItsUnitIsNoPartOfTheName() throws {
        let read = try reading("en", "bung 2 tins of beans on the list", "add_items", [("item", "bung 2 tins of beans")])
        #expect(read?[slot: "items"] == .items([ItemPhrase(name: "beans", quantity: Fraction(2), unit: "can")]))
        // A name before a bare count is the name ("eggs 12"), and a count without a unit keeps what it counts.
        let eggs = try reading("en", "eggs 12 please", "add_items", [("item", "eggs 12")])
        #expect(eggs?[slot: "items"] == .items([ItemPhrase(name: "eggs", quantity: Fraction(12))]))
    }

    /// A thing between two others, set apart by commas or "and", is a thing, marked or not: none is lost.
    @Test func aThingPassedOverBetweenTwoOthersIsOneToo() throws {
        let read = try reading("en", "sun cream, after sun and insect repellent for the hols", "add_items",
                               [("item", "sun cream"), ("item", "insect repellent")])
        #expect(read?[slot: "items"] == .items([ItemPhrase(name: "sun cream"), ItemPhrase(name: "after sun"), ItemPhrase(name: "insect repellent")]))
        // Words of the sentence that stand between two things without a separator on each side are no thing.
        let two = try reading("en", "sun cream and also insect repellent", "add_items", [("item", "sun cream"), ("item", "insect repellent")])
        #expect(two?[slot: "items"] == .items([ItemPhrase(name: "sun cream"), ItemPhrase(name: "insect repellent")]))
    }

    @Test func anAmountMarkedAfterTheThingIsItsAmount() throws {
        let read = try reading("es", "huevos apunta, una docena", "add_items", [("item", "huevos"), ("item", "una docena")])
        #expect(read?[slot: "items"] == .items([ItemPhrase(name: "huevos", quantity: Fraction(12))]))
    }

    @Test func wordsBeforeANameAreNoThing() throws {
        let read = try reading("es", "échale un kilo de aguacates y unos cerillos", "add_items",
                               [("item", "un kilo de aguacates"), ("item", "unos"), ("item", "cerillos")])
        #expect(read?[slot: "items"] == .items([ItemPhrase(name: "aguacates", unit: "kg"), ItemPhrase(name: "cerillos")]))
        let asked = try reading("de", "Wer hat denn 5 Tafeln Schokolade aufgeschrieben", "who_added", [("item", "Tafeln"), ("item", "Schokolade")])
        #expect(asked?[slot: "item"] == .text("Schokolade"))
        // An amount alone, with no other thing marked, is still what was marked.
        let alone = try reading("de", "wer hat Tafeln aufgeschrieben", "who_added", [("item", "Tafeln")])
        #expect(alone?[slot: "item"] == .text("Tafeln"))
    }

    /// "Les lentilles on en a. Enlève les lentilles": a thing, a list, or "everything" the model marked
    /// twice is named once; taking it off twice, the second time found nowhere, is no reading.
    @Test func whatIsMarkedTwiceIsNamedOnce() throws {
        let lentils = try reading("fr", "Les lentilles on en a. Enlève les lentilles de la liste Biocoop", "remove_item",
                                  [("item", "Les lentilles"), ("item", "les lentilles"), ("list", "Biocoop")])
        #expect(lentils?[slot: "item"] == .text("lentilles"))
        let code = try reading("fr", "fais un code Marché qui marche qu'une fois", "share_code", [("list", "Marché"), ("list", "marche")])
        #expect(code?.slots.filter { $0.name == "list" }.count == 1)
        let everything = try reading("fr", "coche tout, j'ai tout trouvé", "check_item", [("every", "tout"), ("every", "tout trouvé")])
        #expect(everything?.slots.filter { $0.name == "every" }.count == 1)
        // Two things are two: "milk" and "oat milk" are not one name.
        let two = try reading("en", "take off the milk and the oat milk", "remove_item", [("item", "milk"), ("item", "oat milk")])
        #expect(two?[slot: "item"] == .text("milk, oat milk"))
    }

    /// "能帮我加个面包吗": a Chinese food is written without spaces, one
    /// character a word to the reader; it is known as the whole name, so an
    /// addition of it is of something sold, not of an unknown thing to ask
    /// about, and the words around it ("个", "加") are no part of it.
    @Test(arguments: [
        ("zh", "能帮我加个面包吗", "面包"), ("zh", "帮我加个牛奶", "牛奶"), ("zh", "全脂牛奶来两盒", "全脂牛奶"), ("zh", "记一下洗衣液", "洗衣液"),
        ("en", "add oat milk please", "oat milk"),
    ])
    func aFoodWrittenWithoutSpacesIsKnownWhole(language: String, text: String, food: String) throws {
        let files = LanguageFiles.builtIn
        let grammar = try files.grammar(language)
        let words = try #require(try files.aisleWords(language))
        let sentence = grammar.readerSentence(text, context: ReaderContext(), isFood: { words.knows($0) })
        let tokens = sentence.tokens.map(\.text)
        let said = grammar.tokens(food).map(\.text)
        let start = try #require(tokens.indices.first { tokens[$0...].starts(with: said) })
        let marked = sentence.classes.indices.filter { !sentence.classes[$0].isDisjoint(with: [.foodStart, .foodInside]) }
        #expect(marked == Array(start..<(start + said.count)), "\(text): \(marked)")
        #expect(sentence.classes[start].contains(.foodStart))
    }
}
