import Foundation
import ShopTalkStoreCore
import ShopTalkDomain
import ShopTalkPostgres

/// What the server asks of its store besides commands: logins, relays, IRC
/// links, kept events and history pruning, as on SQLite.
extension PostgresStore {
    public func hasEvents(for name: UserName) throws -> Bool {
        try !connection.query("SELECT 1 FROM events JOIN users ON users.id = events.user_id WHERE users.name = $1 LIMIT 1", [name.value]).values.isEmpty
    }

    public func account(_ name: UserName) throws -> Account? {
        try connection.query("SELECT name, password_hash, language FROM users WHERE name = $1", [name.value]).values.first.map { row in
            Account(name: try UserName(row[0] ?? ""), passwordHash: row[1], language: row[2])
        }
    }

    public func relay(named name: String) throws -> RelayRecord? {
        try connection.query("SELECT name, token_hash, any_user, users FROM relays WHERE name = $1", [name]).values.first.map { row in
            RelayRecord(name: row[0] ?? "", tokenHash: row[1] ?? "", anyUser: row[2] != "0",
                        users: try (row[3] ?? "").split(separator: ",").map { try UserName(String($0)) })
        }
    }

    public func member(linkedAs key: String, on network: String) throws -> UserName? {
        try connection.query(
            "SELECT users.name FROM links JOIN users ON users.id = links.user_id WHERE links.network = $1 AND links.name_key = $2", [network, key]
        ).values.first.map { try UserName($0[0] ?? "") }
    }

    public func addLink(_ member: UserName, network: String, name: String, key: String, at date: Date) throws -> Bool {
        try write { _ in
            let linked = try connection.query(
                """
                INSERT INTO links (user_id, network, name, name_key, created_at) SELECT id, $2, $3, $4, $5 FROM users WHERE name = $1
                ON CONFLICT (network, name_key) DO UPDATE SET user_id = excluded.user_id, name = excluded.name
                """,
                [member.value, network, name, key, .stamp(date)])
            return linked.affected > 0
        }
    }

    public func botState(_ name: String) throws -> String? {
        try connection.query("SELECT value FROM bot_state WHERE name = $1", [name]).values.first?.first ?? nil
    }

    public func keepOutgoing(_ message: OutgoingMessage) throws -> Int64 {
        try write { _ in
            let row = try connection.query("INSERT INTO outbox (sender, target, body, txn, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
                                            [message.sender, message.target, message.body, message.transaction, .stamp(Date())])
            guard let id = row.values.first?.first.flatMap({ $0 }).flatMap({ Int64($0) }) else { throw StoredValueError(value: "an insert that returned no id") }
            return id
        }
    }

    public func outgoing(from sender: String) throws -> [OutgoingMessage] {
        try connection.query("SELECT id, sender, target, body, txn FROM outbox WHERE sender = $1 ORDER BY id", [sender]).values.compactMap { row in
            guard row.count == 5, let id = row[0].flatMap({ Int64($0) }), let sender = row[1], let target = row[2], let body = row[3], let transaction = row[4] else { return nil }
            return OutgoingMessage(id: id, sender: sender, target: target, body: body, transaction: transaction)
        }
    }

    public func removeOutgoing(_ id: Int64) throws {
        _ = try write { _ in try connection.query("DELETE FROM outbox WHERE id = $1", [String(id)]) }
    }

    public func batchOutgoing(_ ids: [Int64], transaction: String) throws {
        _ = try write { _ in
            for id in ids { _ = try connection.query("UPDATE outbox SET txn = $1 WHERE id = $2", [transaction, String(id)]) }
        }
    }

    public func setBotState(_ value: String, for name: String) throws {
        _ = try write { _ in
            try connection.query("INSERT INTO bot_state (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value", [name, value])
        }
    }

    public func pruneHistory(before cutoff: Date, limit: Int) throws -> Int {
        try write { _ in
            try connection.query("DELETE FROM activity WHERE id IN (SELECT id FROM activity WHERE at < $1 ORDER BY id LIMIT $2)",
                                 [.stamp(cutoff), String(limit)]).affected
        }
    }
}

extension PostgresStore: AccountBook {
    public func accounts() throws -> [Account] {
        try connection.query("SELECT name, password_hash, language FROM users ORDER BY name").values.map { row in
            Account(name: try UserName(row[0] ?? ""), passwordHash: row[1], language: row[2])
        }
    }

    public func setPassword(_ hash: String, for name: UserName, at date: Date) throws {
        try write { _ in
            try connection.query("INSERT INTO users (name, created_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [name.value, .stamp(date)])
            try connection.query("UPDATE users SET password_hash = $1 WHERE name = $2", [hash, name.value])
        }
    }

    public func setLanguage(_ language: String?, for name: UserName) throws -> Bool {
        try write { _ in try connection.query("UPDATE users SET language = $1 WHERE name = $2", [language, name.value]).affected > 0 }
    }

    public func removeAccount(_ name: UserName) throws -> Bool {
        try write { _ in try connection.query("DELETE FROM users WHERE name = $1", [name.value]).affected > 0 }
    }

    public func relays() throws -> [RelayRecord] {
        try connection.query("SELECT name FROM relays ORDER BY name").values.compactMap { try relay(named: $0[0] ?? "") }
    }

    public func saveRelay(_ relay: RelayRecord, at date: Date) throws {
        try write { _ in
            _ = try connection.query(
                """
                INSERT INTO relays (name, token_hash, any_user, users, created_at) VALUES ($1, $2, $3, $4, $5)
                ON CONFLICT (name) DO UPDATE SET token_hash = excluded.token_hash, any_user = excluded.any_user, users = excluded.users
                """,
                [relay.name, relay.tokenHash, relay.anyUser ? "1" : "0", relay.users.map(\.value).joined(separator: ","), .stamp(date)])
        }
    }

    public func removeRelay(named name: String) throws -> Bool {
        try write { _ in try connection.query("DELETE FROM relays WHERE name = $1", [name]).affected > 0 }
    }

    public func links() throws -> [Link] {
        try connection.query(
            "SELECT users.name, links.network, links.name FROM links JOIN users ON users.id = links.user_id ORDER BY users.name, links.network, links.name_key"
        ).values.map { Link(member: try UserName($0[0] ?? ""), network: $0[1] ?? "", name: $0[2] ?? "") }
    }

    public func removeLink(network: String, key: String) throws -> Bool {
        try write { _ in try connection.query("DELETE FROM links WHERE network = $1 AND name_key = $2", [network, key]).affected > 0 }
    }
}

extension PostgresStore {
    /// What `shoptalk info` tells of a PostgreSQL database, read without
    /// migrating it: nil when ShopTalk has not made its tables there yet.
    public static func inspect(url: String) throws -> Inspection? {
        let connection = try PostgresConnection(url: url)
        guard try connection.query("SELECT to_regclass('shoptalk_schema') IS NOT NULL").values.first?.first == "t" else { return nil }
        let row = try connection.query(
            "SELECT (SELECT max(version) FROM shoptalk_schema), (SELECT count(*) FROM users), (SELECT count(*) FROM lists), (SELECT count(*) FROM items)"
        ).values.first ?? []
        func number(_ index: Int) -> Int { row.indices.contains(index) ? Int(row[index] ?? "0") ?? 0 : 0 }
        return Inspection(schemaVersion: number(0), members: number(1), lists: number(2), items: number(3))
    }
}
