import Foundation
import ShopTalkLearning

/// What a language's example sentences taught: which request a line makes
/// (an intent classifier, its scores made probabilities on examples kept
/// apart from training) and which words fill its slots (a tagger, BIO tags
/// decoded by Viterbi, each word's tag with its probability). Both weigh
/// what the speaker has (their lists, their things, the members) and what
/// the language knows (foods, units, number words), so a name never seen in
/// training is still found where such names stand.
///
/// Trained from `Grammar/<code>/<code>.examples` when the language is first
/// needed, deterministically (the same files give the same bytes), and kept
/// in the compiled-grammar cache.
public struct LanguageModel: Sendable, Equatable {
    public let language: String
    let intents: [String]
    /// The intent classifier: perceptrons, each trained without a share of the examples (see ``Committee``).
    let intentClassifier: Committee
    /// "O", then "B-item", "I-item", "B-list", ... in ``LabeledExample/slots`` order.
    let tags: [String]
    let tagger: SequenceModel
    let tagTemperature: Float
    /// The temperatures that make the intents' and the tags' scores probabilities, for the training report.
    public var temperatures: (intents: Float, tags: Float) { (intentClassifier.temperature, tagTemperature) }
    /// Choices learned from the examples' marks (`[not change it](permission=read-only)`), by slot and words, folded.
    let choices: [String: [String: String]]
    /// The slots each intent's examples all but always fill (an add names
    /// its things, a new list its name): a reading without one is no reading.
    let needs: [String: [String]]
    /// Where acting, asking and refusing part (see ``Thresholds``).
    public let thresholds: Thresholds
    /// How the model did on the examples kept apart from its training.
    public let report: Report

    /// Acting above `act`, asking between `ask` and it; a request that
    /// destroys (deleting a list, emptying one) acts above `destroy` only.
    /// Chosen on the examples kept apart, so that wrong actions among those
    /// above `act` stay under 1%.
    ///
    /// A reading about a thing the speaker has ("nix the soda" with soda on
    /// the list) is checked against the household already: its wrong
    /// readings are fewer, so it is weighed on its own and acts above
    /// `actOnWhatIsThere`, chosen on those readings alone to the same 1%.
    public struct Thresholds: Sendable, Equatable {
        public let act: Double
        public let ask: Double
        public let destroy: Double
        public let actOnWhatIsThere: Double

        public init(act: Double, ask: Double, destroy: Double, actOnWhatIsThere: Double? = nil) {
            self.act = act
            self.ask = ask
            self.destroy = destroy
            self.actOnWhatIsThere = actOnWhatIsThere ?? act
        }
    }

    /// The model's marks on examples it never trained on.
    public struct Report: Sendable, Equatable {
        public var examples = 0
        public var trained = 0
        public var intentsRight = 0
        /// Readings right in intent and in every slot's words.
        public var readingsRight = 0
        public var slotsFound = 0, slotsMarked = 0, slotsRight = 0
        /// Acted (above `act`) right and wrong, asked, and refused, on the examples kept apart.
        public var actedRight = 0, actedWrong = 0, asked = 0, refused = 0
        /// (threshold, acted right, acted wrong) as the threshold moves.
        public var curve: [Curve] = []
        /// Intent → intent it was taken for, and how often (mistakes only).
        public var confusions: [Confusion] = []
        /// The examples read wrong with the most confidence: what a translator looks at first.
        public var mistakes: [Mistake] = []

        public struct Mistake: Sendable, Equatable {
            public let confidence: Double
            public let text: String
            public let meant: String
            public let read: String
        }

        public struct Curve: Sendable, Equatable {
            public let threshold: Double
            public let right: Int
            public let wrong: Int
        }

        public struct Confusion: Sendable, Equatable {
            public let meant: String
            public let read: String
            public let count: Int
        }

        /// Adds what another reading of examples kept apart counted: its
        /// intents and readings right, its slots marked, found and right.
        mutating func addCounts(of other: Report) {
            intentsRight += other.intentsRight
            readingsRight += other.readingsRight
            slotsMarked += other.slotsMarked
            slotsFound += other.slotsFound
            slotsRight += other.slotsRight
        }

