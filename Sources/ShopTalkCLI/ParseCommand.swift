import Foundation
import ShopTalkGrammar
import ShopTalkJSON
import ShopTalkLineIO
import ShopTalkTransports

/// `shoptalk parse`: what the grammar makes of each line, as JSON, touching no store.
enum ParseCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "parse",
        summary: "Print the intent and slots of each sentence on standard input, as JSON.",
        options: GrammarOptions.options + [
            .init("--explain", help: "Also show the reader's readings of each line: their scores, slots and the features that decided."),
        ],
        discussion: """
            For grammar authors and tests: nothing is stored. Each line is tried in every
            language, English first; --lang CODE tries that language alone. For example
              echo "add 3 eggs to Groceries" | shoptalk parse
            prints
              {"intent":"add_items","slots":{"items":[{"name":"eggs","quantity":3,"unit":null}],"list":{"name":"Groceries"}}}
            """)

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        let grammars = try GrammarOptions.grammars(arguments)
        let explaining = arguments.has("--explain")
        StandardInput.forEachFrame(maximumBytes: 4_096) { frame in
            guard case .line(let bytes) = frame, let text = String(validating: bytes, as: UTF8.self) else {
                return .init(JSON.object([("intent", .null), ("slots", .object([])), ("error", .string("invalid"))]).serialized + "\n")
            }
            // For a person's terminal: the line, and the words of its slots, with nothing a terminal would act on.
            if explaining { return .init(TerminalText.safe(explain(text, grammars: grammars, only: arguments["--lang"]))) }
            return .init(Parse.json(grammars.parse(text, preferring: grammars.defaultLanguage)?.parse).serialized + "\n")
        }
        return 0
    }

    /// The grammar's reading and the model's, with their scores and why, for a person to read.
    static func explain(_ text: String, grammars: Grammars, only language: String?) -> String {
        var lines = ["“\(text)”"]
        if let (language, parse) = grammars.parse(text, preferring: language ?? grammars.defaultLanguage) {
            lines.append("  grammar (\(language)): \(Parse.json(parse).serialized)")
        } else {
            lines.append("  grammar: no sentence holds it")
        }
        for code in language.map({ [$0] }) ?? grammars.languages {
            guard let model = grammars.model(code), let grammar = grammars[code] else { continue }
            let aisles = grammars.aisles
            for reading in model.readings(of: text, grammar: grammar, context: ReaderContext(), isFood: { aisles.knows($0, in: code) }, explaining: true) {
                // Nothing is stored here: a reading naming a list or a thing acts or asks only where the speaker has it.
                let decision = model.decision(on: reading)
                let said = decision.rawValue + (decision == .refuse || reading.fitsWhatIsThere ? "" : " (if the speaker has what it names)")
                lines.append(String(format: "  model (%@) %.3f → %@: %@", code, reading.confidence, said, Parse.json(reading.parse).serialized))
                lines.append("    " + reading.why.joined(separator: "; "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
