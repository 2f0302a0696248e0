import Foundation
import ShopTalkAccounts
import ShopTalkDomain
import ShopTalkGrammarFiles
import ShopTalkIRC
import ShopTalkServer
import ShopTalkSession
import ShopTalkStore

/// `shoptalk users add|list|remove|reset|link|unlink`: the members who may
/// log in to the server, and the IRC nicks that speak for them.
enum UsersCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "users",
        summary: "Manage the members who log in to the server: add, list, remove, reset, link, unlink.",
        positionals: ["add|list|remove|reset|link|unlink", "[NAME]", "[irc-account:ACCOUNT|irc:NICK|matrix:@NAME:SERVER]"],
        options: [
            DatabaseOption.storeOption, DatabaseOption.passwordFileOption,
            .init("--password-stdin", help: "Read the password from standard input instead of generating one."),
            .init("--lang", value: "CODE", help: "With add or reset: the language the member is spoken to in (en, es, de, fr, …)."),
            .init(insecureNick, help: "With link irc:NICK: link a nick alone, which anyone who takes it speaks for."),
        ],
        discussion: """
            'add NAME' creates a member and prints a generated password once (128 random bits);
            'reset NAME' gives them a new one. Only a salted PBKDF2-HMAC-SHA256 hash is stored.
            'link NAME irc-account:ACCOUNT' lets whoever is logged in to that services account on IRC
            speak for NAME to the IRC bot. A nick alone is no proof on a network without accounts: let
            the member link it from IRC with a one-time code (say "link" to the bot), which holds while
            the nick stays; 'link NAME irc:NICK --insecure-nick' links it for good, for anyone who takes it.
            'link NAME matrix:@ana:example.org' lets that Matrix user speak for NAME to the Matrix bot.
            'unlink irc-account:ACCOUNT', 'unlink irc:NICK' or 'unlink matrix:@ana:example.org' takes a link back;
            'list' shows the links.
            """)

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        let action = arguments.positionals.first
        let store = try DatabaseOption.openStore(arguments, environment: environment).accountBook
        switch action {
        case "list":
            let accounts = try store.accounts()
            if accounts.isEmpty { console.writeOutput("No members yet. Add one with 'shoptalk users add NAME'.\n") }
            for account in accounts {
                let language = account.language.map { " [\($0)]" } ?? ""
                let links = try store.links().filter { $0.member == account.name }.map { " \($0.network):\($0.name)" }.joined()
                console.writeOutput("\(account.name)\(language)\(account.passwordHash == nil ? " (no password: cannot log in)" : "")\(links)\n")
            }
            return 0
        case "link":
            guard arguments.positionals.count == 3 else { throw UsageError.missingArgument("NAME and irc-account:ACCOUNT", command: spec) }
            let name = try userName(arguments, count: 3)
            if let matrixUser = try matrixIdentity(arguments.positionals[2]) {
                guard try store.addLink(name, network: "matrix", name: matrixUser, key: matrixUser, at: Date()) else {
                    throw CommandFailure(message: "there is no member called \(name)")
                }
                console.writeOutput("Linked matrix:\(matrixUser) to \(name): in Matrix rooms with the bot, \(matrixUser) speaks for \(name).\n")
                return 0
            }
            let (kind, identity) = try ircIdentity(arguments.positionals[2])
            if kind == .nick && !arguments.has(insecureNick) {
                throw CommandFailure(message: """
                    irc:\(identity) is a nick alone: on an IRC network without services accounts, anyone who takes the nick \(identity) \
                    would read and change \(name)'s lists. Link their services account instead (irc-account:ACCOUNT), or let \(name) \
                    link from IRC with a one-time code (they say “link” to the bot in private); if only people you trust can reach \
                    this IRC server, add \(insecureNick) to link the nick anyway
                    """)
            }
            guard try store.addLink(name, network: kind.rawValue, name: identity, key: IRCName.key(identity), at: Date()) else {
                throw CommandFailure(message: "there is no member called \(name)")
            }
            switch kind {
            case .account: console.writeOutput("Linked irc-account:\(identity) to \(name): on IRC, whoever is logged in to that services account speaks for \(name).\n")
            case .nick: console.writeOutput("Linked irc:\(identity) to \(name): on IRC, anyone using that nick speaks for \(name).\n")
            }
            return 0
        case "unlink":
            guard arguments.positionals.count == 2 else { throw UsageError.missingArgument("irc-account:ACCOUNT or irc:NICK", command: spec) }
            if let matrixUser = try matrixIdentity(arguments.positionals[1]) {
                guard try store.removeLink(network: "matrix", key: matrixUser) else { throw CommandFailure(message: "matrix:\(matrixUser) is not linked") }
                console.writeOutput("Unlinked matrix:\(matrixUser).\n")
                return 0
            }
            let (kind, identity) = try ircIdentity(arguments.positionals[1])
            guard try store.removeLink(network: kind.rawValue, key: IRCName.key(identity)) else {
                throw CommandFailure(message: "\(kind.rawValue):\(identity) is not linked")
            }
            console.writeOutput("Unlinked \(kind.rawValue):\(identity).\n")
            return 0
        case "add", "reset":
            let name = try userName(arguments)
            let exists = try store.account(name) != nil
            if action == "add", exists { throw CommandFailure(message: "\(name) already exists; 'shoptalk users reset \(name)' gives a new password") }
            if action == "add", let twin = try store.accounts().first(where: { name.looksLike($0.name) }) {
                throw CommandFailure(message: "\(name) looks just like the member \(twin.name): choose a name the household can tell apart")
            }
            if action == "reset", !exists { throw CommandFailure(message: "there is no member called \(name)") }
            let language = try arguments["--lang"].map { code in
                let known = LanguageFiles.builtIn.languages
                guard known.contains(code) else {
                    throw CommandFailure(message: "no language “\(code)”; there are: \(known.joined(separator: ", "))")
                }
                return code
            }
            let password: String
            if arguments.has("--password-stdin") {
                guard let line = readLine(strippingNewline: true), !line.isEmpty else {
                    throw CommandFailure(message: "no password on standard input")
                }
                password = line
            } else {
                password = Secrets.generatePassword()
            }
            try store.setPassword(PasswordHash.make(password), for: name, at: Date())
            if let language { _ = try store.setLanguage(language, for: name) }
            let verb = action == "add" ? "Added" : "Reset the password of"
            if arguments.has("--password-stdin") {
                console.writeOutput("\(verb) \(name).\n")
            } else {
                console.writeOutput("\(verb) \(name). Their password (shown only now): \(password)\n")
            }
            return 0
        case "remove":
            let name = try userName(arguments)
            guard try store.removeAccount(name) else { throw CommandFailure(message: "there is no member called \(name)") }
            console.writeOutput("Removed \(name), with their lists.\n")
            return 0
        default:
            throw UsageError.missingArgument("an action: add, list, remove, reset, link or unlink", command: spec)
        }
    }

    /// The flag that links a nick alone, named for what it lets happen.
    static let insecureNick = "--insecure-nick"

    /// "irc-account:alice" or "irc:alice", checked to be a name IRC accepts.
    private static func ircIdentity(_ identity: String) throws -> (IRCLinkKind, String) {
        guard let parsed = IRCLinkKind.parse(identity) else {
            throw UsageError.invalidValue(identity, option: "the identity (irc-account:ACCOUNT or irc:NICK)", command: spec)
        }
        return parsed
    }

    /// "matrix:@ana:example.org" → "@ana:example.org"; nil for an identity of another network.
    private static func matrixIdentity(_ identity: String) throws -> String? {
        guard identity.hasPrefix("matrix:") else { return nil }
        let user = String(identity.dropFirst("matrix:".count))
        guard MatrixSettings.isUserID(user) else {
            throw UsageError.invalidValue(identity, option: "the Matrix identity (matrix:@NAME:SERVER)", command: spec)
        }
        return user
    }

    private static func userName(_ arguments: ParsedArguments, count: Int = 2) throws -> UserName {
        guard arguments.positionals.count == count else { throw UsageError.missingArgument("NAME", command: spec) }
        do {
            return try UserName(arguments.positionals[1])
        } catch {
            throw refusal(error)
        }
    }

    /// A name the domain refuses, in the bot's own English words.
    static func refusal(_ error: DomainError) -> CommandFailure {
        let text = (try? LanguageFiles.builtIn.wording()).map { Reply.refused(error).text($0) } ?? error.code.rawValue
        return CommandFailure(message: text)
    }
}

