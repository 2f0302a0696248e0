import Testing
@testable import ShopTalkGrammar

/// One decision on a reading: act, ask or refuse, at the thresholds the
/// model chose on the examples it kept apart.
@Suite("The reader's decision")
struct ReaderDecisionTests {
    /// The toy language's model, with thresholds set by hand.
    static func model(_ thresholds: LanguageModel.Thresholds) throws -> LanguageModel {
        let (grammar, examples) = try ReaderTests.toy()
        let trained = LanguageModel.train(examples, teacher: ReaderTests.teacher(grammar))
        return LanguageModel(language: trained.language, intents: trained.intents, intentClassifier: trained.intentClassifier,
                             tags: trained.tags, tagger: trained.tagger,
                             tagTemperature: trained.tagTemperature, choices: trained.choices, needs: trained.needs,
                             thresholds: thresholds, report: trained.report)
    }

    static func removing(_ item: String, confidence: Double, aboutWhatIsThere: Bool) -> Reading {
        Reading(parse: Parse(intent: "remove_item", slots: [.init(name: "item", value: .text(item))]), language: "xx",
                confidence: confidence, source: .model, isAboutWhatIsThere: aboutWhatIsThere)
    }

    @Test func aReadingAboutAThingTheSpeakerHasActsFromItsOwnThreshold() throws {
        let model = try Self.model(.init(act: 0.9, ask: 0.4, destroy: 0.97, actOnWhatIsThere: 0.7))
        // "nix the soda" with soda on the list: done at 0.75; the same words about nothing there are asked about.
        #expect(model.decision(on: Self.removing("soda", confidence: 0.75, aboutWhatIsThere: true)) == .act)
        #expect(model.decision(on: Self.removing("soda", confidence: 0.75, aboutWhatIsThere: false)) == .ask)
        #expect(model.decision(on: Self.removing("soda", confidence: 0.65, aboutWhatIsThere: true)) == .ask)
        #expect(model.decision(on: Self.removing("soda", confidence: 0.3, aboutWhatIsThere: true)) == .refuse)
    }

    @Test func aRequestThatDestroysKeepsItsOwnThresholdWhateverItIsAbout() throws {
        let model = try Self.model(.init(act: 0.9, ask: 0.4, destroy: 0.97, actOnWhatIsThere: 0.7))
        let clearing = Reading(parse: Parse(intent: "clear_list", slots: [.init(name: "list", value: .list(name: "Costco", spoken: "Costco"))]),
                               language: "xx", confidence: 0.95, source: .model, isAboutWhatIsThere: true)
        #expect(model.decision(on: clearing) == .ask)
    }

    @Test func theThresholdForWhatIsThereIsChosenBetweenAskingAndActing() throws {
        let (grammar, examples) = try ReaderTests.toy()
        let thresholds = LanguageModel.train(examples, teacher: ReaderTests.teacher(grammar)).thresholds
        #expect(thresholds.ask <= thresholds.actOnWhatIsThere && thresholds.actOnWhatIsThere <= thresholds.act)
    }

    /// `act` is the lowest confidence above which the examples kept apart
    /// were read wrong at most ``LanguageModel/wrongActedAtMost`` of the
    /// time: one wrong in a hundred acted on is allowed, four are not, and
    /// a request that destroys keeps one in two hundred.
    @Test func actingIsChosenWhereFewEnoughExamplesWereReadWrong() {
        func scored(_ count: Int, at confidence: Double, wrong: Int) -> [LanguageModel.Scored] {
            (0..<count).map { .init(confidence: confidence, right: $0 >= wrong, aboutWhatIsThere: false) }
        }
        let sure = scored(100, at: 0.99, wrong: 0), fairlySure = scored(100, at: 0.90, wrong: 2), unsure = scored(100, at: 0.80, wrong: 10)
        var report = LanguageModel.Report()
        let thresholds = LanguageModel.thresholds(sure + fairlySure + unsure, report: &report)
        // Above 0.80 (all 300): 12 wrong, 4%. Above 0.90 (200): 2 wrong, 1%, under the one and a half allowed.
        #expect(LanguageModel.wrongActedAtMost > 0.01 && LanguageModel.wrongActedAtMost < 0.04)
        #expect(thresholds.act > 0.80 && thresholds.act <= 0.90)
        #expect(report.actedWrong == 2 && report.actedRight == 198)
        #expect(thresholds.destroy > 0.90, "one wrong in a hundred is too many to destroy on")
    }

    /// Across folds, every example is read once, by a model that never trained on it.
    @Test func thresholdsAcrossFoldsReadEveryExampleOnce() throws {
        let (grammar, examples) = try ReaderTests.toy()
        let (thresholds, report, _) = LanguageModel.crossValidated(examples, teacher: ReaderTests.teacher(grammar), folds: 4)
        #expect(report.examples == examples.count)
        #expect(report.actedRight + report.actedWrong + report.asked + report.refused == examples.count)
        #expect(thresholds.ask <= thresholds.act && thresholds.act <= thresholds.destroy)
    }

    /// Dealt two ways, every example is read twice, each time by a model that
    /// never trained on it; the first deal alone is the one-way choice.
    @Test func thresholdsDealtTwoWaysReadEveryExampleTwice() throws {
        let (grammar, examples) = try ReaderTests.toy()
        let teacher = ReaderTests.teacher(grammar)
        let (pooled, report, eachDeal) = LanguageModel.crossValidated(examples, teacher: teacher, folds: 4, deals: 2)
        #expect(report.examples == 2 * examples.count)
        #expect(report.actedRight + report.actedWrong + report.asked + report.refused == 2 * examples.count)
        #expect(eachDeal.count == 2)
        #expect(eachDeal.allSatisfy { $0.1.examples == examples.count })
        #expect(eachDeal[0].0 == LanguageModel.crossValidated(examples, teacher: teacher, folds: 4).0)
        #expect(pooled.ask <= pooled.act && pooled.act <= pooled.destroy)
    }

    /// Another deal parts the examples another way, yet each in one part only.
    @Test func anotherDealPartsTheExamplesAnotherWay() throws {
        let (_, examples) = try ReaderTests.toy()
        let first = examples.map { LanguageModel.fold(of: $0, among: 4) }
        let second = examples.map { LanguageModel.fold(of: $0, among: 4, deal: 1) }
        // Not the same parts under other numbers: two examples together in one deal are apart in the other.
        let together = { (folds: [Int]) in Set(folds.indices.flatMap { a in folds.indices.filter { b in a < b && folds[a] == folds[b] }.map { [a, $0] } }) }
        #expect(together(first) != together(second))
        #expect(second.allSatisfy { (0..<4).contains($0) })
        #expect(examples.map { LanguageModel.fold(of: $0, among: 4, deal: 1) } == second)
    }
}
