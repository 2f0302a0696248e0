import Foundation
import ShopTalkLearning

extension LanguageModel {
    /// What training takes besides the examples: the grammar (whose words,
    /// value lists and slot readers the reader shares), the language's foods
    /// (to vary the things in the examples, so the model learns where a
    /// thing stands, not which things there are), and whether a name is a food.
    public struct Teacher: Sendable {
        public let grammar: Grammar
        /// The grammar's text, whose templates are sampled for more examples; nil for none.
        public let source: String?
        public let foods: [String]
        public let isFood: @Sendable (String) -> Bool

        public init(grammar: Grammar, source: String? = nil, foods: [String], isFood: @escaping @Sendable (String) -> Bool) {
            self.grammar = grammar
            self.source = source
            self.foods = foods
            self.isFood = isFood
        }
    }

    /// Rounds of training, variants of each example, and the seed every draw comes from.
    static let intentRounds = 6, tagRounds = 5, variants = 1, samplesPerTemplate = 1
    /// Intent classifiers trained, each without its own fifth of the
    /// examples (see ``Committee``). Across ten folds, five acted right on
    /// 1–23% more lines than one, at the same share of wrong actions; three
    /// were no better than one in English.
    static let committee = 5
    public static let seed: UInt64 = 20_261_129

    /// Trains on `examples`, keeping one in ten apart (chosen by their text,
    /// so the same each time) to make the scores probabilities, choose the
    /// thresholds and write the report. Deterministic: the same examples,
    /// grammar and foods give the same model.
    public static func train(_ examples: [LabeledExample], teacher: Teacher) -> LanguageModel {
        trained(examples, teacher: teacher, keptApart: isKeptApart).model
    }

