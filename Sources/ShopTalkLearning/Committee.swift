import Foundation

/// Several classifiers trained on different parts of the same examples,
/// whose probabilities are averaged (bagging, Breiman 1996). Where the
/// examples agree, so do the members, and the average stays high; where a
/// line looks like a few examples of one request and a few of another, the
/// members trained without some of them disagree, and the average falls.
/// One perceptron is sure of what it read even there: its margin measures
/// how far a line lies from the boundary it drew, not how well the examples
/// fix that boundary.
///
/// The members' weights share one table, a feature's row holding every
/// member's weights for it: a feature is looked up once, not once a member,
/// and its key is kept once.
public struct Committee: Sendable, Equatable {
    /// Label `l` of member `m` is column `m * labelCount + l`.
    public let weights: SparseWeights
    public let memberCount: Int
    public let temperature: Float

    public init?(weights: SparseWeights, memberCount: Int, temperature: Float) {
        guard memberCount > 0, weights.labelCount % memberCount == 0 else { return nil }
        self.weights = weights
        self.memberCount = memberCount
        self.temperature = temperature
    }

    /// The members' weights (see ``MulticlassPerceptron/averaged()``), put in one table.
    public init(members: [(features: [UInt64], weights: [Float])], labelCount: Int, temperature: Float) {
        var index: [UInt64: Int] = [:], features: [UInt64] = []
        for member in members {
            for feature in member.features where index[feature] == nil {
                index[feature] = features.count
                features.append(feature)
            }
        }
        let width = members.count * labelCount
        var dense = [Float](repeating: 0, count: features.count * width)
        for (number, member) in members.enumerated() {
            for (row, feature) in member.features.enumerated() {
                let from = row * labelCount, to = index[feature]! * width + number * labelCount
                for label in 0..<labelCount { dense[to + label] = member.weights[from + label] }
            }
        }
        self.weights = SparseWeights(labelCount: width, features: features, dense: dense)
        self.memberCount = members.count
        self.temperature = temperature
    }

    public var labelCount: Int { weights.labelCount / memberCount }

    /// Each label's probability: the members' calibrated probabilities, averaged.
    public func probabilities(_ features: [UInt64]) -> [Float] {
        Self.probabilities(weights.scores(features), members: memberCount, temperature: temperature)
    }

    /// The members' weights of `feature` for each label, averaged, for explaining a decision.
    public func weights(of feature: UInt64) -> [(label: Int, weight: Float)] {
        var summed: [Int: Float] = [:]
        for (column, weight) in weights.weights(of: feature) { summed[column % labelCount, default: 0] += weight }
        return summed.keys.sorted().map { ($0, summed[$0]! / Float(memberCount)) }
    }

    public var byteCount: Int { weights.byteCount }

    /// The scores of every member's columns in `scores`, each made probabilities, averaged.
    static func probabilities(_ scores: [Float], members: Int, temperature: Float) -> [Float] {
        let labels = scores.count / members
        var average = [Float](repeating: 0, count: labels)
        for member in 0..<members {
            let own = Array(scores[member * labels..<(member + 1) * labels])
            for (label, probability) in Calibration.probabilities(own, temperature: temperature).enumerated() { average[label] += probability }
        }
        return average.map { $0 / Float(members) }
    }

    /// The one temperature (of ``Calibration``'s grid) with which the
    /// averaged probabilities of `features` fit `labels` best.
    public func calibrated(on features: [[UInt64]], labels: [Int]) -> Committee {
        let scores = features.map { weights.scores($0) }
        let temperature = Calibration.temperature(labels: labels) { temperature in
            scores.map { Self.probabilities($0, members: memberCount, temperature: temperature) }
        }
        return Committee(weights: weights, memberCount: memberCount, temperature: temperature)!
    }

    /// Which of `count` members leaves an example out: none when alone,
    /// else the one its fingerprint draws, so each member trains on all
    /// but its own share, and an example added moves no other.
    public static func leftOutBy(_ fingerprint: UInt64, of count: Int) -> Int? {
        guard count > 1 else { return nil }
        var draw = SeededRandom(seed: fingerprint ^ 0xC0_44_17_7E_E5)
        return Int(draw.next() % UInt64(count))
    }
}