        public var slotF1: Double {
            let precision = slotsFound == 0 ? 0 : Double(slotsRight) / Double(slotsFound)
            let recall = slotsMarked == 0 ? 0 : Double(slotsRight) / Double(slotsMarked)
            return precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
        }
    }

    /// A request the model read: the intent, the words of each slot, how sure it is.
    struct Guess: Sendable {
        let intent: String
        let probability: Double
        let spans: [FoundSpan]
        /// The least sure slot's probability: 1 with no slots.
        let slotCertainty: Double
        /// Whether every list and thing it acts on is one the speaker has (``fits(_:_:in:namingListsInPart:)``).
        var fits = true
        /// Whether it would, were the lists it names named in part ("the bbq list") found by the bot.
        var fitsButForItsLists = true
        /// Whether it fills every slot its intent needs (``needs``): "make a list" with no name is no reading.
        var complete = true
        /// Whether a thing it adds is named in words that are no food of the language and nothing the household has.
        var addsAnUnknownThing = false
        /// Whether it fits what the speaker has and names only things of theirs (``namesOnlyThingsThere(_:_:in:)``).
        var aboutWhatIsThere = false
        var confidence: Double { probability * slotCertainty }
    }

    /// The readings of `sentence`, most likely first: the likeliest intents, each with its slots.
    ///
    /// What the speaker has is evidence too: a reading that names a list the
    /// speaker has, or a thing on their lists, is likelier than one naming
    /// none (``plausibility(of:_:in:)``); the likeliest few readings are
    /// weighed so, and their probabilities made to add up again.
    func guesses(_ sentence: ReaderSentence, limit: Int = 3) -> [Guess] {
        guard !sentence.tokens.isEmpty else { return [] }
        let probabilities = intentClassifier.probabilities(sentence.lineFeatures())
        let ranked = probabilities.indices.sorted { probabilities[$0] > probabilities[$1] || probabilities[$0] == probabilities[$1] && $0 < $1 }
        var guesses: [Guess] = []
        // The words' own features are scored once; each intent tried adds the scores of its own.
        let shared = tagger.emissions(sentence.sharedWordFeatures())
        for label in ranked.prefix(Self.weighed) where guesses.isEmpty || probabilities[label] >= 0.01 {
            let intent = intents[label]
            var scores = shared
            for (position, own) in tagger.emissions(sentence.intentWordFeatures(intent: intent)).enumerated() {
                for tag in own.indices { scores[position][tag] += own[tag] }
            }
            let (tags, certainty) = tagger.tagsWithCertainty(scores: scores, temperature: tagTemperature)
            let spans = Self.spans(tags, names: self.tags).map { span in
                var span = span
                if span.value == nil, let known = choices[span.slot] {
                    let words = sentence.folded[span.words].joined(separator: " ")
                    span.value = known[words]
                }
                return span
            }
            // The least sure word's tag, slot or not: a slot missed, or cut short, is a doubt too.
            let slotCertainty = Double(certainty.min() ?? 1)
            let guess = Guess(intent: intent, probability: Double(probabilities[label]), spans: spans, slotCertainty: slotCertainty)
            if let addition = Self.addition(for: guess, in: sentence) {
                // What it comes to is read in its place, once a request: the surer of two readings as an addition stays.
                guesses.removeAll { $0.intent == addition.intent && $0.confidence <= addition.confidence }
                if !guesses.contains(where: { $0.intent == addition.intent }) { guesses.append(addition) }
            } else if !guesses.contains(where: { $0.intent == intent && $0.confidence >= guess.confidence }) {
                guesses.removeAll { $0.intent == intent }
                guesses.append(guess)
            }
        }
        // Weighed by the evidence; the readings not weighed keep their share.
        let weighed = guesses.map { guess in
            let missing = (needs[guess.intent] ?? []).count { slot in !guess.spans.contains { $0.slot == slot } }
            return guess.probability * Self.plausibility(of: guess.intent, guess.spans, in: sentence) * pow(0.2, Double(missing))
        }
        let rest = max(0, 1 - guesses.reduce(0) { $0 + $1.probability })
        let total = weighed.reduce(rest, +)
        guesses = zip(guesses, weighed).map { guess, weight in
            let fits = Self.fits(guess.intent, guess.spans, in: sentence)
            return Guess(intent: guess.intent, probability: total > 0 ? weight / total : guess.probability, spans: guess.spans,
                  slotCertainty: guess.slotCertainty,
                  fits: fits, fitsButForItsLists: fits || Self.fits(guess.intent, guess.spans, in: sentence, namingListsInPart: true),
                  complete: (needs[guess.intent] ?? []).allSatisfy { slot in guess.spans.contains { $0.slot == slot } },
                  addsAnUnknownThing: Self.addsAnUnknownThing(guess.intent, guess.spans, in: sentence),
                  aboutWhatIsThere: fits && Self.namesOnlyThingsThere(guess.intent, guess.spans, in: sentence))
        }
        return Array(guesses.sorted { $0.confidence > $1.confidence }.prefix(limit))
    }

