import CSQLite
import Foundation
import ShopTalkJSON

/// A whole household as one JSON document, and back: `shoptalk export` and
/// `shoptalk import` (docs/storage.md). Every row of every table — members
/// with their password hashes, lists, items, shares, codes, kept events,
/// history, relays and IRC links, mutes, channel announcements, shopping
/// trips and aisle choices — with its columns by name, so the file
/// says what it holds and a person can read it.
extension SQLiteStore {
    /// The document's kind and version: a reader refuses any other.
    public static let exportFormat = "shoptalk-export"
    public static let exportVersion = 1

    /// The tables in an order that inserts parents before children.
    static let exportedTables = ["users", "lists", "items", "shares", "share_codes", "events", "activity", "relays", "links", "mutes", "announcements", "trips", "aisle_choices", "shop_orders"]

    public enum TransferError: Error, CustomStringConvertible, Equatable {
        case notAnExport(String)
        case otherSchema(found: Int, expected: Int)
        case notEmpty(path: String)
        case badRow(table: String, reason: String)

        public var description: String {
            switch self {
            case .notAnExport(let why): "not a ShopTalk export: \(why)"
            case .otherSchema(let found, let expected):
                "the export was written with schema \(found), and this shoptalk writes \(expected): import it with a ShopTalk of that version, then upgrade"
            case .notEmpty(let path): "\(path) already holds members or lists; import goes into an empty database only (add --merge to add to it), and nothing was changed"
            case .badRow(let table, let reason): "a row of \(table) could not be imported (\(reason)); nothing was changed"
            }
        }
    }

    /// Every row, as `{"format", "version", "schema", "exported_at", "tables": {name: [row, …]}}`.
    public func export(at date: Date = Date()) throws -> JSON {
        var tables: [(String, JSON)] = []
        // One read transaction (not a write lock): a consistent snapshot, while a server goes on writing.
        try database.execute("BEGIN")
        defer { try? database.execute("COMMIT") }
        do {
            for table in Self.exportedTables {
                let statement = try Statement(sql: "SELECT * FROM \(table) ORDER BY rowid", connection: database.handle)
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
        return .object([
            ("format", .string(Self.exportFormat)), ("version", .int(Self.exportVersion)), ("schema", .int(Self.schemaVersion)),
            ("exported_at", .string(ISO8601DateFormatter().string(from: date))), ("tables", .object(tables)),
        ])
    }

    /// Puts an export into this database, which must hold no member and no
    /// list, in one transaction: all of it, or — on any error — none of it.
    public func importExport(_ document: JSON) throws {
        let tables = try Self.tables(of: document)
        defer { cache.removeAll() }
        try database.transaction {
            guard (try database.scalar("SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM lists)") ?? 0) == 0 else {
                throw TransferError.notEmpty(path: path)
            }
            // Members name their default list, lists their owner: checked at commit, once all are in.
            try database.execute("PRAGMA defer_foreign_keys = ON")
            for table in Self.exportedTables {
                for columns in try Self.rows(of: table, in: tables) {
                    guard try insert(columns, into: table) != nil else {
                        throw TransferError.badRow(table: table, reason: "it is there already")
                    }
                }
            }
        }
    }

    /// The export's tables, once its format, version and schema are this shoptalk's.
    static func tables(of document: JSON) throws -> [(String, JSON)] {
        guard case .string(Self.exportFormat)? = document["format"] else { throw TransferError.notAnExport("no “format”: “\(Self.exportFormat)”") }
        guard case .int(Self.exportVersion)? = document["version"] else { throw TransferError.notAnExport("an export version this shoptalk does not know") }
        guard case .int(let schema)? = document["schema"] else { throw TransferError.notAnExport("no schema number") }
        guard schema == Self.schemaVersion else { throw TransferError.otherSchema(found: schema, expected: Self.schemaVersion) }
        guard case .object(let tables)? = document["tables"] else { throw TransferError.notAnExport("no tables") }
        let known = Set(Self.exportedTables)
        if let unknown = tables.first(where: { !known.contains($0.0) }) { throw TransferError.notAnExport("an unknown table “\(unknown.0)”") }
        return tables
    }

    /// One table's rows, each its columns by name; none when the export has not the table.
    static func rows(of table: String, in tables: [(String, JSON)]) throws -> [[(String, JSON)]] {
        guard let rows = tables.first(where: { $0.0 == table })?.1 else { return [] }
        guard case .array(let rows) = rows else { throw TransferError.badRow(table: table, reason: "not a list of rows") }
        return try rows.map { row in
            guard case .object(let columns) = row, !columns.isEmpty else { throw TransferError.badRow(table: table, reason: "a row that is not an object") }
            // Column names are the export's own: only plain identifiers pass into the SQL.
            guard columns.allSatisfy({ $0.0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } && !$0.0.isEmpty }) else {
                throw TransferError.badRow(table: table, reason: "a strange column name")
            }
            return columns
        }
    }

    /// Inserts one row: its new rowid, or nil when a row with the same unique
    /// key is there already (the statement alone is undone, not the transaction).
    func insert(_ columns: [(String, JSON)], into table: String) throws -> Int64? {
        let sql = "INSERT INTO \(table) (\(columns.map(\.0).joined(separator: ", "))) VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))"
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
