import ShopTalkLearning

/// One way of reading a line: the request and its slots, in a language,
/// how likely it is, and who read it so. The grammar's exact matches, the
/// model's readings and a household's own confirmed lines are all readings;
/// one decision acts on the best, asks about it, or refuses.
public struct Reading: Sendable, Hashable {
    public enum Source: String, Sendable {
        /// A sentence of the grammar holds the line as typed.
        case grammar
        /// The language's model, trained from its examples.
        case model
        /// A line the household confirmed before, read the same way again.
        case household
    }

    public let parse: Parse
    public let language: String
    /// The probability that this is what was meant, calibrated on examples the model never trained on.
    public let confidence: Double
    public let source: Source
    /// Why: the intent's probability, each slot's words and certainty, the features that weighed most.
    public let why: [String]
    /// Which words were which slot, written down (``Grammar/readingByLearnedLines``): what a
    /// household learns from the line when it confirms this reading.
    public let spans: String
    /// Whether every list and thing it acts on is one the speaker has.
    public let fitsWhatIsThere: Bool
    /// Whether it would, were the lists it names by other words than
    /// theirs ("the bbq list" for BBQ on Saturday) found by the bot.
    public let fitsButForItsLists: Bool
    /// Whether it fills every slot its request needs (a new list's name, the things to add).
    public let isComplete: Bool
    /// Whether a thing it adds is named in no word the language sells or the household has: asked about, never done at once.
    public let addsAnUnknownThing: Bool
    /// Whether it changes or asks about things the speaker has, each found on their lists (see ``LanguageModel/Thresholds``).
    public let isAboutWhatIsThere: Bool

    public init(parse: Parse, language: String, confidence: Double, source: Source, why: [String] = [], spans: String = "",
                fitsWhatIsThere: Bool = true, fitsButForItsLists: Bool? = nil, isComplete: Bool = true, addsAnUnknownThing: Bool = false,
                isAboutWhatIsThere: Bool = false) {
        self.fitsWhatIsThere = fitsWhatIsThere
        self.fitsButForItsLists = fitsButForItsLists ?? fitsWhatIsThere
        self.isAboutWhatIsThere = isAboutWhatIsThere
        self.isComplete = isComplete
        self.addsAnUnknownThing = addsAnUnknownThing
        self.parse = parse
        self.language = language
        self.confidence = confidence
        self.source = source
        self.why = why
        self.spans = spans
    }
}

extension Reading {
    /// This reading once a likelier one, `ruledOut`, was found not to be
    /// meant: its probability given that one's not, but below `ceiling`
    /// (the threshold to act), since what ruled the other out is a rule of
    /// thumb, not the line's words: asked about at most.
    public func given(notMeant ruledOut: Reading, below ceiling: Double) -> Reading {
        let given = min(confidence / max(1 - ruledOut.confidence, 1e-6), ceiling - 0.001)
        return Reading(parse: parse, language: language, confidence: max(given, confidence), source: source, why: why, spans: spans,
                       fitsWhatIsThere: fitsWhatIsThere, fitsButForItsLists: fitsButForItsLists, isComplete: isComplete,
                       addsAnUnknownThing: addsAnUnknownThing, isAboutWhatIsThere: isAboutWhatIsThere)
    }
}

extension LanguageModel {
    /// What a reading comes to: done, asked about ("Add 3 pommes to
    /// Marché?"), or refused.
    public enum Decision: String, Sendable {
        case act, ask, refuse
    }

    /// Requests that cannot be taken back by one word: acted on only when
    /// the model is surer still, and only when they name what they act on.
    public static let destroying: Set<String> = ["delete_list", "clear_list", "clear_checked", "stop_sharing", "unshare_list", "leave_list",
                                                 "revoke_code", "decline_share"]

    /// The decision on `reading` at this language's thresholds: refused when
    /// it misses a slot its request needs or is below `ask`; done above `act`
    /// (a destroying request above `destroy`, and only on a list it names; one
    /// about things the speaker has above `actOnWhatIsThere`;
    /// an addition only of things the language sells or the household has);
    /// else asked. Whether it fits what the speaker has is not weighed here:
    /// the bot refuses a reading that does not, `parse --explain` says so.
    public func decision(on reading: Reading) -> Decision {
        guard reading.isComplete, reading.confidence >= thresholds.ask else { return .refuse }
        let destroys = Self.destroying.contains(reading.parse.intent)
        let act = destroys ? thresholds.destroy : reading.isAboutWhatIsThere ? thresholds.actOnWhatIsThere : thresholds.act
        return reading.confidence >= act && (!destroys || reading.parse[slot: "list"] != nil) && !reading.addsAnUnknownThing ? .act : .ask
    }

