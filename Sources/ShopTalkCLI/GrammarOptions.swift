import Foundation
import ShopTalkGrammar
import ShopTalkGrammarFiles
import ShopTalkWording

/// `--lang CODE` and `--grammar DIR`: which language to understand, and
/// whether the language files come from the binary or from a folder laid
/// out like `Grammar/` (`<code>/<code>.grammar`, `<code>/<code>.messages`).
enum GrammarOptions {
    static let options = [
        CommandSpec.Option("--lang", value: "CODE", help: "The language to understand (default en)."),
        CommandSpec.Option(
            "--grammar", value: "DIR",
            help: "Load language files from DIR (DIR/CODE/CODE.grammar and .messages) instead of the built-in ones."),
    ]

    /// What a command speaks with: the chosen grammar and every language's wording.
    struct Loaded {
        let grammar: Grammar
        let wording: Wording
    }

    /// Compiles the grammar of the chosen language and reads every message
    /// file, or fails with the file's own `file:line:column` message.
    static func load(_ arguments: ParsedArguments) throws -> Loaded {
        let files = try languageFiles(arguments)
        do {
            return Loaded(grammar: try files.grammar(arguments["--lang"] ?? "en"), wording: try files.wording())
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// The grammar alone, for commands that only parse.
    static func grammar(_ arguments: ParsedArguments) throws -> Grammar {
        let files = try languageFiles(arguments)
        do {
            return try files.grammar(arguments["--lang"] ?? "en")
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// The wording alone, for commands that only say things.
    static func wording(_ arguments: ParsedArguments) throws -> Wording {
        let files = try languageFiles(arguments)
        do {
            return try files.wording()
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    private static func languageFiles(_ arguments: ParsedArguments) throws -> LanguageFiles {
        guard let folder = arguments["--grammar"] else { return .builtIn }
        do {
            return try LanguageFiles(folder: folder)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }
}
