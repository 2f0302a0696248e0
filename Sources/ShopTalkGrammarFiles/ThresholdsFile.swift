import Foundation
import ShopTalkGrammar

/// A language's thresholds as chosen across ten folds of its examples,
/// dealt eight ways (`<code>/<code>.thresholds`): every example read eight
/// times, each by a model that never trained on it.
///
/// Chosen on one part alone, the thresholds moved with every edit by
/// more than the edit did (one wrong reading more or less among some 400
/// moved Chinese's `act` from 0.95 to 0.76): what a grammar edit did was
/// lost in the lottery. One deal of ten folds still moved them by up to
/// 0.06 from one way of parting the examples to another. Choosing them
/// costs eighty trainings, which a first line must not wait for, so they are chosen
/// once, by `shoptalk train --write-thresholds`, and kept beside the files
/// they came from, with a checksum of those files. When the checksum no
/// longer matches (a file was edited, and the thresholds not chosen
/// again), the thresholds of the part kept apart are used, and `swift
/// test` says which file to write again.
public struct ThresholdsFile: Equatable, Sendable {
    /// The checksum of the files the thresholds were chosen from (see ``LanguageFiles/thresholdsSource(_:)``).
    public var source: String
    public var thresholds: LanguageModel.Thresholds

    public init(source: String, thresholds: LanguageModel.Thresholds) {
        self.source = source
        self.thresholds = thresholds
    }

    /// The file's text: `key: value` lines under a comment that says how it was made.
    public var text: String {
        func number(_ value: Double) -> String { String((value * 100).rounded() / 100) }
        return """
            # Where the reader acts, asks and refuses, chosen across ten folds, dealt eight ways, of this language's examples and
            # contrasts. Written by `shoptalk train --write-thresholds --grammar Grammar CODE`; never edit by hand.
            source: \(source)
            act: \(number(thresholds.act))
            ask: \(number(thresholds.ask))
            destroy: \(number(thresholds.destroy))
            about what the speaker has: \(number(thresholds.actOnWhatIsThere))

            """
    }

    /// Reads a file's text; nil when a line is missing or not a number between 0 and 1.
    public init?(text: String) {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            values[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        func share(_ key: String) -> Double? { values[key].flatMap(Double.init).flatMap { (0...1).contains($0) ? $0 : nil } }
        guard let source = values["source"], let act = share("act"), let ask = share("ask"), let destroy = share("destroy"),
              let whatIsThere = share("about what the speaker has") else { return nil }
        self.init(source: source, thresholds: .init(act: act, ask: ask, destroy: destroy, actOnWhatIsThere: whatIsThere))
    }
}
