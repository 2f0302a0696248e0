import Foundation

/// Learns to tag each word of a line (BIO tags: where a list's name begins,
/// goes on, or nothing): a structured averaged perceptron (Collins 2002)
/// over sparse features, with a weight for every tag following every other,
/// decoded by Viterbi. Deterministic, as ``MulticlassPerceptron`` is.
public struct SequencePerceptron {
    public struct Example: Sendable {
        /// Each word's features.
        public var words: [[UInt64]]
        public var tags: [Int]
        public init(words: [[UInt64]], tags: [Int]) {
            self.words = words
            self.tags = tags
        }
    }

    public let tagCount: Int
    /// `allowed[from * tagCount + to]`, `from == tagCount` being the start:
    /// which tag may follow which ("in the middle of a name" only after its start).
    public let allowed: [Bool]
    private var features = FeatureIndex()
    private var current: [Float] = []
    private var updates: [Float] = []
    private var transitions: [Float]
    private var transitionUpdates: [Float]
    private var clock: Float = 1
    private let predecessors: [[Int]]

    public init(tagCount: Int, allowed: [Bool]) {
        precondition(allowed.count == (tagCount + 1) * tagCount)
        self.tagCount = tagCount
        self.allowed = allowed
        transitions = Array(repeating: 0, count: (tagCount + 1) * tagCount)
        transitionUpdates = transitions
        predecessors = Viterbi.predecessors(allowed, tagCount: tagCount)
    }

    public mutating func train(_ examples: [Example], rounds: Int, seed: UInt64) {
        // Each feature's row, found once: the passes index arrays, and look nothing up.
        let tags = tagCount
        let rows = examples.map { example in example.words.map { words in words.map { Int32(features.index(of: $0) * tags) } } }
        current = [Float](repeating: 0, count: features.count * tags)
        updates = current
        let fingerprints = examples.map { PassOrder.fingerprint($0.words.flatMap { $0 }, labels: $0.tags) }
        for round in 0..<rounds {
            let order = PassOrder.indices(fingerprints: fingerprints, seed: seed, round: round)
            for index in order {
                let example = examples[index]
                guard !example.words.isEmpty else { continue }
                let emissions = rows[index].map { words in
                    var scores = [Float](repeating: 0, count: tags)
                    current.withUnsafeBufferPointer { current in
                        scores.withUnsafeMutableBufferPointer { scores in
                            DenseRows.add(words, of: current, width: tags, into: scores)
                        }
                    }
                    return scores
                }
                let predicted = Viterbi.decode(emissions: emissions, transitions: transitions, allowed: allowed, tagCount: tags, predecessors: predecessors)
                if predicted != example.tags { update(rows[index], gold: example.tags, guessed: predicted) }
                clock += 1
            }
        }
    }

    private mutating func update(_ rows: [[Int32]], gold: [Int], guessed: [Int]) {
        for position in gold.indices {
            let previousGold = position == 0 ? tagCount : gold[position - 1]
            let previousGuess = position == 0 ? tagCount : guessed[position - 1]
            if gold[position] != guessed[position] {
                for row in rows[position] {
                    let row = Int(row)
                    current[row + gold[position]] += 1
                    updates[row + gold[position]] += clock
                    current[row + guessed[position]] -= 1
                    updates[row + guessed[position]] -= clock
                }
            }
            if gold[position] != guessed[position] || previousGold != previousGuess {
                transitions[previousGold * tagCount + gold[position]] += 1
                transitionUpdates[previousGold * tagCount + gold[position]] += clock
                transitions[previousGuess * tagCount + guessed[position]] -= 1
                transitionUpdates[previousGuess * tagCount + guessed[position]] -= clock
            }
        }
    }

    /// The averaged weights, frozen.
    public func frozen() -> SequenceModel {
        var rows: [UInt64: [Float]] = [:]
        for (index, feature) in features.keys.enumerated() {
            let row = index * tagCount
            rows[feature] = (0..<tagCount).map { tag in
                let averaged = current[row + tag] - updates[row + tag] / clock
                return abs(averaged) < 1e-4 ? 0 : averaged
            }
        }
        let averagedTransitions = zip(transitions, transitionUpdates).map { $0 - $1 / clock }
        return SequenceModel(emissions: SparseWeights(labelCount: tagCount, rows: rows), transitions: averagedTransitions, allowed: allowed)
    }
}

