import Foundation
import Testing
@testable import ShopTalkLearning

/// Perceptrons trained on different shares of the examples, their probabilities averaged.
@Suite("A committee of classifiers")
struct CommitteeTests {
    static func word(_ text: String) -> UInt64 { FeatureHash.of(UInt8(ascii: "w"), text) }

    /// A member trained on its own examples: `word` tells `label` (1 or 2; 0 is a label no example has).
    static func member(_ pairs: [(word: String, label: Int)]) -> (features: [UInt64], weights: [Float]) {
        var trainer = MulticlassPerceptron(labelCount: 3)
        trainer.train(pairs.flatMap { pair in Array(repeating: MulticlassPerceptron.Example(features: [word(pair.word)], label: pair.label), count: 5) },
                      rounds: 3, seed: 1)
        return trainer.averaged()
    }

    /// "bin" told label 2 to two members and label 1 to the third: the
    /// committee is less sure of it than of "add", which all three agree on.
    @Test func membersWhoDisagreeMakeTheCommitteeLessSure() {
        let agreeing: [(String, Int)] = [("add", 1), ("drop", 2)]
        let committee = Committee(members: [Self.member(agreeing + [("bin", 2)]), Self.member(agreeing + [("bin", 2)]),
                                            Self.member(agreeing + [("bin", 1)])],
                                  labelCount: 3, temperature: 0.5)
        let add = committee.probabilities([Self.word("add")]), bin = committee.probabilities([Self.word("bin")])
        #expect(abs(add.reduce(0, +) - 1) < 1e-5 && abs(bin.reduce(0, +) - 1) < 1e-5)
        #expect(add[1] > 0.8)
        #expect(bin[2] > bin[1], "two of three read it as label 2")
        #expect(bin[2] < add[1] - 0.2, "and the third's doubt shows: \(bin) against \(add)")
    }

    @Test func oneMemberIsThatMembersCalibratedProbabilities() {
        let member = Self.member([("add", 1), ("drop", 2)])
        let features = [Self.word("add"), Self.word("drop"), Self.word("add")]
        let alone = Committee(members: [member], labelCount: 3, temperature: 2).probabilities(features)
        let weights = SparseWeights(labelCount: 3, features: member.features, dense: member.weights)
        #expect(alone == Calibration.probabilities(weights.scores(features), temperature: 2))
    }

    /// Each example is left out by one member of five, drawn by its fingerprint: about a fifth each, the same every time.
    @Test func eachMemberLeavesOutItsOwnFifth() {
        let fingerprints = (0..<1000).map { FeatureHash.of(UInt8(ascii: "x"), "example \($0)") }
        let leftOut = fingerprints.map { Committee.leftOutBy($0, of: 5) }
        #expect(leftOut == fingerprints.map { Committee.leftOutBy($0, of: 5) })
        for member in 0..<5 {
            #expect((150...250).contains(leftOut.count { $0 == member }), "member \(member)")
        }
        #expect(Committee.leftOutBy(fingerprints[0], of: 1) == nil, "a member alone trains on everything")
    }

    /// The members share one table, and it survives its parts as any weights do.
    @Test func theMembersWeightsAreOneTable() throws {
        let members = [Self.member([("add", 1), ("drop", 2)]), Self.member([("add", 1), ("bin", 2)])]
        let committee = Committee(members: members, labelCount: 3, temperature: 1)
        #expect(committee.memberCount == 2 && committee.labelCount == 3 && committee.weights.labelCount == 6)
        #expect(committee.weights.featureCount == 3, "add, drop and bin, each once")
        let read = try #require(SparseWeights(parts: committee.weights.parts))
        #expect(Committee(weights: read, memberCount: 2, temperature: 1) == committee)
        #expect(Committee(weights: read, memberCount: 4, temperature: 1) == nil, "six columns are no four members' three labels")
    }

    @Test func workDoneSideBySideComesBackInOrder() {
        let squares = Parallel.map(40) { $0 * $0 }
        #expect(squares == (0..<40).map { $0 * $0 })
        let trained = Parallel.map(3) { seed -> SparseWeights in
            var trainer = MulticlassPerceptron(labelCount: 3)
            trainer.train(LearningTests.wordsExamples(), rounds: 2, seed: UInt64(seed))
            return trainer.frozen()
        }
        for seed in 0..<3 {
            var trainer = MulticlassPerceptron(labelCount: 3)
            trainer.train(LearningTests.wordsExamples(), rounds: 2, seed: UInt64(seed))
            #expect(trained[seed] == trainer.frozen(), "the same weights as trained alone")
        }
    }
}

extension CommitteeTests {
    /// Rows laid one after another make the same table as rows by feature: what training writes is what it learned.
    @Test func denseRowsMakeTheSameTableAsRowsByFeature() {
        let features: [UInt64] = [Self.word("b"), Self.word("a"), Self.word("c")]
        let dense: [Float] = [0, 1.5, 0, /**/ 0, 0, 0, /**/ -2, 0, 0.25]
        let byFeature: [UInt64: [Float]] = [features[0]: [0, 1.5, 0], features[1]: [0, 0, 0], features[2]: [-2, 0, 0.25]]
        let table = SparseWeights(labelCount: 3, features: features, dense: dense)
        #expect(table == SparseWeights(labelCount: 3, rows: byFeature))
        #expect(table.featureCount == 2, "a row of zeros is no row")
        #expect(table.scores([Self.word("c"), Self.word("b")]) == [-2, 1.5, 0.25])
    }
}
