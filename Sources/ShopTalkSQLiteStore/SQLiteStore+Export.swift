import CSQLite
import Foundation
import ShopTalkStoreCore
import ShopTalkJSON

/// `shoptalk export` and `shoptalk import` on SQLite (the document: ``Transfer``).
extension SQLiteStore {
    /// Every row, as `{"format", "version", "schema", "exported_at", "tables": {name: [row, …]}}`.
    public func export(at date: Date = Date()) throws -> JSON {
        var tables: [(String, JSON)] = []
        // One read transaction (not a write lock): a consistent snapshot, while a server goes on writing.
        try database.execute("BEGIN")
        defer { try? database.execute("COMMIT") }
        do {
            for (table, key) in Transfer.tables {
                let statement = try Statement(sql: "SELECT * FROM \(table) ORDER BY \(key)", connection: database.handle)
                var rows: [JSON] = []
                while try statement.step() {
                    var row: [(String, JSON)] = []
                    for column in 0..<sqlite3_column_count(statement.handle) {
                        let name = String(cString: sqlite3_column_name(statement.handle, column))
                        let value: JSON = switch sqlite3_column_type(statement.handle, column) {
                        case SQLITE_NULL: .null
                        case SQLITE_INTEGER: .int(Int(statement.int(column)))
                        default: .string(statement.text(column))
                        }
                        row.append((name, value))
                    }
                    rows.append(.object(row))
                }
                tables.append((table, .array(rows)))
            }
        }
        return Transfer.document(schema: Self.schemaVersion, tables: tables, at: date)
    }

    /// Puts an export into this database, which must hold no member and no
    /// list, in one transaction: all of it, or — on any error — none of it.
    public func importExport(_ document: JSON) throws {
        let tables = try Transfer.tables(of: document, schema: Self.schemaVersion)
        defer { cache.removeAll() }
        try database.transaction {
            guard (try database.scalar("SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM lists)") ?? 0) == 0 else {
                throw TransferError.notEmpty(location: path)
            }
            // Members name their default list, lists their owner: checked at commit, once all are in.
            try database.execute("PRAGMA defer_foreign_keys = ON")
            for (table, _) in Transfer.tables {
                for columns in try Transfer.rows(of: table, in: tables) {
                    guard try insert(columns, into: table) != nil else {
                        throw TransferError.badRow(table: table, reason: "it is there already")
                    }
                }
            }
        }
    }

    /// Inserts one row: its new rowid, or nil when a row with the same unique
    /// key is there already (the statement alone is undone, not the transaction).
    func insert(_ columns: [(String, JSON)], into table: String) throws -> Int64? {
        let sql = Transfer.insertStatement(into: table, columns: columns.map(\.0)) { _ in "?" }
        let statement: Statement
        do throws(SQLiteError) {
            statement = try Statement(sql: sql, connection: database.handle)
        } catch {
            throw TransferError.badRow(table: table, reason: error.message)
        }
        var values: [SQLValue] = []
        for (name, value) in columns {
            switch value {
            case .null: values.append(.null)
            case .int(let int): values.append(.integer(Int64(int)))
            case .string(let text): values.append(.text(text))
            default: throw TransferError.badRow(table: table, reason: "“\(name)” is neither a number, a text nor null")
            }
        }
        do throws(SQLiteError) {
            try statement.bind(values)
            _ = try statement.step()
        } catch where error.isDuplicate {
            return nil
        } catch {
            throw TransferError.badRow(table: table, reason: error.message)
        }
        return database.lastInsertedRowID
    }
}