    /// The readings of `text`, likeliest first, against what the speaker has.
    /// `isFood` says whether a name is something sold in this language.
    /// With `explaining`, each says why (the features that weighed most):
    /// for `parse --explain`, not for every line.
    public func readings(of text: String, grammar: Grammar, context: ReaderContext, isFood: (String) -> Bool, limit: Int = 3,
                         explaining: Bool = false) -> [Reading] {
        let sentence = grammar.readerSentence(text, context: context, isFood: isFood)
        return guesses(sentence, limit: limit).compactMap { guess in
            // "Tell me a joke about lists" asks for nothing the bot does: no reading of it.
            guard guess.intent != LabeledExample.notARequest, let parse = grammar.parse(guess.intent, spans: guess.spans, in: sentence) else { return nil }
            var why: [String] = []
            if explaining {
                let slots = guess.spans.map { span in
                    "\(span.slot)=“\(sentence.tokens[span.words].map(\.text).joined(separator: " "))”\(span.value.map { " (\($0))" } ?? "")"
                }
                why = [String(format: "%@ %.2f", guess.intent, guess.probability)] + slots
                    + [String(format: "slots %.2f", guess.slotCertainty)] + strongest(for: guess.intent, in: sentence)
            }
            return Reading(parse: parse, language: language, confidence: guess.confidence, source: .model, why: why,
                           spans: Grammar.encoded(guess.spans), fitsWhatIsThere: guess.fits,
                           fitsButForItsLists: guess.fitsButForItsLists, isComplete: guess.complete,
                           addsAnUnknownThing: guess.addsAnUnknownThing, isAboutWhatIsThere: guess.aboutWhatIsThere)
        }
    }

    /// How likely each request is to be what `text` asks, by its words
    /// alone, ``LabeledExample/notARequest`` (no request at all) among
    /// them: the model's word on a reading the grammar found another way
    /// than by a sentence of its own. Not weighed by what the speaker has:
    /// "bananas x6" names a thing on the list, which a verb does not make an
    /// update of.
    public func odds(of text: String, grammar: Grammar, context: ReaderContext, isFood: (String) -> Bool) -> [String: Double] {
        let sentence = grammar.readerSentence(text, context: context, isFood: isFood)
        guard !sentence.tokens.isEmpty else { return [:] }
        let probabilities = intentClassifier.probabilities(sentence.lineFeatures())
        return Dictionary(uniqueKeysWithValues: zip(intents, probabilities.map(Double.init)))
    }

    /// The features of the line that spoke most for `intent`, for `parse --explain`.
    private func strongest(for intent: String, in sentence: ReaderSentence) -> [String] {
        guard let label = intents.firstIndex(of: intent) else { return [] }
        let words = sentence.folded
        // Named by the words they come from, where a feature is a word's: the rest only counted.
        var named: [UInt64: String] = [:]
        for word in words { named[FeatureHash.of(UInt8(ascii: "w"), word)] = "word “\(word)”" }
        for (index, word) in words.enumerated() where index + 1 < words.count {
            named[FeatureHash.of(UInt8(ascii: "b"), word, words[index + 1])] = "words “\(word) \(words[index + 1])”"
        }
        for cues in sentence.cues { for cue in cues { named[FeatureHash.of(UInt8(ascii: "u"), cue)] = "the grammar's words for \(cue)" } }
        var weighed: [(String, Float)] = []
        for feature in Set(sentence.lineFeatures()) {
            guard let name = named[feature], let weight = intentClassifier.weights(of: feature).first(where: { $0.label == label })?.weight else { continue }
            weighed.append((name, weight))
        }
        return weighed.sorted { $0.1 > $1.1 || $0.1 == $1.1 && $0.0 < $1.0 }.prefix(4).map { String(format: "%@ %+.1f", $0.0, $0.1) }
    }
}
