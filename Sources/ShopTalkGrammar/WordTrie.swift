/// A trie over word ids, frozen into flat arrays for matching.
///
/// Nodes are numbers. Word edges live in one open-addressing hash table keyed
/// by (node, word); slot edges and accepted payloads are stored per node in
/// compressed rows. Built once with ``Builder``; read-only afterwards, so
/// matching allocates nothing and touches no reference counts per step.
final class WordTrie: Sendable {
    static let root: Int32 = 0

    fileprivate let edgeKeys: [UInt64]
    fileprivate let edgeTargets: [Int32]
    private let edgeMask: Int
    /// For each node, a bit for every word it has an edge for (bit `word & 63`):
    /// a word whose bit is clear has none, known without the table. The
    /// matcher asks one node about many words (where may this name end?),
    /// and that node's bits stay in the cache, while the table, large and
    /// visited at random, costs a cache miss a question.
    fileprivate let wordBits: [UInt64]
    /// Slot edges of node n: slotEdges[slotStart[n]..<slotStart[n + 1]].
    let slotStart: [Int32]
    let slotEdges: [(slot: Int16, next: Int32)]
    /// Payloads accepted at node n: accepts[acceptStart[n]..<acceptStart[n + 1]].
    let acceptStart: [Int32]
    let accepts: [Int32]

    var nodeCount: Int { acceptStart.count - 1 }

    /// The node reached from `node` by `word`, or -1.
    @inline(__always)
    func next(_ node: Int32, _ word: Int32) -> Int32 {
        guard word >= 0, wordBits[Int(node)] & (1 &<< UInt64(word & 63)) != 0 else { return -1 }
        let key = UInt64(UInt32(bitPattern: node)) << 32 | UInt64(UInt32(bitPattern: word))
        var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & edgeMask
        return edgeKeys.withUnsafeBufferPointer { keys in
            while true {
                let found = keys[slot]
                if found == key { return edgeTargets[slot] }
                if found == .max { return -1 }
                slot = (slot + 1) & edgeMask
            }
        }
    }

    private convenience init(nodes: [Builder.Node], wordEdges: [(key: UInt64, value: Int32)]) {
        let edgeCount = wordEdges.count
        var capacity = 16
        while capacity < edgeCount * 2 { capacity <<= 1 }
        var keys = [UInt64](repeating: .max, count: capacity)
        var targets = [Int32](repeating: -1, count: capacity)
        var slotStart: [Int32] = [0], slotEdges: [(slot: Int16, next: Int32)] = []
        var acceptStart: [Int32] = [0], accepts: [Int32] = []
        var wordBits = [UInt64](repeating: 0, count: nodes.count)
        for (key, target) in wordEdges {
            wordBits[Int(key >> 32)] |= 1 &<< (key & 63)
            var slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & (capacity - 1)
            while keys[slot] != .max { slot = (slot + 1) & (capacity - 1) }
            keys[slot] = key
            targets[slot] = target
        }
        for node in nodes {
            slotEdges += node.slots
            slotStart.append(Int32(slotEdges.count))
            accepts += node.accepts
            acceptStart.append(Int32(accepts.count))
        }
        self.init(edgeKeys: keys, edgeTargets: targets, wordBits: wordBits, slotStart: slotStart, slotEdges: slotEdges,
                  acceptStart: acceptStart, accepts: accepts)
    }

    fileprivate init(edgeKeys: [UInt64], edgeTargets: [Int32], wordBits: [UInt64], slotStart: [Int32],
                     slotEdges: [(slot: Int16, next: Int32)], acceptStart: [Int32], accepts: [Int32]) {
        self.edgeKeys = edgeKeys
        self.edgeTargets = edgeTargets
        self.edgeMask = edgeKeys.count - 1
        self.wordBits = wordBits
        self.slotStart = slotStart
        self.slotEdges = slotEdges
        self.acceptStart = acceptStart
        self.accepts = accepts
    }

    /// Grows a trie while a grammar compiles.
    struct Builder {
        struct Node {
            var slots: [(slot: Int16, next: Int32)] = []
            var accepts: [Int32] = []
        }

        private(set) var nodes = [Node()]
        /// Word edges of every node, keyed by node << 32 | word.
        private var wordEdges: KeyTable

        /// `expectedEdges`: about how many word edges it will hold. A
        /// sentence trie has tens of thousands, a word list a few dozen;
        /// guessing right saves growing a large table again and again, or
        /// clearing one for a handful of words.
        init(expectedEdges: Int = 64) {
            wordEdges = KeyTable(capacity: expectedEdges)
        }

        /// The node reached from `node` by `word`, made if new.
        mutating func follow(_ node: Int32, word: Int32) -> Int32 {
            let key = UInt64(UInt32(bitPattern: node)) << 32 | UInt64(UInt32(bitPattern: word))
            if let next = wordEdges[key] { return next }
            nodes.append(Node())
            let next = Int32(nodes.count - 1)
            wordEdges.insert(key, next)
            return next
        }

        /// The node reached from `node` through `slot`, made if new.
        mutating func follow(_ node: Int32, slot: Int16) -> Int32 {
            if let edge = nodes[Int(node)].slots.first(where: { $0.slot == slot }) { return edge.next }
            nodes.append(Node())
            let next = Int32(nodes.count - 1)
            nodes[Int(node)].slots.append((slot, next))
            return next
        }

