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

    /// The path the options and environment name.
    static func path(_ arguments: ParsedArguments, environment: [String: String]) -> String {
        arguments["--db"] ?? StoreLocation.defaultPath(environment: environment)
    }

    /// The database, SQLite or PostgreSQL.
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
