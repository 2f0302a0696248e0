import ShopTalkStoreCore
import CSQLite
import Glibc

/// One SQLite connection: our thin layer over the C API.
///
/// Deliberately not `Sendable`: a connection belongs to one thread or actor at
/// a time, which is what SQLite's no-mutex mode requires.
public final class Database {
    let handle: OpaquePointer
    /// Prepared statements, known by the address of their SQL literal: finding
    /// one costs a pointer hash, not a hash of its text.
    private var statements: [UnsafeRawPointer: Statement] = [:]

    /// Opens (creating when absent) the file at `path`; `:memory:` is a
    /// private in-memory database. `readOnly`: opens an existing file for
    /// reading only, and never creates one.
    public init(path: String, readOnly: Bool = false) throws(SQLiteError) {
        _ = Self.configureOnce
        var handle: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        if !readOnly {
            Self.createPrivately(path)
            tightened = Self.makePrivate(path)
        }
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = SQLiteError(code: code, connection: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
    }

    /// Creates a new database file readable by its owner alone (0600): it
    /// holds the members' password hashes. SQLite gives its -wal and -shm
    /// files the same mode as the database's. An existing file is left as it is.
    private static func createPrivately(_ path: String) {
        guard !StoreLocation.isInMemory(path), !path.hasPrefix("file:") else { return }
        let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if fd >= 0 { Glibc.close(fd) }
    }

    /// Files of this database that others could read, made the owner's
    /// alone as it opened: a database made by hand, or by an older ShopTalk,
    /// with 0644. The caller says so in its log.
    public private(set) var tightened: [String] = []

    /// Takes the group's and others' rights away from the database and its
    /// -wal and -shm files, when they are ours; SQLite gives new -wal and
    /// -shm files the database's mode, so they are made private too.
    private static func makePrivate(_ path: String) -> [String] {
        guard !StoreLocation.isInMemory(path), !path.hasPrefix("file:") else { return [] }
        var changed: [String] = []
        for file in [path, path + "-wal", path + "-shm"] {
            var status = stat()
            guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid(),
                  status.st_mode & 0o077 != 0 else { continue }
            if chmod(file, status.st_mode & 0o700) == 0 { changed.append(file) }
        }
        return changed
    }

    /// Process-wide settings, made before the first connection opens.
    private static let configureOnce: Void = {
        _ = shoptalk_sqlite_disable_memory_statistics()
    }()

    private(set) var isClosed = false

    deinit { close() }

    /// Closes the connection now rather than when the last reference goes;
    /// it may not be used after. The last connection to a file in WAL mode
    /// copies the log into it and removes the log as it closes.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        precondition(!isClosed, "the connection is closed")
        try SQLiteError.check(sqlite3_exec(handle, sql, nil, nil, nil), handle)
    }

    /// Runs a statement with parameters, ignoring any rows.
    public func run(_ sql: StaticString, _ values: [SQLValue] = []) throws(SQLiteError) {
        let statement = try prepared(sql)
        try statement.bind(values)
        // Reset on failure too: a cached statement left mid-step (a failed
        // COMMIT, say) would otherwise hold up the next transaction.
        defer { sqlite3_reset(statement.handle) }
        while try statement.step() {}
    }

    /// Runs a query and decodes each row.
    public func query<Row>(_ sql: StaticString, _ values: [SQLValue] = [], row decode: (Statement) throws -> Row) throws -> [Row] {
        let statement = try prepared(sql)
        try statement.bind(values)
        defer { sqlite3_reset(statement.handle) }
        var rows: [Row] = []
        while try statement.step() { rows.append(try decode(statement)) }
        return rows
    }

    /// The first column of the first row as an integer, if there is a row.
    public func scalar(_ sql: StaticString, _ values: [SQLValue] = []) throws(SQLiteError) -> Int64? {
        let statement = try prepared(sql)
        try statement.bind(values)
        defer { sqlite3_reset(statement.handle) }
        return try statement.step() ? statement.int(0) : nil
    }

    public func scalarText(_ sql: StaticString) throws(SQLiteError) -> String? {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement.handle) }
        return try statement.step() ? statement.text(0) : nil
    }

    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in a write transaction taken at once (`BEGIN IMMEDIATE`), so
    /// two writers queue on the busy timeout instead of failing mid-way. It
    /// commits when `body` returns and rolls back when it throws; the caller
    /// learns of success only after the commit.
    ///
    /// Inside another transaction it is a savepoint instead: `body`'s changes
    /// are undone alone when it throws, and kept for the outer commit when it
    /// returns. This is how many commands share one commit (group commit)
    /// while each stays all-or-nothing.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        if isInTransaction { return try savepoint(body) }
        try run("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            if isInTransaction { try? run("ROLLBACK") }
            throw error
        }
    }

    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    private func savepoint<T>(_ body: () throws -> T) throws -> T {
        // Prepared once and reused, like every statement: at a few commands per
        // commit, parsing these words again each time was a tenth of a command's cost.
        try run("SAVEPOINT command")
        do {
            let result = try body()
            try run("RELEASE command")
            return result
        } catch {
            try? run("ROLLBACK TO command")
            try? run("RELEASE command")
            throw error
        }
    }

    private func prepared(_ sql: StaticString) throws(SQLiteError) -> Statement {
        precondition(sql.hasPointerRepresentation, "SQL must be a string literal")
        precondition(!isClosed, "the connection is closed")
        let key = UnsafeRawPointer(sql.utf8Start)
        if let statement = statements[key] { return statement }
        let statement = try Statement(sql: sql.description, connection: handle)
        statements[key] = statement
        return statement
    }
}

@available(*, unavailable)
extension Database: Sendable {}
