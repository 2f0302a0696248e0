/// A set of short phrases over word ids, each with a payload, matched at a
/// position in a sentence: fillers, number words, units, separators.
struct PhraseSet: Sendable {
    private struct Node: Sendable {
        var edges: [Int32: Int32] = [:]
        var payload: Int32 = -1
    }

    private var nodes = [Node()]

    var isEmpty: Bool { nodes.count == 1 && nodes[0].payload < 0 }

    /// Adds a phrase; the first payload given for a phrase is kept.
    mutating func insert(_ words: [Int32], payload: Int32) {
        var current = 0
        for word in words {
            if let next = nodes[current].edges[word] {
                current = Int(next)
            } else {
                nodes.append(Node())
                nodes[current].edges[word] = Int32(nodes.count - 1)
                current = nodes.count - 1
            }
        }
        if nodes[current].payload < 0 { nodes[current].payload = payload }
    }

    /// Calls `body(end, payload)` for every phrase that starts at `start`, shortest first.
    func forEachMatch(in words: [Int32], at start: Int, _ body: (Int, Int32) -> Void) {
        var current = 0
        var position = start
        while position < words.count, let next = nodes[current].edges[words[position]] {
            current = Int(next)
            position += 1
            if nodes[current].payload >= 0 { body(position, nodes[current].payload) }
        }
    }

    /// The longest phrase starting at `start`: its end and payload.
    func longestMatch(in words: [Int32], at start: Int) -> (end: Int, payload: Int32)? {
        var best: (Int, Int32)?
        forEachMatch(in: words, at: start) { best = ($0, $1) }
        return best
    }

    /// True when the whole range is exactly one phrase.
    func matchesExactly(_ words: [Int32], _ range: Range<Int>) -> Int32? {
        var found: Int32?
        forEachMatch(in: words, at: range.lowerBound) { end, payload in
            if end == range.upperBound { found = payload }
        }
        return found
    }
}
