/// A row read back from a database, column by column, whichever the engine:
/// what turns rows into the domain's values (`SQLiteRepository.item`, ...)
/// reads, so that SQLite and PostgreSQL share one reading of each table.
protocol StoredRow {
    func int(_ column: Int32) -> Int64
    func isNull(_ column: Int32) -> Bool
    func text(_ column: Int32) -> String
}

extension StoredRow {
    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
}

extension Statement: StoredRow {}
