import Foundation
import ShopTalkDomain
import ShopTalkPostgres
import TestSupport
import Testing
@testable import ShopTalkStore
@testable import ShopTalkStoreCore
@testable import ShopTalkSQLiteStore
@testable import ShopTalkPostgresStore

/// A store the engine-neutral tests run against, SQLite or PostgreSQL,
/// with its own repository type: a test written once, as a generic
/// function over this, runs on both.
protocol StoreUnderTest {
    associatedtype Repository: ShoppingRepository
    func write<T>(journal: WriteJournal?, _ body: (Repository) throws -> T) throws -> T
    func batch<T>(_ body: () throws -> T) throws -> T
    func pruneHistory(before cutoff: Date, limit: Int) throws -> Int
    var accountBook: any AccountBook { get }
    /// A number the engine's SQL says, read outside any command (`SELECT count(*) …`).
    func number(_ sql: StaticString) throws -> Int64
    /// A statement run outside any command, as another program would.
    func run(_ sql: StaticString) throws
    /// Another connection to the same database, as another process (or server) would open.
    func another() throws -> Self
}

extension StoreUnderTest {
    func write<T>(_ body: (Repository) throws -> T) throws -> T { try write(journal: nil, body) }
}

/// The engines the tests run on: SQLite always, PostgreSQL where a cluster
/// is given (`.ci/run` always gives one, and requires it).
enum Engine: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    static var available: [Engine] { TestCluster.shouldRun ? [.sqlite, .postgres] : [.sqlite] }

    var testDescription: String { rawValue }

    /// A new, empty database on this engine, of the test's own.
    func open() throws -> any StoreUnderTest {
        switch self {
        case .sqlite: try SQLiteUnderTest()
        case .postgres: try PostgresUnderTest()
        }
    }
}

struct SQLiteUnderTest: StoreUnderTest {
    let folder: TemporaryDirectory
    let store: SQLiteStore

    init() throws {
        folder = try TemporaryDirectory()
        store = try SQLiteStore(path: folder.path("shoptalk.sqlite"))
    }

    private init(folder: TemporaryDirectory) throws {
        self.folder = folder
        store = try SQLiteStore(path: folder.path("shoptalk.sqlite"))
    }

    func write<T>(journal: WriteJournal?, _ body: (SQLiteRepository) throws -> T) throws -> T { try store.write(journal: journal, body) }
    func batch<T>(_ body: () throws -> T) throws -> T { try store.batch(body) }
    func pruneHistory(before cutoff: Date, limit: Int) throws -> Int { try store.pruneHistory(before: cutoff, limit: limit) }
    var accountBook: any AccountBook { store }
    func number(_ sql: StaticString) throws -> Int64 { try store.database.scalar(sql) ?? 0 }
    func run(_ sql: StaticString) throws { try store.database.execute("\(sql)") }
    func another() throws -> SQLiteUnderTest { try SQLiteUnderTest(folder: folder) }
}

struct PostgresUnderTest: StoreUnderTest {
    let database: TestDatabase
    let store: PostgresStore

    init() throws {
        database = try TestDatabase()
        store = try PostgresStore(url: database.url)
    }

    private init(database: TestDatabase) throws {
        self.database = database
        store = try PostgresStore(url: database.url)
    }

    func write<T>(journal: WriteJournal?, _ body: (PostgresRepository) throws -> T) throws -> T { try store.write(journal: journal, body) }
    func batch<T>(_ body: () throws -> T) throws -> T { try store.batch(body) }
    func pruneHistory(before cutoff: Date, limit: Int) throws -> Int { try store.pruneHistory(before: cutoff, limit: limit) }
    var accountBook: any AccountBook { store }
    func number(_ sql: StaticString) throws -> Int64 {
        try store.connection.query("\(sql)").values.first?.first.flatMap { $0.flatMap { Int64($0) } } ?? 0
    }
    func run(_ sql: StaticString) throws { try store.connection.execute("\(sql)") }
    func another() throws -> PostgresUnderTest { try PostgresUnderTest(database: database) }
}