    /// A model trained on the examples but those `keptApart`, and how it read those.
    static func trained(_ examples: [LabeledExample], teacher: Teacher, seed: UInt64 = LanguageModel.seed,
                        keptApart: (LabeledExample) -> Bool) -> (model: LanguageModel, scored: [Scored]) {
        let grammar = teacher.grammar
        // The grammar's intents, and one for lines that ask for nothing the bot does.
        let intents = grammar.intents.map(\.name) + [LabeledExample.notARequest]
        let intentIndex = Dictionary(uniqueKeysWithValues: intents.enumerated().map { ($1, $0) })
        let tags = tagNames
        let tagIndex = Dictionary(uniqueKeysWithValues: tags.enumerated().map { ($1, $0) })
        let usable = examples.filter { intentIndex[$0.intent] != nil }.map(\.canonical)
        let apart = usable.filter(keptApart)
        let taught = usable.filter { !keptApart($0) }
        let pools = Pools(taught, foods: teacher.foods)
        let names = Grammar.SampleNames(lists: pools.lists, things: pools.things, members: pools.members, shops: pools.shops)
        let sampled = teacher.source.map { Grammar.samples(source: $0, names: names, perTemplate: samplesPerTemplate, seed: seed) } ?? []

        // The examples made into features on every core, a share each: each
        // example draws from its own generator, so the shares change nothing.
        let toTeach = taught + sampled
        let shares = Self.preparingShares
        let prepared = Parallel.map(shares) { share in
            let (nameWords, isFood) = Self.memoized(grammar: grammar, isFood: teacher.isFood)
            var lines: [MulticlassPerceptron.Example] = [], words: [SequencePerceptron.Example] = []
            for example in toTeach[toTeach.count * share / shares..<toTeach.count * (share + 1) / shares] {
                var random = Self.random(for: example, seed: seed)
                var versions = [example]
                if example.origin != "grammar" {
                    for _ in 0..<variants { versions.append(pools.variant(of: example, random: &random)) }
                }
                for version in versions {
                    let context = pools.context(for: version, random: &random)
                    let sentence = grammar.readerSentence(version.text, context: context, isFood: isFood, nameWords: nameWords)
                    guard !sentence.tokens.isEmpty else { continue }
                    lines.append(.init(features: sentence.lineFeatures(), label: intentIndex[version.intent]!))
                    words.append(.init(words: sentence.wordFeatures(intent: version.intent),
                                       tags: Self.tags(of: version, in: sentence).map { tagIndex[$0] ?? 0 }))
                }
            }
            return (lines: lines, words: words)
        }
        let intentExamples = prepared.flatMap(\.lines), tagExamples = prepared.flatMap(\.words)
        let (nameWords, isFood) = Self.memoized(grammar: grammar, isFood: teacher.isFood)
        // The committee's members and the tagger learn side by side.
        let committee = Self.committee, labelCount = intents.count, allowed = allowedTransitions(tags)
        let (lines, words) = (intentExamples, tagExamples)
        let leftOut = lines.map { Committee.leftOutBy(PassOrder.fingerprint($0.features, labels: [$0.label]), of: committee) }
        // The tagger, the longest job, first: the members share the other cores meanwhile.
        let learned = Parallel.map(committee + 1) { job -> Learned in
            guard job > 0 else {
                var trainer = SequencePerceptron(tagCount: tags.count, allowed: allowed)
                trainer.train(words, rounds: tagRounds, seed: seed &+ 1)
                return .tagger(trainer.frozen())
            }
            let member = job - 1
            var trainer = MulticlassPerceptron(labelCount: labelCount)
            trainer.train(lines.indices.filter { leftOut[$0] != member }.map { lines[$0] }, rounds: intentRounds,
                          seed: seed &+ UInt64(member) &* 101)
            let averaged = trainer.averaged()
            return .member(features: averaged.features, weights: averaged.weights)
        }
        let members = learned.compactMap { if case .member(let features, let weights) = $0 { (features, weights) } else { nil } }
        guard case .tagger(let tagger) = learned.first! else { preconditionFailure("the tagger is the first job") }

        // The examples kept apart, read as a stranger's lines would be: what the
        // speaker has is drawn as it is for training, the same way every time.
        let apartSentences = apart.map { example in
            var random = Self.random(for: example, seed: seed &+ 2)
            return (example, grammar.readerSentence(example.text, context: pools.context(for: example, asMeant: true, random: &random),
                                                    isFood: isFood, nameWords: nameWords))
        }.filter { !$0.1.tokens.isEmpty }
        // The committee's table is merged and calibrated beside the tagger's calibration.
        let apartLines = apartSentences.map { $0.1.lineFeatures() }, apartLabels = apartSentences.map { intentIndex[$0.0.intent]! }
        let apartWords = apartSentences.map { (example, sentence) in
            (sentence.wordFeatures(intent: example.intent), Self.tags(of: example, in: sentence).map { tagIndex[$0] ?? 0 })
        }
        let calibrations = Parallel.map(2) { job -> Calibrated in
            job == 0 ? .intents(Committee(members: members, labelCount: labelCount, temperature: 1).calibrated(on: apartLines, labels: apartLabels))
                : .tags(Self.tagTemperature(apartWords, tagger: tagger))
        }
        guard case .intents(let intentClassifier) = calibrations[0], case .tags(let tagTemperature) = calibrations[1] else {
            preconditionFailure("the intents' calibration first, the tags' second")
        }
        var choices: [String: [String: String]] = [:]
        for example in usable {
            for span in example.spans {
                guard let value = span.value else { continue }
                let words = grammar.readerSentence(example.text(of: span), context: ReaderContext(), isFood: { _ in false }).folded
                choices[span.slot, default: [:]][words.joined(separator: " ")] = value
            }
        }
        let needs = Self.needs(usable)
        var model = LanguageModel(
            language: grammar.language, intents: intents, intentClassifier: intentClassifier, tags: tags, tagger: tagger,
            tagTemperature: tagTemperature, choices: choices, needs: needs, thresholds: Thresholds(act: 0.9, ask: 0.3, destroy: 0.97), report: Report())
        var (scored, report) = model.score(apartSentences, trained: taught.count, grammar: grammar)
        let thresholds = Self.thresholds(scored, report: &report)
        model = LanguageModel(
            language: grammar.language, intents: intents, intentClassifier: intentClassifier, tags: tags, tagger: tagger,
            tagTemperature: tagTemperature, choices: choices, needs: needs, thresholds: thresholds, report: report)
        return (model, scored)
    }

