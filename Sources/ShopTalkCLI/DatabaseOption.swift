import Foundation
import ShopTalkStore

/// `--db PATH`, shared by every subcommand that opens the database.
enum DatabaseOption {
    static let option = CommandSpec.Option(
        "--db", value: "PATH",
        help: "The database file (default $SHOPTALK_DB, else $XDG_DATA_HOME/shoptalk/shoptalk.sqlite); ':memory:' for a throwaway run.")

    /// `--db` for the commands that also run on PostgreSQL (all but `backup` and `irc`).
    static let storeOption = CommandSpec.Option(
        "--db", value: "PATH|URL",
        help: "The database: a SQLite file (default $SHOPTALK_DB, else $XDG_DATA_HOME/shoptalk/shoptalk.sqlite), ':memory:', or a postgres:// URL.")

    /// `--db-password-file`, beside `--db` wherever a PostgreSQL URL is taken.
    static let passwordFileOption = CommandSpec.Option(
        "--db-password-file", value: "FILE",
        help: "PostgreSQL's password, read from FILE's first line (else PGPASSWORD or ~/.pgpass), never from the URL on the command line.")

    /// The path or URL the options and environment name, with the password
    /// of `--db-password-file` when one is given.
    static func path(_ arguments: ParsedArguments, environment: [String: String]) throws -> String {
        try location(arguments["--db"], passwordFile: arguments["--db-password-file"], environment: environment)
    }

    /// `--db`'s location (or the default), with the password read from `passwordFile`.
    static func location(_ given: String?, passwordFile file: String?, environment: [String: String]) throws -> String {
        let location = given ?? StoreLocation.defaultPath(environment: environment)
        guard let file else { return location }
        guard Store.isURL(location) else { throw CommandFailure(message: "--db-password-file is for a postgres:// database, and \(location) is a file") }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8), let password = text.split(whereSeparator: \.isNewline).first, !password.isEmpty else {
            throw CommandFailure(message: "cannot read a password from \(file)")
        }
        return StoreLocation.withPassword(String(password), location)
    }

    /// The database, SQLite or PostgreSQL.
    static func openStore(_ arguments: ParsedArguments, environment: [String: String]) throws -> Store {
        let location = try path(arguments, environment: environment)
        do {
            return try Store.open(location)
        } catch let error as StoreError {
            throw CommandFailure(message: error.description)
        } catch {
            throw CommandFailure(message: "\(error)")
        }
    }
}
