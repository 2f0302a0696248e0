import ShopTalkGrammar

/// Picks the grammar's example commands that look most like a line the bot
/// did not understand, for "You could try …".
enum Suggestions {
    static func closest(to text: String, in grammar: Grammar, limit: Int = 3) -> [String] {
        let words = Set(Tokenizer.tokenize(text).map(\.text))
        guard !words.isEmpty else { return [] }
        var scored: [(score: Double, order: Int, example: String)] = []
        var order = 0
        for intent in grammar.intents {
            for example in intent.examples {
                let exampleWords = Tokenizer.tokenize(example).map(\.text)
                let shared = exampleWords.filter(words.contains).count
                let firstWordBonus = exampleWords.first.map(words.contains) == true ? 0.5 : 0
                let score = (Double(shared) + firstWordBonus) / Double(max(exampleWords.count, 1)).squareRoot()
                if shared > 0 { scored.append((score, order, example)) }
                order += 1
            }
        }
        return scored.sorted { ($0.score, -$0.order) > ($1.score, -$1.order) }.prefix(limit).map(\.example)
    }
}
