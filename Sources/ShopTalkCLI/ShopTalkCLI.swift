import Foundation

/// The `shoptalk` command line: picks a subcommand, checks its arguments and
/// runs it. Returns the process exit status.
public enum ShopTalkCLI {
    public static let version = "0.1.0"

    /// Subcommands in the order the help lists them.
    static let commands: [Subcommand] = [
        ChatCommand.subcommand,
        ParseCommand.subcommand,
        TrainCommand.subcommand,
        ServeCommand.subcommand,
        ConnectCommand.subcommand,
        IRCCommand.subcommand,
        MatrixCommand.subcommand,
        UsersCommand.subcommand,
        RelaysCommand.subcommand,
        InfoCommand.subcommand,
        BackupCommand.subcommand,
        ExportCommand.subcommand,
        ImportCommand.subcommand,
    ]

    /// `shoptalk` alone runs this one, and so do options without a subcommand (`shoptalk --db x`).
    static let defaultCommand: Subcommand? = ChatCommand.subcommand

    /// With `endingTheProcess`, as the executable runs it, what the command
    /// loaded is left for the system to take back whole when the process ends
    /// (see ``ProcessLifetime``).
    public static func main(_ arguments: [String], environment: [String: String], console: Console = .standard,
                            endingTheProcess: Bool = false) -> Int32 {
        if endingTheProcess { ProcessLifetime.endsWithTheCommand.store(true, ordering: .relaxed) }
        do {
            return try run(arguments, environment: environment, console: console)
        } catch let error as UsageError {
            console.writeError("shoptalk: \(error.message)\n")
            console.writeError((error.command?.usage ?? generalUsage) + "\n")
            console.writeError("See 'shoptalk \(error.command.map { "\($0.name) " } ?? "")--help'.\n")
            return 2
        } catch let error as CommandFailure {
            console.writeError("shoptalk: \(error.message)\n")
            return error.status
        } catch {
            console.writeError("shoptalk: \(error)\n")
            return 1
        }
    }

    static func run(_ arguments: [String], environment: [String: String], console: Console) throws -> Int32 {
        // `swift run shoptalk -- chat` passes the "--" along: it only ends swift's own options.
        let arguments = arguments.first == "--" ? Array(arguments.dropFirst()) : arguments
        guard let first = arguments.first else {
            guard let defaultCommand else {
                console.writeOutput(help)
                return 0
            }
            return try defaultCommand.run(ParsedArguments([], spec: defaultCommand.spec), environment: environment, console: console)
        }
        switch first {
        case "--help", "-h", "help":
            console.writeOutput(help)
            return 0
        case "--version":
            console.writeOutput("shoptalk \(version)\n")
            return 0
        default:
            guard let command = commands.first(where: { $0.spec.name == first }) else {
                if first.hasPrefix("-"), let defaultCommand {
                    return try defaultCommand.run(ParsedArguments(arguments, spec: defaultCommand.spec), environment: environment, console: console)
                }
                throw first.hasPrefix("-") ? UsageError.unknownGlobalOption(first) : UsageError.unknownCommand(first)
            }
            let rest = arguments.dropFirst()
            if rest.contains("--help") {
                console.writeOutput(command.spec.help)
                return 0
            }
            return try command.run(ParsedArguments(rest, spec: command.spec), environment: environment, console: console)
        }
    }

    static let generalUsage = "usage: shoptalk [--help] [--version] <subcommand> [options]"

    static var help: String {
        let width = commands.map(\.spec.name.count).max() ?? 0
        let list = commands.map { "  \($0.spec.name)" + String(repeating: " ", count: width - $0.spec.name.count + 2) + $0.spec.summary }
        return """
            ShopTalk: a chat bot for shared household shopping lists.

            \(generalUsage)

            subcommands:
            \(list.joined(separator: "\n"))

            options:
              --help     Show this help, or a subcommand's with 'shoptalk <subcommand> --help'.
              --version  Show the version.

            """
    }
}

/// One `shoptalk` subcommand: what it accepts, and what it does.
struct Subcommand: Sendable {
    let spec: CommandSpec
    let run: @Sendable (_ arguments: ParsedArguments, _ environment: [String: String], _ console: Console) throws -> Int32

    func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        try run(arguments, environment, console)
    }
}

/// A subcommand that could not do its work: the message goes to stderr.
struct CommandFailure: Error {
    let message: String
    var status: Int32 = 1
}
