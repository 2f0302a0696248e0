import ShopTalkStore

/// `--db PATH`, shared by every subcommand that opens the database.
enum DatabaseOption {
    static let option = CommandSpec.Option(
        "--db", value: "PATH",
        help: "The database file (default $SHOPTALK_DB, else $XDG_DATA_HOME/shoptalk/shoptalk.sqlite); ':memory:' for a throwaway run.")

    /// The path the options and environment name.
    static func path(_ arguments: ParsedArguments, environment: [String: String]) -> String {
        arguments["--db"] ?? StoreLocation.defaultPath(environment: environment)
    }

    static func open(_ arguments: ParsedArguments, environment: [String: String]) throws -> SQLiteStore {
        let path = path(arguments, environment: environment)
        do {
            return try SQLiteStore(path: path)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }
}