    /// What one of training's side-by-side jobs learned.
    private enum Learned: Sendable {
        case member(features: [UInt64], weights: [Float])
        case tagger(SequenceModel)
    }

    /// What one of the two calibrations found.
    private enum Calibrated: Sendable {
        case intents(Committee)
        case tags(Float)
    }

    /// Shares of the examples made into features side by side: more than
    /// cores, so that a core done early takes another.
    static let preparingShares = 8

    /// A name's words and whether it is a food, as training asks them again
    /// and again: worked out once for each name, by one thread.
    private static func memoized(grammar: Grammar, isFood: @escaping (String) -> Bool)
        -> (nameWords: (String) -> [String], isFood: (String) -> Bool) {
        final class Memo {
            var words: [String: [String]] = [:]
            var foods: [String: Bool] = [:]
        }
        let memo = Memo()
        let nameWords = { (name: String) -> [String] in
            if let known = memo.words[name] { return known }
            let words = grammar.tokens(name).map { Grammar.readerFold($0.text) }
            memo.words[name] = words
            return words
        }
        let food = { (name: String) -> Bool in
            if let known = memo.foods[name] { return known }
            let known = isFood(name)
            memo.foods[name] = known
            return known
        }
        return (nameWords, food)
    }

    /// One example kept apart as the model read it: how sure it was (0 when
    /// the bot would refuse the reading), whether it was right, and whether
    /// it was about something the speaker has.
    struct Scored: Sendable {
        var confidence: Double
        var right: Bool
        var aboutWhatIsThere: Bool
    }

    /// The same model, acting, asking and refusing where `thresholds` say
    /// (chosen across folds, see ``crossValidated(_:teacher:folds:deals:)``).
    public func with(_ thresholds: Thresholds) -> LanguageModel {
        LanguageModel(language: language, intents: intents, intentClassifier: intentClassifier, tags: tags,
                      tagger: tagger, tagTemperature: tagTemperature, choices: choices, needs: needs, thresholds: thresholds, report: report)
    }

    /// A generator for what is drawn about one example, seeded by the example itself.
    static func random(for example: LabeledExample, seed: UInt64) -> SeededRandom {
        var fingerprint = FeatureHash(UInt8(ascii: "E"))
        fingerprint.add(example.intent)
        fingerprint.add(example.text)
        return SeededRandom(seed: seed ^ fingerprint.value)
    }

    /// The slots at least 19 in 20 of an intent's examples fill, of intents with a few dozen examples.
    static func needs(_ examples: [LabeledExample]) -> [String: [String]] {
        var totals: [String: Int] = [:], filled: [String: [String: Int]] = [:]
        for example in examples {
            totals[example.intent, default: 0] += 1
            for slot in Set(example.spans.map(\.slot)) { filled[example.intent, default: [:]][slot, default: 0] += 1 }
        }
        var needs: [String: [String]] = [:]
        for (intent, total) in totals where total >= 20 {
            let slots = (filled[intent] ?? [:]).filter { $0.value * 20 >= total * 19 }.keys.sorted()
            if !slots.isEmpty { needs[intent] = slots }
        }
        return needs
    }

    /// A reading with its slots in one order, and names compared as the store compares them.
    static func normalized(_ parse: Parse) -> [String] {
        [parse.intent] + parse.slots.map { slot in
            let value: String = switch slot.value {
            case .list(let name, _, let owner): "list:\(name.lowercased()):\(owner ?? "")"
            case .items(let phrases): phrases.map { "\($0.name.lowercased())*\($0.quantity?.description ?? "")*\($0.unit ?? "")" }.sorted().joined(separator: "|")
            case .text(let text): text.lowercased()
            default: "\(slot.value)"
            }
            return "\(slot.name)=\(value)"
        }.sorted()
    }

    /// The least confidence a reading is asked about with.
    static let leastAsked = 0.4

    /// How often readings of examples kept apart may be wrong above `act`:
    /// examples are cleaner than a family's lines, and a threshold chosen at
    /// one wrong in a hundred of them asked about lines the model read
    /// right; chosen on family lines apart from every held-out table (see
    /// docs/languages.md, "Thresholds chosen on family lines").
    static let wrongActedAtMost = 0.015

