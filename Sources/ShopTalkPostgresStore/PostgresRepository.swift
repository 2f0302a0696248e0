import Foundation
import ShopTalkStoreCore
import ShopTalkDomain
import ShopTalkPostgres

/// The domain's view of a PostgreSQL database inside one open transaction:
/// the same statements as ``SQLiteRepository``, in PostgreSQL's words
/// (`$1` for `?`, `RETURNING id` for the last rowid), and the same reading
/// of each row. It keeps no cache: another server may change any row.
///
/// Made only by ``PostgresStore/write(journal:_:)``, and valid only inside it.
public struct PostgresRepository: ShoppingRepository {
    let connection: PostgresConnection
    /// Where the command's writes are noted for "undo", when they are.
    let journal: WriteJournal?
    /// The events the batch wrote, for the other servers to hear of.
    let newEvents: NewEvents

    // MARK: Statements

    private func rows(_ sql: String, _ parameters: [String?] = []) throws -> [PostgresRow] {
        try connection.query(sql, parameters).values.map(PostgresRow.init)
    }

    private func run(_ sql: String, _ parameters: [String?] = []) throws {
        try connection.query(sql, parameters)
    }

    /// An INSERT … RETURNING id: the new row's id.
    private func insert(_ sql: String, _ parameters: [String?]) throws -> Int64 {
        guard let id = try rows(sql, parameters).first?.int(0) else { throw StoredValueError(value: "an insert that returned no id") }
        return id
    }

    // MARK: Users

    public func user(named name: UserName) throws -> User? {
        try rows("SELECT id, name, default_list_id, language FROM users WHERE name = $1", [name.value]).first.map(StoredRows.user)
    }

    public func insertUser(named name: UserName, at date: Date) throws -> User {
        User(id: try insert("INSERT INTO users (name, created_at) VALUES ($1, $2) RETURNING id", [name.value, .stamp(date)]), name: name)
    }

    public func setDefaultList(_ list: ListID?, of user: User) throws {
        try run("UPDATE users SET default_list_id = $1 WHERE id = $2", [list.map(String.init), String(user.id)])
    }

    public func setLanguage(_ language: String?, of user: User) throws {
        try run("UPDATE users SET language = $1 WHERE id = $2", [language, String(user.id)])
    }

    // MARK: Lists

    private static let listColumns = "SELECT lists.id, lists.name, users.name, lists.created_at FROM lists JOIN users ON users.id = lists.owner_id"

    public func lists(ownedBy owner: User) throws -> [ShoppingList] {
        try rows(Self.listColumns + " WHERE lists.owner_id = $1 ORDER BY lists.name_key", [String(owner.id)]).map(StoredRows.list)
    }

    public func list(ownedBy owner: User, key: String) throws -> ShoppingList? {
        try rows(Self.listColumns + " WHERE lists.owner_id = $1 AND lists.name_key = $2", [String(owner.id), key]).first.map(StoredRows.list)
    }

    public func list(id: ListID) throws -> ShoppingList? {
        try rows(Self.listColumns + " WHERE lists.id = $1", [String(id)]).first.map(StoredRows.list)
    }

    public func insertList(named name: ListName, owner: User, at date: Date) throws -> ShoppingList {
        let id = try insert("INSERT INTO lists (owner_id, name, name_key, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
                            [String(owner.id), name.value, name.key, .stamp(date)])
        let list = ShoppingList(id: id, name: name, owner: owner.name, createdAt: date.truncatedToMilliseconds)
        journal?.inserted(list)
        return list
    }

    public func updateList(_ list: ShoppingList) throws {
        let before = journal == nil ? nil : try self.list(id: list.id)
        defer { journal?.updated(list, from: before) }
        try run("UPDATE lists SET name = $1, name_key = $2 WHERE id = $3", [list.name.value, list.name.key, String(list.id)])
    }

    public func deleteList(_ id: ListID) throws {
        if let journal, let list = try list(id: id) {
            let (items, shares, codes) = (try items(in: id), try shares(of: id), try shareCodes(of: id))
            let surroundings = try surroundings(
                of: id, defaultOf: rows("SELECT name FROM users WHERE default_list_id = $1 ORDER BY id", [String(id)]).map { UserName(stored: $0.text(0)) })
            defer { journal.deleted(list, items: items, shares: shares, codes: codes, surroundings: surroundings) }
            try run("DELETE FROM lists WHERE id = $1", [String(id)])
            return
        }
        try run("DELETE FROM lists WHERE id = $1", [String(id)])
    }

