import Foundation
import ShopTalkStoreCore
import ShopTalkDomain
import ShopTalkPostgres

/// A household's data on PostgreSQL: one connection, for one thread, whose
/// schema is brought up to date on opening (``PostgresSchema``).
///
/// Commands that arrive together commit together (``batch(_:)``), each in a
/// savepoint of its own, as on SQLite: one commit, one flush of the WAL, for
/// all of them, and every reply only after it.
///
/// Two servers may change one list at once: a command that reads a list's
/// items first locks the list's row (``PostgresRepository/items(in:)``), so
/// the other waits, then reads what the first committed. No update is lost
/// (both add eggs: 2 eggs), at PostgreSQL's default isolation, READ
/// COMMITTED. A command caught in a deadlock (two servers moving items
/// between the same two lists, the other way round), or kept waiting for a
/// lock longer than ``lockTimeout``, is rolled back to its savepoint and run
/// again. Inside a batch, the commands before it are committed first, so
/// that the locks they hold go: two batches (two servers, or two store
/// threads) that each hold a list the other waits for would otherwise wait
/// for each other until PostgreSQL's deadlock check, a second later, and
/// again on every try. Their answers still wait for the batch's last commit.
///
/// Events a batch leaves for members are announced to the other servers on
/// the database just before it commits (``OtherServers``).
public final class PostgresStore {
    public let url: String
    let connection: PostgresConnection
    /// This process among those sharing the database: it ignores its own news.
    package let instance: String
    /// Events written in the open batch and not yet handed out.
    let newEvents = NewEvents()
    /// How many times a command is run before a deadlock is reported.
    static let attempts = 10
    /// How long a statement in a batch waits for another transaction's lock
    /// before the batch lets go of its own (see above). Short: a batch on a
    /// busy list holds it for as long as the batch takes, and the others wait.
    static let lockTimeout = "20ms"
    /// Inside ``batch(_:)``: commands open savepoints, not transactions.
    private var inBatch = false

    /// Connects and migrates: an unreachable server or a newer schema is a ``PostgresError``.
    public init(url: String, instance: String = UUID().uuidString) throws(PostgresError) {
        self.url = url
        self.instance = instance
        connection = try PostgresConnection(url: url)
        try PostgresSchema.migrate(connection)
        try startSession()
    }

    /// What each session (each connection, and each again after a reconnect) is told first.
    private func startSession() throws(PostgresError) {
        try connection.execute("SET lock_timeout = '\(Self.lockTimeout)'")
    }

    /// A connection lost earlier (the server restarted, the network went) is
    /// made again; while it cannot be, every command fails, and nothing is confirmed.
    func reconnectIfLost() throws(PostgresError) {
        guard !connection.isOpen else { return }
        try connection.reconnect()
        try startSession()
    }

    /// Runs `body` — commands, each a ``write(journal:_:)`` — in one
    /// transaction, committed when it returns, rolled back when it throws.
    public func batch<T>(_ body: () throws -> T) throws -> T {
        if inBatch { return try body() }
        try reconnectIfLost()
        try connection.execute("BEGIN")
        inBatch = true
        newEvents.ids = []
        defer { inBatch = false }
        do {
            let value = try body()
            try tellOtherServers()
            try connection.execute("COMMIT")
            return value
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` all or nothing: in a savepoint inside a batch, else in a
    /// transaction of its own, committed when it returns. Run again when
    /// PostgreSQL chose it to end a deadlock, or it waited out ``lockTimeout``
    /// (after the batch so far commits: see the type's comment).
    public func write<T>(journal: WriteJournal? = nil, _ body: (PostgresRepository) throws -> T) throws -> T {
        if !inBatch {
            return try batch { try write(journal: journal, body) }
        }
        var attempt = 0
        while true {
            attempt += 1
            try connection.execute("SAVEPOINT command")
            let eventsBefore = newEvents.ids
            do {
                let value = try body(PostgresRepository(connection: connection, journal: journal, newEvents: newEvents))
                try connection.execute("RELEASE SAVEPOINT command")
                return value
            } catch {
                try? connection.execute("ROLLBACK TO SAVEPOINT command")
                try? connection.execute("RELEASE SAVEPOINT command")
                newEvents.ids = eventsBefore
                guard let failure = error as? PostgresError, failure.isRetryable, attempt < Self.attempts else { throw error }
                journal?.reset()
                // The commands before it let go of their locks (see above); holding
                // none, it may then wait as long as the lock takes (a deadlock is still caught).
                try tellOtherServers()
                try connection.execute("COMMIT")
                try connection.execute("BEGIN")
                try connection.execute("SET LOCAL lock_timeout = 0")
                newEvents.ids = []
                // The two that collided wait a little, each a different while, so they do not collide again.
                Thread.sleep(forTimeInterval: Double.random(in: 0...min(0.000_5 * Double(1 << min(attempt, 7)), 0.05)))
            }
        }
    }

    /// Inside the batch, before it commits: the other servers on this
    /// database hear of the events it wrote and did not hand out, from
    /// PostgreSQL, when (and only if) it commits.
    private func tellOtherServers() throws {
        guard !newEvents.ids.isEmpty else { return }
        for payload in OtherServers.payloads(for: newEvents.ids, from: instance) {
            try connection.query("SELECT pg_notify($1, $2)", [OtherServers.channel, payload])
        }
    }

    /// Whose events these are, of those still waiting: what another server
    /// told of, to be delivered to connections here.
    public func recipients(ofEvents ids: [Int64]) throws -> [UserName] {
        try connection.query(
            "SELECT DISTINCT users.name FROM events JOIN users ON users.id = events.user_id WHERE events.id = ANY($1::bigint[])",
            ["{" + ids.map(String.init).joined(separator: ",") + "}"]
        ).values.map { UserName(stored: $0[0] ?? "") }
    }

    /// The server process of the store's connection (for tests that drop it).
    public var serverProcessID: Int32 { connection.serverProcessID }
}