/// A tagger, trained: tags a line's words, and says how sure it is of each.
public struct SequenceModel: Sendable, Equatable {
    public let emissions: SparseWeights
    public let transitions: [Float]
    public let allowed: [Bool]
    public var tagCount: Int { emissions.labelCount }
    /// Each tag's allowed predecessors, worked out once, not on every line.
    private let predecessors: [[Int]]

    public init(emissions: SparseWeights, transitions: [Float], allowed: [Bool]) {
        self.emissions = emissions
        self.transitions = transitions
        self.allowed = allowed
        self.predecessors = Viterbi.predecessors(allowed, tagCount: emissions.labelCount)
    }

    /// Each word's score for each tag.
    public func emissions(_ words: [[UInt64]]) -> [[Float]] {
        words.map { emissions.scores($0) }
    }

    /// The best tags for the words.
    public func tags(_ words: [[UInt64]]) -> [Int] {
        Viterbi.decode(emissions: emissions(words), transitions: transitions, allowed: allowed, tagCount: tagCount, predecessors: predecessors)
    }

    /// The best tags, and for each word the probability of its tag among
    /// all taggings, with scores read as log-odds divided by `temperature`
    /// (forward-backward).
    public func tagsWithCertainty(_ words: [[UInt64]], temperature: Float) -> (tags: [Int], certainty: [Float]) {
        tagsWithCertainty(scores: emissions(words), temperature: temperature)
    }

    /// The same, from each word's scores for each tag already summed (a
    /// line's shared features scored once, then each reading's own added).
    public func tagsWithCertainty(scores: [[Float]], temperature: Float) -> (tags: [Int], certainty: [Float]) {
        let best = Viterbi.decode(emissions: scores, transitions: transitions, allowed: allowed, tagCount: tagCount, predecessors: predecessors)
        let marginals = Viterbi.marginals(emissions: scores, transitions: transitions, allowed: allowed, tagCount: tagCount, temperature: temperature,
                                          predecessors: predecessors)
        return (best, best.enumerated().map { marginals[$0.offset][$0.element] })
    }
}

/// Decoding a tag sequence: the best path (Viterbi), and each word's tag
/// probabilities (forward-backward), under first-order transitions. Each
/// walks only the transitions allowed, in flat buffers.
public enum Viterbi {
    /// Each tag's allowed predecessors, from `allowed`: decoding walks these only.
    public static func predecessors(_ allowed: [Bool], tagCount: Int) -> [[Int]] {
        (0..<tagCount).map { tag in (0..<tagCount).filter { allowed[$0 * tagCount + tag] } }
    }

    public static func decode(emissions: [[Float]], transitions: [Float], allowed: [Bool], tagCount: Int, predecessors: [[Int]]? = nil) -> [Int] {
        let count = emissions.count
        guard count > 0 else { return [] }
        let predecessors = predecessors ?? Self.predecessors(allowed, tagCount: tagCount)
        let forbidden = -Float.greatestFiniteMagnitude
        var score = [Float](repeating: forbidden, count: count * tagCount)
        var back = [Int32](repeating: 0, count: count * tagCount)
        score.withUnsafeMutableBufferPointer { score in
            back.withUnsafeMutableBufferPointer { back in
                transitions.withUnsafeBufferPointer { transitions in
                    let start = tagCount * tagCount
                    for tag in 0..<tagCount where allowed[start + tag] {
                        score[tag] = transitions[start + tag] + emissions[0][tag]
                    }
                    for position in 1..<max(1, count) {
                        let here = position * tagCount, before = here - tagCount
                        emissions[position].withUnsafeBufferPointer { emission in
                            for tag in 0..<tagCount {
                                var best = forbidden
                                var from: Int32 = 0
                                for previous in predecessors[tag] {
                                    let last = score[before + previous]
                                    guard last > forbidden else { continue }
                                    let candidate = last + transitions[previous * tagCount + tag]
                                    if candidate > best {
                                        best = candidate
                                        from = Int32(previous)
                                    }
                                }
                                if best > forbidden {
                                    score[here + tag] = best + emission[tag]
                                    back[here + tag] = from
                                }
                            }
                        }
                    }
                }
            }
        }
        let last = (count - 1) * tagCount
        var tag = 0
        for candidate in 1..<tagCount where score[last + candidate] > score[last + tag] { tag = candidate }
        var path = [Int](repeating: 0, count: count)
        path[count - 1] = tag
        for position in stride(from: count - 1, to: 0, by: -1) {
            tag = Int(back[position * tagCount + tag])
            path[position - 1] = tag
        }
        return path
    }

