/// A language's rule of endings for a fact of its words, set in its message
/// file where the aisle files name no form:
///
/// ```
/// form genitive: ая → ой, а → ы, ка → ки, о → а
/// guess gender: а → f, я → f, о → n, е → n
/// ```
///
/// A `form` makes a word form: each word of a name loses the longest ending
/// of the rule it has and takes that ending's replacement ("зубная паста" →
/// "зубной пасты"); a word with none of them is kept as it is. A `guess`
/// says a value by the last word's longest ending, or by the name's last
/// words where the ending has several (`guess kind: liste de courses →
/// own`); none, and nothing is guessed. An ending may be "-" for every word
/// (`- → s`).
struct WordEndings: Sendable {
    /// Longest ending first.
    private let rules: [(ending: String, replacement: String)]
    let guessing: Bool

    /// Nil when `text` is not a list of `ending → replacement` pairs.
    init?(_ text: Substring, guessing: Bool) {
        var rules: [(String, String)] = []
        for pair in text.split(separator: ",") {
            let sides = pair.split(separator: "→", omittingEmptySubsequences: false)
            guard sides.count == 2 else { return nil }
            let ending = sides[0].split(separator: " ").joined(separator: " ")
            let replacement = sides[1].split(separator: " ").joined(separator: " ")
            // A guess may go by the name's last words ("liste de courses"); a form goes word by word.
            guard !ending.isEmpty, guessing || !ending.contains(" "), !(guessing && replacement.isEmpty) else { return nil }
            rules.append((ending == "-" ? "" : ending, replacement == "-" ? "" : replacement))
        }
        guard !rules.isEmpty else { return nil }
        self.rules = rules.sorted { $0.0.count > $1.0.count }
        self.guessing = guessing
    }

    /// The form of `name`, or the value guessed from its ending.
    func apply(to name: String) -> String? {
        if guessing {
            guard let last = name.split(separator: " ").last else { return nil }
            let word = last.lowercased()
            let words = name.split(separator: " ").joined(separator: " ").lowercased()
            return rules.first { rule in
                guard rule.ending.contains(" ") else { return word.hasSuffix(rule.ending) }
                return words == rule.ending || words.hasSuffix(" " + rule.ending)
            }?.replacement
        }
        return name.split(separator: " ", omittingEmptySubsequences: false).map { word in
            let lowered = word.lowercased()
            // Only words of letters change: "2", "(bio)" and "L" stay.
            guard word.count > 1, word.allSatisfy(\.isLetter),
                  let rule = rules.first(where: { lowered.hasSuffix($0.ending) && lowered.count > $0.ending.count }) else { return String(word) }
            return String(word.dropLast(rule.ending.count)) + rule.replacement
        }.joined(separator: " ")
    }
}
