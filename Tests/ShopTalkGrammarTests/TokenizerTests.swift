import ShopTalkGrammar
import Testing

@Suite("Tokenizer")
struct TokenizerTests {
    func words(_ text: String) -> [String] { Tokenizer.tokenize(text).map(\.text) }

    @Test func wordsAreLowercasedAndPunctuationDropped() {
        #expect(words("What's on Groceries?") == ["what's", "on", "groceries"])
        #expect(words("Add eggs, milk & bread!") == ["add", "eggs", ",", "milk", "&", "bread"])
    }

    @Test func joinersStayInsideWords() {
        #expect(words("share with bob.smith read-only") == ["share", "with", "bob.smith", "read-only"])
        #expect(words("add 1,000 clips, 2.5 kg") == ["add", "1,000", "clips", ",", "2.5", "kg"])
        #expect(words("add -3 eggs") == ["add", "-3", "eggs"])
        #expect(words("it’s") == ["it's"])
    }

    @Test func numbersMayHoldCommasAndPoints() {
        let tokens = Tokenizer.tokenize("add 1,000 clips 2.5 kg v1.5 -3")
        #expect(tokens.filter(\.isNumber).map(\.text) == ["1,000", "2.5", "-3"])
    }

    @Test func percentHashAndDollarBelongToTheirWord() {
        let tokens = Tokenizer.tokenize("add 3 2% milk, #2 pencils & a $5 card")
        #expect(tokens.map(\.text) == ["add", "3", "2%", "milk", ",", "#2", "pencils", "&", "a", "$5", "card"])
        #expect(tokens.filter(\.isNumber).map(\.text) == ["3"])
    }

    @Test func unspacedScriptsAreOneWordPerCharacter() {
        #expect(words("把鸡蛋加到清单") == ["把", "鸡", "蛋", "加", "到", "清", "单"])
        #expect(words("thêm 3 quả táo") == ["thêm", "3", "quả", "táo"])
        #expect(words("добавь молоко") == ["добавь", "молоко"])
    }

    @Test func emojiAreWords() {
        #expect(words("add 🥚🥚 and 🥛!") == ["add", "🥚🥚", "and", "🥛"])
    }

    @Test func tokensKnowWhereTheyStood() {
        let text = "Add  Oat Milk"
        let tokens = Tokenizer.tokenize(text)
        #expect(String(text[tokens[1].range.lowerBound..<tokens[2].range.upperBound]) == "Oat Milk")
    }
}