        mutating func accept(_ node: Int32, payload: Int32) {
            if !nodes[Int(node)].accepts.contains(payload) { nodes[Int(node)].accepts.append(payload) }
        }

        func freeze() -> WordTrie { WordTrie(nodes: nodes, wordEdges: wordEdges.entries) }
    }
}

/// A set of short phrases (fillers, number words, units, separators), each
/// with a payload, matched at a position in a sentence.
struct PhraseSet: Sendable {
    let trie: WordTrie

    var isEmpty: Bool { trie.nodeCount == 1 && trie.acceptStart[1] == 0 }

    /// Calls `body(end, payload)` for every phrase that starts at `start`, shortest first.
    @inline(__always)
    func forEachMatch(in words: UnsafeBufferPointer<Int32>, at start: Int, _ body: (Int, Int32) -> Void) {
        var node = WordTrie.root
        var position = start
        while position < words.count {
            node = trie.next(node, words[position])
            if node < 0 { return }
            position += 1
            let first = Int(trie.acceptStart[Int(node)])
            if first < Int(trie.acceptStart[Int(node) + 1]) { body(position, trie.accepts[first]) }
        }
    }

    /// Whether some phrase of the set begins with `word`.
    func hasPhrase(beginningWith word: Int32) -> Bool {
        trie.next(WordTrie.root, word) >= 0
    }

    /// The longest phrase starting at `start`: its end and payload.
    func longestMatch(in words: UnsafeBufferPointer<Int32>, at start: Int) -> (end: Int, payload: Int32)? {
        var best: (Int, Int32)?
        forEachMatch(in: words, at: start) { best = ($0, $1) }
        return best
    }

    /// The payload when the whole range is exactly one phrase.
    func matchesExactly(_ words: UnsafeBufferPointer<Int32>, _ range: Range<Int>) -> Int32? {
        var found: Int32?
        forEachMatch(in: words, at: range.lowerBound) { end, payload in
            if end == range.upperBound { found = payload }
        }
        return found
    }
}

extension WordTrie: Archivable {
    func archive(to writer: inout ArchiveWriter) {
        writer.write(plain: edgeKeys)
        writer.write(plain: edgeTargets)
        writer.write(plain: wordBits)
        writer.write(plain: slotStart)
        // Two arrays, not one of tuples: a tuple's padding is no byte to write.
        writer.write(plain: slotEdges.map(\.slot))
        writer.write(plain: slotEdges.map(\.next))
        writer.write(plain: acceptStart)
        writer.write(plain: accepts)
    }

    /// Checked before it is trusted, since matching walks it without bounds
    /// checks: the edge table fills a power of two with an empty slot, every
    /// edge leads to a node, and each node's rows lie within their arrays.
    /// Whether every slot edge names one of `slots` slots and every payload
    /// one of `payloads` things: what a table read from an archive must hold
    /// before matching walks it without bounds checks.
    func fits(slots: Int, payloads: Int) -> Bool {
        slotEdges.allSatisfy { Int($0.slot) < slots } && accepts.allSatisfy { $0 >= 0 && Int($0) < payloads }
    }

    convenience init(from reader: inout ArchiveReader) throws(ArchiveError) {
        let edgeKeys: [UInt64] = try reader.readPlain()
        let edgeTargets: [Int32] = try reader.readPlain()
        let wordBits: [UInt64] = try reader.readPlain()
        let slotStart: [Int32] = try reader.readPlain()
        let edgeSlots: [Int16] = try reader.readPlain()
        let edgeNexts: [Int32] = try reader.readPlain()
        guard edgeSlots.count == edgeNexts.count else { throw ArchiveError.malformed("slot edges without targets") }
        let slotEdges = zip(edgeSlots, edgeNexts).map { (slot: $0, next: $1) }
        let acceptStart: [Int32] = try reader.readPlain()
        let accepts: [Int32] = try reader.readPlain()
        let nodes = acceptStart.count - 1
        func rows(_ starts: [Int32], over count: Int) -> Bool {
            starts.first == 0 && starts.last == Int32(count) && zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 }
        }
        guard nodes >= 1, slotStart.count == nodes + 1, wordBits.count == nodes,
              edgeKeys.count >= 16, edgeKeys.count & (edgeKeys.count - 1) == 0, edgeTargets.count == edgeKeys.count,
              edgeKeys.contains(.max),
              zip(edgeKeys, edgeTargets).allSatisfy({ key, target in
                  key == .max || (Int(key >> 32) < nodes && target >= 0 && Int(target) < nodes)
              }),
              slotEdges.allSatisfy({ $0.slot >= 0 && $0.next >= 0 && Int($0.next) < nodes }),
              rows(slotStart, over: slotEdges.count), rows(acceptStart, over: accepts.count)
        else { throw ArchiveError.malformed("a trie out of shape") }
        self.init(edgeKeys: edgeKeys, edgeTargets: edgeTargets, wordBits: wordBits, slotStart: slotStart, slotEdges: slotEdges,
                  acceptStart: acceptStart, accepts: accepts)
    }
}
