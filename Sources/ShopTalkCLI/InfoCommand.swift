import ShopTalkStore

/// `shoptalk info`: where the database is and which schema it has. Opening it
/// also creates or migrates it, so this doubles as a check of the file.
enum InfoCommand {
    static let subcommand = Subcommand(spec: spec, run: run)

    static let spec = CommandSpec(
        name: "info",
        summary: "Show where the database is and check that it opens.",
        options: [DatabaseOption.option])

    static func run(_ arguments: ParsedArguments, environment: [String: String], console: Console) throws -> Int32 {
        let store = try DatabaseOption.open(arguments, environment: environment)
        console.writeOutput("""
            database: \(store.path)
            schema: \(try store.fileSchemaVersion()) (this shoptalk writes \(SQLiteStore.schemaVersion))

            """)
        return 0
    }
}
