/// Finds every way the grammar's trie can read a sentence, and ranks them.
///
/// The best reading matches the most words literally; then it explains more
/// of the sentence's structure (more slots: "delete milk from the groceries
/// list" is an item and a list, not one list named "milk from the
/// groceries"); then it leaves the fewest words to slots; then its sentence
/// comes first in the grammar.
///
/// The search is a depth-first walk of the trie. An open slot may end at any
/// later word, but only where the trie can go on from there, so a sentence
/// costs about one step per word and template branch. Captures of all
/// readings share one pool, so a match allocates little.
///
/// A hostile line can still make the readings multiply ("share on with on
/// with …" has a quadratic number), so the walk has a budget of
/// ``stepBudget`` steps: ordinary sentences use a few dozen; past the budget
/// the search stops and the best reading found so far stands.
struct SentenceMatcher {
    struct Capture {
        let slot: Int16
        let start: Int32
        let end: Int32
        /// A value list's entry or a number word's value; -1 for open slots.
        let payload: Int32
    }

    struct Candidate {
        let sentence: Int32
        /// captures[captureStart..<captureEnd] of the pool.
        let captureStart: Int32
        let captureEnd: Int32
        let literalWords: Int32
        let slotWords: Int32

        var slotCount: Int32 { captureEnd - captureStart }

        /// True when this reading ranks before `other`.
        func isBetter(than other: Candidate) -> Bool {
            if literalWords != other.literalWords { return literalWords > other.literalWords }
            if slotCount != other.slotCount { return slotCount > other.slotCount }
            if slotWords != other.slotWords { return slotWords < other.slotWords }
            return sentence < other.sentence
        }
    }

    private let grammar: Grammar
    private let trie: WordTrie
    private let words: UnsafeBufferPointer<Int32>
    /// The sentence's tokens, and which of them were typed as one word.
    private let typed: GluedQuantities.Split
    private var tokens: [Token] { typed.tokens }
    /// canEnd[i]: the words from i to the end are all closing fillers ("please").
    private var canEnd: [Bool]
    /// The line is asked ("¿necesitamos leche?"): sentences written for a
    /// question hold, and outrank the rest by one matched word (the mark).
    private let asked: Bool
    private(set) var candidates: [Candidate] = []
    private(set) var pool: [Capture] = []
    private var stack: [Capture] = []
    /// Steps left before the search gives up looking for more readings.
    private var budget = SentenceMatcher.stepBudget
    static let stepBudget = 20_000

    init(grammar: Grammar, words: UnsafeBufferPointer<Int32>, typed: GluedQuantities.Split, asked: Bool = false) {
        self.grammar = grammar
        self.asked = asked
        self.trie = grammar.trie
        self.words = words
        self.typed = typed
        candidates.reserveCapacity(8)
        pool.reserveCapacity(16)
        stack.reserveCapacity(8)
        canEnd = Array(repeating: false, count: words.count + 1)
        canEnd[words.count] = true
        if !grammar.fillersAfter.isEmpty {
            for start in stride(from: words.count - 1, through: 0, by: -1) {
                var reachesEnd = false
                grammar.fillersAfter.forEachMatch(in: words, at: start) { end, _ in
                    if canEnd[end] { reachesEnd = true }
                }
                canEnd[start] = reachesEnd
            }
        }
    }

    /// Finds every reading.
    mutating func run() {
        var starts: [Int] = [0]
        var next = 0
        while next < starts.count {
            let start = starts[next]
            next += 1
            grammar.fillersBefore.forEachMatch(in: words, at: start) { end, _ in
                if !starts.contains(end) { starts.append(end) }
            }
        }
        // Fillers are matched word for word, so they count as literal words.
        for start in starts where start < words.count {
            search(node: WordTrie.root, position: start, literalWords: start, slotWords: 0)
        }
    }

    /// The best reading first.
    /// The readings, best first. Two readings of one template that split the
    /// words differently ("quita el pan de molde de Mercadona": pan on
    /// "molde de Mercadona", or pan de molde on Mercadona) rank by where the
    /// last slot starts, latest first: a name may hold the word that joins
    /// it to the next slot ("pan de molde", "eggs from the farm"), but the
    /// last joining word is the one the sentence means.
    func ranked() -> [Candidate] {
        guard candidates.count > 1 else { return candidates }
        let pool = self.pool // the closure takes the array, not a copy of the whole matcher
        return candidates.sorted { first, second in
            if first.isBetter(than: second) { return true }
            if second.isBetter(than: first) || first.captureEnd == first.captureStart || second.captureEnd == second.captureStart {
                return false
            }
            return pool[Int(first.captureEnd) - 1].start > pool[Int(second.captureEnd) - 1].start
        }
    }

