import ShopTalkStore

/// `shoptalk info`: where the database is, and what it holds. It only
/// reads: no folder or file is made, no migration runs, so it can be asked
/// before the first run, or about a file another ShopTalk is using.
enum InfoCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "info",
        summary: "Show where the database is and what it holds, without changing it.",
        options: [DatabaseOption.option])

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        let path = DatabaseOption.path(arguments, environment: environment)
        let inspection: SQLiteStore.Inspection?
        do {
            inspection = try SQLiteStore.inspect(path: path)
        } catch {
            throw CommandFailure(message: error.description)
        }
        guard let inspection else {
            console.writeOutput("""
                database: \(path)
                There is no database there yet: “shoptalk chat” or “shoptalk serve” makes it on first use.

                """)
            return 0
        }
        let upgrade = inspection.schemaVersion < SQLiteStore.schemaVersion ? "; it upgrades the file when it next opens it" : ""
        console.writeOutput("""
            database: \(path)
            schema: \(inspection.schemaVersion) (this shoptalk writes \(SQLiteStore.schemaVersion)\(upgrade))
            members: \(inspection.members), lists: \(inspection.lists), items: \(inspection.items)

            """)
        return 0
    }
}
