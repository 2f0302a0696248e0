import Foundation
import ShopTalkDomain
import ShopTalkPostgres

/// A household's data on PostgreSQL: one connection, for one thread, whose
/// schema is brought up to date on opening (``PostgresSchema``).
///
/// Every command runs in a SERIALIZABLE transaction: when two servers change
/// the same rows at once (both add eggs to the list), PostgreSQL lets one
/// commit and tells the other, whose whole command then runs again on what
/// the first committed. No update is lost, and a reply is only ever written
/// for a commit.
public final class PostgresStore {
    public let url: String
    let connection: PostgresConnection
    /// How many times a command is run before a conflict is reported.
    static let attempts = 30

    /// Connects and migrates: an unreachable server or a newer schema is a ``PostgresError``.
    public init(url: String) throws(PostgresError) {
        self.url = url
        connection = try PostgresConnection(url: url)
        try PostgresSchema.migrate(connection)
    }

    /// Runs `body` in one transaction, committed when it returns; rolled
    /// back when it throws, and run again when PostgreSQL found it in
    /// conflict with another transaction.
    public func write<T>(journal: WriteJournal? = nil, _ body: (PostgresRepository) throws -> T) throws -> T {
        var attempt = 0
        // A connection lost earlier (the server restarted, the network went) is made again first;
        // while it cannot be, every command fails, and nothing is confirmed.
        if !connection.isOpen { try connection.reconnect() }
        while true {
            attempt += 1
            try connection.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
            do {
                let value = try body(PostgresRepository(connection: connection, journal: journal))
                try connection.execute("COMMIT")
                return value
            } catch let error as PostgresError where error.isRetryable && attempt < Self.attempts {
                try? connection.execute("ROLLBACK")
                journal?.reset()
                // Those that collided wait a little, each a different while, so they do not collide again.
                let ceiling = min(0.000_5 * Double(1 << min(attempt, 7)), 0.05)
                Thread.sleep(forTimeInterval: Double.random(in: 0...ceiling))
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// The server process of the store's connection (for tests that drop it).
    public var serverProcessID: Int32 { connection.serverProcessID }
}
