import CSQLite
import Foundation
import ShopTalkStoreCore
import ShopTalkDomain

/// The ShopTalk database: one SQLite file in WAL mode with full fsync, opened
/// and migrated at start.
///
/// Owned by one thread or actor at a time, like the connection inside it.
public final class SQLiteStore {
    public let path: String
    let database: Database
    /// Rows read or written lately, kept true across transactions (see ``RowCache``).
    let cache = RowCache()
    /// The file's identity when opened, to notice it was deleted or replaced under us.
    private let identity: (device: UInt64, inode: UInt64)?

    /// Opens the database at `path`, creating its folder and file on first
    /// run, and brings its schema up to date. A foreign, damaged or newer file
    /// is refused before anything is written to it.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 5_000) throws(StoreError) {
        self.path = path
        let inMemory = StoreLocation.isInMemory(path)
        if !inMemory {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                // A new folder is the owner's alone, as the file is (see `Database`).
                if !FileManager.default.fileExists(atPath: folder.path) {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                }
            } catch {
                throw .cannotOpen(path: path, reason: "cannot create \(folder.path): \(error.localizedDescription)")
            }
        }
        do {
            database = try Database(path: path)
            sqlite3_busy_timeout(database.handle, busyTimeoutMilliseconds)
        } catch {
            throw .cannotOpen(path: path, reason: error.message)
        }
        identity = inMemory ? nil : Self.fileIdentity(path)
        try Self.checkIdentity(of: database, at: path)
        do {
            if !inMemory { try database.execute("PRAGMA journal_mode = WAL") }
            try database.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")
            try migrate()
        } catch {
            throw .cannotOpen(path: path, reason: (error as? SQLiteError)?.message ?? "\(error)")
        }
    }

    /// Files of the database others could read, made private as it opened (see ``Database/tightened``).
    public var permissionsTightened: [String] { database.tightened }

    /// Closes the store now rather than when the last reference goes, for
    /// a shutdown that may end the process right after. It may not be used after.
    public func close() {
        database.close()
    }

    /// The schema version this binary writes.
    public static var schemaVersion: Int { Schema.version }

    /// The schema version of the open file.
    public func fileSchemaVersion() throws -> Int {
        Int(try database.scalar("PRAGMA user_version") ?? 0)
    }

    /// Runs one command as one transaction: its changes are committed before
    /// this returns, or none are made and the error is rethrown. Inside
    /// ``batch(_:)`` it is all-or-nothing too, but committed with the batch.
    /// With a `journal`, the command's writes are noted in it (for "undo").
    public func write<T>(journal: WriteJournal? = nil, _ body: (SQLiteRepository) throws -> T) throws -> T {
        let outermost = !database.isInTransaction
        if outermost { try checkFileIsStillThere() }
        do {
            return try database.transaction {
                if outermost { try beginCache() }
                return try body(SQLiteRepository(database: database, cache: cache, journal: journal))
            }
        } catch {
            cache.removeAll() // rolled back: what it remembered of the command may be undone
            throw error
        }
    }

    /// At the start of a transaction: the cache stays only if no other connection has committed since.
    private func beginCache() throws {
        cache.begin(dataVersion: try database.scalar("PRAGMA data_version") ?? 0)
    }

    /// A database file deleted (or its folder removed) while open keeps
    /// accepting writes into a file nobody will ever read again: refuse them.
    func checkFileIsStillThere() throws(StoreFault) {
        guard let identity else { return }
        guard let now = Self.fileIdentity(path), now == identity else { throw .fileGone(path: path) }
    }

    private static func fileIdentity(_ path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// Group commit: runs several commands (each calling ``write(_:)``) in one
    /// transaction and one fsync. Nothing of the batch is durable, and no
    /// reply may confirm anything, until this returns; if the commit fails it
    /// throws, and none of it happened.
    public func batch<T>(_ body: () throws -> T) throws -> T {
        try checkFileIsStillThere()
        do {
            return try database.transaction {
                try beginCache()
                return try body()
            }
        } catch {
            cache.removeAll()
            throw error
        }
    }

    /// Refuses, before writing anything, a file that is not ours, is damaged,
    /// or comes from a newer ShopTalk.
    private static func checkIdentity(of database: Database, at path: String) throws(StoreError) {
        let applicationID: Int64, version: Int64, objects: Int64
        do {
            applicationID = try database.scalar("PRAGMA application_id") ?? 0
            version = try database.scalar("PRAGMA user_version") ?? 0
            objects = try database.scalar("SELECT count(*) FROM sqlite_schema") ?? 0
        } catch {
            switch error.primaryCode {
            case SQLITE_NOTADB: throw .notShopTalkDatabase(path: path)
            case SQLITE_CORRUPT: throw .corrupt(path: path, reason: error.message)
            default: throw .cannotOpen(path: path, reason: error.message)
            }
        }
        let isFresh = applicationID == 0 && version == 0 && objects == 0
        guard applicationID == Schema.applicationID || isFresh else { throw .notShopTalkDatabase(path: path) }
        guard version <= Schema.version else {
            throw .newerSchema(path: path, found: Int(version), supported: Schema.version)
        }
        if !isFresh {
            let verdict = (try? database.query("PRAGMA quick_check") { $0.text(0) }) ?? ["unreadable"]
            guard verdict == ["ok"] else { throw .corrupt(path: path, reason: verdict.prefix(3).joined(separator: "; ")) }
        }
    }

    /// Looks at the database at `path` without changing anything: no folder
    /// or file is made, no migration runs. Nil when there is no file yet
    /// (or the path is `:memory:`); a foreign, damaged or newer file is refused as on opening.
    public static func inspect(path: String) throws(StoreError) -> Inspection? {
        guard !StoreLocation.isInMemory(path), FileManager.default.fileExists(atPath: path) else { return nil }
        let database: Database
        do {
            database = try Database(path: path, readOnly: true)
        } catch {
            throw .cannotOpen(path: path, reason: error.message)
        }
        defer { database.close() }
        try checkIdentity(of: database, at: path)
        do {
            let version = Int(try database.scalar("PRAGMA user_version") ?? 0)
            func count(_ table: StaticString) throws -> Int {
                version == 0 ? 0 : Int(try database.scalar(table) ?? 0)
            }
            return Inspection(
                schemaVersion: version, members: try count("SELECT count(*) FROM users"),
                lists: try count("SELECT count(*) FROM lists"), items: try count("SELECT count(*) FROM items"))
        } catch {
            throw .cannotOpen(path: path, reason: (error as? SQLiteError)?.message ?? "\(error)")
        }
    }

    /// Applies each missing migration in its own transaction. The version is
    /// read again under the write lock, so two processes starting together on
    /// a new file migrate it once.
    private func migrate() throws {
        while true {
            let done = try database.transaction { () throws -> Bool in
                let version = Int(try database.scalar("PRAGMA user_version") ?? 0)
                guard version < Schema.version else { return true }
                try database.execute(Schema.migrations[version])
                try database.execute("PRAGMA user_version = \(version + 1); PRAGMA application_id = \(Schema.applicationID);")
                return false
            }
            if done { return }
        }
    }
}