    /// Whether `spans` add a thing named in no word the language sells or
    /// the household has ("Milch und Blorb bitte"): such a reading is asked
    /// about, never done at once, as the grammar asks about a name it
    /// cannot explain.
    static func addsAnUnknownThing(_ intent: String, _ spans: [FoundSpan], in sentence: ReaderSentence) -> Bool {
        let known: ReaderSentence.WordClass = [.foodStart, .foodInside, .thingStart, .thingInside]
        return intent == "add_items" && spans.contains { span in
            span.slot == "item" && !span.words.contains { !sentence.classes[$0].isDisjoint(with: known) }
        }
    }

    /// "Brezn 6 Stück bitte", «кошачий корм 5 пакетиков»: things with an
    /// amount after them read, by their words, as setting how many; when
    /// none of them is on the speaker's lists (in any form said, see
    /// ``Grammar/thingForms(of:folded:)``) there is nothing to set, and
    /// what the line comes to is those things added in those amounts. Nil
    /// for any other guess, and for a line with the grammar's own words for
    /// changing an amount ("cambia los tomtes a 1 kilo"): that is about a
    /// thing the speaker has, perhaps mistyped, and is no addition.
    static func addition(for guess: Guess, in sentence: ReaderSentence) -> Guess? {
        guard guess.intent == "update_item", guess.spans.contains(where: { $0.slot == "quantity" }),
              guess.spans.allSatisfy({ ["item", "quantity", "list"].contains($0.slot) }),
              !sentence.cues.contains(where: { $0.contains(guess.intent) }) else { return nil }
        let things = guess.spans.filter { $0.slot == "item" }
        guard !things.isEmpty, !things.contains(where: sentence.namesAThingOrPart) else { return nil }
        return Guess(intent: "add_items", probability: guess.probability, spans: guess.spans, slotCertainty: guess.slotCertainty)
    }

    /// How many of the likeliest intents are read, tagged and weighed.
    static let weighed = 5

    /// Intents that speak of a thing already on a list (removing, ticking,
    /// changing it...), and those for which not finding it is an answer too.
    static let aboutAThing: Set<String> = ["remove_item", "check_item", "uncheck_item", "update_item", "set_note", "clear_note",
                                          "assign_item", "move_items", "share_item", "put_in_aisle"]
    static let askingAboutAThing: Set<String> = ["find_item", "who_added"]

    /// How well a reading fits what the speaker has: 1 for a reading whose
    /// lists and things are theirs, less for one that names a list they do
    /// not have (a list being made excepted), or changes a thing that is on
    /// none of their lists.
    static func plausibility(of intent: String, _ spans: [FoundSpan], in sentence: ReaderSentence) -> Double {
        var plausibility = 1.0
        func names(_ span: FoundSpan, _ start: ReaderSentence.WordClass, _ inside: ReaderSentence.WordClass) -> Bool {
            span.words.contains { sentence.classes[$0].contains(start) || sentence.classes[$0].contains(inside) }
        }
        for span in spans {
            switch span.slot {
            case "list":
                let known = names(span, .listStart, .listInside)
                if intent == "create_list" { plausibility *= known ? 0.3 : 1 } else if !known { plausibility *= 0.35 }
            case "to_list":
                if !names(span, .listStart, .listInside) { plausibility *= intent == "copy_list" ? 0.8 : 0.5 }
            case "item":
                let known = sentence.namesAThingOrPart(span)
                if aboutAThing.contains(intent), !known { plausibility *= 0.4 }
                if askingAboutAThing.contains(intent), !known { plausibility *= 0.8 }
            default:
                break
            }
        }
        return plausibility
    }

