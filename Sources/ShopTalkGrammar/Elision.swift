/// Words a language writes against the next with an apostrophe: French
/// "l'huile", "d'œufs", "qu'est-ce". The grammar lists them (`elision: l' |
/// d' | qu'`), and each such word is read as two, "l" and "huile", the same
/// way in sentences and in the grammar's own literals, so "de l'huile" drops
/// its article as "du lait" does and the item is "huile".
struct Elision: Sendable {
    /// "l", "d", "qu": the elided words, lowercased, without their apostrophe.
    let words: Set<String>

    init(_ written: [String]) {
        words = Set(written.map { word in
            let lowered = word.lowercased()
            return lowered.hasSuffix("'") || lowered.hasSuffix("’") ? String(lowered.dropLast()) : lowered
        }.filter { !$0.isEmpty })
    }

    /// The tokens of `text` with each elided word split off the word it leans on.
    func split(_ tokens: [Token], in text: String) -> [Token] {
        guard !words.isEmpty, tokens.contains(where: { !$0.isNumber && $0.text.utf8.contains(UInt8(ascii: "'")) }) else { return tokens }
        var result: [Token] = []
        result.reserveCapacity(tokens.count + 2)
        for token in tokens {
            guard !token.isNumber, let apostrophe = token.text.firstIndex(of: "'"), words.contains(String(token.text[..<apostrophe])),
                  let typed = text[token.range].firstIndex(where: { $0 == "'" || $0 == "’" })
            else {
                result.append(token)
                continue
            }
            let after = text.index(after: typed)
            result.append(Token(text: String(token.text[..<apostrophe]), range: token.range.lowerBound..<typed,
                                touchesPunctuation: token.touchesPunctuation))
            result.append(Token(text: String(token.text[token.text.index(after: apostrophe)...]), range: after..<token.range.upperBound,
                                touchesPunctuation: token.touchesPunctuation))
        }
        return result
    }
}
