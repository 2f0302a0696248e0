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
    /// `lists`: the speaker's, whose names the suggestions use in place of
    /// the examples' own ("add 3 eggs to Costco", never a "Groceries" the
    /// household lacks); an example naming a member the line did not name is
    /// left out, as the household may have no "bob".
    /// `things`: what is on the speaker's lists; an example about one thing
    /// ("untick the milk") that is neither there nor in the line is left out,
    /// as the household may have no milk. A household with nothing yet gets
    /// every example: they show what may be said.
    /// `nearest`: the requests the language's model thinks the line likeliest
    /// to make, likeliest first, whose examples come right after the one that
    /// shares most words with the line, whatever their own words.
    static func closest(to text: String, in grammar: Grammar, lists: [String] = [], things: [String] = [], nearest: [String] = [],
                        limit: Int = 3) -> [String] {
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
        // The best example of each intent, best intents first; an example is
        // parsed to put the speaker's names in only until `limit` are found.
        var seen: Set<String> = [], suggestions: [String] = []
        let ranked = scored.sorted(by: { $0.score != $1.score ? $0.score > $1.score : $0.order < $1.order })
        // The model's nearest requests next to the example sharing most words (which a typo, "ad eggs", still finds):
        // the best-scored example of each, else its first.
        let near = nearest.compactMap { intent -> (score: Double, order: Int, intent: String, example: String)? in
            if let best = ranked.first(where: { $0.intent == intent }) { return best }
            return examples.enumerated().first { $0.element.intent == intent }.map { (0, $0.offset, intent, $0.element.example) }
        }
        for candidate in ranked.prefix(1) + near + ranked.dropFirst() {
            guard suggestions.count < limit else { break }
            guard !seen.contains(candidate.intent),
                  let example = inSpeakersWords(candidate.example, typed: text, lists: lists, things: things, grammar: grammar) else { continue }
            seen.insert(candidate.intent)
            suggestions.append(example)
        }
        return suggestions
    }

    /// The example with the speaker's list in place of the one it acts on:
    /// the one the line names, else their first; nil when it names a member
    /// the line does not, or one thing the household lacks.
    static func inSpeakersWords(_ example: String, typed: String, lists: [String], things: [String] = [], grammar: Grammar) -> String? {
        guard let parse = grammar.parse(example) else { return example }
        let said = typed.lowercased()
        var result = example
        var used: String?
        for slot in parse.slots.sorted(by: { $0.name == "list" && $1.name != "list" }) {
            switch slot.value {
            case .list(_, let spoken, _):
                guard let range = result.range(of: spoken) else { continue }
                let own: String
                if slot.name == "list" {
                    guard let first = lists.first(where: { said.contains($0.lowercased()) }) ?? lists.first else { continue }
                    own = first
                } else {
                    // "copy Groceries to Party" makes Party; "move the bread to Costco" needs a second list of theirs.
                    guard parse.intent != "copy_list" else { continue }
                    guard let other = lists.first(where: { $0 != used }) else { return nil }
                    own = other
                }
                used = used ?? own
                let offset = result.distance(from: result.startIndex, to: range.lowerBound)
                result.replaceSubrange(range, with: own)
                result = withoutEcho(of: own, at: result.index(result.startIndex, offsetBy: offset), in: result)
            case .users(let names):
                guard names.allSatisfy({ said.contains($0.lowercased()) }) else { return nil }
            case .text(let name) where slot.name == "user":
                // "make bob an admin of Home", in a household with no bob: not suggested.
                guard said.contains(name.lowercased()) else { return nil }
            case .text(let name) where slot.name == "item" && !things.isEmpty:
                let thing = name.lowercased()
                guard said.contains(thing) || things.contains(where: { $0.lowercased() == thing }) else { return nil }
            default:
                break
            }
        }
        return result
    }

    /// "delete the Shopping list list": a name put in before the word it
    /// ends with is not followed by that word again.
    private static func withoutEcho(of name: String, at start: String.Index, in text: String) -> String {
        guard let last = name.split(separator: " ").last?.lowercased() else { return text }
        let end = text.index(start, offsetBy: name.count)
        let echo = " " + last
        guard text[end...].lowercased().hasPrefix(echo) else { return text }
        let echoEnd = text.index(end, offsetBy: echo.count)
        guard echoEnd == text.endIndex || !text[echoEnd].isLetter else { return text }
        var result = text
        result.removeSubrange(end..<echoEnd)
        return result
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