    // MARK: Items

    private static let itemColumns = "SELECT id, list_id, name, quantity_thousandths, unit, checked, added_by, added_at, updated_at, note, buyer, language FROM items"

    /// Locks the list's row first, until the transaction ends: another
    /// server's command on the same list waits, then reads what this one
    /// committed, so a change computed from these items is never lost.
    public func items(in list: ListID) throws -> [Item] {
        try run("SELECT 1 FROM lists WHERE id = $1 FOR UPDATE", [String(list)])
        return try rows(Self.itemColumns + " WHERE list_id = $1 ORDER BY id", [String(list)]).map(StoredRows.item)
    }

    public func item(id: ItemID) throws -> Item? {
        try rows(Self.itemColumns + " WHERE id = $1", [String(id)]).first.map(StoredRows.item)
    }

    public func insertItem(_ item: NewItem) throws -> Item {
        let id = try insert(
            "INSERT INTO items (list_id, name, quantity_thousandths, unit, checked, added_by, added_at, updated_at, note, language) VALUES ($1, $2, $3, $4, 0, $5, $6, $6, $7, $8) RETURNING id",
            [String(item.listID), item.name.value, String(item.quantity.thousandths), item.unit?.value, item.addedBy.value, .stamp(item.addedAt), item.note?.value,
             item.language])
        let at = item.addedAt.truncatedToMilliseconds
        let inserted = Item(
            id: id, listID: item.listID, name: item.name, quantity: item.quantity, unit: item.unit,
            isChecked: false, addedBy: item.addedBy, addedAt: at, updatedAt: at, note: item.note, language: item.language)
        journal?.inserted(inserted)
        return inserted
    }

    public func updateItem(_ item: Item) throws {
        let before = journal == nil ? nil : try self.item(id: item.id)
        defer { journal?.updated(item, from: before) }
        try run(
            "UPDATE items SET name = $1, quantity_thousandths = $2, unit = $3, checked = $4, updated_at = $5, note = $6, buyer = $7, language = $8 WHERE id = $9",
            [item.name.value, String(item.quantity.thousandths), item.unit?.value, item.isChecked ? "1" : "0", .stamp(item.updatedAt),
             item.note?.value, item.buyer?.value, item.language, String(item.id)])
    }

    public func deleteItems(_ items: [Item]) throws {
        let ids = items.map(\.id)
        if let journal { journal.deleted(items, shares: try sharesOfTheirOwn(items)) }
        for id in ids { try run("DELETE FROM items WHERE id = $1", [String(id)]) }
    }

    // MARK: Activity

    public func record(_ activity: Activity) throws {
        let columns = StoredRows.columns(of: activity.change)
        try run(
            """
            INSERT INTO activity (list_id, list_name, actor, action, detail, item_name, previous_name, quantity, quantity_thousandths, unit, at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
            """,
            [String(activity.listID), activity.listName.value, activity.actor.value, activity.action.rawValue, columns.summary, columns.item,
             columns.previous, columns.count.map(String.init), columns.amount.map { String($0.thousandths) }, columns.unit, .stamp(activity.at)])
    }

    public func activity(of list: ListID, during period: Range<Date>?, limit: Int) throws -> [Activity] {
        try rows(
            """
            SELECT list_id, list_name, actor, action, detail, item_name, previous_name, quantity, unit, at, quantity_thousandths
            FROM activity WHERE list_id = $1 AND at >= $2 AND at < $3 ORDER BY id DESC LIMIT $4
            """,
            [String(list), period.map { .stamp($0.lowerBound) } ?? String(Int64.min), period.map { .stamp($0.upperBound) } ?? String(Int64.max), String(limit)]
        ).map { row in
            Activity(
                listID: row.int(0), listName: ListName(stored: row.text(1)), actor: UserName(stored: row.text(2)),
                change: try StoredRows.change(row), at: .fromStamp(row.int(9)))
        }
    }

    // MARK: Sharing

