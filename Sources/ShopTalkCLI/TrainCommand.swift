import Foundation
import ShopTalkGrammar
import ShopTalkGrammarFiles

/// `shoptalk train`: trains each language's reader from its example
/// sentences, and says how well it reads the examples it kept apart.
enum TrainCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "train",
        summary: "Train the reader from each language's examples and report how it reads the ones kept apart.",
        positionals: ["[LANG ...]"],
        options: [
            .init("--grammar", value: "DIR", help: "Language files from DIR (DIR/CODE/CODE.examples) instead of the built-in ones."),
            .init("--report", help: "Also print the threshold curve and the intents most often taken for others."),
            .init("--folds", value: "K", help: "Also choose the thresholds on every example, each read by a model trained on the others of K parts."),
            .init("--deals", value: "N", help: "With --folds: part the examples N ways, each trained from other draws, and pool the readings (written thresholds: \(writtenDeals))."),
            .init("--write-thresholds", help: "Choose the thresholds across ten folds dealt \(writtenDeals) ways and write them to DIR/CODE/CODE.thresholds (needs --grammar DIR)."),
        ],
        discussion: """
            For translators: after adding examples to Grammar/CODE/CODE.examples,
              shoptalk train --report CODE --grammar Grammar
            says, on one example in ten kept apart from training: how often the intent is read right,
            the slots' F1, how many readings would act (right, wrong), ask, or be refused.
            Nothing is stored or cached, but with --write-thresholds: after any edit of a language's
            grammar, examples, contrasts or aisle words,
              shoptalk train --write-thresholds --grammar Grammar CODE
            chooses where its reader acts and asks on every example, each read by a model trained
            on the other nine tenths, the examples parted eight ways (eighty trainings, a minute
            or two), and writes Grammar/CODE/CODE.thresholds.
            """)

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        let files: LanguageFiles
        if let folder = arguments["--grammar"] {
            do { files = try LanguageFiles(folder: folder) } catch { throw CommandFailure(message: error.description) }
        } else {
            files = .builtIn
        }
        let languages = arguments.positionals.isEmpty ? files.languages : arguments.positionals
        let writing = arguments.has("--write-thresholds")
        if writing && arguments["--grammar"] == nil { throw CommandFailure(message: "--write-thresholds writes into the folder of --grammar DIR; say which") }
        for language in languages {
            do {
                let grammar = try files.grammar(language)
                let started = ContinuousClock.now
                guard let model = try files.model(language, grammar: grammar) else {
                    console.writeOutput("\(language): no examples\n")
                    continue
                }
                let took = ContinuousClock.now - started
                console.writeOutput(summary(model, took: took, acrossFolds: files.chosenThresholds(language)?.source == files.thresholdsSource(language)))
                if arguments.has("--report") { console.writeOutput(details(model.report)) }
                if let folds = writing ? 10 : arguments["--folds"].flatMap(Int.init), folds > 1 {
                    let deals = arguments["--deals"].flatMap(Int.init) ?? (writing ? writtenDeals : 1)
                    let (thresholds, report, eachDeal) = try files.crossValidatedThresholds(language, grammar: grammar, folds: folds, deals: deals)
                    if writing, let folder = arguments["--grammar"] {
                        let file = ThresholdsFile(source: files.thresholdsSource(language), thresholds: thresholds)
                        let path = URL(fileURLWithPath: folder).appendingPathComponent("\(language)/\(language).thresholds").path
                        guard FileManager.default.createFile(atPath: path, contents: Data(file.text.utf8)) else {
                            throw CommandFailure(message: "cannot write \(path)")
                        }
                        console.writeOutput("  wrote \(path)\n")
                    }
                    if eachDeal.count > 1 {
                        for (number, (alone, counts)) in eachDeal.enumerated() {
                            console.writeOutput("  deal \(number + 1) alone: act above \(String(format: "%.2f", alone.act)), ask above \(String(format: "%.2f", alone.ask)); of \(counts.examples): acted right \(counts.actedRight), wrong \(counts.actedWrong)\n")
                        }
                    }
                    console.writeOutput("  \(folds) folds\(deals > 1 ? " × \(deals) deals" : ""): act above \(String(format: "%.2f", thresholds.act)) (destroying above \(String(format: "%.2f", thresholds.destroy)), about what the speaker has above \(String(format: "%.2f", thresholds.actOnWhatIsThere))), ask above \(String(format: "%.2f", thresholds.ask)); of \(report.examples): acted right \(report.actedRight), wrong \(report.actedWrong), asked \(report.asked), refused \(report.refused)\n")
                    if arguments.has("--report") { console.writeOutput(details(report, mistakes: 60)) }
                }
            } catch let error as LanguageFileError {
                throw CommandFailure(message: error.description)
            }
        }
        return 0
    }

    /// How many ways `--write-thresholds` parts the examples: one way's
    /// thresholds moved by up to six hundredths from one way to another.
    static let writtenDeals = 8

    static func summary(_ model: LanguageModel, took: Duration, acrossFolds: Bool) -> String {
        let report = model.report
        func percent(_ part: Int, _ whole: Int) -> String { whole == 0 ? "–" : String(format: "%.1f%%", 100 * Double(part) / Double(whole)) }
        func share(_ value: Double) -> String { String(format: "%.2f", value) }
        let milliseconds = Int(took.components.seconds * 1_000 + took.components.attoseconds / 1_000_000_000_000_000)
        let thresholds = model.thresholds
        return """
            \(model.language): \(report.trained) examples trained on (and their variants), \(report.examples) kept apart; trained in \(milliseconds) ms, \(model.byteCount / 1024) KB
              intent right \(percent(report.intentsRight, report.examples)), slot F1 \(String(format: "%.3f", report.slotF1)), whole reading right \(percent(report.readingsRight, report.examples)); calibrated at temperature \(String(format: "%.3g", model.temperatures.intents)) (intents), \(String(format: "%.3g", model.temperatures.tags)) (tags)
              act above \(share(thresholds.act)) (destroying above \(share(thresholds.destroy)), about what the speaker has above \(share(thresholds.actOnWhatIsThere))), ask above \(share(thresholds.ask)), \(acrossFolds ? "as chosen across ten folds dealt eight ways" : "as chosen on those kept apart (the thresholds file is missing or stale)")
              of those kept apart, at thresholds chosen on them alone: acted right \(percent(report.actedRight, report.examples)), acted wrong \(percent(report.actedWrong, report.examples)), asked \(percent(report.asked, report.examples)), refused \(percent(report.refused, report.examples))

            """
    }

    static func details(_ report: LanguageModel.Report, mistakes: Int = 10) -> String {
        var lines = ["  threshold  acted right  acted wrong"]
        for point in report.curve { lines.append(String(format: "  %9.2f  %11d  %11d", point.threshold, point.right, point.wrong)) }
        lines.append("  read as another intent (meant → read: times):")
        for confusion in report.confusions.prefix(15) { lines.append("    \(confusion.meant) → \(confusion.read): \(confusion.count)") }
        lines.append("  read wrong, surest first (confidence, line, meant → read, times read so across deals):")
        // An example is read once a deal: the same mistake made in several is told once, with how often.
        func key(_ mistake: LanguageModel.Report.Mistake) -> String { "\(mistake.text)\u{1F}\(mistake.meant)\u{1F}\(mistake.read)" }
        var told: [String: Int] = [:]
        var order: [LanguageModel.Report.Mistake] = []
        for mistake in report.mistakes {
            if told[key(mistake)] == nil { order.append(mistake) }
            told[key(mistake), default: 0] += 1
        }
        for mistake in order.prefix(mistakes) {
            let times = told[key(mistake), default: 1]
            lines.append(String(format: "    %.2f ", mistake.confidence) + "“\(mistake.text)” \(mistake.meant) → \(mistake.read)\(times > 1 ? " ×\(times)" : "")")
        }
        return lines.joined(separator: "\n") + "\n\n"
    }
}