    /// How many readings about what the speaker has, kept apart, their own
    /// threshold is chosen from: fewer, and it stays `act`.
    static let enoughToWeigh = 60

    /// One example in ten, by its text, is kept apart from training; never a contrast.
    static func isKeptApart(_ example: LabeledExample) -> Bool { !example.alwaysTaught && fold(of: example, among: 10) == 0 }

    /// Which of `folds` parts an example falls in, by its text: the same each
    /// time. Another `deal` parts the examples another way: the text's hash
    /// drawn from by a generator of its own, since bytes added to the hash
    /// would only rename the parts (the hash's low bits go through them as
    /// a permutation).
    static func fold(of example: LabeledExample, among folds: Int, deal: Int = 0) -> Int {
        var hash = FeatureHash(UInt8(ascii: "x"))
        hash.add(example.intent)
        hash.add(example.text)
        guard deal > 0 else { return Int(hash.value % UInt64(folds)) }
        var random = SeededRandom(seed: hash.value ^ UInt64(deal))
        return random.below(folds)
    }

    /// Thresholds chosen on every example, each read by a model trained on
    /// the other parts of `folds`: ten times the readings one part kept
    /// apart gives, so that one wrong reading more or less moves them little.
    ///
    /// With more than one of `deals`, the examples are parted again another
    /// way and trained from other draws, and the readings of every deal are
    /// pooled. One deal's curve of wrong readings is flat and noisy near one
    /// in a hundred: Russian's `act` was 0.88 in one deal and 0.93 in
    /// another, acting right on 2,393 and 2,046 of its 3,982 examples, and
    /// the deal every edit had been tuned against was among the luckiest. Pooled,
    /// the noise of the draws is averaged out of the choice. `eachDeal`: the
    /// thresholds and counts each deal alone would give.
    public static func crossValidated(_ examples: [LabeledExample], teacher: Teacher, folds: Int,
                                      deals: Int = 1) -> (Thresholds, Report, eachDeal: [(Thresholds, Report)]) {
        var pooled: [Scored] = []
        var report = Report()
        var eachDeal: [(Thresholds, Report)] = []
        for deal in 0..<max(deals, 1) {
            var dealt: [Scored] = []
            for part in 0..<folds {
                let (model, scored) = trained(examples, teacher: teacher, seed: seed &+ UInt64(deal) &* 7_919,
                                              keptApart: { !$0.alwaysTaught && fold(of: $0, among: folds, deal: deal) == part })
                dealt += scored
                report.examples += model.report.examples
                report.addCounts(of: model.report)
                report.trained = max(report.trained, model.report.trained)
                report.mistakes += model.report.mistakes
            }
            var alone = Report()
            alone.examples = dealt.count
            eachDeal.append((thresholds(dealt, report: &alone), alone))
            pooled += dealt
        }
        report.mistakes.sort { ($0.confidence, $1.text) > ($1.confidence, $0.text) }
        let thresholds = thresholds(pooled, report: &report)
        return (thresholds, report, eachDeal)
    }

    /// Each word's gold tag: the first word of a slot's words "B-slot", the others "I-slot".
    static func tags(of example: LabeledExample, in sentence: ReaderSentence) -> [String] {
        let text = sentence.text
        var tags = [String](repeating: "O", count: sentence.tokens.count)
        var previous: Int?
        for (index, token) in sentence.tokens.enumerated() {
            let start = text.utf8.distance(from: text.startIndex, to: token.range.lowerBound)
            guard let span = example.spans.firstIndex(where: { start >= $0.start && start < $0.end }) else {
                previous = nil
                continue
            }
            tags[index] = (previous == span ? "I-" : "B-") + example.spans[span].slot
            previous = span
        }
        return tags
    }

