/// A household's confirmed lines read again: a line whose words, its slots
/// aside, are those of a line the household confirmed means what that one
/// meant, with its own names in the slots. "bung 2 tins of beans on aldi",
/// confirmed once, reads "bung milk on costco" the same way next time.
extension Grammar {
    /// Slots written down with a learned line: `slot@start-end[=value]`, word positions, joined by ";".
    static func encoded(_ spans: [FoundSpan]) -> String {
        spans.map { "\($0.slot)@\($0.words.lowerBound)-\($0.words.upperBound)" + ($0.value.map { "=" + $0 } ?? "") }.joined(separator: ";")
    }

    static func decoded(_ slots: String) -> [FoundSpan]? {
        guard !slots.isEmpty else { return [] }
        var spans: [FoundSpan] = []
        for piece in slots.split(separator: ";") {
            let (head, value) = piece.split(separator: "=", maxSplits: 1).map(String.init).splitFirst()
            let parts = head.split(separator: "@")
            guard parts.count == 2, LabeledExample.slots.contains(String(parts[0])) else { return nil }
            let bounds = parts[1].split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            guard bounds.count == 2, let start = bounds[0], let end = bounds[1], start >= 0, start < end else { return nil }
            spans.append(FoundSpan(slot: String(parts[0]), words: start..<end, value: value))
        }
        // A line has a few slots, one after another: anything else was not written by the reader
        // (an imported file, say), and matching it could take exponential time.
        let sorted = spans.sorted { $0.words.lowerBound < $1.words.lowerBound }
        guard sorted.count <= Self.mostLearnedSlots, zip(sorted, sorted.dropFirst()).allSatisfy({ $0.words.upperBound <= $1.words.lowerBound }) else {
            return nil
        }
        return sorted
    }

    /// The most slots a learned line may have.
    static let mostLearnedSlots = 6

    /// The reading of `text` by the first of `lines` (the household's, newest
    /// last) whose words match it, slots taking the words the line has in
    /// their places; nil when none does.
    public func readingByLearnedLines(_ text: String, lines: [(text: String, intent: String, slots: String)], context: ReaderContext,
                                      isFood: (String) -> Bool) -> Reading? {
        guard !lines.isEmpty else { return nil }
        let sentence = readerSentence(text, context: context, isFood: isFood)
        guard !sentence.tokens.isEmpty else { return nil }
        for line in lines.reversed() {
            guard let slots = Self.decoded(line.slots) else { continue }
            let words = tokens(line.text).map { Self.readerFold($0.text) }
            guard slots.allSatisfy({ $0.words.upperBound <= words.count }),
                  let spans = Self.match(pattern: words, slots: slots, against: sentence.folded),
                  let parse = parse(line.intent, spans: spans, in: sentence) else { continue }
            return Reading(parse: parse, language: language, confidence: 0.99, source: .household,
                           why: ["the household confirmed “\(line.text)”"], spans: Self.encoded(spans))
        }
        return nil
    }

    /// `words` matched against the learned line's words, each slot taking at
    /// least one word: the slots' places in `words`, or nil.
    static func match(pattern: [String], slots: [FoundSpan], against words: [String]) -> [FoundSpan]? {
        enum Element { case word(String), slot(Int) }
        var elements: [Element] = []
        var position = 0
        for (index, slot) in slots.enumerated() {
            while position < slot.words.lowerBound { elements.append(.word(pattern[position])); position += 1 }
            elements.append(.slot(index))
            position = slot.words.upperBound
        }
        while position < pattern.count { elements.append(.word(pattern[position])); position += 1 }
        var found = [Range<Int>](repeating: 0..<0, count: slots.count)
        func walk(_ element: Int, _ at: Int) -> Bool {
            guard element < elements.count else { return at == words.count }
            switch elements[element] {
            case .word(let word):
                return at < words.count && words[at] == word && walk(element + 1, at + 1)
            case .slot(let index):
                // A slot takes a word at least: a line that ends before it is no match.
                guard at < words.count else { return false }
                // Up to eight words a slot: a name is short, and a line of names no pattern.
                for end in (at + 1)...min(words.count, at + 8) {
                    found[index] = at..<end
                    if walk(element + 1, end) { return true }
                }
                return false
            }
        }
        guard walk(0, 0) else { return nil }
        return zip(slots, found).map { FoundSpan(slot: $0.slot, words: $1, value: $0.value) }
    }
}

private extension Array where Element == String {
    /// The first element, and the second if there is one.
    func splitFirst() -> (String, String?) { (first ?? "", count > 1 ? self[1] : nil) }
}
