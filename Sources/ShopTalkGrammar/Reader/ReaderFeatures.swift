import ShopTalkLearning

/// The features the reader's models weigh, as hashes (see ``FeatureHash``).
///
/// For the intent: the line's words and word pairs, the letters inside its
/// words (typos, endings, words typed without accents), and the line with
/// what is known put in place of the names ("add <FOOD> to <LIST>"), so a
/// model learns the sentence around names rather than the names.
///
/// For each word's slot tag: the word, its beginning and end, its shape,
/// its neighbours, what is known of it and of them (a list of the
/// speaker's, a food, a number, a word for "list"), and the intent the line
/// was read as, alone and with the word: the same word is a list in one
/// request and a shop in another.
extension ReaderSentence {
    private enum Kind {
        static let word = UInt8(ascii: "w"), pair = UInt8(ascii: "b"), letters = UInt8(ascii: "c"), shaped = UInt8(ascii: "n")
        static let shapedPair = UInt8(ascii: "m"), first = UInt8(ascii: "f"), last = UInt8(ascii: "l"), asked = UInt8(ascii: "q")
        static let has = UInt8(ascii: "h"), length = UInt8(ascii: "z"), bias = UInt8(ascii: "B")
        static let token = UInt8(ascii: "W"), prefix = UInt8(ascii: "P"), suffix = UInt8(ascii: "S"), shape = UInt8(ascii: "H")
        static let left = UInt8(ascii: "L"), right = UInt8(ascii: "R"), farLeft = UInt8(ascii: "A"), farRight = UInt8(ascii: "Z")
        static let leftPair = UInt8(ascii: "X"), rightPair = UInt8(ascii: "Y"), klass = UInt8(ascii: "G"), leftClass = UInt8(ascii: "g")
        static let rightClass = UInt8(ascii: "j"), valueList = UInt8(ascii: "V"), intent = UInt8(ascii: "I"), intentWord = UInt8(ascii: "K")
        static let intentClass = UInt8(ascii: "J"), edge = UInt8(ascii: "E"), intentLeft = UInt8(ascii: "D")
        static let cue = UInt8(ascii: "u"), onlyCue = UInt8(ascii: "o")
    }

    /// The word as the intent sees it: a known name stands for its kind.
    private func shaped(_ index: Int) -> String {
        let kind = classes[index]
        if kind.contains(.listStart) || kind.contains(.listInside) { return "<LIST>" }
        if kind.contains(.member) { return "<USER>" }
        if kind.contains(.number) { return "<NUM>" }
        if kind.contains(.thingStart) || kind.contains(.thingInside) { return "<THING>" }
        if kind.contains(.foodStart) || kind.contains(.foodInside) { return "<FOOD>" }
        return folded[index]
    }

    func lineFeatures() -> [UInt64] {
        var features: [UInt64] = [FeatureHash(Kind.bias).value]
        let count = folded.count
        features.reserveCapacity(count * 8 + 8)
        var shapedWords: [String] = []
        for index in 0..<count {
            let word = folded[index]
            features.append(FeatureHash.of(Kind.word, word))
            if index + 1 < count { features.append(FeatureHash.of(Kind.pair, word, folded[index + 1])) }
            // Letters in threes, from the word's edges in: what a typo or a missing accent leaves.
            let letters = Array(("^" + word + "$").unicodeScalars)
            if letters.count >= 5 {
                for start in 0...(letters.count - 3) {
                    var hash = FeatureHash(Kind.letters)
                    for scalar in letters[start..<start + 3] { hash.add(number: Int(scalar.value)) }
                    features.append(hash.value)
                }
            }
            let shapedWord = shaped(index)
            if shapedWords.last != shapedWord || !shapedWord.hasPrefix("<") { shapedWords.append(shapedWord) }
        }
        for (index, word) in shapedWords.enumerated() {
            features.append(FeatureHash.of(Kind.shaped, word))
            features.append(FeatureHash.of(Kind.shapedPair, index == 0 ? "^" : shapedWords[index - 1], word))
        }
        if let last = shapedWords.last { features.append(FeatureHash.of(Kind.shapedPair, last, "$")) }
        // The grammar's own words for each request: its verbs and question words, inflections and all.
        for intents in cues where !intents.isEmpty {
            for intent in intents { features.append(FeatureHash.of(Kind.cue, intent)) }
            if intents.count == 1 { features.append(FeatureHash.of(Kind.onlyCue, intents[0])) }
        }
        if let first = folded.first { features.append(FeatureHash.of(Kind.first, first)) }
        if let last = folded.last { features.append(FeatureHash.of(Kind.last, last)) }
        if asked { features.append(FeatureHash(Kind.asked).value) }
        for (kind, name) in WordClass.names where classes.contains(where: { $0.contains(kind) }) {
            features.append(FeatureHash.of(Kind.has, name))
        }
        features.append(FeatureHash.of(Kind.length, String(min(count, 12))))
        return features
    }

