import Foundation
import ShopTalkDomain
import ShopTalkPostgres

/// News between servers sharing one PostgreSQL database: after a commit
/// left events for members, a server says so on a channel
/// (`NOTIFY shoptalk_events`, payload: the server's id and the members'
/// names, never the events themselves), and every other server, listening
/// on a connection of its own, delivers those members' events from the
/// table to their connections there. Events a server misses while down stay
/// in the table, and reach each member with their next line, as for
/// members who were away.
///
/// One thread reads it (the server's listener thread), and no other.
public final class OtherServers: @unchecked Sendable {
    static let channel = "shoptalk_events"
    private let url: String
    private var connection: PostgresConnection?
    /// Whose news this is: a server ignores its own.
    let instance: String

    init(url: String, instance: String) {
        self.url = url
        self.instance = instance
    }

    /// The members other servers left events for, waiting up to `timeout`
    /// seconds; none when nothing came. A lost connection is made again on
    /// the next call.
    public func next(waitingUpTo timeout: Double) -> [UserName] {
        do {
            if connection?.isOpen != true {
                let made = try PostgresConnection(url: url)
                try made.execute("LISTEN \(Self.channel)")
                connection = made
            }
            guard let connection else { return [] }
            return try connection.notifications(waitingUpTo: timeout).flatMap { payload -> [UserName] in
                let parts = payload.split(separator: " ", maxSplits: 1)
                guard parts.count == 2, parts[0] != instance else { return [] }
                return parts[1].split(separator: ",").compactMap { try? UserName(String($0)) }
            }
        } catch {
            connection = nil
            Thread.sleep(forTimeInterval: min(timeout, 1))
            return []
        }
    }

    /// `NOTIFY` payloads are at most 8,000 bytes: long lists of names go in several.
    static func payloads(for members: [UserName], from instance: String) -> [String] {
        var payloads: [String] = [], current: [String] = [], size = 0
        for member in members {
            if size + member.value.utf8.count + 1 > 7_000, !current.isEmpty {
                payloads.append(instance + " " + current.joined(separator: ","))
                current = []
                size = 0
            }
            current.append(member.value)
            size += member.value.utf8.count + 1
        }
        if !current.isEmpty { payloads.append(instance + " " + current.joined(separator: ",")) }
        return payloads
    }
}

extension PostgresStore {
    /// Tells the other servers on this database that `members` have new events.
    func tellOtherServers(_ members: [UserName], instance: String) {
        for payload in OtherServers.payloads(for: members, from: instance) {
            // Best effort: a member not told now gets the events with their next line.
            _ = try? connection.query("SELECT pg_notify($1, $2)", [OtherServers.channel, payload])
        }
    }
}
