import ShopTalkClient
import ShopTalkTransports
import ShopTalkLineIO

/// `shoptalk connect [USER@]HOST[:PORT]`: a member's terminal on the household server.
enum ConnectCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "connect",
        summary: "Join a household server from a terminal: TLS, live news while you type.",
        positionals: ["[USER@]HOST[:PORT]"],
        options: [
            .init("--password-stdin", help: "Read the password from the first line of standard input (the rest is sent as lines)."),
            .init("--format", value: "FORMAT", help: "text (default), or json: the protocol's lines as they come, for scripts."),
            .init("--plain", help: "Connect without TLS, to a server that has none (the password crosses the network readable)."),
            .init("--known-servers", value: "FILE", help: "Where pinned certificates are kept (default $XDG_CONFIG_HOME/shoptalk/known_servers)."),
        ],
        discussion: """
            The user is USER, else $USER; the port 7420 unless given. The first time a server is joined over
            TLS its certificate is pinned; a different one later is refused, as ssh does with host keys.
            """)

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        guard let target = arguments.positionals.first else { throw UsageError.missingArgument("[USER@]HOST[:PORT]", command: spec) }
        guard let address = ServerAddress(target) else { throw UsageError.invalidValue(target, option: "[USER@]HOST[:PORT]", command: spec) }
        guard let user = address.user ?? environment["USER"], !user.isEmpty, !user.contains(" ") else {
            throw UsageError.missingArgument("USER@ before the host (and $USER is not set)", command: spec)
        }
        let format = try arguments["--format"].map { text in
            guard let format = RemoteChat.Format(rawValue: text) else { throw UsageError.invalidValue(text, option: "--format", command: spec) }
            return format
        } ?? .text
        let fromStandardInput = arguments.has("--password-stdin")
        let interactive = Terminal.isInteractive && format == .text && !fromStandardInput
        guard fromStandardInput || Terminal.isInteractive else {
            throw CommandFailure(message: "no terminal to ask for the password on: use --password-stdin")
        }
        // Asked for only once the server has answered and shown the certificate pinned for it.
        let password: () -> String? = fromStandardInput
            ? { Terminal.readLine(from: 0) }
            : { Terminal().readHiddenLine(prompt: "\(user)@\(address.server)'s password: ") }
        let knownServers = KnownServers(path: arguments["--known-servers"] ?? KnownServers.defaultPath(environment: environment))
        let chat = RemoteChat(
            options: .init(
                address: address, user: user, password: password, tries: fromStandardInput ? 1 : 3,
                format: format, plain: arguments.has("--plain"), knownServers: knownServers),
            interactive: interactive)
        do {
            try chat.run()
        } catch {
            throw CommandFailure(message: error.description)
        }
        return 0
    }
}
