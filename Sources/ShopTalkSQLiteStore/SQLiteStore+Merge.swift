import Foundation
import ShopTalkStoreCore
import ShopTalkDomain
import ShopTalkJSON

/// `shoptalk import --merge`: an export added to a database that already
/// holds a household, in one transaction, overwriting nothing.
///
/// Every row gets a new identity, and every reference to another row (an
/// item's list, a share's member, ...) follows it, as the schema's foreign
/// keys say. A member already here by name is the same person: their row,
/// password and language stay as they are, and what the export holds of
/// theirs becomes theirs. A list whose owner already has one of that name
/// comes in beside it as "Groceries (imported)". What is already here by its
/// unique key (a share code, a relay, an IRC name, a mute) is kept, and the
/// export's copy left out.
///
/// An export may come from anyone, and a member named like one here is taken
/// for them: its relays and links (an IRC nick, a Matrix user) would speak
/// for that member. They are left out unless the merge is asked to bring
/// them (`includeAccess`), and the summary names every row that gives
/// access: relays and links brought, passwords kept or ignored.
extension SQLiteStore {
    public struct MergeSummary: Equatable, Sendable {
        /// Members new to this database, and those who were here already.
        public var newMembers = 0, knownMembers = 0
        public var lists = 0, items = 0
        /// Lists that came in under another name.
        public var renamedLists: [Renamed] = []
        /// Rows left out because the same was here already, by table.
        public var leftOut: [String: Int] = [:]
        /// Relays and links left out because access was not asked for, by table.
        public var accessLeftOut: [String: Int] = [:]
        /// Lines another household confirmed, left out: what it taught its
        /// reader ("bung X on Y" is an add) is not what this one meant, and
        /// a phrasing taught is acted on without a question.
        public var learnedLeftOut = 0
        /// Relays brought in: their names and whom they speak for ("*": any member).
        public var relays: [(name: String, speaksFor: String)] = []
        /// Links brought in: the member and the identity ("irc-account:ana").
        public var links: [(member: String, identity: String)] = []
        /// New members who came with a password (it works here now), and
        /// members already here whose password in the export was ignored.
        public var passwordsKept: [String] = [], passwordsIgnored: [String] = []
        /// Share codes brought in: anyone who knows one may join its list.
        public var shareCodes = 0

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.newMembers == rhs.newMembers && lhs.knownMembers == rhs.knownMembers && lhs.lists == rhs.lists && lhs.items == rhs.items
                && lhs.renamedLists == rhs.renamedLists && lhs.leftOut == rhs.leftOut && lhs.accessLeftOut == rhs.accessLeftOut && lhs.learnedLeftOut == rhs.learnedLeftOut
                && lhs.relays.map(\.name) == rhs.relays.map(\.name) && lhs.relays.map(\.speaksFor) == rhs.relays.map(\.speaksFor)
                && lhs.links.map(\.member) == rhs.links.map(\.member) && lhs.links.map(\.identity) == rhs.links.map(\.identity)
                && lhs.passwordsKept == rhs.passwordsKept && lhs.passwordsIgnored == rhs.passwordsIgnored && lhs.shareCodes == rhs.shareCodes
        }