    /// Each word's probability of each tag among all taggings (forward-backward),
    /// scores read as log-odds divided by `temperature`.
    ///
    /// Worked in probabilities, not logarithms: the scores are turned into
    /// factors once (each position's and the transitions' largest taken out,
    /// so none overflows), and each position's sums are scaled to one as
    /// they go, so none underflows. A word's marginal is its forward times
    /// its backward weight, over their sum at that word: the scales cancel.
    /// A multiplication where the log-sum took an `exp` and a `log`.
    public static func marginals(emissions: [[Float]], transitions: [Float], allowed: [Bool], tagCount: Int, temperature: Float,
                                 predecessors: [[Int]]? = nil) -> [[Float]] {
        let count = emissions.count
        guard count > 0 else { return [] }
        let predecessors = predecessors ?? Self.predecessors(allowed, tagCount: tagCount)
        var successors = [[Int]](repeating: [], count: tagCount)
        for (tag, before) in predecessors.enumerated() { for previous in before { successors[previous].append(tag) } }
        let scale = 1 / max(temperature, 1e-3)
        let start = tagCount * tagCount
        var top = -Float.greatestFiniteMagnitude
        for index in 0..<min(allowed.count, transitions.count) where allowed[index] { top = max(top, transitions[index] * scale) }
        var factor = [Float](repeating: 0, count: transitions.count)
        for index in 0..<min(allowed.count, transitions.count) where allowed[index] { factor[index] = exp(transitions[index] * scale - top) }
        var weight = [Float](repeating: 0, count: count * tagCount)
        for position in 0..<count {
            let row = emissions[position]
            var largest = -Float.greatestFiniteMagnitude
            for tag in 0..<tagCount { largest = max(largest, row[tag] * scale) }
            for tag in 0..<tagCount { weight[position * tagCount + tag] = exp(row[tag] * scale - largest) }
        }
        var alpha = [Float](repeating: 0, count: count * tagCount)
        var beta = [Float](repeating: 0, count: count * tagCount)
        alpha.withUnsafeMutableBufferPointer { alpha in
            beta.withUnsafeMutableBufferPointer { beta in
                factor.withUnsafeBufferPointer { factor in
                    weight.withUnsafeBufferPointer { weight in
                        func normalize(_ values: UnsafeMutableBufferPointer<Float>, at position: Int) {
                            var sum: Float = 0
                            for tag in 0..<tagCount { sum += values[position * tagCount + tag] }
                            guard sum > 0 else { return }
                            for tag in 0..<tagCount { values[position * tagCount + tag] /= sum }
                        }
                        for tag in 0..<tagCount where allowed[start + tag] { alpha[tag] = factor[start + tag] * weight[tag] }
                        normalize(alpha, at: 0)
                        for position in 1..<max(1, count) {
                            for tag in 0..<tagCount {
                                var sum: Float = 0
                                for previous in predecessors[tag] { sum += alpha[(position - 1) * tagCount + previous] * factor[previous * tagCount + tag] }
                                alpha[position * tagCount + tag] = sum * weight[position * tagCount + tag]
                            }
                            normalize(alpha, at: position)
                        }
                        for tag in 0..<tagCount { beta[(count - 1) * tagCount + tag] = 1 }
                        for position in stride(from: count - 2, through: 0, by: -1) {
                            for tag in 0..<tagCount {
                                var sum: Float = 0
                                for next in successors[tag] {
                                    sum += factor[tag * tagCount + next] * weight[(position + 1) * tagCount + next] * beta[(position + 1) * tagCount + next]
                                }
                                beta[position * tagCount + tag] = sum
                            }
                            normalize(beta, at: position)
                        }
                    }
                }
            }
        }
        return (0..<count).map { position in
            var total: Float = 0
            for tag in 0..<tagCount { total += alpha[position * tagCount + tag] * beta[position * tagCount + tag] }
            return (0..<tagCount).map { tag in total > 0 ? alpha[position * tagCount + tag] * beta[position * tagCount + tag] / total : 0 }
        }
    }
}
