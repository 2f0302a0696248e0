import Foundation
import ShopTalkDomain
import ShopTalkJSON

/// The export document, whatever the engine: `shoptalk export` writes every
/// row of every table — members with their password hashes, lists, items,
/// shares, codes, kept events, history, relays and IRC links, mutes,
/// channel announcements, shopping trips and aisle choices — with its
/// columns by name, so the file says what it holds and a person can read it;
/// `shoptalk import` puts one back, into SQLite or PostgreSQL alike.
public enum Transfer {
    /// The document's kind and version: a reader refuses any other.
    public static let format = "shoptalk-export"
    public static let version = 1

    /// The tables in an order that inserts parents before children, each
    /// with the key its rows are written in order of (the same on every engine).
    package static let tables: [(name: String, key: String)] = [
        ("users", "id"), ("lists", "id"), ("items", "id"), ("shares", "id"), ("share_codes", "code"), ("events", "id"),
        ("activity", "id"), ("relays", "id"), ("links", "id"), ("mutes", "id"), ("announcements", "id"), ("trips", "id"),
        ("aisle_choices", "id"), ("shop_orders", "list_id"), ("learned", "id"),
    ]

    /// The whole document around the tables' rows.
    package static func document(schema: Int, tables: [(String, JSON)], at date: Date) -> JSON {
        .object([
            ("format", .string(format)), ("version", .int(version)), ("schema", .int(schema)),
            ("exported_at", .string(ISO8601DateFormatter().string(from: date))), ("tables", .object(tables)),
        ])
    }

    /// The export's tables, once its format, version and schema are this shoptalk's.
    package static func tables(of document: JSON, schema expected: Int) throws(TransferError) -> [(String, JSON)] {
        guard case .string(format)? = document["format"] else { throw .notAnExport("no “format”: “\(format)”") }
        guard case .int(version)? = document["version"] else { throw .notAnExport("an export version this shoptalk does not know") }
        guard case .int(let schema)? = document["schema"] else { throw .notAnExport("no schema number") }
        guard schema == expected else { throw .otherSchema(found: schema, expected: expected) }
        guard case .object(let found)? = document["tables"] else { throw .notAnExport("no tables") }
        let known = Set(tables.map(\.name))
        if let unknown = found.first(where: { !known.contains($0.0) }) { throw .notAnExport("an unknown table “\(unknown.0)”") }
        return found
    }

