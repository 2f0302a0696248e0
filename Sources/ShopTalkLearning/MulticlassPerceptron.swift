/// Learns to tell labels apart from sparse features: an averaged perceptron
/// (Freund and Schapire 1999; averaging as in Collins 2002), which learns as
/// well as logistic regression on this kind of data, trains in one pass a
/// round with no learning rate to tune, and whose scores become
/// probabilities through ``Calibration``.
///
/// Deterministic: the examples are taken in an order drawn from a fixed
/// seed, and the same examples give the same weights, bit for bit.
public struct MulticlassPerceptron {
    public struct Example: Sendable {
        public var features: [UInt64]
        public var label: Int
        public init(features: [UInt64], label: Int) {
            self.features = features
            self.label = label
        }
    }

    public let labelCount: Int
    private var features = FeatureIndex()
    /// Current and summed-update weights, a row of `labelCount` per feature.
    private var current: [Float] = []
    private var updates: [Float] = []
    private var clock: Float = 1

    public init(labelCount: Int) {
        self.labelCount = labelCount
    }

    /// Trains for `rounds` passes over `examples`, in an order drawn from `seed` each pass (see ``PassOrder``).
    public mutating func train(_ examples: [Example], rounds: Int, seed: UInt64) {
        // Each feature's row, found once: the passes index arrays, and look nothing up.
        let rows = examples.map { example in example.features.map { Int32(features.index(of: $0) * labelCount) } }
        current = [Float](repeating: 0, count: features.count * labelCount)
        updates = current
        let fingerprints = examples.map { PassOrder.fingerprint($0.features, labels: [$0.label]) }
        var scores = [Float](repeating: 0, count: labelCount)
        let labels = labelCount
        for round in 0..<rounds {
            let order = PassOrder.indices(fingerprints: fingerprints, seed: seed, round: round)
            current.withUnsafeMutableBufferPointer { current in
                updates.withUnsafeMutableBufferPointer { updates in
                    scores.withUnsafeMutableBufferPointer { scores in
                        for index in order {
                            let gold = examples[index].label
                            for label in 0..<labels { scores[label] = 0 }
                            DenseRows.add(rows[index], of: UnsafeBufferPointer(current), width: labels, into: scores)
                            var predicted = 0
                            for label in 1..<labels where scores[label] > scores[predicted] { predicted = label }
                            if predicted != gold {
                                for row in rows[index] {
                                    let row = Int(row)
                                    current[row + gold] += 1
                                    updates[row + gold] += clock
                                    current[row + predicted] -= 1
                                    updates[row + predicted] -= clock
                                }
                            }
                            clock += 1
                        }
                    }
                }
            }
        }
    }

    /// The averaged weights, frozen.
    public func frozen() -> SparseWeights {
        let averaged = averaged()
        return SparseWeights(labelCount: labelCount, features: averaged.features, dense: averaged.weights)
    }

    /// The averaged weights: each feature's row of `labelCount` weights, one
    /// after another in `weights` (near-zero ones made zero).
    public func averaged() -> (features: [UInt64], weights: [Float]) {
        let weights = zip(current, updates).map { current, update in
            let averaged = current - update / clock
            return abs(averaged) < 1e-4 ? 0 : averaged
        }
        return (features.keys, weights)
    }
}

/// Features numbered in the order they are first met: the same examples, the same numbers.
struct FeatureIndex {
    private var numbers: [UInt64: Int] = [:]
    private(set) var keys: [UInt64] = []
    var count: Int { keys.count }

    mutating func index(of feature: UInt64) -> Int {
        if let number = numbers[feature] { return number }
        numbers[feature] = keys.count
        keys.append(feature)
        return keys.count - 1
    }
}