    private static let shareColumns = "SELECT shares.id, shares.list_id, shares.item_id, users.name, shares.permission, shares.accepted, shares.invited_by, shares.created_at FROM shares JOIN users ON users.id = shares.user_id"

    public func shares(of list: ListID) throws -> [Share] {
        try rows(Self.shareColumns + " WHERE shares.list_id = $1 ORDER BY shares.id", [String(list)]).map(StoredRows.share)
    }

    public func shares(for user: User) throws -> [Share] {
        try rows(Self.shareColumns + " WHERE shares.user_id = $1 ORDER BY shares.id", [String(user.id)]).map(StoredRows.share)
    }

    public func insertShare(_ share: NewShare) throws -> Share {
        let id = try insert(
            "INSERT INTO shares (list_id, item_id, user_id, permission, accepted, invited_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
            [String(share.listID), share.itemID.map(String.init), String(share.participant.id), share.permission.rawValue,
             share.isAccepted ? "1" : "0", share.invitedBy.value, .stamp(share.createdAt)])
        let inserted = Share(
            id: id, listID: share.listID, itemID: share.itemID, participant: share.participant.name, permission: share.permission,
            isAccepted: share.isAccepted, invitedBy: share.invitedBy, createdAt: share.createdAt.truncatedToMilliseconds)
        journal?.inserted(inserted)
        return inserted
    }

    public func updateShare(_ share: Share) throws {
        let before = journal == nil ? nil : try shares(of: share.listID).first { $0.id == share.id }
        defer { journal?.updated(share, from: before) }
        try run("UPDATE shares SET permission = $1, accepted = $2 WHERE id = $3", [share.permission.rawValue, share.isAccepted ? "1" : "0", String(share.id)])
    }

    public func deleteShares(_ shares: [Share]) throws {
        for share in shares { try run("DELETE FROM shares WHERE id = $1", [String(share.id)]) }
        journal?.deleted(shares)
    }

    private static let codeColumns = "SELECT code, list_id, permission, single_use, expires_at, created_by FROM share_codes"

    public func insertShareCode(_ code: ShareCode) throws {
        try run("INSERT INTO share_codes (code, list_id, permission, single_use, expires_at, created_by) VALUES ($1, $2, $3, $4, $5, $6)",
                [code.code, String(code.listID), code.permission.rawValue, code.singleUse ? "1" : "0", .stamp(code.expiresAt), code.createdBy.value])
        journal?.inserted(code)
    }

    public func shareCode(_ code: String) throws -> ShareCode? {
        try rows(Self.codeColumns + " WHERE code = $1", [code]).first.map(StoredRows.shareCode)
    }

    public func shareCodes(of list: ListID) throws -> [ShareCode] {
        try rows(Self.codeColumns + " WHERE list_id = $1", [String(list)]).map(StoredRows.shareCode)
    }

    public func deleteShareCode(_ code: ShareCode) throws {
        try run("DELETE FROM share_codes WHERE code = $1", [code.code])
        journal?.deleted(code)
    }

    // MARK: Mutes, announcements, trips, aisles

    public func mutedMembers(of list: ListID) throws -> Set<UserName> {
        Set(try rows("SELECT users.name FROM mutes JOIN users ON users.id = mutes.user_id WHERE mutes.list_id = $1", [String(list)]).map { UserName(stored: $0.text(0)) })
    }

    public func setMuted(_ muted: Bool, list: ListID, for user: User) throws {
        if muted {
            try run("INSERT INTO mutes (user_id, list_id) VALUES ($1, $2) ON CONFLICT (list_id, user_id) DO NOTHING", [String(user.id), String(list)])
        } else {
            try run("DELETE FROM mutes WHERE user_id = $1 AND list_id = $2", [String(user.id), String(list)])
        }
    }

    public func announcements(of list: ListID) throws -> [Announcement] {
        try rows(
            "SELECT announcements.list_id, announcements.channel, announcements.language, users.name FROM announcements JOIN users ON users.id = announcements.user_id WHERE announcements.list_id = $1 ORDER BY announcements.id",
            [String(list)]
        ).map { Announcement(list: $0.int(0), channel: try ChannelName($0.text(1)), language: $0.text(2), by: try UserName($0.text(3))) }
    }

