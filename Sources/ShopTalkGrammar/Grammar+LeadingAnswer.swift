extension Grammar {
    /// The words a line opens with that answer a yes-or-no question, and the
    /// words after them: "sí, bórrala" → (sí, bórrala), "nein, lass sie
    /// stehen", "好的删吧". The longest opening the grammar reads as `confirm`
    /// or `deny` wins; nil when the line does not open with one, or is
    /// nothing else ("yes" alone is read as a whole line).
    public func leadingAnswer(in line: String) -> (answer: Parse, rest: String)? {
        let tokens = self.tokens(line)
        guard tokens.count > 1 else { return nil }
        for count in stride(from: min(Self.longestAnswer, tokens.count - 1), through: 1, by: -1) {
            guard let answer = parse(text(0..<count, tokens: tokens, sentence: line)),
                  answer.intent == "confirm" || answer.intent == "deny" else { continue }
            // "no, add 2 bananas": what follows the answer, without the comma that set it off, is read as a line of its own.
            let rest = line[tokens[count].range.lowerBound...].drop { $0.isPunctuation || $0.isWhitespace }
            guard !rest.isEmpty else { return nil }
            return (answer, String(rest))
        }
        return nil
    }

    /// "claro que sí", "no thanks", "好的": an answer is a few words at most.
    static let longestAnswer = 3
}
