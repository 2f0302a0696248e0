import Foundation
import ShopTalkStoreCore
import ShopTalkJSON
import ShopTalkPostgres

/// `shoptalk export` and `shoptalk import` on PostgreSQL, in the same
/// document as SQLite's (``Transfer``): a household moves from a SQLite file
/// to PostgreSQL by exporting one and importing into the other.
extension PostgresStore {
    /// Every row, read in one snapshot (REPEATABLE READ), while servers go on writing.
    public func export(at date: Date = Date()) throws -> JSON {
        try reconnectIfLost()
        try connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        defer { try? connection.execute("COMMIT") }
        var tables: [(String, JSON)] = []
        for (table, key) in Transfer.tables {
            let rows = try connection.query("SELECT * FROM \(table) ORDER BY \(key)")
            tables.append((table, .array(rows.values.map { values in
                .object(values.indices.map { column in
                    let value: JSON = switch values[column] {
                    case nil: .null
                    case let text? where rows.isInteger(column: column): Int(text).map(JSON.int) ?? .string(text)
                    case let text?: .string(text)
                    }
                    return (rows.columns[column], value)
                })
            })))
        }
        return Transfer.document(schema: PostgresSchema.version, tables: tables, at: date)
    }

    /// Puts an export into this database, which must hold no member and no
    /// list, in one transaction: all of it, or — on any error — none of it.
    public func importExport(_ document: JSON) throws {
        let tables = try Transfer.tables(of: document, schema: PostgresSchema.version)
        try batch {
            // No server adds a member or a list meanwhile (it may still read): the import waits its turn.
            try connection.execute("SET LOCAL lock_timeout = 0")
            try connection.execute("LOCK TABLE users, lists IN EXCLUSIVE MODE")
            let held = try connection.query("SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM lists)").values.first?.first ?? nil
            guard held == "0" else { throw TransferError.notEmpty(location: url) }
            // Members name their default list, and lists their owner: the default lists are set once the lists are in.
            var defaults: [(user: String, list: String)] = []
            for (table, _) in Transfer.tables {
                for var columns in try Transfer.rows(of: table, in: tables) {
                    if table == "users", let index = columns.firstIndex(where: { $0.0 == "default_list_id" }) {
                        if case .int(let list) = columns[index].1, case .int(let user)? = columns.first(where: { $0.0 == "id" })?.1 {
                            defaults.append((String(user), String(list)))
                        }
                        columns[index].1 = .null
                    }
                    try insert(columns, into: table)
                }
            }
            for (user, list) in defaults {
                try statement(of: "users") { () throws(PostgresError) in try connection.query("UPDATE users SET default_list_id = $1 WHERE id = $2", [list, user]) }
            }
            // New rows made here after the import get ids after the imported ones.
            for (table, key) in Transfer.tables where key == "id" {
                try connection.query("SELECT setval(pg_get_serial_sequence('\(table)', 'id'), coalesce(max(id), 0) + 1, false) FROM \(table)")
            }
        }
    }

    private func insert(_ columns: [(String, JSON)], into table: String) throws {
        let values = try columns.map { name, value throws(TransferError) -> String? in
            switch value {
            case .null: nil
            case .int(let int): String(int)
            case .string(let text): text
            default: throw .badRow(table: table, reason: "“\(name)” is neither a number, a text nor null")
            }
        }
        try statement(of: table) { () throws(PostgresError) in
            try connection.query(Transfer.insertStatement(into: table, columns: columns.map(\.0)) { "$\($0)" }, values)
        }
    }

    /// A statement of the import: PostgreSQL's refusal of a row becomes the export's fault, by table.
    private func statement(of table: String, _ body: () throws(PostgresError) -> PostgresRows) throws {
        do {
            _ = try body()
        } catch where error.isDuplicate {
            throw TransferError.badRow(table: table, reason: "it is there already")
        } catch where error.kind == .statement {
            throw TransferError.badRow(table: table, reason: error.message)
        }
    }
}
