import Foundation
import ShopTalkStoreCore
import ShopTalkDomain
import ShopTalkPostgres

/// News between servers sharing one PostgreSQL database. A transaction that
/// leaves events for members says so on a channel before it commits
/// (`NOTIFY shoptalk_events`, payload: the writer's id and the new events'
/// ids, never their text), and PostgreSQL passes it on only if it commits.
/// Every other server, listening on a connection of its own, looks up whose
/// events those are and delivers them from the table to the members'
/// connections there. Events a server misses while down stay in the table,
/// and reach each member with their next line, as for members who were away.
///
/// One thread reads it (the server's listener thread), and no other.
public final class OtherServers: @unchecked Sendable {
    static let channel = "shoptalk_events"
    private let url: String
    private var connection: PostgresConnection?
    /// Whose news this is: a server ignores its own, which it delivered as it committed.
    package let instance: String

    package init(url: String, instance: String) {
        self.url = url
        self.instance = instance
    }

    /// The ids of events other servers wrote, waiting up to `timeout`
    /// seconds; none when nothing came. A lost connection is made again on
    /// the next call.
    public func next(waitingUpTo timeout: Double) -> [Int64] {
        do {
            if connection?.isOpen != true {
                let made = try PostgresConnection(url: url)
                try made.execute("LISTEN \(Self.channel)")
                connection = made
            }
            guard let connection else { return [] }
            return try connection.notifications(waitingUpTo: timeout).flatMap { Self.eventIDs(in: $0, unlessFrom: instance) }
        } catch {
            connection = nil
            Thread.sleep(forTimeInterval: min(timeout, 1))
            return []
        }
    }

    /// `NOTIFY` payloads are at most 8,000 bytes: many ids go in several.
    static func payloads(for eventIDs: [Int64], from instance: String) -> [String] {
        var payloads: [String] = [], current = ""
        for id in eventIDs {
            if current.utf8.count > 7_000 {
                payloads.append(instance + " " + current)
                current = ""
            }
            current += current.isEmpty ? String(id) : "," + String(id)
        }
        if !current.isEmpty { payloads.append(instance + " " + current) }
        return payloads
    }

    /// The ids a payload names, none when this server sent it or it is not one of ours.
    static func eventIDs(in payload: String, unlessFrom instance: String) -> [Int64] {
        let parts = payload.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0] != instance else { return [] }
        return parts[1].split(separator: ",").compactMap { Int64($0) }
    }
}

/// The events a batch wrote and did not hand out itself: the ones to tell
/// the other servers of when it commits.
final class NewEvents {
    var ids: [Int64] = []
}
