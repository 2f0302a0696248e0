import Foundation
import ShopTalkGrammar
import ShopTalkGrammarFiles

/// `--lang CODE` and `--grammar DIR`: which grammar to load, and from where.
enum GrammarOptions {
    static let options = [
        CommandSpec.Option("--lang", value: "CODE", help: "The language to understand (default en)."),
        CommandSpec.Option("--grammar", value: "DIR", help: "Load grammar files from DIR instead of the built-in ones (for grammar authors)."),
    ]

    /// Compiles the grammar for the chosen language, or fails with the
    /// grammar's own `file:line:column` message.
    static func load(_ arguments: ParsedArguments) throws -> Grammar {
        let language = arguments["--lang"] ?? "en"
        let fileName = "\(language).grammar"
        let source: String
        let displayName: String
        if let folder = arguments["--grammar"] {
            let path = URL(fileURLWithPath: folder).appendingPathComponent(fileName).path
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CommandFailure(message: "no grammar for “\(language)”: cannot read \(path)")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw CommandFailure(message: "\(path) is not UTF-8 text")
            }
            source = text
            displayName = path
        } else {
            guard let bytes = BundledGrammars.files[fileName] else {
                let known = BundledGrammars.files.keys.sorted().map { $0.replacingOccurrences(of: ".grammar", with: "") }
                throw CommandFailure(message: "no grammar for “\(language)”; built in: \(known.joined(separator: ", "))")
            }
            source = String(decoding: bytes, as: UTF8.self)
            displayName = "Grammar/\(fileName)"
        }
        do {
            return try Grammar(source: source, file: displayName)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }
}