        public struct Renamed: Equatable, Sendable {
            public let from: String
            public let to: String
        }
    }

    public func mergeExport(_ document: JSON, includeAccess: Bool = false) throws -> MergeSummary {
        let tables = try Transfer.tables(of: document, schema: Self.schemaVersion)
        defer { cache.removeAll() }
        return try database.transaction {
            try database.execute("PRAGMA defer_foreign_keys = ON")
            var summary = MergeSummary()
            /// Exported identity → identity here, by table.
            var identities: [String: [Int: Int64]] = [:]
            /// New members' default lists, set once the lists are in.
            var defaultLists: [(member: Int64, exported: Int)] = []
            for (table, _) in Transfer.tables {
                let references = try foreignKeys(of: table)
                let rows = try Transfer.rows(of: table, in: tables)
                if table == "learned" {
                    summary.learnedLeftOut = rows.count
                    continue
                }
                if !includeAccess && Self.accessTables.contains(table) {
                    if !rows.isEmpty { summary.accessLeftOut[table] = rows.count }
                    continue
                }
                for var columns in rows {
                    let exportedID = columns.first { $0.0 == "id" }.flatMap { if case .int(let id) = $0.1 { id } else { nil } }
                    // A reference to a row the export does not hold is refused, as a plain import's would be.
                    for index in columns.indices {
                        guard let parent = references[columns[index].0], case .int(let old) = columns[index].1 else { continue }
                        if table == "users" { continue } // the default list: set below, once lists are in
                        guard let new = identities[parent]?[old] else {
                            throw TransferError.badRow(table: table, reason: "“\(columns[index].0)” names a row of \(parent) the export does not hold")
                        }
                        columns[index].1 = .int(Int(new))
                    }
                    if exportedID != nil { columns.removeAll { $0.0 == "id" } }
                    /// A new member's default list, pointed at once the lists are in.
                    var defaultList: Int?
                    switch table {
                    case "users":
                        guard case .string(let name)? = columns.first(where: { $0.0 == "name" })?.1 else {
                            throw TransferError.badRow(table: table, reason: "a member without a name")
                        }
                        let hasPassword = columns.contains { $0.0 == "password_hash" && $0.1 != .null }
                        if let known = try database.query("SELECT id FROM users WHERE name = ?", [.text(name)], row: { $0.int(0) }).first {
                            if let exportedID { identities[table, default: [:]][exportedID] = known }
                            summary.knownMembers += 1
                            if hasPassword { summary.passwordsIgnored.append(name) }
                            continue
                        }
                        if hasPassword { summary.passwordsKept.append(name) }
                        if case .int(let list)? = columns.first(where: { $0.0 == "default_list_id" })?.1 {
                            columns.removeAll { $0.0 == "default_list_id" }
                            defaultList = list
                        }
                        summary.newMembers += 1
                    case "lists":
                        try renameIfTaken(&columns, summary: &summary)
                        summary.lists += 1
                    case "items":
                        summary.items += 1
                    default:
                        break
                    }
                    guard let new = try insert(columns, into: table) else {
                        guard ["share_codes", "relays", "links", "mutes", "announcements", "shares"].contains(table) else {
                            throw TransferError.badRow(table: table, reason: "it is there already")
                        }
                        summary.leftOut[table, default: 0] += 1
                        continue
                    }
                    if let exportedID { identities[table, default: [:]][exportedID] = new }
                    if let defaultList { defaultLists.append((new, defaultList)) }
                    try noteAccess(table, columns, in: &summary)
                }
            }
            for (member, exported) in defaultLists {
                guard let list = identities["lists"]?[exported] else {
                    throw TransferError.badRow(table: "users", reason: "a default list the export does not hold")
                }
                try database.run("UPDATE users SET default_list_id = ? WHERE id = ?", [.integer(list), .integer(member)])
            }
            return summary
        }
    }

    /// The tables whose rows let someone speak for a member.
    static let accessTables: Set<String> = ["relays", "links"]

    /// A row that gives access, as the summary names it.
    private func noteAccess(_ table: String, _ columns: [(String, JSON)], in summary: inout MergeSummary) throws {
        func text(_ name: String) -> String? { if case .string(let value)? = columns.first(where: { $0.0 == name })?.1 { value } else { nil } }
        switch table {
        case "relays":
            let anyone = columns.contains { $0.0 == "any_user" && $0.1 != .int(0) && $0.1 != .null }
            let users = (text("users") ?? "").split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" }).joined(separator: ", ")
            summary.relays.append((text("name") ?? "?", anyone ? "*" : users))
        case "links":
            guard case .int(let member)? = columns.first(where: { $0.0 == "user_id" })?.1 else { return }
            let name = try database.query("SELECT name FROM users WHERE id = ?", [.integer(Int64(member))], row: { $0.text(0) }).first ?? "?"
            summary.links.append((name, "\(text("network") ?? "?"):\(text("name") ?? "?")"))
        case "share_codes":
            summary.shareCodes += 1
        default:
            break
        }
    }

    /// Column → the table it refers to, as the schema declares.
    private func foreignKeys(of table: String) throws -> [String: String] {
        let statement = try Statement(sql: "PRAGMA foreign_key_list(\(table))", connection: database.handle)
        var keys: [String: String] = [:]
        while try statement.step() { keys[statement.text(3)] = statement.text(2) }
        return keys
    }

    /// "Groceries (imported)", then "(imported 2)", ... when the owner has a list of that name already.
    private func renameIfTaken(_ columns: inout [(String, JSON)], summary: inout MergeSummary) throws {
        guard case .string(let name)? = columns.first(where: { $0.0 == "name" })?.1,
              case .int(let owner)? = columns.first(where: { $0.0 == "owner_id" })?.1 else {
            throw TransferError.badRow(table: "lists", reason: "a list without a name or an owner")
        }
        func taken(_ candidate: String) throws -> Bool {
            try database.scalar("SELECT count(*) FROM lists WHERE owner_id = ? AND name_key = ?", [.integer(Int64(owner)), .text(ListName(stored: candidate).key)]) != 0
        }
        guard try taken(name) else { return }
        var number = 1
        var renamed = "\(name) (imported)"
        while try taken(renamed) {
            number += 1
            renamed = "\(name) (imported \(number))"
        }
        for index in columns.indices where columns[index].0 == "name" { columns[index].1 = .string(renamed) }
        for index in columns.indices where columns[index].0 == "name_key" { columns[index].1 = .string(ListName(stored: renamed).key) }
        summary.renamedLists.append(.init(from: name, to: renamed))
    }
}