    public func addAnnouncement(_ announcement: Announcement) throws {
        try run(
            """
            INSERT INTO announcements (list_id, channel, channel_key, language, user_id)
            SELECT $1, $2, $3, $4, id FROM users WHERE name = $5
            ON CONFLICT (list_id, channel_key) DO UPDATE SET channel = excluded.channel, language = excluded.language, user_id = excluded.user_id
            """,
            [String(announcement.list), announcement.channel.value, announcement.channel.key, announcement.language, announcement.by.value])
    }

    public func deleteAnnouncement(of list: ListID, in channel: ChannelName) throws {
        try run("DELETE FROM announcements WHERE list_id = $1 AND channel_key = $2", [String(list), channel.key])
    }

    public func announcedChannels() throws -> [ChannelName] {
        var seen: Set<ChannelName> = []
        return try rows("SELECT channel FROM announcements ORDER BY id").map { try ChannelName($0.text(0)) }.filter { seen.insert($0).inserted }
    }

    private static let tripColumns = "SELECT trips.id, trips.list_id, users.name, trips.shop, trips.started_at, trips.ended_at FROM trips JOIN users ON users.id = trips.user_id"

    public func openTrips(of list: ListID) throws -> [Trip] {
        try rows(Self.tripColumns + " WHERE trips.list_id = $1 AND trips.ended_at IS NULL ORDER BY trips.id", [String(list)]).map(StoredRows.trip)
    }

    public func openTrips(of shopper: User) throws -> [Trip] {
        try rows(Self.tripColumns + " WHERE trips.user_id = $1 AND trips.ended_at IS NULL ORDER BY trips.id", [String(shopper.id)]).map(StoredRows.trip)
    }

    public func shopTrips(of list: ListID) throws -> [Trip] {
        try rows(Self.tripColumns + " WHERE trips.list_id = $1 AND trips.shop IS NOT NULL ORDER BY trips.id DESC LIMIT 500", [String(list)]).map(StoredRows.trip)
    }

    public func insertTrip(list: ListID, shopper: User, shop: String?, at date: Date) throws -> Trip {
        let id = try insert("INSERT INTO trips (list_id, user_id, shop, started_at) VALUES ($1, $2, $3, $4) RETURNING id", [String(list), String(shopper.id), shop, .stamp(date)])
        return Trip(id: id, listID: list, shopper: shopper.name, shop: shop, startedAt: date.truncatedToMilliseconds)
    }

    public func endTrip(_ id: Int64, at date: Date) throws {
        try run("UPDATE trips SET ended_at = $1 WHERE id = $2", [.stamp(date), String(id)])
    }

    public func aisleChoices(of owner: UserName) throws -> [AisleChoice] {
        try rows(
            "SELECT aisle_choices.name, aisle_choices.aisle FROM aisle_choices JOIN users ON users.id = aisle_choices.owner_id WHERE users.name = $1 ORDER BY aisle_choices.id",
            [owner.value]
        ).map { AisleChoice(name: ItemName(stored: $0.text(0)), aisle: try AisleName($0.text(1))) }
    }

    public func insertAisleChoice(_ choice: AisleChoice, owner: UserName) throws {
        try run("INSERT INTO aisle_choices (owner_id, name, aisle) SELECT id, $1, $2 FROM users WHERE name = $3", [choice.name.value, choice.aisle.value, owner.value])
    }

    public func deleteAisleChoice(named name: ItemName, owner: UserName) throws {
        try run("DELETE FROM aisle_choices WHERE name = $1 AND owner_id = (SELECT id FROM users WHERE name = $2)", [name.value, owner.value])
    }

    public func shopOrder(of list: ListID) throws -> String? {
        try rows("SELECT shop FROM shop_orders WHERE list_id = $1", [String(list)]).first?.text(0)
    }

    public func setShopOrder(_ shop: String?, of list: ListID) throws {
        if let shop {
            try run("INSERT INTO shop_orders (list_id, shop) VALUES ($1, $2) ON CONFLICT (list_id) DO UPDATE SET shop = excluded.shop", [String(list), shop])
        } else {
            try run("DELETE FROM shop_orders WHERE list_id = $1", [String(list)])
        }
    }

    // MARK: Undo and events

