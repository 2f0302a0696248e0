import ShopTalkStore

/// `shoptalk backup FILE`: a consistent copy of the database, taken while
/// the server keeps serving (SQLite's online backup API).
enum BackupCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "backup",
        summary: "Copy the database to FILE while the server runs.",
        positionals: ["FILE"],
        options: [DatabaseOption.option],
        discussion: "FILE is replaced only once the whole copy is written and checked. Restore by stopping the server and putting FILE in the database's place.")

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        guard let destination = arguments.positionals.first else { throw UsageError.missingArgument("FILE", command: spec) }
        let path = try DatabaseOption.path(arguments, environment: environment)
        guard !Store.isURL(path) else {
            throw CommandFailure(message: "backup copies a SQLite file; back up a PostgreSQL database with PostgreSQL's own pg_dump, or with 'shoptalk export'")
        }
        let copied: Inspection
        do {
            copied = try SQLiteStore.backup(path: path, to: destination)
        } catch {
            throw CommandFailure(message: error.description)
        }
        console.writeOutput("Backed up \(path) to \(destination): \(copied.members) members, \(copied.lists) lists, \(copied.items) items.\n")
        return 0
    }
}
