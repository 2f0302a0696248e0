import Foundation
import ShopTalkStoreCore
import ShopTalkDomain

/// Rows put back by "undo", with their identity.
extension SQLiteRepository {
    public func restore(_ item: Item) throws {
        try database.run(
            "INSERT INTO items (id, list_id, name, quantity_thousandths, unit, checked, added_by, added_at, updated_at, note, buyer, language) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [.integer(item.id), .integer(item.listID), .text(item.name.value), SQLValue(item.quantity.thousandths), SQLValue(item.unit?.value),
             SQLValue(item.isChecked), .text(item.addedBy.value), .stamp(item.addedAt), .stamp(item.updatedAt), SQLValue(item.note?.value),
             SQLValue(item.buyer?.value), SQLValue(item.language)])
        cache.changed(list: item.listID)
    }

    public func restore(_ list: ShoppingList) throws {
        try database.run(
            "INSERT INTO lists (id, owner_id, name, name_key, created_at) SELECT ?, id, ?, ?, ? FROM users WHERE name = ?",
            [.integer(list.id), .text(list.name.value), .text(list.name.key), .stamp(list.createdAt), .text(list.owner.value)])
        cache.changed(list: list.id)
    }

    public func restore(_ share: Share) throws {
        try database.run(
            """
            INSERT INTO shares (id, list_id, item_id, user_id, permission, accepted, invited_by, created_at)
            SELECT ?, ?, ?, id, ?, ?, ?, ? FROM users WHERE name = ?
            """,
            [.integer(share.id), .integer(share.listID), share.itemID.map(SQLValue.integer) ?? .null, .text(share.permission.rawValue),
             SQLValue(share.isAccepted), .text(share.invitedBy.value), .stamp(share.createdAt), .text(share.participant.value)])
        cache.changedShares(of: share.listID)
    }
}