    public func restore(_ item: Item) throws {
        try run(
            "INSERT INTO items (id, list_id, name, quantity_thousandths, unit, checked, added_by, added_at, updated_at, note, buyer, language) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
            [String(item.id), String(item.listID), item.name.value, String(item.quantity.thousandths), item.unit?.value, item.isChecked ? "1" : "0",
             item.addedBy.value, .stamp(item.addedAt), .stamp(item.updatedAt), item.note?.value, item.buyer?.value, item.language])
    }

    public func restore(_ list: ShoppingList) throws {
        try run("INSERT INTO lists (id, owner_id, name, name_key, created_at) SELECT $1, id, $2, $3, $4 FROM users WHERE name = $5",
                [String(list.id), list.name.value, list.name.key, .stamp(list.createdAt), list.owner.value])
    }

    public func restore(_ share: Share) throws {
        try run(
            "INSERT INTO shares (id, list_id, item_id, user_id, permission, accepted, invited_by, created_at) SELECT $1, $2, $3, id, $4, $5, $6, $7 FROM users WHERE name = $8",
            [String(share.id), String(share.listID), share.itemID.map(String.init), share.permission.rawValue, share.isAccepted ? "1" : "0",
             share.invitedBy.value, .stamp(share.createdAt), share.participant.value])
    }

    public func enqueueEvent(_ payload: String, for user: User, at date: Date, keep: Int) throws {
        // One round trip: the member's oldest beyond `keep` - 1 go as the new one comes.
        let id = try insert(
            """
            WITH trimmed AS (DELETE FROM events WHERE user_id = $1 AND id NOT IN (SELECT id FROM events WHERE user_id = $1 ORDER BY id DESC LIMIT $4))
            INSERT INTO events (user_id, payload, created_at) VALUES ($1, $2, $3) RETURNING id
            """,
            [String(user.id), payload, .stamp(date), String(max(keep - 1, 0))])
        newEvents.ids.append(id)
    }

    public func learn(_ line: LearnedLine) throws {
        try run(
            """
            INSERT INTO learned (language, text_key, text, intent, slots, user_id, learned_at) SELECT $1, $2, $3, $4, $5, id, $6 FROM users WHERE name = $7
            ON CONFLICT (language, text_key) DO UPDATE SET text = excluded.text, intent = excluded.intent, slots = excluded.slots,
                user_id = excluded.user_id, learned_at = excluded.learned_at
            """,
            [line.language, LearnedLine.key(of: line.text), line.text, line.intent, line.slots, .stamp(line.learnedAt), line.member.value])
        try run("DELETE FROM learned WHERE language = $1 AND id NOT IN (SELECT id FROM learned WHERE language = $1 ORDER BY id DESC LIMIT $2)",
                [line.language, String(LearnedLine.limit)])
    }

    public func learnedLines(in language: String) throws -> [LearnedLine] {
        try rows(
            "SELECT learned.language, learned.text, learned.intent, learned.slots, users.name, learned.learned_at FROM learned JOIN users ON users.id = learned.user_id WHERE learned.language = $1 ORDER BY learned.id",
            [language]).map(StoredRows.learnedLine)
    }

    public func forgetLearnedLines() throws -> Int {
        try rows("DELETE FROM learned RETURNING id", []).count
    }

    public func takeEvents(for user: User) throws -> [String] {
        // Taken and removed in one statement: two servers never hand the same event out twice.
        let taken = try rows("DELETE FROM events WHERE user_id = $1 RETURNING id, payload", [String(user.id)]).sorted { $0.int(0) < $1.int(0) }
        if !newEvents.ids.isEmpty {
            let ids = Set(taken.map { $0.int(0) })
            newEvents.ids.removeAll(where: ids.contains)
        }
        return taken.map { $0.text(1) }
    }
}

/// One row of a PostgreSQL result, read as ``SQLiteRepository`` reads SQLite's.
struct PostgresRow: StoredRow {
    let values: [String?]

    package func int(_ column: Int32) -> Int64 { values[Int(column)].flatMap { Int64($0) } ?? 0 }
    package func isNull(_ column: Int32) -> Bool { values[Int(column)] == nil }
    package func text(_ column: Int32) -> String { values[Int(column)] ?? "" }
}

extension String {
    /// A time as the schema keeps it: whole milliseconds since 1970.
    static func stamp(_ date: Date) -> String { String(date.stamp) }
}
