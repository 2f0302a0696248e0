import Foundation
import ShopTalkDomain
import ShopTalkJSON

/// Members' changes kept for "undo" (`undo_steps`), and rows put back with
/// their identity. A step's rows are kept as JSON, as they were and became.
extension SQLiteRepository {
    public func pushUndoStep(_ entries: [JournalEntry], said: String, for user: User, at date: Date, keep: Int) throws {
        try database.run(
            "INSERT INTO undo_steps (user_id, at, entries, said) VALUES (?, ?, ?, ?)",
            [.integer(user.id), .stamp(date), .text(JSON.array(entries.map(UndoCodec.json)).serialized), .text(said)])
        // Trimmed now and then, not on every change: a few more than `keep` cost nothing.
        if database.lastInsertedRowID % 16 == 0 {
            try database.run(
                "DELETE FROM undo_steps WHERE user_id = ? AND id NOT IN (SELECT id FROM undo_steps WHERE user_id = ? ORDER BY id DESC LIMIT ?)",
                [.integer(user.id), .integer(user.id), SQLValue(keep)])
        }
    }

    public func lastUndoStep(for user: User) throws -> UndoStep? {
        try database.query("SELECT id, at, entries, said FROM undo_steps WHERE user_id = ? ORDER BY id DESC LIMIT 1", [.integer(user.id)]) { row in
            guard case .array(let entries) = try JSONReader.parse(row.text(2)) else { throw StoredValueError(value: row.text(2)) }
            return UndoStep(id: row.int(0), at: .fromStamp(row.int(1)), entries: try entries.map(UndoCodec.entry), said: row.text(3))
        }.first
    }

    public func deleteUndoStep(_ id: Int64) throws {
        try database.run("DELETE FROM undo_steps WHERE id = ?", [.integer(id)])
    }

    public func restore(_ item: Item) throws {
        try database.run(
            "INSERT INTO items (id, list_id, name, quantity_thousandths, unit, checked, added_by, added_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [.integer(item.id), .integer(item.listID), .text(item.name.value), SQLValue(item.quantity.thousandths), SQLValue(item.unit?.value),
             SQLValue(item.isChecked), .text(item.addedBy.value), .stamp(item.addedAt), .stamp(item.updatedAt)])
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

/// Rows of an undo step, as JSON and back.
enum UndoCodec {
    static func json(_ entry: JournalEntry) -> JSON {
        switch entry {
        case .item(let before, let after): pair("item", before.map(json), after.map(json))
        case .list(let before, let after): pair("list", before.map(json), after.map(json))
        case .share(let before, let after): pair("share", before.map(json), after.map(json))
        case .code(let before, let after): pair("code", before.map(json), after.map(json))
        }
    }

    private static func pair(_ kind: String, _ before: JSON?, _ after: JSON?) -> JSON {
        .object([("kind", .string(kind)), ("before", before ?? .null), ("after", after ?? .null)])
    }

    static func entry(_ json: JSON) throws -> JournalEntry {
        let before = json["before"].flatMap { $0 == .null ? nil : $0 }, after = json["after"].flatMap { $0 == .null ? nil : $0 }
        switch json["kind"] {
        case .string("item")?: return .item(before: try before.map(item), after: try after.map(item))
        case .string("list")?: return .list(before: try before.map(list), after: try after.map(list))
        case .string("share")?: return .share(before: try before.map(share), after: try after.map(share))
        case .string("code")?: return .code(before: try before.map(code), after: try after.map(code))
        default: throw StoredValueError(value: json.serialized)
        }
    }

    private static func stamp(_ date: Date) -> JSON { .int(Int((date.timeIntervalSince1970 * 1000).rounded(.down))) }

    private static func json(_ item: Item) -> JSON {
        .object([("id", .int(Int(item.id))), ("list", .int(Int(item.listID))), ("name", .string(item.name.value)),
                 ("q", .int(item.quantity.thousandths)), ("unit", item.unit.map { .string($0.value) } ?? .null), ("checked", .bool(item.isChecked)),
                 ("by", .string(item.addedBy.value)), ("at", stamp(item.addedAt)), ("updated", stamp(item.updatedAt))])
    }

    private static func json(_ list: ShoppingList) -> JSON {
        .object([("id", .int(Int(list.id))), ("name", .string(list.name.value)), ("owner", .string(list.owner.value)), ("at", stamp(list.createdAt))])
    }

    private static func json(_ share: Share) -> JSON {
        .object([("id", .int(Int(share.id))), ("list", .int(Int(share.listID))), ("item", share.itemID.map { .int(Int($0)) } ?? .null),
                 ("user", .string(share.participant.value)), ("permission", .string(share.permission.rawValue)), ("accepted", .bool(share.isAccepted)),
                 ("invited_by", .string(share.invitedBy.value)), ("at", stamp(share.createdAt))])
    }

    private static func json(_ code: ShareCode) -> JSON {
        .object([("code", .string(code.code)), ("list", .int(Int(code.listID))), ("permission", .string(code.permission.rawValue)),
                 ("single", .bool(code.singleUse)), ("expires", stamp(code.expiresAt)), ("by", .string(code.createdBy.value))])
    }

    private static func int(_ json: JSON?) throws -> Int64 {
        guard case .int(let value)? = json else { throw StoredValueError(value: json?.serialized ?? "nothing") }
        return Int64(value)
    }

    private static func text(_ json: JSON?) throws -> String {
        guard case .string(let value)? = json else { throw StoredValueError(value: json?.serialized ?? "nothing") }
        return value
    }

    private static func flag(_ json: JSON?) -> Bool { json == .bool(true) }

    private static func permission(_ json: JSON?) throws -> Permission {
        let raw = try text(json)
        guard let permission = Permission(rawValue: raw) else { throw StoredValueError(value: raw) }
        return permission
    }

    private static func item(_ json: JSON) throws -> Item {
        Item(id: try int(json["id"]), listID: try int(json["list"]), name: ItemName(stored: try text(json["name"])),
             quantity: Quantity(storedThousandths: Int(try int(json["q"]))), unit: json["unit"].flatMap { try? text($0) }.map(ItemUnit.init(stored:)),
             isChecked: flag(json["checked"]), addedBy: UserName(stored: try text(json["by"])),
             addedAt: .fromStamp(try int(json["at"])), updatedAt: .fromStamp(try int(json["updated"])))
    }

    private static func list(_ json: JSON) throws -> ShoppingList {
        ShoppingList(id: try int(json["id"]), name: ListName(stored: try text(json["name"])), owner: UserName(stored: try text(json["owner"])),
                     createdAt: .fromStamp(try int(json["at"])))
    }

    private static func share(_ json: JSON) throws -> Share {
        Share(id: try int(json["id"]), listID: try int(json["list"]), itemID: json["item"].flatMap { try? int($0) },
              participant: UserName(stored: try text(json["user"])), permission: try permission(json["permission"]),
              isAccepted: flag(json["accepted"]), invitedBy: UserName(stored: try text(json["invited_by"])), createdAt: .fromStamp(try int(json["at"])))
    }

    private static func code(_ json: JSON) throws -> ShareCode {
        ShareCode(code: try text(json["code"]), listID: try int(json["list"]), permission: try permission(json["permission"]),
                  singleUse: flag(json["single"]), expiresAt: .fromStamp(try int(json["expires"])), createdBy: UserName(stored: try text(json["by"])))
    }
}
