import ShopTalkIRC
import ShopTalkServer
import ShopTalkStore

/// `shoptalk irc`: the household's bot on an IRC network, alone; `serve
/// --irc-server …` runs the same bot beside the TCP port (docs/irc.md).
enum IRCCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "irc",
        summary: "Run the household's bot on an IRC network (serve --irc-server runs it beside the LAN port).",
        options: [
            .init("--server", value: "HOST:PORT", help: "The IRC server (port 6667 unless given)."),
            .init("--nick", value: "NAME", help: "The bot's nick (default shopbot)."),
            .init("--channel", value: "#NAME", help: "A channel to join; give it again for more."),
            .init("--tls", help: "Speak TLS to the IRC server (port 6697 unless given), checking its certificate."),
            .init("--tls-ca", value: "FILE", help: "With --tls: trust the certificate authorities in FILE (PEM) rather than the system's."),
            DatabaseOption.option,
            .init("--log-level", value: "LEVEL", help: "debug, info (default), warning or error."),
        ] + GrammarOptions.options,
        discussion: "Members are linked to their nicks with 'shoptalk users link NAME irc:NICK'.")

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        guard let server = arguments["--server"] else { throw UsageError.missingArgument("--server HOST:PORT", command: spec) }
        var configuration = ServerConfiguration(databasePath: try DatabaseOption.path(arguments, environment: environment))
        configuration.listens = false
        configuration.irc = try settings(server: server, nick: arguments["--nick"], channels: arguments.all("--channel"),
                                         tls: arguments.has("--tls"), authorities: arguments["--tls-ca"], spec: spec,
                                         names: ("--server", "--nick", "--channel"))
        return try ServeCommand.start(configuration, arguments: arguments, spec: spec)
    }

    /// IRC settings from options, checked: a host and port, a nick servers accept, channels starting with # or &.
    static func settings(server: String, nick: String?, channels: [String], tls: Bool, authorities: String?, spec: CommandSpec,
                         names: (server: String, nick: String, channel: String),
                         describe: (String) -> String = { $0 }) throws -> IRCSettings {
        var host = server, port: UInt16 = tls ? 6697 : 6667
        if let colon = server.lastIndex(of: ":"), !server.hasSuffix("]") {
            guard let number = UInt16(server[server.index(after: colon)...]), number > 0 else {
                throw UsageError.invalidValue(server, option: describe(names.server), command: spec)
            }
            host = String(server[..<colon])
            port = number
        }
        guard !host.isEmpty else { throw UsageError.invalidValue(server, option: describe(names.server), command: spec) }
        let nick = nick ?? "shopbot"
        guard IRCName.isNick(nick) else { throw UsageError.invalidValue(nick, option: describe(names.nick), command: spec) }
        let channels = channels.flatMap { $0.split(separator: ",").map(String.init) }
        for channel in channels where !(channel.hasPrefix("#") || channel.hasPrefix("&")) || channel.count > 50
            || channel.contains(where: { $0 == " " || $0 == "\u{7}" }) {
            throw UsageError.invalidValue(channel, option: describe(names.channel), command: spec)
        }
        var settings = IRCSettings(host: host, port: port, nick: nick, channels: channels)
        settings.tls = tls || authorities != nil
        settings.tlsAuthorities = authorities
        return settings
    }
}
