import Foundation
import ShopTalkMatrix
import ShopTalkServer

/// `shoptalk matrix`: the household's bot in Matrix rooms, alone; `serve
/// --matrix-homeserver …` runs the same bot beside the LAN port (docs/matrix.md).
enum MatrixCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "matrix",
        summary: "Run the household's bot in Matrix rooms (serve --matrix-homeserver runs it beside the LAN port).",
        options: [
            .init("--homeserver", value: "URL", help: "The homeserver: https://matrix.example.org (http:// only on this machine)."),
            .init("--user", value: "@NAME:SERVER", help: "The bot's Matrix user ID."),
            .init("--password-file", value: "FILE", help: "Log in with the password on FILE's first line."),
            .init("--token-file", value: "FILE", help: "Use the access token on FILE's first line instead of a password."),
            .init("--secret-stdin", help: "Read the password (or with --token-stdin, the token) from standard input."),
            .init("--token-stdin", help: "Read an access token from standard input."),
            .init("--tls-ca", value: "FILE", help: "Trust the certificate authorities in FILE (PEM) rather than the system's."),
            .init("--news-as", value: "notice|text", help: "Send news as notices (default), or as plain messages for bridges that drop notices."),
            DatabaseOption.option,
            .init("--log-level", value: "LEVEL", help: "debug, info (default), warning or error."),
        ] + GrammarOptions.options,
        discussion: """
            The password or token is never taken on the command line. Members are linked to their Matrix \
            IDs with 'shoptalk users link NAME matrix:@ana:example.org'; the bot joins rooms a linked member \
            invites it to, and reads unencrypted rooms only.
            """)

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        var configuration = ServerConfiguration(databasePath: try DatabaseOption.path(arguments, environment: environment))
        configuration.listens = false
        configuration.matrix = try settings(
            homeserver: arguments["--homeserver"], user: arguments["--user"], passwordFile: arguments["--password-file"],
            tokenFile: arguments["--token-file"], fromStandardInput: arguments.has("--secret-stdin") ? .password : arguments.has("--token-stdin") ? .token : nil,
            authorities: arguments["--tls-ca"], newsAs: arguments["--news-as"], spec: spec,
            names: ("--homeserver", "--user", "--password-file or --token-file", "--news-as"))
        return try ServeCommand.start(configuration, arguments: arguments, spec: spec)
    }

    enum StandardInputSecret { case password, token }

    /// Matrix settings from options, checked: a homeserver URL, a user ID, and one secret read from a file or standard input.
    static func settings(homeserver: String?, user: String?, passwordFile: String?, tokenFile: String?, fromStandardInput: StandardInputSecret?,
                         authorities: String?, newsAs: String?, spec: CommandSpec, names: (homeserver: String, user: String, secret: String, newsAs: String),
                         describe: (String) -> String = { $0 }) throws -> MatrixSettings {
        guard let homeserver else { throw UsageError.missingArgument("\(describe(names.homeserver)) URL", command: spec) }
        let server: MatrixHomeserver
        do {
            server = try MatrixHomeserver(homeserver)
        } catch {
            throw CommandFailure(message: error.description)
        }
        guard let user else { throw UsageError.missingArgument("\(describe(names.user)) @NAME:SERVER", command: spec) }
        guard MatrixSettings.isUserID(user) else { throw UsageError.invalidValue(user, option: describe(names.user), command: spec) }
        let secret: MatrixSettings.Secret
        if let passwordFile {
            secret = .password(try firstLine(of: passwordFile))
        } else if let tokenFile {
            secret = .accessToken(try firstLine(of: tokenFile))
        } else if let fromStandardInput {
            guard let line = readLine(strippingNewline: true), !line.isEmpty else { throw CommandFailure(message: "no secret on standard input") }
            secret = fromStandardInput == .password ? .password(line) : .accessToken(line)
        } else {
            throw UsageError.missingArgument(describe(names.secret), command: spec)
        }
        var settings = MatrixSettings(homeserver: server, user: user, secret: secret)
        settings.tlsAuthorities = authorities
        switch newsAs {
        case nil, "notice": break
        case "text": settings.newsAsText = true
        case let other?: throw UsageError.invalidValue(other, option: describe(names.newsAs), command: spec)
        }
        return settings
    }

    private static func firstLine(of file: String) throws -> String {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8), let line = text.split(whereSeparator: \.isNewline).first, !line.isEmpty else {
            throw CommandFailure(message: "cannot read a secret from \(file)")
        }
        return String(line)
    }
}