    /// The tagger's temperature that makes its words' probabilities fit the examples kept apart best.
    ///
    /// Searched (``Calibration/searched(between:and:evaluations:loss:)``),
    /// not picked from a few values: between 3 and 5 on a grid, one
    /// template added to German moved its temperature from one to the
    /// other, every slot's confidence with it, and a tenth of its lines
    /// from acted on to asked.
    private static func tagTemperature(_ sentences: [([[UInt64]], [Int])], tagger: SequenceModel) -> Float {
        guard !sentences.isEmpty else { return 1 }
        let scored = sentences.prefix(300).map { (tagger.emissions($0.0), $0.1) }
        return Calibration.searched(between: 0.5, and: 35) { temperature in
            var loss: Float = 0
            for (emissions, gold) in scored {
                let marginals = Viterbi.marginals(emissions: emissions, transitions: tagger.transitions, allowed: tagger.allowed,
                                                  tagCount: tagger.tagCount, temperature: temperature)
                for (position, tag) in gold.enumerated() { loss -= log(max(marginals[position][tag], 1e-6)) }
            }
            return loss
        }
    }

    /// Reads the examples kept apart, and marks each reading right or wrong.
    private func score(_ apart: [(LabeledExample, ReaderSentence)], trained: Int, grammar: Grammar) -> ([Scored], Report) {
        // The lines kept apart read in shares on every core, and added up in their order.
        let shares = Self.preparingShares
        let parts = Parallel.map(shares) { share in
            self.scorePart(apart[apart.count * share / shares..<apart.count * (share + 1) / shares], grammar: grammar)
        }
        var report = Report()
        report.examples = apart.count
        report.trained = trained
        var confusions: [String: Int] = [:]
        for part in parts {
            report.addCounts(of: part.report)
            confusions.merge(part.confusions, uniquingKeysWith: +)
        }
        report.confusions = confusions.map { key, count in
            let parts = key.split(separator: "\u{1F}").map(String.init)
            return Report.Confusion(meant: parts[0], read: parts[1], count: count)
        }.sorted { ($0.count, $1.meant, $1.read) > ($1.count, $0.meant, $0.read) }
        report.mistakes = Array(parts.flatMap(\.mistakes).sorted { ($0.confidence, $1.text) > ($1.confidence, $0.text) }.prefix(40))
        return (parts.flatMap(\.scored), report)
    }

    /// How one share of the lines kept apart was read: the counts of
    /// ``Report`` it adds to, its confusions by "meant␟read", its mistakes.
    private func scorePart(_ apart: ArraySlice<(LabeledExample, ReaderSentence)>, grammar: Grammar)
        -> (scored: [Scored], report: Report, confusions: [String: Int], mistakes: [Report.Mistake]) {
        var report = Report()
        var scored: [Scored] = []
        var confusions: [String: Int] = [:]
        var mistakes: [Report.Mistake] = []
        for (example, sentence) in apart {
            guard let guess = guesses(sentence, limit: 1).first else { continue }
            // A line read as no request is refused: right when it was none, and never acted on.
            guard guess.intent != LabeledExample.notARequest else {
                if example.intent == LabeledExample.notARequest { report.intentsRight += 1; report.readingsRight += 1 }
                else { confusions["\(example.intent)\u{1F}\(guess.intent)", default: 0] += 1 }
                scored.append(Scored(confidence: 0, right: example.intent == LabeledExample.notARequest, aboutWhatIsThere: false))
                continue
            }
            let goldSpans = Self.spans(Self.tags(of: example, in: sentence).map { Self.tagNames.firstIndex(of: $0) ?? 0 }, names: Self.tagNames)
                .map { span in FoundSpan(slot: span.slot, words: span.words, value: example.spans.first { $0.slot == span.slot && $0.value != nil }?.value) }
            // A trip's shop is told to the others if said; whether "the market" is one, writers differ.
            let compared = { (span: FoundSpan) in !(example.intent == "go_shopping" && span.slot == "text") }
            let gold = Set(goldSpans.filter(compared).map { "\($0.slot)@\($0.words)" })
            let found = Set(guess.spans.filter(compared).map { "\($0.slot)@\($0.words)" })
            let intentRight = guess.intent == example.intent
            if intentRight { report.intentsRight += 1 } else { confusions["\(example.intent)\u{1F}\(guess.intent)", default: 0] += 1 }
            report.slotsMarked += gold.count
            report.slotsFound += found.count
            report.slotsRight += gold.intersection(found).count
            // Right when it does what was meant: the same request, and the same values once read
            // ("the milk" and "milk" are the same thing; "milk and" is not).
            let meant = grammar.parse(example.intent, spans: goldSpans, in: sentence).map(Self.normalized)
            let read = grammar.parse(guess.intent, spans: guess.spans, in: sentence).map(Self.normalized)
            let right = intentRight && (gold == found || meant == read)
            if right { report.readingsRight += 1 }
            // Told with their slots where the request was right: which slot went wrong is what a translator looks for.
            if !right {
                mistakes.append(.init(confidence: guess.confidence, text: example.text,
                                      meant: intentRight ? meant?.joined(separator: " ") ?? example.intent : example.intent,
                                      read: intentRight ? read?.joined(separator: " ") ?? guess.intent : guess.intent))
            }
            // As the bot decides: a reading missing a slot its request needs, or naming what the speaker lacks, is refused.
            scored.append(Scored(confidence: guess.complete && guess.fits ? guess.confidence : 0, right: right, aboutWhatIsThere: guess.aboutWhatIsThere))
        }
        return (scored, report, confusions, mistakes)
    }

