import Foundation
import ShopTalkServer
import ShopTalkSession
import ShopTalkStore
import ShopTalkTLS

/// `shoptalk serve`: the household server on the LAN (see docs/server.md).
enum ServeCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "serve",
        summary: "Serve the household over TCP: logins, relays, live notifications.",
        options: [
            .init("--config", value: "FILE", help: "Read these options from FILE, one “key = value” a line (listen = 0.0.0.0:7420); options given here win."),
            DatabaseOption.storeOption, DatabaseOption.passwordFileOption,
            .init("--listen", value: "HOST:PORT", help: "Where to listen (default 127.0.0.1:7420; 0.0.0.0:7420 for the LAN; port 0 picks a free one)."),
            .init("--tls", value: "auto|off", help: "auto: serve TLS with a certificate made on first run beside the database file (for PostgreSQL, in the data folder); default off."),
            .init("--tls-cert", value: "FILE", help: "Serve TLS with this certificate (PEM), with --tls-key."),
            .init("--tls-key", value: "FILE", help: "The private key (PEM) of --tls-cert."),
            .init("--allow-plaintext-login", help: "Take passwords over plain TCP from other machines too (they cross the LAN readable)."),
            .init("--irc-server", value: "HOST:PORT", help: "Also run the household's bot on this IRC server (docs/irc.md)."),
            .init("--irc-nick", value: "NAME", help: "The IRC bot's nick (default shopbot)."),
            .init("--irc-channels", value: "#A,#B", help: "Channels the IRC bot joins."),
            .init("--irc-tls", help: "The IRC bot speaks TLS (port 6697 unless given), checking the server's certificate."),
            .init("--irc-tls-ca", value: "FILE", help: "With --irc-tls: trust the certificate authorities in FILE (PEM)."),
            .init("--matrix-homeserver", value: "URL", help: "Also run the household's bot on this Matrix homeserver (docs/matrix.md)."),
            .init("--matrix-user", value: "@NAME:SERVER", help: "The Matrix bot's user ID."),
            .init("--matrix-password-file", value: "FILE", help: "The Matrix bot logs in with the password on FILE's first line."),
            .init("--matrix-token-file", value: "FILE", help: "The Matrix bot uses the access token on FILE's first line."),
            .init("--matrix-tls-ca", value: "FILE", help: "The Matrix bot trusts the certificate authorities in FILE (PEM)."),
            .init("--matrix-news-as", value: "notice|text", help: "The Matrix bot sends news as notices (default), or as plain messages for bridges that drop notices."),
            .init("--max-line-bytes", value: "N", help: "Longest line accepted, 1 to 4096 (default 4096)."),
            .init("--max-connections", value: "N", help: "Most clients at once (default 1024); when full, one still not logged in makes room."),
            .init("--max-connections-per-address", value: "N", help: "Most clients at once from one address (default 64); 0 for no limit."),
            .init("--max-lines-per-second", value: "N", help: "Lines per second per connection, bursts of twice that; 0 for no limit (default 20)."),
            .init("--idle-timeout", value: "SECONDS", help: "Close connections that do not log in within this time (default 30)."),
            .init("--history-days", value: "N", help: "Keep lists' history this many days (default 180); 0 keeps all of it."),
            .init("--store-threads", value: "N", help: "On PostgreSQL: threads (each with its own connection) applying members' commands at once (default 4)."),
            .init("--log-level", value: "LEVEL", help: "debug, info (default), warning or error."),
        ] + GrammarOptions.options,
        discussion: "Members are added with 'shoptalk users add NAME'; relays with 'shoptalk relays add NAME'.")

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        var arguments = arguments
        if let path = arguments["--config"] { arguments.fill(from: try ConfigFile(path: path, spec: spec), spec: spec) }
        func invalid(_ value: String, _ option: String) -> UsageError {
            .invalidValue(value, option: arguments.describe(option), command: spec)
        }
        var configuration = ServerConfiguration(databasePath: try DatabaseOption.path(arguments, environment: environment))
        if let listen = arguments["--listen"] {
            guard let colon = listen.lastIndex(of: ":"), let port = UInt16(listen[listen.index(after: colon)...]) else {
                throw invalid(listen, "--listen")
            }
            configuration.host = String(listen[..<colon])
            configuration.port = port
        }
        func number(_ option: String) throws -> Int? {
            guard let text = arguments[option] else { return nil }
            guard let value = Int(text), value >= 0 else { throw invalid(text, option) }
            return value
        }
        if let value = try number("--max-line-bytes") {
            // Lines are read for sentences, which never need more; the matcher's budget assumes no more.
            guard (1...InputLine.maximumBytes).contains(value) else { throw invalid(String(value), "--max-line-bytes") }
            configuration.maximumLineBytes = value
        }
        if let value = try number("--max-connections") { configuration.maximumConnections = max(1, value) }
        if let value = try number("--max-connections-per-address") { configuration.maximumConnectionsPerAddress = value }
        if let value = try number("--max-lines-per-second") {
            configuration.linesPerSecond = Double(value)
            configuration.burst = Double(value * 2)
        }
        if let value = try number("--idle-timeout") { configuration.unauthenticatedIdleSeconds = Double(max(1, value)) }
        if let value = try number("--history-days") { configuration.historyDays = value == 0 ? nil : value }
        if let value = try number("--store-threads") {
            guard (1...64).contains(value) else { throw invalid(String(value), "--store-threads") }
            configuration.storeThreads = value
        }
        configuration.allowPlaintextLogin = arguments.has("--allow-plaintext-login")
        configuration.tls = try tlsFiles(arguments, databasePath: configuration.databasePath, environment: environment, invalid: invalid)
        if let server = arguments["--irc-server"] {
            configuration.irc = try IRCCommand.settings(
                server: server, nick: arguments["--irc-nick"], channels: arguments["--irc-channels"].map { [$0] } ?? [],
                tls: arguments.has("--irc-tls"), authorities: arguments["--irc-tls-ca"], spec: spec,
                names: ("--irc-server", "--irc-nick", "--irc-channels"), describe: arguments.describe)
        }
        if arguments["--matrix-homeserver"] != nil || arguments["--matrix-user"] != nil {
            configuration.matrix = try MatrixCommand.settings(
                homeserver: arguments["--matrix-homeserver"], user: arguments["--matrix-user"], passwordFile: arguments["--matrix-password-file"],
                tokenFile: arguments["--matrix-token-file"], fromStandardInput: nil, authorities: arguments["--matrix-tls-ca"],
                newsAs: arguments["--matrix-news-as"], spec: spec,
                names: ("--matrix-homeserver", "--matrix-user", "--matrix-password-file or --matrix-token-file", "--matrix-news-as"),
                describe: arguments.describe)
        }
        if arguments["--tls"] == "auto", let files = configuration.tls {
            try makeCertificateIfMissing(files, log: Log(level: try logLevel(arguments, spec: spec, invalid: invalid)))
        }
        return try start(configuration, arguments: arguments, spec: spec)
    }

    static func logLevel(_ arguments: ParsedArguments, spec: CommandSpec, invalid: (String, String) -> UsageError) throws -> Log.Level {
        try arguments["--log-level"].map { name in
            guard let level = Log.Level.allCases.first(where: { $0.name == name }) else { throw invalid(name, "--log-level") }
            return level
        } ?? .info
    }

    /// Starts a server with its languages, and serves until SIGINT or SIGTERM.
    static func start(_ configuration: ServerConfiguration, arguments: ParsedArguments, spec: CommandSpec) throws -> Int32 {
        let log = Log(level: try logLevel(arguments, spec: spec) { .invalidValue($0, option: arguments.describe($1), command: spec) })
        let language = try GrammarOptions.load(arguments)
        let server: Server
        do {
            server = try Server(configuration: configuration, grammars: language.grammars, wording: language.wording, log: log)
        } catch let error as StoreError {
            throw CommandFailure(message: error.description)
        } catch let error as TLSError {
            throw CommandFailure(message: error.message)
        } catch {
            throw CommandFailure(message: "cannot serve: \(error)")
        }
        server.run()
        return 0
    }

    /// Which certificate and key to serve TLS with, if any: the files given,
    /// or with `--tls auto` the pair kept beside the database (see ``TLSLocation``).
    static func tlsFiles(_ arguments: ParsedArguments, databasePath: String, environment: [String: String],
                         invalid: (String, String) -> UsageError) throws -> ServerConfiguration.TLSFiles? {
        let certificate = arguments["--tls-cert"], key = arguments["--tls-key"]
        switch arguments["--tls"] {
        case nil, "off"?:
            guard certificate != nil || key != nil else { return nil }
            guard let certificate, let key else {
                throw UsageError.missingArgument(certificate == nil ? "--tls-cert (with --tls-key)" : "--tls-key (with --tls-cert)", command: spec)
            }
            guard arguments["--tls"] == nil else { throw invalid("off", "--tls") }
            return .init(certificatePath: certificate, keyPath: key)
        case "auto"?:
            guard certificate == nil && key == nil else { throw invalid("auto", "--tls") }
            guard !StoreLocation.isInMemory(databasePath) else {
                throw CommandFailure(message: "--tls auto keeps its certificate beside the database: give --db a file or a postgres:// URL, or --tls-cert and --tls-key", status: 2)
            }
            return TLSLocation.automatic(database: databasePath, environment: environment)
        case let other?:
            throw invalid(other, "--tls")
        }
    }

    /// What a made certificate is for: this machine's name (when it is a
    /// plain DNS name), and this machine itself.
    private static func names(_ host: String) -> [String] {
        let plain = !host.isEmpty && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
        return (plain && host != "localhost" ? [host] : []) + ["localhost", "127.0.0.1"]
    }

    /// `--tls auto`: the first run makes the certificate, and every run logs
    /// its fingerprint (the server's "listening" line) for members to compare.
    private static func makeCertificateIfMissing(_ files: ServerConfiguration.TLSFiles, log: Log) throws {
        let folder = (files.keyPath as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            let host = ProcessInfo.processInfo.hostName
            if try SelfSignedCertificate.makeIfMissing(certificatePath: files.certificatePath, keyPath: files.keyPath,
                                                       commonName: "ShopTalk on \(host)", names: names(host)) {
                log(.info, "made a TLS certificate", ["cert": files.certificatePath, "key": files.keyPath])
            }
        } catch {
            throw CommandFailure(message: error.message)
        }
    }
}

/// Where `--tls auto` keeps its certificate and key: beside the database.
enum TLSLocation {
    /// Beside a SQLite file; for a PostgreSQL database, which is not on
    /// this machine's disk, in this machine's data folder (where the
    /// default database would be): each server sharing the database keeps
    /// its own certificate, as each is its own machine to a client.
    static func automatic(database: String, environment: [String: String]) -> ServerConfiguration.TLSFiles {
        let file = Store.isURL(database) ? StoreLocation.defaultPath(environment: environment) : database
        let folder = (file as NSString).deletingLastPathComponent
        let prefix = folder.isEmpty ? "" : folder + "/"
        return .init(certificatePath: prefix + "tls-cert.pem", keyPath: prefix + "tls-key.pem")
    }
}
