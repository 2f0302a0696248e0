import ShopTalkLearning

/// A trained model as bytes, for the compiled-grammar cache: training costs
/// a language a few hundred milliseconds, reading it back a few. Read back,
/// every table is checked for shape before it is trusted.
extension LanguageModel {
    /// The layout's version: another one is never read.
    public static let archiveFormat = 4

    public func archived() -> [UInt8] {
        var writer = ArchiveWriter()
        writer.write(Self.archiveFormat)
        writer.write(language)
        writer.write(intents)
        writer.write(intentClassifier.memberCount)
        Self.write(intentClassifier.weights, to: &writer)
        writer.write(plain: [intentClassifier.temperature, tagTemperature])
        writer.write(tags)
        Self.write(tagger.emissions, to: &writer)
        writer.write(plain: tagger.transitions)
        writer.write(plain: tagger.allowed.map { $0 ? UInt8(1) : 0 })
        let slots = choices.keys.sorted()
        writer.write(slots)
        for slot in slots {
            let words = choices[slot]!.keys.sorted()
            writer.write(words)
            writer.write(words.map { choices[slot]![$0]! })
        }
        for intent in intents { writer.write(needs[intent] ?? []) }
        writer.write(plain: [thresholds.act, thresholds.ask, thresholds.destroy, thresholds.actOnWhatIsThere])
        writer.write(plain: [report.examples, report.trained, report.intentsRight, report.readingsRight, report.slotsFound, report.slotsMarked,
                             report.slotsRight, report.actedRight, report.actedWrong, report.asked, report.refused])
        writer.write(plain: report.curve.map(\.threshold))
        writer.write(plain: report.curve.flatMap { [$0.right, $0.wrong] })
        writer.write(report.confusions.map(\.meant))
        writer.write(report.confusions.map(\.read))
        writer.write(plain: report.confusions.map(\.count))
        writer.write(plain: report.mistakes.map(\.confidence))
        writer.write(report.mistakes.map(\.text))
        writer.write(report.mistakes.map(\.meant))
        writer.write(report.mistakes.map(\.read))
        return writer.bytes
    }

    public init(archive bytes: UnsafeRawBufferPointer) throws(ArchiveError) {
        var reader = ArchiveReader(bytes)
        guard try reader.readInt() == Self.archiveFormat else { throw ArchiveError.malformed("another format") }
        let language = try reader.readString()
        let intents = try reader.readStrings()
        let memberCount = try reader.readInt()
        let intentWeights = try Self.readWeights(&reader)
        let temperatures: [Float] = try reader.readPlain()
        let tags = try reader.readStrings()
        let emissions = try Self.readWeights(&reader)
        let transitions: [Float] = try reader.readPlain()
        let allowed: [UInt8] = try reader.readPlain()
        var choices: [String: [String: String]] = [:]
        for slot in try reader.readStrings() {
            let words = try reader.readStrings(), values = try reader.readStrings()
            guard words.count == values.count else { throw ArchiveError.malformed("choices without values") }
            choices[slot] = Dictionary(zip(words, values)) { first, _ in first }
        }
        var needs: [String: [String]] = [:]
        for intent in intents {
            let slots = try reader.readStrings()
            if !slots.isEmpty { needs[intent] = slots }
        }
        let thresholds: [Double] = try reader.readPlain()
        let counts: [Int] = try reader.readPlain()
        let curveThresholds: [Double] = try reader.readPlain()
        let curveCounts: [Int] = try reader.readPlain()
        let meant = try reader.readStrings(), read = try reader.readStrings()
        let confusionCounts: [Int] = try reader.readPlain()
        let mistakeConfidences: [Double] = try reader.readPlain()
        let mistakeTexts = try reader.readStrings(), mistakeMeant = try reader.readStrings(), mistakeRead = try reader.readStrings()
        guard [mistakeTexts.count, mistakeMeant.count, mistakeRead.count].allSatisfy({ $0 == mistakeConfidences.count }) else {
            throw ArchiveError.malformed("mistakes without their parts")
        }
        guard reader.isAtEnd else { throw ArchiveError.malformed("bytes after the model") }
        guard temperatures.count == 2, temperatures.allSatisfy({ $0.isFinite && $0 > 0 }), thresholds.count == 4, counts.count == 11,
              (1...16).contains(memberCount), intentWeights.labelCount == intents.count * memberCount, emissions.labelCount == tags.count, tags == Self.tagNames,
              transitions.count == (tags.count + 1) * tags.count, transitions.allSatisfy(\.isFinite), allowed.count == transitions.count,
              allowed.allSatisfy({ $0 <= 1 }), curveCounts.count == curveThresholds.count * 2,
              meant.count == read.count, read.count == confusionCounts.count
        else { throw ArchiveError.malformed("a model out of shape") }
        var report = Report()
        (report.examples, report.trained, report.intentsRight, report.readingsRight, report.slotsFound, report.slotsMarked) =
            (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
        (report.slotsRight, report.actedRight, report.actedWrong, report.asked, report.refused) = (counts[6], counts[7], counts[8], counts[9], counts[10])
        report.curve = curveThresholds.enumerated().map { Report.Curve(threshold: $1, right: curveCounts[2 * $0], wrong: curveCounts[2 * $0 + 1]) }
        report.confusions = (0..<meant.count).map { Report.Confusion(meant: meant[$0], read: read[$0], count: confusionCounts[$0]) }
        report.mistakes = mistakeConfidences.indices.map {
            Report.Mistake(confidence: mistakeConfidences[$0], text: mistakeTexts[$0], meant: mistakeMeant[$0], read: mistakeRead[$0])
        }
        self.init(language: language, intents: intents, intentClassifier: Committee(weights: intentWeights, memberCount: memberCount, temperature: temperatures[0])!, tags: tags,
                  tagger: SequenceModel(emissions: emissions, transitions: transitions, allowed: allowed.map { $0 == 1 }),
                  tagTemperature: temperatures[1], choices: choices, needs: needs,
                  thresholds: Thresholds(act: thresholds[0], ask: thresholds[1], destroy: thresholds[2], actOnWhatIsThere: thresholds[3]), report: report)
    }

    private static func write(_ weights: SparseWeights, to writer: inout ArchiveWriter) {
        let parts = weights.parts
        writer.write(parts.labelCount)
        writer.write(plain: parts.keys)
        writer.write(plain: parts.slots)
        writer.write(plain: parts.rowStart)
        writer.write(plain: parts.labels)
        writer.write(plain: parts.weights)
    }

    private static func readWeights(_ reader: inout ArchiveReader) throws(ArchiveError) -> SparseWeights {
        let parts = SparseWeights.Parts(labelCount: try reader.readInt(), keys: try reader.readPlain(), slots: try reader.readPlain(),
                                        rowStart: try reader.readPlain(), labels: try reader.readPlain(), weights: try reader.readPlain())
        guard let weights = SparseWeights(parts: parts) else { throw ArchiveError.malformed("weights out of shape") }
        return weights
    }
}
