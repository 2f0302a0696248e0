/// Finds every way the grammar's trie can read a sentence, then keeps the
/// best: the reading that matches the most words literally; then the one
/// that explains more of the sentence's structure (more slots: "delete milk
/// from the groceries list" is an item and a list, not one list named "milk
/// from the groceries"); then the one that leaves the fewest words to slots;
/// then the sentence written first in the grammar.
struct SentenceMatcher {
    struct Capture {
        let slot: Int16
        let start: Int
        let end: Int
        /// A value list's entry or a number word's value; -1 for open slots.
        let payload: Int32
    }

    struct Candidate {
        let sentence: Int32
        let captures: [Capture]
        let literalWords: Int
        let slotWords: Int

        /// True when this reading ranks before `other`.
        func isBetter(than other: Candidate) -> Bool {
            if literalWords != other.literalWords { return literalWords > other.literalWords }
            if captures.count != other.captures.count { return captures.count > other.captures.count }
            if slotWords != other.slotWords { return slotWords < other.slotWords }
            return sentence < other.sentence
        }
    }

    let grammar: Grammar
    let words: [Int32]
    let tokens: [Token]
    /// canEnd[i]: the words from i to the end are all closing fillers ("please").
    private var canEnd: [Bool]
    private(set) var candidates: [Candidate] = []
    private var captures: [Capture] = []

    init(grammar: Grammar, tokens: [Token]) {
        self.grammar = grammar
        self.tokens = tokens
        self.words = grammar.wordIDs(tokens)
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

    /// Every reading, unordered.
    mutating func run() {
        var starts: [Int] = [0]
        var seen: Set<Int> = [0]
        var next = 0
        while next < starts.count {
            let start = starts[next]
            next += 1
            grammar.fillersBefore.forEachMatch(in: words, at: start) { end, _ in
                if seen.insert(end).inserted { starts.append(end) }
            }
        }
        // Fillers are matched word for word, so they count as literal words.
        for start in starts where start < words.count {
            search(node: 0, position: start, literalWords: start, slotWords: 0)
        }
    }

    private mutating func search(node index: Int, position: Int, literalWords: Int, slotWords: Int) {
        let node = grammar.trie[index]
        if canEnd[position] {
            for sentence in node.accepts {
                candidates.append(Candidate(
                    sentence: sentence, captures: captures, literalWords: literalWords + words.count - position, slotWords: slotWords))
            }
        }
        guard position < words.count else { return }
        if let next = node.words[words[position]] {
            search(node: Int(next), position: position + 1, literalWords: literalWords + 1, slotWords: slotWords)
        }
        for edge in node.slots {
            let spec = grammar.slotSpecs[Int(edge.slot)]
            switch spec.kind {
            case .wildcard:
                for end in (position + 1)...words.count {
                    // A slot never swallows the separator that starts or ends it.
                    if tokens[end - 1].text == "," { continue }
                    enter(edge, position, end, -1, literalWords: literalWords, slotWords: slotWords + end - position)
                }
            case .word:
                if tokens[position].text != "," {
                    enter(edge, position, position + 1, -1, literalWords: literalWords, slotWords: slotWords + 1)
                }
            case .number:
                if NumberReader.digits(tokens[position].text) != nil {
                    enter(edge, position, position + 1, -1, literalWords: literalWords + 1, slotWords: slotWords)
                }
                if let list = grammar.numberWords {
                    let phrases = grammar.valueLists[list].phrases
                    phrases.forEachMatch(in: words, at: position) { end, payload in
                        enter(edge, position, end, payload, literalWords: literalWords + end - position, slotWords: slotWords)
                    }
                }
            case .values(let list):
                let phrases = grammar.valueLists[list].phrases
                phrases.forEachMatch(in: words, at: position) { end, payload in
                    enter(edge, position, end, payload, literalWords: literalWords + end - position, slotWords: slotWords)
                }
            }
        }
    }

    private mutating func enter(
        _ edge: (slot: Int16, next: Int32), _ start: Int, _ end: Int, _ payload: Int32, literalWords: Int, slotWords: Int
    ) {
        captures.append(Capture(slot: edge.slot, start: start, end: end, payload: payload))
        search(node: Int(edge.next), position: end, literalWords: literalWords, slotWords: slotWords)
        captures.removeLast()
    }
}
