import Foundation
import ShopTalkStoreCore
import ShopTalkDomain

/// Shopping trips ("I'm going shopping at Lidl"), in `trips`.
extension SQLiteRepository {

    public func openTrips(of list: ListID) throws -> [Trip] {
        try database.query(
            "SELECT trips.id, trips.list_id, users.name, trips.shop, trips.started_at, trips.ended_at FROM trips JOIN users ON users.id = trips.user_id WHERE trips.list_id = ? AND trips.ended_at IS NULL ORDER BY trips.id",
            [.integer(list)], row: Self.trip)
    }

    public func openTrips(of shopper: User) throws -> [Trip] {
        try database.query(
            "SELECT trips.id, trips.list_id, users.name, trips.shop, trips.started_at, trips.ended_at FROM trips JOIN users ON users.id = trips.user_id WHERE trips.user_id = ? AND trips.ended_at IS NULL ORDER BY trips.id",
            [.integer(shopper.id)], row: Self.trip)
    }

    public func insertTrip(list: ListID, shopper: User, shop: String?, at date: Date) throws -> Trip {
        try database.run("INSERT INTO trips (list_id, user_id, shop, started_at) VALUES (?, ?, ?, ?)", [.integer(list), .integer(shopper.id), SQLValue(shop), .stamp(date)])
        return Trip(id: database.lastInsertedRowID, listID: list, shopper: shopper.name, shop: shop, startedAt: date.truncatedToMilliseconds)
    }

    public func endTrip(_ id: Int64, at date: Date) throws {
        try database.run("UPDATE trips SET ended_at = ? WHERE id = ?", [.stamp(date), .integer(id)])
    }

    public func shopTrips(of list: ListID) throws -> [Trip] {
        try database.query(
            "SELECT trips.id, trips.list_id, users.name, trips.shop, trips.started_at, trips.ended_at FROM trips JOIN users ON users.id = trips.user_id WHERE trips.list_id = ? AND trips.shop IS NOT NULL ORDER BY trips.id DESC LIMIT 500",
            [.integer(list)], row: Self.trip)
    }

    static func trip<Row: StoredRow>(_ row: Row) throws -> Trip { try StoredRows.trip(row) }
}
