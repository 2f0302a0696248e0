import Foundation
import ShopTalkDomain

/// Aisles: where a household keeps things, in `aisle_choices`, and the shop
/// each list is sorted for, in `shop_orders`.
extension SQLiteRepository {
    public func aisleChoices(of owner: UserName) throws -> [AisleChoice] {
        try database.query(
            "SELECT aisle_choices.name, aisle_choices.aisle FROM aisle_choices JOIN users ON users.id = aisle_choices.owner_id WHERE users.name = ? ORDER BY aisle_choices.id",
            [.text(owner.value)]
        ) { row in AisleChoice(name: ItemName(stored: row.text(0)), aisle: try AisleName(row.text(1))) }
    }

    public func insertAisleChoice(_ choice: AisleChoice, owner: UserName) throws {
        try database.run(
            "INSERT INTO aisle_choices (owner_id, name, aisle) SELECT id, ?, ? FROM users WHERE name = ?",
            [.text(choice.name.value), .text(choice.aisle.value), .text(owner.value)])
    }

    public func deleteAisleChoice(named name: ItemName, owner: UserName) throws {
        try database.run(
            "DELETE FROM aisle_choices WHERE name = ? AND owner_id = (SELECT id FROM users WHERE name = ?)",
            [.text(name.value), .text(owner.value)])
    }

    public func shopOrder(of list: ListID) throws -> String? {
        try database.query("SELECT shop FROM shop_orders WHERE list_id = ?", [.integer(list)]) { $0.text(0) }.first
    }

    public func setShopOrder(_ shop: String?, of list: ListID) throws {
        if let shop {
            try database.run("INSERT INTO shop_orders (list_id, shop) VALUES (?, ?) ON CONFLICT (list_id) DO UPDATE SET shop = excluded.shop",
                             [.integer(list), .text(shop)])
        } else {
            try database.run("DELETE FROM shop_orders WHERE list_id = ?", [.integer(list)])
        }
    }
}
