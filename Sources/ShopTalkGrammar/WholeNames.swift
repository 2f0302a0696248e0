/// Names written without spaces that begin with a word of the grammar's
/// sentences: Chinese «加州李» (plums, not "add 州李"), «和牛» (wagyu, not
/// "and 牛"), «拿铁» (a latte, not "take 铁"). Each Han character is a word of
/// its own (see ``Tokenizer``), so the verb «加» and the joiner «和» would
/// cut these names wherever they stand. The grammar lists them (`items` →
/// `whole names:`), and the characters of each are read as one word, in
/// sentences and in the reader alike: "买两斤加州李" adds 2 斤 of 加州李.
///
/// A name of several words written with spaces is one word too, in any
/// case: "mac and cheese", "salt and vinegar chips", "Tom und Jerry Kekse"
/// hold the grammar's word for "and", which would cut them in two.
struct WholeNames: Sendable {
    /// The names, as typed.
    let names: Set<String>
    /// The characters a name begins with: a word of any other is passed at once.
    private let firsts: Set<Character>
    /// The most characters a name has.
    private let longest: Int
    /// The names written with spaces, by their first word, each as its
    /// words, lowercased, the longest first.
    private let spaced: [String: [[String]]]

    init(_ names: [String]) {
        self.names = Set(names.filter { $0.count >= 2 })
        let unspaced = self.names.filter { !$0.contains(" ") }
        firsts = Set(unspaced.compactMap(\.first))
        longest = unspaced.map(\.count).max() ?? 0
        spaced = Dictionary(grouping: self.names.filter { $0.contains(" ") }.map { $0.lowercased().split(separator: " ").map(String.init) }, by: { $0[0] })
            .mapValues { $0.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) } }
    }

    /// `tokens` with the words of each listed name made one word, the longest name first.
    func join(_ tokens: [Token], in text: String) -> [Token] {
        guard !names.isEmpty, tokens.count >= 2 else { return tokens }
        return joinUnspaced(spaced.isEmpty ? tokens : joinSpaced(tokens, in: text), in: text)
    }

    /// "mac and cheese": the words of a name written with spaces, one
    /// after the next with nothing but spaces between, made one word.
    private func joinSpaced(_ tokens: [Token], in text: String) -> [Token] {
        var result: [Token] = []
        var start = 0
        while start < tokens.count {
            let name = spaced[tokens[start].text.lowercased()]?.first { words in
                start + words.count <= tokens.count && (1..<words.count).allSatisfy { offset in
                    let token = tokens[start + offset]
                    return token.text.lowercased() == words[offset]
                        && text[tokens[start + offset - 1].range.upperBound..<token.range.lowerBound].allSatisfy { $0 == " " }
                }
            }
            guard let name else {
                result.append(tokens[start])
                start += 1
                continue
            }
            let end = start + name.count
            let range = tokens[start].range.lowerBound..<tokens[end - 1].range.upperBound
            result.append(Token(text: String(text[range]), range: range,
                                touchesPunctuation: tokens[start].touchesPunctuation || tokens[end - 1].touchesPunctuation))
            start = end
        }
        return result
    }

    /// «加州李»: the characters of a name of a script written without spaces made one word.
    private func joinUnspaced(_ tokens: [Token], in text: String) -> [Token] {
        guard !firsts.isEmpty, tokens.contains(where: { $0.text.first.map(firsts.contains) == true }) else { return tokens }
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