    /// True when the trie can go on from `node` at `position`: the sentence
    /// may end there, or a word or slot edge may follow.
    @inline(__always)
    private func canContinue(_ node: Int32, at position: Int) -> Bool {
        let index = Int(node)
        if canEnd[position] && trie.acceptStart[index] < trie.acceptStart[index + 1] { return true }
        guard position < words.count else { return false }
        return trie.slotStart[index] < trie.slotStart[index + 1] || trie.next(node, words[position]) >= 0
    }

    private mutating func search(node: Int32, position: Int, literalWords: Int, slotWords: Int) {
        budget -= 1
        guard budget > 0 else { return }
        let index = Int(node)
        if canEnd[position] {
            let first = Int(trie.acceptStart[index]), last = Int(trie.acceptStart[index + 1])
            if first < last {
                let captureStart = Int32(pool.count)
                pool.append(contentsOf: stack)
                for accepted in first..<last {
                    let sentence = trie.accepts[accepted]
                    var literal = literalWords + words.count - position
                    if grammar.hasAskedSentences && grammar.sentences[Int(sentence)].asked {
                        guard asked else { continue }
                        literal += 1
                    }
                    candidates.append(Candidate(
                        sentence: sentence, captureStart: captureStart, captureEnd: Int32(pool.count),
                        literalWords: Int32(literal), slotWords: Int32(slotWords)))
                }
            }
        }
        guard position < words.count else { return }
        let next = trie.next(node, words[position])
        if next >= 0 {
            search(node: next, position: position + 1, literalWords: literalWords + 1, slotWords: slotWords)
        }
        for edgeIndex in Int(trie.slotStart[index])..<Int(trie.slotStart[index + 1]) {
            let edge = trie.slotEdges[edgeIndex]
            switch grammar.slotKinds[Int(edge.slot)] {
            case .wildcard:
                // A slot never starts or ends with a comma.
                guard !tokens[position].isComma else { continue }
                for end in (position + 1)...words.count {
                    budget -= 1
                    guard budget > 0 else { return }
                    if tokens[end - 1].isComma {
                        // "add eggs, milk, to Groceries", "Tomaten, 1 kg, auf die Liste": a comma after a slot, before
                        // the sentence's next word, is punctuation; the slot ends before it.
                        if end - 1 > position, !tokens[end - 2].isComma, end < words.count, trie.next(edge.next, words[end]) >= 0 {
                            enter(edge, position, end - 1, -1, resumingAt: end,
                                  literalWords: literalWords + 1, slotWords: slotWords + end - 1 - position)
                        }
                        continue
                    }
                    guard canContinue(edge.next, at: end) else { continue }
                    enter(edge, position, end, -1, literalWords: literalWords, slotWords: slotWords + end - position)
                }
            case .word:
                // One word as typed: "x1" is a name, though read as "x 1" for quantities.
                if !tokens[position].isComma {
                    let end = typed.wordEnd(from: position)
                    enter(edge, position, end, -1, literalWords: literalWords, slotWords: slotWords + end - position)
                }
            case .number:
                // The longest number only, as the items reader reads it: "a
                // dozen eggs" is twelve eggs, not one dozen of them; "2
                // dozen" is 24, "two and a half" 2.5.
                if let (end, _) = grammar.number(in: words, tokens: tokens, at: position, before: words.count) {
                    enter(edge, position, end, -1, literalWords: literalWords + end - position, slotWords: slotWords)
                }
            case .values(let list):
                grammar.valueLists[list].phrases.forEachMatch(in: words, at: position) { end, payload in
                    enter(edge, position, end, payload, literalWords: literalWords + end - position, slotWords: slotWords)
                }
            }
        }
    }

    /// Captures `start..<end` for the edge's slot and goes on from
    /// `resumingAt` (the slot's end, or past a comma after it).
    private mutating func enter(
        _ edge: (slot: Int16, next: Int32), _ start: Int, _ end: Int, _ payload: Int32, resumingAt resume: Int? = nil,
        literalWords: Int, slotWords: Int
    ) {
        stack.append(Capture(slot: edge.slot, start: Int32(start), end: Int32(end), payload: payload))
        search(node: edge.next, position: resume ?? end, literalWords: literalWords, slotWords: slotWords)
        stack.removeLast()
    }
}