    /// Each word's features for its tag, the line read as `intent`: those of
    /// the words alone and those joined with the intent.
    func wordFeatures(intent: String) -> [[UInt64]] {
        zip(sharedWordFeatures(), intentWordFeatures(intent: intent)).map { $0 + $1 }
    }

    /// The word at `index`, or the line's edge ("^" before it, "$" after it).
    private func word(_ index: Int) -> String {
        index < 0 ? "^" : index >= folded.count ? "$" : folded[index]
    }

    /// A word's class, all its bits together, as one number (beyond the line's edges, one of its own).
    private func klass(_ index: Int) -> Int {
        index >= 0 && index < folded.count ? Int(classes[index].subtracting(.listEnd).rawValue) : -1
    }

    private static func hashed(_ kind: UInt8, _ number: Int) -> UInt64 {
        var hash = FeatureHash(kind)
        hash.add(number: number)
        return hash.value
    }

    /// The features of each word that do not depend on the intent: worked out
    /// (and scored) once a line, however many intents are tried.
    func sharedWordFeatures() -> [[UInt64]] {
        let count = folded.count
        var all: [[UInt64]] = []
        all.reserveCapacity(count)
        for index in 0..<count {
            let token = tokens[index]
            let typedWord = self.text[token.range]
            let text = folded[index]
            let scalars = Array(text.unicodeScalars)
            var features: [UInt64] = []
            features.reserveCapacity(28)
            features.append(FeatureHash.of(Kind.token, text))
            for length in 1...3 where scalars.count > length {
                var hash = FeatureHash(Kind.prefix)
                for scalar in scalars.prefix(length) { hash.add(number: Int(scalar.value)) }
                features.append(hash.value)
            }
            for length in 2...4 where scalars.count > length {
                var hash = FeatureHash(Kind.suffix)
                for scalar in scalars.suffix(length) { hash.add(number: Int(scalar.value)) }
                features.append(hash.value)
            }
            features.append(FeatureHash.of(Kind.shape, Self.shape(of: token, typed: typedWord)))
            features.append(FeatureHash.of(Kind.left, word(index - 1)))
            features.append(FeatureHash.of(Kind.right, word(index + 1)))
            features.append(FeatureHash.of(Kind.farLeft, word(index - 2)))
            features.append(FeatureHash.of(Kind.farRight, word(index + 2)))
            features.append(FeatureHash.of(Kind.leftPair, word(index - 1), text))
            features.append(FeatureHash.of(Kind.rightPair, text, word(index + 1)))
            features.append(Self.hashed(Kind.klass, klass(index)))
            features.append(Self.hashed(Kind.leftClass, klass(index - 1)))
            features.append(Self.hashed(Kind.rightClass, klass(index + 1)))
            var bits = classes[index].subtracting(.listEnd).rawValue
            while bits != 0 {
                let bit = Int(bits.trailingZeroBitCount)
                bits &= bits - 1
                features.append(Self.hashed(Kind.klass, 1_000 + bit))
            }
            if let list = valueLists[index] { features.append(FeatureHash.of(Kind.valueList, list)) }
            if index == 0 { features.append(FeatureHash.of(Kind.edge, "first")) }
            if index == count - 1 { features.append(FeatureHash.of(Kind.edge, "last")) }
            all.append(features)
        }
        return all
    }

    /// The features of each word joined with `intent`: the intent itself,
    /// the word, its left neighbour and its classes as that intent's.
    func intentWordFeatures(intent: String) -> [[UInt64]] {
        let count = folded.count
        let intentHash = FeatureHash.of(Kind.intent, intent)
        return (0..<count).map { index in
            var features: [UInt64] = [intentHash]
            features.reserveCapacity(8)
            features.append(FeatureHash.joined(intentHash, FeatureHash.of(Kind.intentWord, folded[index])))
            features.append(FeatureHash.joined(intentHash, FeatureHash.of(Kind.intentLeft, word(index - 1))))
            features.append(FeatureHash.joined(intentHash, Self.hashed(Kind.intentClass, klass(index))))
            var bits = classes[index].subtracting(.listEnd).rawValue
            while bits != 0 {
                let bit = Int(bits.trailingZeroBitCount)
                bits &= bits - 1
                features.append(FeatureHash.joined(intentHash, Self.hashed(Kind.intentClass, 1_000 + bit)))
            }
            return features
        }
    }

    /// "9", "9a", "Aa", "AA", "a", "中", ",": the kind of characters a word is made of.
    private static func shape(of token: Token, typed: Substring) -> String {
        if token.isNumber { return "9" }
        var shape = ""
        for character in typed.prefix(4) {
            let mark: Character = character.isNumber ? "9" : character.isUppercase ? "A" : character.isLowercase ? "a"
                : character.unicodeScalars.first.map { $0.properties.isIdeographic } == true ? "中" : character.isLetter ? "l" : "."
            if shape.last != mark { shape.append(mark) }
        }
        return shape
    }
}
