import Foundation
import ShopTalkDomain
import ShopTalkSession
import ShopTalkTransports
import ShopTalkWording
import ShopTalkLineIO

/// `shoptalk chat`: keep shopping lists by typing sentences.
enum ChatCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "chat",
        summary: "Talk to ShopTalk on standard input and output (what 'shoptalk' alone runs).",
        options: [
            DatabaseOption.storeOption, DatabaseOption.passwordFileOption,
            .init("--user", value: "NAME", help: "Who is typing (default $USER)."),
            .init("--format", value: "FORMAT", help: "text (default) or json, the machine protocol of docs/protocol.md."),
            .init("--relay", help: "Trust every line's ':NICK ' prefix to say who speaks (for relays)."),
        ] + GrammarOptions.options,
        discussion: """
            Type sentences such as “add 3 eggs to Groceries”, “what's on Groceries?” or “help”.
            At a terminal, lines are edited: arrows, Home, End, Up and Down for the lines
            before, Ctrl-A, Ctrl-E, Ctrl-U, Ctrl-K, Ctrl-W, Ctrl-L; Ctrl-C clears the line.
            “quit” on a line of its own, or Ctrl-D on an empty line, ends the chat.
            """)

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        guard let format = ReplyFormat(rawValue: arguments["--format"] ?? "text") else {
            throw UsageError.invalidValue(arguments["--format"] ?? "", option: "--format", command: spec)
        }
        let relay = arguments.has("--relay")
        let userName = arguments["--user"] ?? environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "me"
        let speaker: UserName?
        do {
            speaker = relay ? nil : try UserName(userName)
        } catch {
            throw UsageError.invalidValue(userName, option: "--user", command: spec)
        }
        let language = try GrammarOptions.load(arguments, followingLocale: true)
        let store = try DatabaseOption.openStore(arguments, environment: environment)
        let session = LineSession(bot: Bot(grammars: language.grammars, store: store), wording: language.wording, speaker: speaker, relay: relay)
        // A person at a terminal gets the line editor; pipes, relays and programs get lines as they come.
        guard Terminal.isInteractive && format == .text && !relay else {
            var chat = StandardIOChat(session: session, format: format, prompt: false)
            chat.run()
            return 0
        }
        // In the language the member chose, or the default one.
        let reader = speaker.map { session.bot.language(of: $0, conversation: 0) } ?? language.grammars.defaultLanguage
        console.writeOutput(language.wording.render(Message(.chatBanner), in: reader) + "\n")
        var chat = TerminalChat(session: session)
        chat.run()
        return 0
    }
}