/// `shoptalk relays add|list|remove`: bridges that speak for several members.
enum RelaysCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "relays",
        summary: "Manage relays (IRC-style bridges) that speak for members: add, list, remove.",
        positionals: ["add|list|remove", "[NAME]"],
        options: [
            DatabaseOption.storeOption, DatabaseOption.passwordFileOption,
            .init("--users", value: "NAMES", help: "The members the relay may speak for, separated by commas."),
            .init("--any-user", help: "Let the relay speak for any member."),
        ],
        discussion: "'add NAME' prints the relay's token once; the relay logs in with 'relay NAME TOKEN'.")

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        let store = try DatabaseOption.openStore(arguments, environment: environment).accountBook
        switch arguments.positionals.first {
        case "list":
            let relays = try store.relays()
            if relays.isEmpty { console.writeOutput("No relays yet.\n") }
            for relay in relays {
                console.writeOutput("\(relay.name): \(relay.anyUser ? "any member" : relay.users.map(\.value).joined(separator: ", "))\n")
            }
            return 0
        case "add":
            let name = try relayName(arguments)
            let anyUser = arguments.has("--any-user")
            var users: [UserName] = []
            for raw in (arguments["--users"] ?? "").split(separator: ",") {
                do {
                    users.append(try UserName(String(raw).trimmingCharacters(in: .whitespaces)))
                } catch {
                    throw UsersCommand.refusal(error)
                }
            }
            guard anyUser != !users.isEmpty else {
                throw UsageError.missingArgument("exactly one of --users NAMES or --any-user", command: spec)
            }
            let token = Secrets.generatePassword(bytes: 32)
            try store.saveRelay(.init(name: name, tokenHash: Secrets.sha256Hex(token), anyUser: anyUser, users: users), at: Date())
            console.writeOutput("Added relay \(name). Its token (shown only now): \(token)\n")
            return 0
        case "remove":
            let name = try relayName(arguments)
            guard try store.removeRelay(named: name) else { throw CommandFailure(message: "there is no relay called \(name)") }
            console.writeOutput("Removed relay \(name).\n")
            return 0
        default:
            throw UsageError.missingArgument("an action: add, list or remove", command: spec)
        }
    }

    private static func relayName(_ arguments: ParsedArguments) throws -> String {
        guard arguments.positionals.count == 2, (try? UserName(arguments.positionals[1])) != nil else {
            throw UsageError.missingArgument("NAME (letters, digits, - _ .)", command: spec)
        }
        return arguments.positionals[1].lowercased()
    }
}
