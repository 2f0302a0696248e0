import Foundation
import ShopTalkServer
import ShopTalkSession
import ShopTalkStore

/// `shoptalk serve`: the household server on the LAN (see docs/server.md).
enum ServeCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "serve",
        summary: "Serve the household over TCP: logins, relays, live notifications.",
        options: [
            DatabaseOption.option,
            .init("--listen", value: "HOST:PORT", help: "Where to listen (default 127.0.0.1:7420; 0.0.0.0:7420 for the LAN; port 0 picks a free one)."),
            .init("--max-line-bytes", value: "N", help: "Longest line accepted, 1 to 4096 (default 4096)."),
            .init("--max-connections", value: "N", help: "Most clients at once (default 1024)."),
            .init("--max-lines-per-second", value: "N", help: "Lines per second per connection, bursts of twice that; 0 for no limit (default 20)."),
            .init("--idle-timeout", value: "SECONDS", help: "Close connections that do not log in within this time (default 30)."),
            .init("--log-level", value: "LEVEL", help: "debug, info (default), warning or error."),
        ] + GrammarOptions.options,
        discussion: "Members are added with 'shoptalk users add NAME'; relays with 'shoptalk relays add NAME'.")

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        var configuration = ServerConfiguration(databasePath: arguments["--db"] ?? StoreLocation.defaultPath(environment: environment))
        if let listen = arguments["--listen"] {
            guard let colon = listen.lastIndex(of: ":"), let port = UInt16(listen[listen.index(after: colon)...]) else {
                throw UsageError.invalidValue(listen, option: "--listen", command: spec)
            }
            configuration.host = String(listen[..<colon])
            configuration.port = port
        }
        func number(_ option: String) throws -> Int? {
            guard let text = arguments[option] else { return nil }
            guard let value = Int(text), value >= 0 else { throw UsageError.invalidValue(text, option: option, command: spec) }
            return value
        }
        if let value = try number("--max-line-bytes") {
            // Lines are read for sentences, which never need more; the matcher's budget assumes no more.
            guard (1...InputLine.maximumBytes).contains(value) else {
                throw UsageError.invalidValue(String(value), option: "--max-line-bytes", command: spec)
            }
            configuration.maximumLineBytes = value
        }
        if let value = try number("--max-connections") { configuration.maximumConnections = max(1, value) }
        if let value = try number("--max-lines-per-second") {
            configuration.linesPerSecond = Double(value)
            configuration.burst = Double(value * 2)
        }
        if let value = try number("--idle-timeout") { configuration.unauthenticatedIdleSeconds = Double(max(1, value)) }
        let level = try arguments["--log-level"].map { name in
            guard let level = Log.Level.allCases.first(where: { $0.name == name }) else {
                throw UsageError.invalidValue(name, option: "--log-level", command: spec)
            }
            return level
        } ?? .info
        let language = try GrammarOptions.load(arguments)
        let server: Server
        do {
            server = try Server(configuration: configuration, grammars: language.grammars, wording: language.wording, log: Log(level: level))
        } catch let error as StoreError {
            throw CommandFailure(message: error.description)
        } catch {
            throw CommandFailure(message: "cannot serve: \(error)")
        }
        server.run()
        return 0
    }
}
