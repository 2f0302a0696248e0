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
    /// The first bytes those names' first words may begin with, in either
    /// case: a word beginning otherwise is passed without lowercasing it.
    private let spacedFirstBytes: [Bool]

    init(_ names: [String]) {
        self.names = Set(names.filter { $0.count >= 2 })
        let unspaced = self.names.filter { !$0.contains(" ") }
        firsts = Set(unspaced.compactMap(\.first))
        longest = unspaced.map(\.count).max() ?? 0
        spaced = Dictionary(grouping: self.names.filter { $0.contains(" ") }.map { $0.lowercased().split(separator: " ").map(String.init) }, by: { $0[0] })
            .mapValues { $0.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) } }
        var firstBytes = [Bool](repeating: false, count: 256)
        for word in spaced.keys {
            for byte in [word.utf8.first, word.uppercased().utf8.first].compactMap({ $0 }) { firstBytes[Int(byte)] = true }
        }
        spacedFirstBytes = firstBytes
    }

    /// Whether `name` is one of the names, in any case: a thing the family
    /// buys, as surely as a food of the aisles.
    func contains(_ name: String) -> Bool {
        names.contains(name) || names.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// `tokens` with the words of each listed name made one word, the longest name first.
    func join(_ tokens: [Token], in text: String) -> [Token] {
        guard !names.isEmpty, tokens.count >= 2 else { return tokens }
        return joinUnspaced(spaced.isEmpty ? tokens : joinSpaced(tokens, in: text), in: text)
    }

    /// "mac and cheese": the words of a name written with spaces, one
    /// after the next with nothing but spaces between, made one word. A
    /// line without such a name is given back as it came, at the cost of a
    /// look at each word's first byte.
    private func joinSpaced(_ tokens: [Token], in text: String) -> [Token] {
        guard var next = tokens.indices.first(where: { spacedName(at: $0, in: tokens, text: text) != nil }) else { return tokens }
        var result = Array(tokens[..<next])
        while next < tokens.count {
            guard let count = spacedName(at: next, in: tokens, text: text) else {
                result.append(tokens[next])
                next += 1
                continue
            }
            let end = next + count
            let range = tokens[next].range.lowerBound..<tokens[end - 1].range.upperBound
            result.append(Token(text: String(text[range]), range: range,
                                touchesPunctuation: tokens[next].touchesPunctuation || tokens[end - 1].touchesPunctuation))
            next = end
        }
        return result
    }

    /// How many words the longest listed name that begins at `start` has; nil when none begins there.
    private func spacedName(at start: Int, in tokens: [Token], text: String) -> Int? {
        let first = tokens[start].text
        guard let byte = first.utf8.first, spacedFirstBytes[Int(byte)], let names = spaced[first.lowercased()] else { return nil }
        return names.first { words in
            start + words.count <= tokens.count && (1..<words.count).allSatisfy { offset in
                let token = tokens[start + offset]
                return token.text.lowercased() == words[offset]
                    && text[tokens[start + offset - 1].range.upperBound..<token.range.lowerBound].allSatisfy { $0 == " " }
            }
        }?.count
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