@available(*, unavailable)
extension SQLiteStore: Sendable {}

// MARK: - Events

extension SQLiteStore {
    /// Whether any event waits for the member: a read, so the common case opens no savepoint.
    public func hasEvents(for name: UserName) throws -> Bool {
        // Outside a transaction another connection may have written since the cache was last checked.
        let user = database.isInTransaction ? cache.users[name] : nil
        if let user, cache.withoutEvents.contains(user.id) { return false }
        let found = try database.scalar(
            "SELECT 1 FROM events JOIN users ON users.id = events.user_id WHERE users.name = ? LIMIT 1", [.text(name.value)]) != nil
        if !found, let user { cache.rememberNoEvents(for: user.id) }
        return found
    }
}

// MARK: - Accounts

extension SQLiteStore {
    public func accounts() throws -> [Account] {
        try database.query("SELECT name, password_hash, language FROM users ORDER BY name") { row in
            Account(name: try UserName(row.text(0)), passwordHash: row.optionalText(1), language: row.optionalText(2))
        }
    }

    public func account(_ name: UserName) throws -> Account? {
        try database.query("SELECT name, password_hash, language FROM users WHERE name = ?", [.text(name.value)]) { row in
            Account(name: try UserName(row.text(0)), passwordHash: row.optionalText(1), language: row.optionalText(2))
        }.first
    }

    /// Creates the member, or sets the password of an existing one.
    public func setPassword(_ hash: String, for name: UserName, at date: Date) throws {
        try database.transaction {
            try database.run("INSERT INTO users (name, created_at) VALUES (?, ?) ON CONFLICT (name) DO NOTHING", [.text(name.value), .stamp(date)])
            try database.run("UPDATE users SET password_hash = ? WHERE name = ?", [.text(hash), .text(name.value)])
        }
    }

    /// Sets the language an existing member is spoken to in (nil: the
    /// server's default); returns false when there is no such member.
    public func setLanguage(_ language: String?, for name: UserName) throws -> Bool {
        defer { cache.removeAll() } // the cached user row has the old language
        return try database.transaction {
            try database.run("UPDATE users SET language = ? WHERE name = ?", [language.map(SQLValue.text) ?? .null, .text(name.value)])
            return database.changes > 0
        }
    }

    /// Removes a member with their lists and shares; returns false when there was none.
    public func removeAccount(_ name: UserName) throws -> Bool {
        defer { cache.removeAll() } // their lists, items, shares and events went with them
        return try database.transaction {
            try database.run("DELETE FROM users WHERE name = ?", [.text(name.value)])
            return database.changes > 0
        }
    }

    public func relays() throws -> [RelayRecord] {
        try database.query("SELECT name, token_hash, any_user, users FROM relays ORDER BY name", row: Self.relay)
    }

    public func relay(named name: String) throws -> RelayRecord? {
        try database.query("SELECT name, token_hash, any_user, users FROM relays WHERE name = ?", [.text(name)], row: Self.relay).first
    }

    /// Adds or replaces a relay.
    public func saveRelay(_ relay: RelayRecord, at date: Date) throws {
        try database.transaction {
            try database.run(
                """
                INSERT INTO relays (name, token_hash, any_user, users, created_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET token_hash = excluded.token_hash, any_user = excluded.any_user, users = excluded.users
                """,
                [.text(relay.name), .text(relay.tokenHash), SQLValue(relay.anyUser), .text(relay.users.map(\.value).joined(separator: ",")), .stamp(date)])
        }
    }

    public func removeRelay(named name: String) throws -> Bool {
        try database.transaction {
            try database.run("DELETE FROM relays WHERE name = ?", [.text(name)])
            return database.changes > 0
        }
    }

    private static func relay(_ row: Statement) throws -> RelayRecord {
        RelayRecord(
            name: row.text(0), tokenHash: row.text(1), anyUser: row.int(2) != 0,
            users: try row.text(3).split(separator: ",").map { try UserName(String($0)) })
    }
}