    /// One table's rows, each its columns by name; none when the export has not the table.
    package static func rows(of table: String, in tables: [(String, JSON)]) throws(TransferError) -> [[(String, JSON)]] {
        guard let rows = tables.first(where: { $0.0 == table })?.1 else { return [] }
        guard case .array(let rows) = rows else { throw .badRow(table: table, reason: "not a list of rows") }
        return try rows.map { row throws(TransferError) in
            guard case .object(let columns) = row, !columns.isEmpty else { throw .badRow(table: table, reason: "a row that is not an object") }
            // Column names are the export's own: only plain identifiers pass into the SQL.
            guard columns.allSatisfy({ $0.0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } && !$0.0.isEmpty }) else {
                throw .badRow(table: table, reason: "a strange column name")
            }
            let key = Transfer.tables.first { $0.name == table }?.key ?? "id"
            let which = columns.first { $0.0 == key }.map { "the row with \(key) \(text(of: $0.1))" } ?? "a row"
            if let (column, _) = columns.first(where: { !isPrintable($0.1, column: $0.0, of: table) }) {
                throw .badRow(table: table, reason: "\(which): “\(column)” holds control, direction or invisible characters, which no member could have typed")
            }
            if let (column, value) = columns.first(where: { !fitsItsLimit($0.1, column: $0.0, of: table) }) {
                let limit = textLimit(of: table, column: column)
                let length = if case .string(let text) = value { text.count } else { 0 }
                throw .badRow(table: table, reason: "\(which): “\(column)” is \(length) characters long, and no member could type more than \(limit)")
            }
            if table == "users", let (_, hash) = columns.first(where: { $0.0 == "password_hash" }), case .string(let encoded) = hash,
               StoredPasswordHash(encoded) == nil {
                throw .badRow(table: table, reason: "\(which): its password hash is not one this shoptalk writes (\(StoredPasswordHash.scheme), \(StoredPasswordHash.iterations) iterations); set the password again after importing instead")
            }
            return columns
        }
    }

    /// Whether a value holds only what the bot itself stores: every text
    /// printable as names are (``TextRules/isPrintable(_:)``), and so are the
    /// texts inside a kept event's payload, which is JSON. History keeps the
    /// names a "clear checked" took one to a line: each line is checked.
    private static func isPrintable(_ value: JSON, column: String, of table: String = "") -> Bool {
        switch value {
        case .string(let text):
            if table == "activity" && column == "item_name" {
                return text.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { TextRules.isPrintable(String($0)) }
            }
            guard TextRules.isPrintable(text) else { return false }
            guard column == "payload", let payload = try? JSONReader.parse(text) else { return true }
            return isPrintable(payload, column: "")
        case .array(let values): return values.allSatisfy { isPrintable($0, column: "") }
        case .object(let members): return members.allSatisfy { TextRules.isPrintable($0.0) && isPrintable($0.1, column: "") }
        default: return true
        }
    }

    /// The longest text a column may hold, in characters: what a member
    /// can type there (a list's name, 100; a note, 200), and for texts the
    /// bot writes itself, a bound well above anything it writes. An imported
    /// 20 MB list name would otherwise stall every member on every line.
    package static func textLimit(of table: String, column: String) -> Int {
        switch (table, column) {
        case ("users", "name"), ("items", "buyer"): UserName.maximumLength
        case ("lists", "name"), ("lists", "name_key"), ("shop_orders", "shop"), ("trips", "shop"): ListName.maximumLength
        case ("items", "name"), ("aisle_choices", "name"): ItemName.maximumLength
        case ("items", "note"): ItemNote.maximumLength
        case ("items", "unit"): ItemUnit.maximumLength
        case ("announcements", "channel"), ("announcements", "channel_key"): ChannelName.maximumMatrixLength
        case ("links", "name"), ("links", "name_key"), ("relays", "name"): 255
        case ("events", "payload"): 16_384
        // A clear_checked keeps every name it took, one to a line.
        case ("activity", "item_name"): (ItemName.maximumLength + 1) * 10_000
        case ("relays", "users"): (UserName.maximumLength + 1) * 1_000
        // Whatever else a member typed came in one line, at most 4,096 bytes.
        default: 4_096
        }
    }

    private static func fitsItsLimit(_ value: JSON, column: String, of table: String) -> Bool {
        guard case .string(let text) = value else { return true }
        let limit = textLimit(of: table, column: column)
        // Counting characters walks the text: a byte count within the limit settles most at once.
        return text.utf8.count <= limit || (text.utf8.count <= limit * 4 && text.count <= limit)
    }

    /// A key as a message shows it: a number as it is, a text in quotes, made printable.
    private static func text(of key: JSON) -> String {
        switch key {
        case .int(let number): String(number)
        case .string(let text): "“" + String(String.UnicodeScalarView(text.unicodeScalars.map { TextRules.isPrintable(String($0)) ? $0 : "\u{FFFD}" })) + "”"
        default: "?"
        }
    }

    /// `INSERT INTO table (a, b) VALUES (?, ?)`, with the engine's placeholders.
    package static func insertStatement(into table: String, columns: [String], placeholder: (Int) -> String) -> String {
        "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(columns.indices.map { placeholder($0 + 1) }.joined(separator: ", ")))"
    }
}

/// Why an export could not be read or put in; nothing was changed.
public enum TransferError: Error, CustomStringConvertible, Equatable {
    case notAnExport(String)
    case otherSchema(found: Int, expected: Int)
    case notEmpty(location: String)
    case badRow(table: String, reason: String)
    /// `import --merge` into PostgreSQL: not built yet.
    case mergeNeedsSQLite(location: String)

    public var description: String {
        switch self {
        case .notAnExport(let why): "not a ShopTalk export: \(why)"
        case .otherSchema(let found, let expected):
            "the export was written with schema \(found), and this shoptalk writes \(expected): import it with a ShopTalk of that version, then upgrade"
        case .notEmpty(let location): "\(StoreLocation.shown(location)) already holds members or lists; import goes into an empty database only (add --merge to add to it), and nothing was changed"
        case .badRow(let table, let reason): "a row of \(table) could not be imported (\(reason)); nothing was changed"
        case .mergeNeedsSQLite(let location):
            "import --merge adds to a SQLite file only for now; \(StoreLocation.shown(location)) is a PostgreSQL database (merge into a SQLite file, then import that into an empty PostgreSQL database)"
        }
    }
}
