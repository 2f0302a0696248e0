import CLinuxEvents
import Foundation
import ShopTalkGrammar
import ShopTalkGrammarFiles
import ShopTalkWording

/// `--lang CODE` and `--grammar DIR`: which language is spoken first, and
/// whether the language files come from the binary or from a folder laid
/// out like `Grammar/` (`<code>/<code>.grammar`, `<code>/<code>.messages`).
/// Every language found is understood; `--lang` only says which one a
/// conversation starts in and members who chose none are spoken to in.
enum GrammarOptions {
    static let options = [
        CommandSpec.Option("--lang", value: "CODE", help: "The language spoken first and to members who chose none (default en; for chat, the locale's)."),
        CommandSpec.Option(
            "--grammar", value: "DIR",
            help: "Load language files from DIR (DIR/CODE/CODE.grammar and .messages) instead of the built-in ones."),
        CommandSpec.Option(
            "--grammar-cache", value: "DIR",
            help: "Keep compiled grammars in DIR between runs (default $XDG_CACHE_HOME/shoptalk/grammars or ~/.cache/shoptalk/grammars; off for none)."),
    ]

    /// What a command speaks with: every language's grammar and wording.
    struct Loaded {
        let grammars: Grammars
        let wording: Wording
    }

    /// Compiles every grammar and reads every message file, or fails with
    /// the file's own `file:line:column` message.
    /// With `followingLocale`, a terminal's: without `--lang`, the language
    /// of the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`) when there are files for it.
    static func load(_ arguments: ParsedArguments, followingLocale: Bool = false) throws -> Loaded {
        let files = try languageFiles(arguments)
        do {
            // The built-in files are checked by the tests: the languages other than the default may compile after start.
            let builtIn = arguments["--grammar"] == nil
            let locale = followingLocale ? localeLanguage(ProcessInfo.processInfo.environment).flatMap { files.languages.contains($0) ? $0 : nil } : nil
            let language = arguments["--lang"] ?? locale ?? "en"
            let grammars = try files.grammars(defaultLanguage: language, deferred: builtIn, cache: cache(arguments))
            var shared = try files.wording(deferred: builtIn)
            shared.things = ThingWords(grammars)
            let wording = shared
            // The default language now, here, and the others beside it on one
            // thread (not one each: with the first line's work, two cores busy, not more).
            Thread.detachNewThread {
                // Work ahead of need: on a busy or single core it yields to
                // the thread answering the first line (a Linux thread's own
                // niceness), which waits for it only when it needs its result.
                _ = shoptalk_lower_this_threads_priority(10)
                // The words first: a line in another language is ranked by them before it is tried.
                grammars.readKnownWords()
                for other in grammars.languages where other != language {
                    _ = grammars[other]
                    _ = wording[other]
                }
                // Last, the default language's things, which a line looks up when a list holds
                // something typed in another language (a first line needs none).
                grammars.aisles.read(language)
            }
            _ = grammars.defaultGrammar
            _ = wording[language]
            ProcessLifetime.keepToTheEnd(grammars)
            ProcessLifetime.keepToTheEnd(wording)
            return Loaded(grammars: grammars, wording: wording)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// The language a POSIX locale names: "de" for "de_DE.UTF-8", nil for
    /// "C" or "POSIX" or none. The first variable set wins, as for every
    /// program on the terminal.
    static func localeLanguage(_ environment: [String: String]) -> String? {
        guard let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else { return nil }
        let code = locale.prefix { $0.isLetter }.lowercased()
        return code.count == 2 || code.count == 3 ? code : nil
    }

    /// The grammars alone, for commands that only parse: with `--lang`, that
    /// language's alone.
    static func grammars(_ arguments: ParsedArguments) throws -> Grammars {
        let files = try languageFiles(arguments)
        do {
            if let language = arguments["--lang"] { return try files.grammars(only: language, cache: cache(arguments)) }
            let grammars = try files.grammars(defaultLanguage: "en", deferred: arguments["--grammar"] == nil, cache: cache(arguments))
            grammars.compileInBackground()
            return grammars
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

    /// Where compiled grammars are kept between runs: `--grammar-cache DIR`,
    /// none with `off`, else the user's cache folder.
    static func cache(_ arguments: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) -> GrammarCache? {
        switch arguments["--grammar-cache"] {
        case "off": nil
        case let folder?: GrammarCache(folder: URL(fileURLWithPath: folder, isDirectory: true))
        case nil: GrammarCache.standard(environment: environment)
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
