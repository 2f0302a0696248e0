/// What an item's name says of how it was read. A thing to buy is named in
/// words of its own ("oat milk", "Kaffeefilter", "nước mắm"); a name that
/// holds the words the grammar's sentences are made of — a verb, a
/// preposition, a filler, a count ("sour cream for the bbq", "Mozzarella zwei
/// Packungen noch", "要买酱油", "cho chị 2 cục xà bông") — is more likely a
/// sentence read only in part. The session asks before storing such a name
/// unless other evidence vouches for it (a known food, an item the
/// household already has).
struct NameEvidence: Sendable {
    /// Indexed by word id: whether the word is one the sentences or their
    /// fillers spell, and no article or preposition ("food for the dog"
    /// and "eggs from the farm" are names).
    let isSentenceWord: [Bool]
    /// "of", "de", "au", "с": words a name may hold though sentences use
    /// them too ("cream of tartar", "aceite de oliva", "pain au chocolat").
    let namesMayHold: PhraseSet
    /// The `items` block's `half read` words, where a language lists them:
    /// Chinese and Vietnamese write a name in syllables the sentences use
    /// too (衛生紙, bóng bay), so there only words listed as no part of a
    /// name (要, 帮, 给; giùm, hộ, nhé) show a name half read.
    let halfRead: PhraseSet?
    /// The `half read` words exactly as written: matched with their marks,
    /// since without them Vietnamese "chưa" is "chua" of sữa chua, "bỏ"
    /// the "bò" of thịt bò.
    let halfReadSpelled: Set<String>

    init(sentenceWords: Set<Int32>, vocabularySize: Int, namesMayHold: PhraseSet, halfRead: PhraseSet?, halfReadSpelled: Set<String> = []) {
        var flags = [Bool](repeating: false, count: vocabularySize)
        for id in sentenceWords where Int(id) < vocabularySize { flags[Int(id)] = true }
        self.isSentenceWord = flags
        self.namesMayHold = namesMayHold
        self.halfRead = halfRead
        self.halfReadSpelled = halfReadSpelled
    }

    func isSentenceWord(_ id: Int32) -> Bool {
        id >= 0 && Int(id) < isSentenceWord.count && isSentenceWord[Int(id)]
    }
}

extension Grammar {
    /// True where the `items` block lists the words that show a name half
    /// read: they are evidence enough that no known food (found inside
    /// 要买酱油 as 酱油) can outweigh.
    public var listsHalfReadWords: Bool { nameEvidence.halfRead != nil }

    /// The words of an item's name that show it may be a sentence read only
    /// in part: words the grammar's sentences are made of, and numbers said
    /// in words, except those the `items` block's `names may hold` allows;
    /// or, where the block lists `half read` words, those alone.
    /// Empty for a name of its own words.
    public func halfReadWords(inName name: String) -> [String] {
        // "milk (the oat one)": what is said in brackets is a note, not the name.
        let name = name.firstIndex { $0 == "(" || $0 == "[" }.map { String(name[..<$0]) } ?? name
        let tokens = self.tokens(name)
        guard !tokens.isEmpty else { return [] }
        return wordIDs(tokens).withUnsafeBufferPointer { words in
            var found: [String] = []
            var position = 0
            while position < tokens.count {
                if let listed = nameEvidence.halfRead {
                    if let (end, _) = listed.longestMatch(in: words, at: position),
                       tokens[position..<end].allSatisfy({ nameEvidence.halfReadSpelled.contains($0.text) }) {
                        found.append(tokens[position..<end].map(\.text).joined(separator: " "))
                        position = end
                    } else {
                        position += 1
                    }
                    continue
                }
                if let (end, _) = nameEvidence.namesMayHold.longestMatch(in: words, at: position) {
                    position = end
                    continue
                }
                if nameEvidence.isSentenceWord(words[position]) {
                    found.append(tokens[position].text)
                } else if let numbers = numberWords, let (end, _) = valueLists[numbers].phrases.longestMatch(in: words, at: position) {
                    found.append(tokens[position..<end].map(\.text).joined(separator: " "))
                    position = end
                    continue
                }
                position += 1
            }
            return found
        }
    }
}