    /// Chooses where acting and asking part, from readings of examples kept
    /// apart: `act` is the lowest confidence above which readings acted on
    /// are wrong less often than ``wrongActedAtMost``; a request that destroys
    /// needs one wrong in two hundred; below `ask`, a reading is more often
    /// wrong than right, and the line is refused. Writes the curve and the
    /// counts at the thresholds into `report`.
    static func thresholds(_ scored: [Scored], report: inout Report) -> Thresholds {
        let scored = scored.sorted { $0.confidence > $1.confidence }
        func actedAt(_ threshold: Double, onlyAboutWhatIsThere: Bool = false) -> (right: Int, wrong: Int) {
            let acted = scored.prefix { $0.confidence >= threshold }.filter { !onlyAboutWhatIsThere || $0.aboutWhatIsThere }
            let right = acted.count { $0.right }
            return (right, acted.count - right)
        }
        let grid = stride(from: 0.30, through: 0.995, by: 0.01).map { $0 }
        let act = grid.first { threshold in
            let (right, wrong) = actedAt(threshold)
            return right + wrong > 0 && Double(wrong) < Self.wrongActedAtMost * Double(right + wrong)
        } ?? 0.99
        let destroy = max(act, grid.first { threshold in
            let (right, wrong) = actedAt(threshold)
            return right + wrong > 0 && Double(wrong) < 0.005 * Double(right + wrong)
        } ?? 0.995)
        // Asking: the band below `act` where a reading is still right at least as often as wrong.
        var ask = act
        while ask > 0.15 {
            let band = scored.filter { $0.confidence >= ask - 0.05 && $0.confidence < act }
            guard band.count(where: { $0.right }) * 2 >= band.count else { break }
            ask -= 0.05
        }
        // Below this a question reads as a guess ("Did you mean: rename a list?" of a line about
        // nothing the bot knows): the line is refused with suggestions instead.
        ask = min(max(ask, Self.leastAsked), act)
        // Readings about what the speaker has, weighed on their own: never below
        // `ask`, and only from enough of them that one wrong in a hundred is a measure.
        let actOnWhatIsThere = grid.first { threshold in
            let (right, wrong) = actedAt(threshold, onlyAboutWhatIsThere: true)
            return threshold >= ask && right + wrong >= Self.enoughToWeigh && Double(wrong) < Self.wrongActedAtMost * Double(right + wrong)
        }.map { min($0, act) } ?? act
        let acted = scored.filter { $0.confidence >= ($0.aboutWhatIsThere ? actOnWhatIsThere : act) }
        report.actedRight = acted.count { $0.right }
        report.actedWrong = acted.count { !$0.right }
        report.asked = scored.count { $0.confidence >= ask } - acted.count
        report.refused = scored.count { $0.confidence < ask }
        report.curve = stride(from: 0.3, through: 0.99, by: 0.05).map { threshold in
            let (right, wrong) = actedAt(threshold)
            return Report.Curve(threshold: (threshold * 100).rounded() / 100, right: right, wrong: wrong)
        }
        return Thresholds(act: act, ask: ask, destroy: destroy, actOnWhatIsThere: actOnWhatIsThere)
    }
}