    /// Whether a reading acts only on what the speaker has: a list of theirs
    /// (unless one is being made, or copied into a new one), a thing on their
    /// lists (unless it is looked for). A reading that does not fit is never
    /// acted on or asked about: the line was misread, or names what is not there.
    /// `namingListsInPart`: any words taken for a list do, the bot finding
    /// which list they mean ("the bbq list", "die Grillliste", "grocereis").
    static func fits(_ intent: String, _ spans: [FoundSpan], in sentence: ReaderSentence, namingListsInPart: Bool = false) -> Bool {
        func names(_ span: FoundSpan, _ start: ReaderSentence.WordClass, _ inside: ReaderSentence.WordClass) -> Bool {
            span.words.contains { sentence.classes[$0].contains(start) || sentence.classes[$0].contains(inside) }
        }
        // A list is named from its first word to its last: "bob" alone is no list called ":bob add milk".
        func namesAList(_ span: FoundSpan) -> Bool {
            guard let start = span.words.first(where: { sentence.classes[$0].contains(.listStart) }) else { return false }
            return (start..<span.words.upperBound).contains { sentence.classes[$0].contains(.listEnd) }
        }
        return spans.allSatisfy { span in
            switch span.slot {
            case "list": intent == "create_list" || namingListsInPart || namesAList(span)
            case "to_list": intent == "copy_list" || namingListsInPart || namesAList(span)
            case "item": !aboutAThing.contains(intent) || sentence.namesAThingOrPart(span)
            default: true
            }
        }
    }

    /// Whether a reading changes or asks about things, and each thing it
    /// names is one the speaker has: "nix the soda", "untick teh butter".
    /// With ``fits(_:_:in:)`` (its lists theirs too), it is about what is there.
    static func namesOnlyThingsThere(_ intent: String, _ spans: [FoundSpan], in sentence: ReaderSentence) -> Bool {
        (aboutAThing.contains(intent) || askingAboutAThing.contains(intent))
            && spans.contains { $0.slot == "item" } && spans.allSatisfy { $0.slot != "item" || sentence.namesAThing($0) }
    }

    /// The slots BIO tags mark.
    static func spans(_ tags: [Int], names: [String]) -> [FoundSpan] {
        var spans: [FoundSpan] = []
        for (position, tag) in tags.enumerated() {
            let name = names[tag]
            if name.hasPrefix("B-") {
                spans.append(FoundSpan(slot: String(name.dropFirst(2)), words: position..<position + 1))
            } else if name.hasPrefix("I-"), let last = spans.last, last.words.upperBound == position, last.slot == name.dropFirst(2) {
                spans[spans.count - 1] = FoundSpan(slot: last.slot, words: last.words.lowerBound..<position + 1)
            }
        }
        return spans
    }

    static let tagNames: [String] = ["O"] + LabeledExample.slots.flatMap { ["B-\($0)", "I-\($0)"] }

    /// Which tag may follow which: a name goes on only after it begins.
    static func allowedTransitions(_ tags: [String]) -> [Bool] {
        let count = tags.count
        var allowed = [Bool](repeating: true, count: (count + 1) * count)
        for (to, name) in tags.enumerated() where name.hasPrefix("I-") {
            let slot = name.dropFirst(2)
            for from in 0...count {
                let before = from == count ? "" : tags[from]
                allowed[from * count + to] = before == "B-" + slot || before == "I-" + slot
            }
        }
        return allowed
    }

    init(language: String, intents: [String], intentClassifier: Committee, tags: [String], tagger: SequenceModel,
         tagTemperature: Float, choices: [String: [String: String]], needs: [String: [String]], thresholds: Thresholds, report: Report) {
        self.language = language
        self.intents = intents
        self.intentClassifier = intentClassifier
        self.tags = tags
        self.tagger = tagger
        self.tagTemperature = tagTemperature
        self.choices = choices
        self.needs = needs
        self.thresholds = thresholds
        self.report = report
    }

    /// Bytes the model's tables take in memory.
    public var byteCount: Int { intentClassifier.byteCount + tagger.emissions.byteCount + tagger.transitions.count * 4 }
}
