import Foundation
import ShopTalkStoreCore
import ShopTalkDomain

/// Aisles: where a household keeps things, in `aisle_choices`, and the shop
/// each list is sorted for, in `shop_orders`: each read once into the row
/// cache, as most households chose nothing and every list shown asks.
extension SQLiteRepository {
    public func aisleChoices(of owner: UserName) throws -> [AisleChoice] {
        if let all = cache.aisleChoices { return all.isEmpty ? [] : all[owner] ?? [] }
        let rows = try database.query(
            "SELECT users.name, aisle_choices.name, aisle_choices.aisle FROM aisle_choices JOIN users ON users.id = aisle_choices.owner_id ORDER BY aisle_choices.id"
        ) { row in (owner: UserName(stored: row.text(0)), choice: AisleChoice(name: ItemName(stored: row.text(1)), aisle: try AisleName(row.text(2)))) }
        let all = Dictionary(grouping: rows, by: \.owner).mapValues { $0.map(\.choice) }
        cache.aisleChoices = all
        return all[owner] ?? []
    }

    public func insertAisleChoice(_ choice: AisleChoice, owner: UserName) throws {
        defer { cache.aisleChoices = nil }
        try database.run(
            "INSERT INTO aisle_choices (owner_id, name, aisle) SELECT id, ?, ? FROM users WHERE name = ?",
            [.text(choice.name.value), .text(choice.aisle.value), .text(owner.value)])
    }

    public func deleteAisleChoice(named name: ItemName, owner: UserName) throws {
        defer { cache.aisleChoices = nil }
        try database.run(
            "DELETE FROM aisle_choices WHERE name = ? AND owner_id = (SELECT id FROM users WHERE name = ?)",
            [.text(name.value), .text(owner.value)])
    }

    public func shopOrder(of list: ListID) throws -> String? {
        if let all = cache.shopOrders { return all.isEmpty ? nil : all[list] }
        let all = Dictionary(try database.query("SELECT list_id, shop FROM shop_orders") { ($0.int(0), $0.text(1)) }, uniquingKeysWith: { first, _ in first })
        cache.shopOrders = all
        return all[list]
    }

    public func setShopOrder(_ shop: String?, of list: ListID) throws {
        defer { cache.shopOrders = nil }
        if let shop {
            try database.run("INSERT INTO shop_orders (list_id, shop) VALUES (?, ?) ON CONFLICT (list_id) DO UPDATE SET shop = excluded.shop",
                             [.integer(list), .text(shop)])
        } else {
            try database.run("DELETE FROM shop_orders WHERE list_id = ?", [.integer(list)])
        }
    }
}