/// The names the examples say, to vary them: every list, thing, member and
/// shop marked anywhere, and the language's foods.
struct Pools: Sendable {
    let lists: NamePool
    let things: NamePool
    let members: NamePool
    let shops: NamePool

    init(_ examples: [LabeledExample], foods: [String]) {
        var lists = Set<String>(), things = Set<String>(), members = Set<String>(), shops = Set<String>()
        for example in examples {
            for span in example.spans {
                let text = example.text(of: span)
                switch span.slot {
                case "list", "to_list": lists.insert(text)
                case "item": things.insert(text)
                case "user" where span.value == nil: members.insert(text)
                case "text" where ["go_shopping", "sort_list"].contains(example.intent): shops.insert(text)
                default: break
                }
            }
        }
        self.lists = NamePool(lists.sorted())
        self.things = NamePool(things.union(foods).sorted())
        self.members = NamePool(members.sorted())
        self.shops = NamePool(shops.sorted())
    }

    /// The example with some of its names put in place of others: its list,
    /// its things, its members, its shop. The sentence around them stays.
    func variant(of example: LabeledExample, random: inout SeededRandom) -> LabeledExample {
        let bytes = Array(example.text.utf8)
        var text: [UInt8] = []
        var spans: [LabeledExample.Span] = []
        var position = 0
        for span in example.spans.sorted(by: { $0.start < $1.start }) where span.start >= position {
            text += bytes[position..<span.start]
            var replacement: String?
            switch span.slot {
            case "list", "to_list": if random.chance(0.7) { replacement = lists.draw(&random) }
            case "item": if random.chance(0.6) { replacement = things.draw(&random) }
            case "user" where span.value == nil: if random.chance(0.7) { replacement = members.draw(&random) }
            case "text" where ["go_shopping", "sort_list"].contains(example.intent): if random.chance(0.6) { replacement = shops.draw(&random) }
            case "new_name": if random.chance(0.5) { replacement = (example.intent == "rename_list" ? lists : things).draw(&random) }
            default: break
            }
            let words = replacement.map { Array($0.utf8) } ?? Array(bytes[span.start..<span.end])
            let start = text.count
            text += words
            spans.append(LabeledExample.Span(slot: span.slot, start: start, end: text.count, value: span.value))
            position = span.end
        }
        text += bytes[position...]
        return LabeledExample(intent: example.intent, text: String(decoding: text, as: UTF8.self), spans: spans, origin: example.origin)
    }

    /// What the speaker of an example might have: often the lists, things
    /// and members it names (as they would be when the line means them), and
    /// others beside them; sometimes not (a new list, a thing not there yet).
    ///
    /// `asMeant`: as the speaker has it when the line means what it says
    /// (the lists it names, but a new one; the things it changes, but new
    /// ones): how the examples kept apart are read, as the bot reads a household's lines.
    func context(for example: LabeledExample, asMeant: Bool = false, random: inout SeededRandom) -> ReaderContext {
        var context = ReaderContext()
        let thingChance = asMeant ? (LanguageModel.aboutAThing.contains(example.intent) ? 1 : 0.5) : example.intent == "add_items" ? 0.3 : 0.7
        let listChance = asMeant ? (example.intent == "create_list" ? 0 : 1) : 0.75
        for span in example.spans {
            let text = example.text(of: span)
            switch span.slot {
            case "list", "to_list": if random.chance(listChance) { context.lists.append(text) }
            case "item": if random.chance(thingChance) { context.things.append(text) }
            case "user" where span.value == nil: if random.chance(0.8) { context.members.append(text) }
            default: break
            }
        }
        for _ in 0..<2 { if let list = lists.draw(&random) { context.lists.append(list) } }
        for _ in 0..<3 { if let thing = things.draw(&random) { context.things.append(thing) } }
        for _ in 0..<2 { if let member = members.draw(&random) { context.members.append(member) } }
        return context
    }
}
