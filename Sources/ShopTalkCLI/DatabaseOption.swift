import ShopTalkStore

/// `--db PATH`, shared by every subcommand that opens the database.
enum DatabaseOption {
    static let option = CommandSpec.Option(
        "--db", value: "PATH",
        help: "The database file (default $SHOPTALK_DB, else $XDG_DATA_HOME/shoptalk/shoptalk.sqlite); ':memory:' for a throwaway run.")

    /// `--db` for `chat` and `serve`, which also run on PostgreSQL.
    static let storeOption = CommandSpec.Option(
        "--db", value: "PATH|URL",
        help: "The database: a SQLite file (default $SHOPTALK_DB, else $XDG_DATA_HOME/shoptalk/shoptalk.sqlite), ':memory:', or a postgres:// URL.")

    /// The path the options and environment name.
    static func path(_ arguments: ParsedArguments, environment: [String: String]) -> String {
        arguments["--db"] ?? StoreLocation.defaultPath(environment: environment)
    }

    /// The SQLite database, for the commands only SQLite has yet (users,
    /// info, backup, export, import); a PostgreSQL URL is refused clearly.
    static func open(_ arguments: ParsedArguments, environment: [String: String]) throws -> SQLiteStore {
        let path = path(arguments, environment: environment)
        guard !Store.isURL(path) else {
            throw CommandFailure(message: "this command works on a SQLite file only for now; \(path) is a PostgreSQL database")
        }
        do {
            return try SQLiteStore(path: path)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// The database, SQLite or PostgreSQL, for `chat` and `serve`.
    static func openStore(_ arguments: ParsedArguments, environment: [String: String]) throws -> Store {
        let location = path(arguments, environment: environment)
        do {
            return try Store.open(location)
        } catch let error as StoreError {
            throw CommandFailure(message: error.description)
        } catch {
            throw CommandFailure(message: "\(error)")
        }
    }
}
