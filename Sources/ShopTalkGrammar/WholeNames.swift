/// Names written without spaces that begin with a word of the grammar's
/// sentences: Chinese «加州李» (plums, not "add 州李"), «和牛» (wagyu, not
/// "and 牛"), «拿铁» (a latte, not "take 铁"). Each Han character is a word of
/// its own (see ``Tokenizer``), so the verb «加» and the joiner «和» would
/// cut these names wherever they stand. The grammar lists them (`items` →
/// `whole names:`), and the characters of each are read as one word, in
/// sentences and in the reader alike: "买两斤加州李" adds 2 斤 of 加州李.
struct WholeNames: Sendable {
    /// The names, as typed.
    let names: Set<String>
    /// The characters a name begins with: a word of any other is passed at once.
    private let firsts: Set<Character>
    /// The most characters a name has.
    private let longest: Int

    init(_ names: [String]) {
        self.names = Set(names.filter { $0.count >= 2 })
        firsts = Set(self.names.compactMap(\.first))
        longest = self.names.map(\.count).max() ?? 0
    }

    /// `tokens` with the characters of each listed name made one word, the longest name first.
    func join(_ tokens: [Token], in text: String) -> [Token] {
        guard !names.isEmpty, tokens.count >= 2, tokens.contains(where: { $0.text.first.map(firsts.contains) == true }) else { return tokens }
        var result: [Token] = []
        var start = 0
        while start < tokens.count {
            guard tokens[start].text.first.map(firsts.contains) == true, Self.isOneCharacter(tokens[start]) else {
                result.append(tokens[start])
                start += 1
                continue
            }
            // The characters typed one against the next from here, as far as a name may reach.
            var end = start + 1
            while end < tokens.count, end - start < longest, Self.isOneCharacter(tokens[end]),
                  tokens[end - 1].range.upperBound == tokens[end].range.lowerBound {
                end += 1
            }
            let name = stride(from: end, to: start + 1, by: -1).first { names.contains(tokens[start..<$0].map(\.text).joined()) }
            guard let name else {
                result.append(tokens[start])
                start += 1
                continue
            }
            result.append(Token(text: tokens[start..<name].map(\.text).joined(), range: tokens[start].range.lowerBound..<tokens[name - 1].range.upperBound,
                                touchesPunctuation: tokens[start].touchesPunctuation || tokens[name - 1].touchesPunctuation))
            start = name
        }
        return result
    }

    /// A character of a script written without spaces, which the tokenizer made a word of its own.
    private static func isOneCharacter(_ token: Token) -> Bool {
        !token.isNumber && token.text.unicodeScalars.count == 1 && token.text.unicodeScalars.first.map(Tokenizer.isUnspacedScript) == true
    }
}
