import Foundation
import ShopTalkGrammar
import ShopTalkJSON
import ShopTalkTransports

/// `shoptalk parse`: what the grammar makes of each line, as JSON, touching no store.
enum ParseCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "parse",
        summary: "Print the intent and slots of each sentence on standard input, as JSON.",
        options: GrammarOptions.options,
        discussion: """
            For grammar authors and tests: nothing is stored. Each line is tried in every
            language, English first; --lang CODE tries that language alone. For example
              echo "add 3 eggs to Groceries" | shoptalk parse
            prints
              {"intent":"add_items","slots":{"items":[{"name":"eggs","quantity":3,"unit":null}],"list":{"name":"Groceries"}}}
            """)

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        let grammars = try GrammarOptions.grammars(arguments)
        StandardInput.forEachFrame(maximumBytes: 4_096) { frame in
            guard case .line(let bytes) = frame, let text = String(validating: bytes, as: UTF8.self) else {
                return .init(JSON.object([("intent", .null), ("slots", .object([])), ("error", .string("invalid"))]).serialized + "\n")
            }
            return .init(Parse.json(grammars.parse(text, preferring: grammars.defaultLanguage)?.parse).serialized + "\n")
        }
        return 0
    }
}
