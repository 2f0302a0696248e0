import ShopTalkGrammarFiles
import Testing
@testable import ShopTalkGrammar

/// Chinese names that begin with a word of the grammar's sentences («加州李»,
/// «和牛», «拿铁») are one word: «加» is not "add", «和» not "and" inside them.
@Suite("Names written whole")
struct WholeNamesTests {
    static let names = WholeNames(["加州李", "和牛", "拿铁"])

    func words(_ text: String) -> [String] { Self.names.join(Tokenizer.tokenize(text), in: text).map(\.text) }

    @Test func theCharactersOfANameListedAreOneWord() {
        #expect(words("买两斤加州李") == ["买", "两", "斤", "加州李"])
        #expect(words("加一盒和牛火锅片") == ["加", "一", "盒", "和牛", "火", "锅", "片"])
        // Typed apart, they are the words typed: "加 州李" adds 州李.
        #expect(words("加 州李") == ["加", "州", "李"])
        // Another script's words are left alone.
        #expect(words("add 和牛 and milk") == ["add", "和牛", "and", "milk"])
    }

    /// Kept as the person typed it, so a name read from the word is the name said.
    @Test func aJoinedWordSpansWhatWasTyped() throws {
        let text = "来两杯拿铁"
        let joined = Self.names.join(Tokenizer.tokenize(text), in: text)
        let last = try #require(joined.last)
        #expect(String(text[last.range]) == "拿铁")
    }

    @Test func chineseAddsAndTakesOffNamesThatBeginWithAVerbOrAJoiner() throws {
        let grammar = try LanguageFiles.builtIn.grammar("zh")
        #expect(grammar.parse("加两斤加州李")?[slot: "items"] == .items([ItemPhrase(name: "加州李", quantity: Fraction(2), unit: "jin")]))
        #expect(grammar.parse("加一盒和牛火锅片和两斤加州李")?[slot: "items"]
            == .items([ItemPhrase(name: "和牛火锅片", quantity: Fraction(1), unit: "box"), ItemPhrase(name: "加州李", quantity: Fraction(2), unit: "jin")]))
        #expect(grammar.parse("把加州李删了")?[slot: "item"] == .text("加州李"))
    }

    /// "mac and cheese", "salt & vinegar chips": a name of several words
    /// that holds the grammar's "and" is one word, in any case, and only
    /// where its words follow one another with nothing but spaces.
    @Test func theWordsOfANameWithSpacesAreOneWord() {
        let names = WholeNames(["mac and cheese", "salt & vinegar chips"])
        func words(_ text: String) -> [String] { names.join(Tokenizer.tokenize(text), in: text).map(\.text) }
        #expect(words("add Mac and Cheese and milk") == ["add", "Mac and Cheese", "and", "milk"])
        #expect(words("add salt & vinegar chips, dip") == ["add", "salt & vinegar chips", ",", "dip"])
        #expect(words("add mac, and cheese") == ["add", "mac", ",", "and", "cheese"])
        #expect(words("add mac and milk") == ["add", "mac", "and", "milk"])
    }

    @Test func aThingWhoseNameHoldsAndIsOneThing() throws {
        let grammar = try LanguageFiles.builtIn.grammar("en")
        #expect(grammar.parse("add mac and cheese and milk")?[slot: "items"]
            == .items([ItemPhrase(name: "mac and cheese"), ItemPhrase(name: "milk")]))
        #expect(grammar.parse("add salt and vinegar chips and dip")?[slot: "items"]
            == .items([ItemPhrase(name: "salt and vinegar chips"), ItemPhrase(name: "dip")]))
        // Two things said with "and" stay two.
        #expect(grammar.parse("add salt and pepper")?[slot: "items"] == .items([ItemPhrase(name: "salt"), ItemPhrase(name: "pepper")]))
    }
}
