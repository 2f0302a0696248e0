import Foundation
import Testing
@testable import ShopTalkLearning

/// The learning engine on problems small enough to know the answers of.
@Suite("Learning")
struct LearningTests {
    /// Three labels, each told by a word of its own among shared words.
    static func wordsExamples() -> [MulticlassPerceptron.Example] {
        let own = ["add", "remove", "show"], shared = ["the", "milk", "please", "list", "now"]
        var random = SeededRandom(seed: 7)
        return (0..<300).map { index in
            let label = index % 3
            var words = [own[label]]
            for _ in 0..<3 { words.append(shared[random.below(shared.count)]) }
            return .init(features: words.map { FeatureHash.of(UInt8(ascii: "w"), $0) }, label: label)
        }
    }

    @Test func thePerceptronLearnsWhichWordTellsALabel() {
        var trainer = MulticlassPerceptron(labelCount: 3)
        trainer.train(Self.wordsExamples(), rounds: 3, seed: 1)
        let weights = trainer.frozen()
        for (label, word) in ["add", "remove", "show"].enumerated() {
            let scores = weights.scores([FeatureHash.of(UInt8(ascii: "w"), word), FeatureHash.of(UInt8(ascii: "w"), "milk")])
            #expect(scores.indices.max { scores[$0] < scores[$1] } == label, "\(word): \(scores)")
        }
    }

    /// A pass's order comes from each example's own fingerprint: an example
    /// added takes its place, and the others keep their order among themselves.
    @Test func anExampleAddedKeepsTheOthersOrder() {
        let fingerprints: [UInt64] = (0..<50).map { FeatureHash.of(UInt8(ascii: "x"), "example \($0)") }
        let added = fingerprints + [FeatureHash.of(UInt8(ascii: "x"), "the new one")]
        for round in 0..<3 {
            let order = PassOrder.indices(fingerprints: fingerprints, seed: 5, round: round)
            let withOneMore = PassOrder.indices(fingerprints: added, seed: 5, round: round)
            #expect(Set(order) == Set(fingerprints.indices), "each example once")
            #expect(withOneMore.filter { $0 < fingerprints.count } == order)
            #expect(order != Array(fingerprints.indices), "shuffled")
        }
        #expect(PassOrder.indices(fingerprints: fingerprints, seed: 5, round: 0) != PassOrder.indices(fingerprints: fingerprints, seed: 5, round: 1))
    }

    @Test func theSameExamplesGiveTheSameWeightsBitForBit() {
        var first = MulticlassPerceptron(labelCount: 3), second = MulticlassPerceptron(labelCount: 3)
        first.train(Self.wordsExamples(), rounds: 4, seed: 9)
        second.train(Self.wordsExamples(), rounds: 4, seed: 9)
        #expect(first.frozen() == second.frozen())
    }

    @Test func frozenWeightsSurviveTheirParts() throws {
        var trainer = MulticlassPerceptron(labelCount: 3)
        trainer.train(Self.wordsExamples(), rounds: 2, seed: 3)
        let weights = trainer.frozen()
        #expect(try #require(SparseWeights(parts: weights.parts)) == weights)
        // Parts that do not hold together are no weights.
        var broken = weights.parts
        broken.rowStart.removeLast()
        #expect(SparseWeights(parts: broken) == nil)
        // Nor do a weight that is no number, a label past the labels, a row past the rows, rows that run backwards.
        var notANumber = weights.parts
        notANumber.weights[notANumber.weights.count / 2] = .nan
        var infinite = weights.parts
        infinite.weights[0] = -.infinity
        var labelPast = weights.parts
        labelPast.labels[labelPast.labels.count - 1] = UInt16(labelPast.labelCount)
        var rowPast = weights.parts
        let used = try #require(rowPast.slots.firstIndex { $0 >= 0 })
        rowPast.slots[used] = Int32(rowPast.rowStart.count - 1)
        var backwards = weights.parts
        try #require(backwards.rowStart.count > 2)
        backwards.rowStart.swapAt(1, 2)
        for parts in [notANumber, infinite, labelPast, rowPast, backwards] {
            #expect(SparseWeights(parts: parts) == nil)
        }
    }

    @Test func calibratedProbabilitiesAddUpAndKeepTheOrder() {
        let probabilities = Calibration.probabilities([2, 0, 1], temperature: 1.5)
        #expect(abs(probabilities.reduce(0, +) - 1) < 1e-5)
        #expect(probabilities[0] > probabilities[2] && probabilities[2] > probabilities[1])
        // Scores that are always right want a low temperature (sure); scores right half the time, a high one.
        let scores: [[Float]] = Array(repeating: [3, 0], count: 20)
        let sure = Calibration.temperature(scores: scores, labels: Array(repeating: 0, count: 20))
        let unsure = Calibration.temperature(scores: scores, labels: (0..<20).map { $0 % 2 })
        #expect(sure < unsure)
    }

