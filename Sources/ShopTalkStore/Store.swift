import Foundation
import ShopTalkDomain
import ShopTalkJSON
@_exported import ShopTalkPostgresStore
@_exported import ShopTalkSQLiteStore
@_exported import ShopTalkStoreCore

/// Work done with the domain's repository inside one transaction, whatever
/// the engine: ``Store/write(journal:_:)`` hands it the engine's own
/// repository type, so the work is compiled for each engine, as fast as if
/// it named it.
public protocol RepositoryWork {
    associatedtype Result
    func run<Repository: ShoppingRepository>(_ repository: Repository) throws -> Result
}


/// Where a household's data is kept: a SQLite file (the default) or a
/// PostgreSQL database, as `--db` (or `$SHOPTALK_DB`) says. The session,
/// the server and the chat speak to this; only the store layer knows the
/// engines.
public final class Store {
    @usableFromInline
    enum Engine {
        case sqlite(SQLiteStore)
        case postgres(PostgresStore)
    }

    @usableFromInline
    let engine: Engine
    public init(_ store: SQLiteStore) { engine = .sqlite(store) }
    public init(_ store: PostgresStore) { engine = .postgres(store) }

    /// `location`: a file path (or `:memory:`), or a `postgres://` or
    /// `postgresql://` URL. A database that cannot be opened or reached, or
    /// that a newer shoptalk wrote, is an error here, at start.
    public static func open(_ location: String) throws -> Store {
        isURL(location) ? Store(try PostgresStore(url: location)) : Store(try SQLiteStore(path: location))
    }

    /// Another connection to the same database, for another thread: on
    /// PostgreSQL it shares this one's name among servers, so the news it
    /// tells is this server's own (see ``OtherServers``). A SQLite file is
    /// opened again; `:memory:` makes a new, empty database.
    public func another() throws -> Store {
        switch engine {
        case .sqlite(let store): Store(try SQLiteStore(path: store.path))
        case .postgres(let store): Store(try PostgresStore(url: store.url, instance: store.instance))
        }
    }

    public static func isURL(_ location: String) -> Bool { StoreLocation.isURL(location) }

    /// The file or URL, for messages: without a password (``StoreLocation/shown(_:)``).
    public var location: String {
        switch engine {
        case .sqlite(let store): store.path
        case .postgres(let store): StoreLocation.shown(store.url)
        }
    }

    /// Whether each call waits for a server across the network
    /// (PostgreSQL), rather than for a local file: a server keeps such a
    /// store off its event loop.
    public var waitsOnTheNetwork: Bool {
        if case .postgres = engine { true } else { false }
    }

    /// Runs `work` in one transaction (see each engine's `write`).
    @inlinable
    public func write<Work: RepositoryWork>(journal: WriteJournal? = nil, _ work: Work) throws -> Work.Result {
        switch engine {
        case .sqlite(let store): try store.write(journal: journal) { try work.run($0) }
        case .postgres(let store): try store.write(journal: journal) { try work.run($0) }
        }
    }

    /// Several commands with one commit (group commit), each all or nothing.
    public func batch<T>(_ body: () throws -> T) throws -> T {
        switch engine {
        case .sqlite(let store): try store.batch(body)
        case .postgres(let store): try store.batch(body)
        }
    }

    /// Whose events these are, of those not handed out yet: news another
    /// server on this database told of (see ``OtherServers``). None on
    /// SQLite, where one server owns the file.
    public func recipients(ofEvents ids: [Int64]) throws -> [UserName] {
        if case .postgres(let store) = engine { try store.recipients(ofEvents: ids) } else { [] }
    }

    /// What the other servers on this database tell this one, on a
    /// connection of its own; nil on SQLite, where one server owns the file.
    public func otherServers() -> OtherServers? {
        if case .postgres(let store) = engine { OtherServers(url: store.url, instance: store.instance) } else { nil }
    }

    public func close() {
        if case .sqlite(let store) = engine { store.close() }
    }

    public func hasEvents(for name: UserName) throws -> Bool {
        switch engine {
        case .sqlite(let store): try store.hasEvents(for: name)
        case .postgres(let store): try store.hasEvents(for: name)
        }
    }

    /// Logins, relays and IRC links, on either engine.
    public var accountBook: any AccountBook {
        switch engine {
        case .sqlite(let store): store
        case .postgres(let store): store
        }
    }

    /// Files of a SQLite database that others could read, made the owner's alone as it opened.
    public var permissionsTightened: [String] {
        if case .sqlite(let store) = engine { store.permissionsTightened } else { [] }
    }

    // MARK: Export and import (``Transfer``)

    /// What `shoptalk info` tells, read without migrating or writing; nil
    /// when there is no ShopTalk database there yet.
    public static func inspect(_ location: String) throws -> Inspection? {
        isURL(location) ? try PostgresStore.inspect(url: location) : try SQLiteStore.inspect(path: location)
    }

    /// Every row, as one JSON document, from one consistent snapshot.
    public func export(at date: Date = Date()) throws -> JSON {
        switch engine {
        case .sqlite(let store): try store.export(at: date)
        case .postgres(let store): try store.export(at: date)
        }
    }

    /// An export put into this database, which must hold no member and no list: all of it or nothing.
    public func importExport(_ document: JSON) throws {
        switch engine {
        case .sqlite(let store): try store.importExport(document)
        case .postgres(let store): try store.importExport(document)
        }
    }

    /// An export added beside the household here (SQLite only, for now).
    public func mergeExport(_ document: JSON, includeAccess: Bool = false) throws -> SQLiteStore.MergeSummary {
        switch engine {
        case .sqlite(let store): try store.mergeExport(document, includeAccess: includeAccess)
        case .postgres(let store): throw TransferError.mergeNeedsSQLite(location: store.url)
        }
    }

    public func pruneHistory(before cutoff: Date, limit: Int) throws -> Int {
        switch engine {
        case .sqlite(let store): try store.pruneHistory(before: cutoff, limit: limit)
        case .postgres(let store): try store.pruneHistory(before: cutoff, limit: limit)
        }
    }
}
