/// Which of the loaded languages know each word, found with one lookup per
/// word of a line: ranking the languages a line may be in costs one probe
/// per word, however many languages are loaded, rather than one per word
/// and language.
///
/// Built from every language's ``KnownWords`` (read from the grammar files'
/// text), so the ranking never depends on which grammars are compiled yet.
/// Bit `i` of a word's mask stands for the `i`th language, at most
/// ``Grammars/maximumLanguages``.
struct WordLanguages: Sendable {
    private let table: Vocabulary
    private let masks: [UInt16]

    init(_ languages: [KnownWords]) {
        precondition(languages.count <= Grammars.maximumLanguages, "at most \(Grammars.maximumLanguages) languages")
        var index: [String: Int32] = [:]
        var masks: [UInt16] = []
        for (bit, known) in languages.enumerated() {
            for word in known.words {
                if let id = index[word] {
                    masks[Int(id)] |= 1 << UInt16(bit)
                } else {
                    index[word] = Int32(masks.count)
                    masks.append(1 << UInt16(bit))
                }
            }
        }
        table = Vocabulary(index)
        self.masks = masks
    }

    /// How many of `tokens` each language knows, by language index: in a
    /// vector, not an array, so a line's ranking allocates nothing.
    func counts(in tokens: [Token]) -> SIMD16<UInt16> {
        var counts = SIMD16<UInt16>()
        for token in tokens where !token.isNumber {
            let id = table.id(of: token.text)
            guard id >= 0 else { continue }
            var mask = masks[Int(id)]
            while mask != 0 {
                counts[mask.trailingZeroBitCount] &+= 1
                mask &= mask - 1
            }
        }
        return counts
    }
}