    /// A temperature searched for lands near the best one, wherever it lies,
    /// and moves a little when the loss does: a grid of nine would answer 3
    /// or 5 for a best of 4.2, and jump from one to the other.
    @Test func aSearchedTemperatureLandsNearTheBestAndMovesWithIt() {
        func searched(best: Float) -> Float {
            Calibration.searched(between: 0.5, and: 35) { temperature in
                let distance = log(temperature) - log(best)
                return distance * distance
            }
        }
        for best: Float in [0.8, 4.2, 17] {
            #expect(abs(searched(best: best) / best - 1) < 0.1, "best \(best): \(searched(best: best))")
        }
        let (before, after) = (searched(best: 4.0), searched(best: 4.3))
        #expect(after >= before && after / before < 1.15)
    }

    /// Tags O, B-x, I-x: I-x may only follow B-x or I-x (the last row is the line's start).
    static let allowed: [Bool] = {
        var allowed = [Bool](repeating: true, count: 4 * 3)
        allowed[0 * 3 + 2] = false // O → I-x
        allowed[3 * 3 + 2] = false // start → I-x
        return allowed
    }()

    @Test func theTaggerLearnsWhereASlotStandsAndKeepsToTheAllowedSteps() {
        // "add X Y to list": X Y is the slot, whatever its words.
        let fillers = ["eggs", "milk", "oat", "bread", "rice", "tea"]
        var random = SeededRandom(seed: 5)
        func features(_ words: [String]) -> [[UInt64]] {
            words.indices.map { index in
                [FeatureHash.of(UInt8(ascii: "w"), words[index]), FeatureHash.of(UInt8(ascii: "l"), index > 0 ? words[index - 1] : "^")]
            }
        }
        let examples: [SequencePerceptron.Example] = (0..<200).map { _ in
            let thing = (0..<(1 + random.below(2))).map { _ in fillers[random.below(fillers.count)] }
            let words = ["add"] + thing + ["to", "list"]
            return .init(words: features(words), tags: [0] + [1] + Array(repeating: 2, count: thing.count - 1) + [0, 0])
        }
        var trainer = SequencePerceptron(tagCount: 3, allowed: Self.allowed)
        trainer.train(examples, rounds: 3, seed: 2)
        let model = trainer.frozen()
        #expect(model.tags(features(["add", "tea", "milk", "to", "list"])) == [0, 1, 2, 0, 0])
        // Scores that would rather say O then I-x are decoded the allowed way.
        let emissions: [[Float]] = [[5, 0, 0], [0, 0, 5]]
        let flat = [Float](repeating: 0, count: 12)
        let decoded = Viterbi.decode(emissions: emissions, transitions: flat, allowed: Self.allowed, tagCount: 3)
        #expect(decoded != [0, 2])
        #expect(decoded.first != 2)
        let marginals = Viterbi.marginals(emissions: emissions, transitions: flat, allowed: Self.allowed, tagCount: 3,
                                          temperature: 1)
        #expect(marginals.allSatisfy { abs($0.reduce(0, +) - 1) < 1e-4 })
    }

    /// Forward-backward says what summing over every allowed tagging says.
    @Test func eachWordsTagProbabilityIsThatOfAllTaggingsSummed() {
        let emissions: [[Float]] = [[1.5, -0.5, 0.2], [0.3, 2.0, -1.0], [-0.7, 0.4, 1.1], [0.9, 0.1, 0.6]]
        let transitions: [Float] = [0.2, -0.3, 0.0, 0.5, 0.1, 0.7, -0.2, 0.4, 0.3, 0.6, -0.1, 0.0]
        let temperature: Float = 1.7
        var sums = [[Double]](repeating: [0, 0, 0], count: emissions.count)
        var total = 0.0
        func walk(_ path: [Int]) {
            guard path.count == emissions.count else {
                for tag in 0..<3 {
                    let previous = path.last ?? 3
                    if Self.allowed[previous * 3 + tag] { walk(path + [tag]) }
                }
                return
            }
            var score: Float = 0
            for (position, tag) in path.enumerated() { score += transitions[(position == 0 ? 3 : path[position - 1]) * 3 + tag] + emissions[position][tag] }
            let weight = exp(Double(score / temperature))
            total += weight
            for (position, tag) in path.enumerated() { sums[position][tag] += weight }
        }
        walk([])
        let marginals = Viterbi.marginals(emissions: emissions, transitions: transitions, allowed: Self.allowed, tagCount: 3, temperature: temperature)
        for position in emissions.indices {
            for tag in 0..<3 { #expect(abs(Double(marginals[position][tag]) - sums[position][tag] / total) < 1e-5, "word \(position), tag \(tag)") }
        }
        #expect(marginals[1][2] > 0, "O then I-x is forbidden, B-x then I-x is not")
    }

    @Test func seededDrawsAreTheSameEveryTime() {
        var first = SeededRandom(seed: 42), second = SeededRandom(seed: 42)
        #expect((0..<10).map { _ in first.next() } == (0..<10).map { _ in second.next() })
        #expect(FeatureHash.of(1, "milk") == FeatureHash.of(1, "milk"))
        #expect(FeatureHash.of(1, "milk") != FeatureHash.of(2, "milk"))
        #expect(FeatureHash.of(1, "a", "bc") != FeatureHash.of(1, "ab", "c"))
    }
}
