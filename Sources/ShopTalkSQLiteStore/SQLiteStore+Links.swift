import Foundation
import ShopTalkStoreCore
import ShopTalkDomain


extension SQLiteStore: AccountBook {
    /// Links `member` to `name` on `network`, compared as `key` (the
    /// network's folding of the name). Returns false when there is no such
    /// member; an identity linked to another member is moved, as whoever
    /// runs the household says so.
    public func addLink(_ member: UserName, network: String, name: String, key: String, at date: Date) throws -> Bool {
        try database.transaction {
            guard let id = try database.scalar("SELECT id FROM users WHERE name = ?", [.text(member.value)]) else { return false }
            try database.run(
                """
                INSERT INTO links (user_id, network, name, name_key, created_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (network, name_key) DO UPDATE SET user_id = excluded.user_id, name = excluded.name
                """,
                [.integer(id), .text(network), .text(name), .text(key), .stamp(date)])
            return true
        }
    }

    /// Removes the link of `key` on `network`; false when there was none.
    public func removeLink(network: String, key: String) throws -> Bool {
        try database.transaction {
            try database.run("DELETE FROM links WHERE network = ? AND name_key = ?", [.text(network), .text(key)])
            return database.changes > 0
        }
    }

    /// The member `key` speaks for on `network`, if it is linked.
    public func member(linkedAs key: String, on network: String) throws -> UserName? {
        try database.query(
            "SELECT users.name FROM links JOIN users ON users.id = links.user_id WHERE links.network = ? AND links.name_key = ?",
            [.text(network), .text(key)]) { row in try UserName(row.text(0)) }.first
    }

    /// Every link, by member then network and name.
    public func links() throws -> [Link] {
        try database.query(
            "SELECT users.name, links.network, links.name FROM links JOIN users ON users.id = links.user_id ORDER BY users.name, links.network, links.name_key"
        ) { row in Link(member: try UserName(row.text(0)), network: row.text(1), name: row.text(2)) }
    }

    public func botState(_ name: String) throws -> String? {
        try database.query("SELECT value FROM bot_state WHERE name = ?", [.text(name)]) { row in row.text(0) }.first
    }

    public func keepOutgoing(_ message: OutgoingMessage) throws -> Int64 {
        try database.transaction {
            try database.run("INSERT INTO outbox (sender, target, body, txn, created_at) VALUES (?, ?, ?, ?, ?)",
                             [.text(message.sender), .text(message.target), .text(message.body), .text(message.transaction), .stamp(Date())])
            return database.lastInsertedRowID
        }
    }

    public func outgoing(from sender: String) throws -> [OutgoingMessage] {
        try database.query("SELECT id, sender, target, body, txn FROM outbox WHERE sender = ? ORDER BY id", [.text(sender)]) { row in
            OutgoingMessage(id: row.int(0), sender: row.text(1), target: row.text(2), body: row.text(3), transaction: row.text(4))
        }
    }

    public func removeOutgoing(_ id: Int64) throws {
        try database.transaction { try database.run("DELETE FROM outbox WHERE id = ?", [.integer(id)]) }
    }

    public func batchOutgoing(_ ids: [Int64], transaction: String) throws {
        try database.transaction {
            for id in ids { try database.run("UPDATE outbox SET txn = ? WHERE id = ?", [.text(transaction), .integer(id)]) }
        }
    }

    public func setBotState(_ value: String, for name: String) throws {
        try database.transaction {
            try database.run("INSERT INTO bot_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                             [.text(name), .text(value)])
        }
    }
}
