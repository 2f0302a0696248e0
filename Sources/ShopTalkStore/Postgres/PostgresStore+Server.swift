import Foundation
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

    public func pruneHistory(before cutoff: Date, limit: Int) throws -> Int {
        try write { _ in
            try connection.query("DELETE FROM activity WHERE id IN (SELECT id FROM activity WHERE at < $1 ORDER BY id LIMIT $2)",
                                 [.stamp(cutoff), String(limit)]).affected
        }
    }
}
