import Foundation
import ShopTalkGrammar

/// Picks the grammar's example commands that look most like a line the bot
/// did not understand, for "You could try …".
///
/// An example scores the rarity of each of its words that the line also
/// holds, exactly or with one typo ("ad" for "add"), so "to" and list names
/// that every example shares count for little; long examples are not
/// favoured, and each intent is suggested once.
enum Suggestions {
    static func closest(to text: String, in grammar: Grammar, limit: Int = 3) -> [String] {
        let typed = Tokenizer.tokenize(text).map { Array($0.text) }
        guard !typed.isEmpty else { return [] }
        let examples = grammar.intents.flatMap { intent in
            intent.examples.map { (intent: intent.name, example: $0, words: Set(Tokenizer.tokenize($0).map(\.text))) }
        }
        var documentFrequency: [String: Int] = [:]
        for example in examples { for word in example.words { documentFrequency[word, default: 0] += 1 } }

        func matches(_ word: String) -> Bool {
            let letters = Array(word)
            return typed.contains { typedWord in
                typedWord == letters || (letters.count >= 3 && typedWord.count >= 2 && editDistanceIsOne(typedWord, letters))
            }
        }

        var scored: [(score: Double, order: Int, intent: String, example: String)] = []
        for (order, example) in examples.enumerated() {
            // Summed in one order, not a set's: two examples that tie must tie on every run.
            let weight = example.words.filter(matches).sorted().reduce(0.0) { total, word in
                total + log(1 + Double(examples.count) / Double(documentFrequency[word] ?? 1))
            }
            let score = weight / Double(example.words.count).squareRoot()
            if weight > 1.0 { scored.append((score, order, example.intent, example.example)) }
        }
        // The best example of each intent, best intents first.
        var seen: Set<String> = []
        return scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.order < $1.order }
            .filter { seen.insert($0.intent).inserted }
            .prefix(limit).map(\.example)
    }

    /// True when one insertion, deletion or substitution turns `a` into `b`.
    private static func editDistanceIsOne(_ a: [Character], _ b: [Character]) -> Bool {
        guard abs(a.count - b.count) <= 1, a != b else { return false }
        var i = 0, j = 0, edits = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] {
                i += 1
                j += 1
                continue
            }
            edits += 1
            if edits > 1 { return false }
            if a.count > b.count { i += 1 } else if a.count < b.count { j += 1 } else {
                i += 1
                j += 1
            }
        }
        return edits + (a.count - i) + (b.count - j) == 1
    }
}
