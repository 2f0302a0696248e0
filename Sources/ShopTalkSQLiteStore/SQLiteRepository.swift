import Foundation
import ShopTalkStoreCore
import ShopTalkDomain

/// The domain's view of the database inside one open transaction.
///
/// Made only by ``SQLiteStore/write(_:)``, and valid only inside it.
public struct SQLiteRepository: ShoppingRepository {
    let database: Database
    /// What this connection read or wrote lately (see ``RowCache``).
    let cache: RowCache
    /// Where the command's writes are noted for "undo", when they are.
    let journal: WriteJournal?

    // MARK: Users

    public func user(named name: UserName) throws -> User? {
        if let user = cache.users[name] { return user }
        let user = try database.query("SELECT id, name, default_list_id, language FROM users WHERE name = ?", [.text(name.value)], row: Self.user).first
        if let user { cache.remember(user) }
        return user
    }

    public func insertUser(named name: UserName, at date: Date) throws -> User {
        try database.run("INSERT INTO users (name, created_at) VALUES (?, ?)", [.text(name.value), .stamp(date)])
        let user = User(id: database.lastInsertedRowID, name: name)
        cache.remember(user)
        return user
    }

    public func setDefaultList(_ list: ListID?, of user: User) throws {
        try database.run("UPDATE users SET default_list_id = ? WHERE id = ?", [list.map(SQLValue.integer) ?? .null, .integer(user.id)])
        var changed = user
        changed.defaultList = list
        cache.remember(changed)
    }

    public func setLanguage(_ language: String?, of user: User) throws {
        try database.run("UPDATE users SET language = ? WHERE id = ?", [language.map(SQLValue.text) ?? .null, .integer(user.id)])
        var changed = user
        changed.language = language
        cache.remember(changed)
    }

    // MARK: Lists

    // Statements are literals (the statement cache knows them by address), so
    // the queries that share a column list each spell it out.
    private static let listsOwnedBySQL: StaticString = "SELECT lists.id, lists.name, users.name, lists.created_at FROM lists JOIN users ON users.id = lists.owner_id WHERE lists.owner_id = ? ORDER BY lists.name_key"
    private static let listOwnedByKeySQL: StaticString = "SELECT lists.id, lists.name, users.name, lists.created_at FROM lists JOIN users ON users.id = lists.owner_id WHERE lists.owner_id = ? AND lists.name_key = ?"
    private static let listByIDSQL: StaticString = "SELECT lists.id, lists.name, users.name, lists.created_at FROM lists JOIN users ON users.id = lists.owner_id WHERE lists.id = ?"

    public func lists(ownedBy owner: User) throws -> [ShoppingList] {
        try database.query(Self.listsOwnedBySQL, [.integer(owner.id)], row: Self.list)
    }

    public func list(ownedBy owner: User, key: String) throws -> ShoppingList? {
        if let list = cache.lists[RowCache.ListKey(owner: owner.id, key: key)] { return list }
        let list = try database.query(
            Self.listOwnedByKeySQL,
            [.integer(owner.id), .text(key)], row: Self.list
        ).first
        if let list { cache.remember(list, owner: owner.id) }
        return list
    }

    public func insertList(named name: ListName, owner: User, at date: Date) throws -> ShoppingList {
        try database.run(
            "INSERT INTO lists (owner_id, name, name_key, created_at) VALUES (?, ?, ?, ?)",
            [.integer(owner.id), .text(name.value), .text(name.key), .stamp(date)])
        let list = ShoppingList(id: database.lastInsertedRowID, name: name, owner: owner.name, createdAt: date.truncatedToMilliseconds)
        cache.remember(list, owner: owner.id)
        journal?.inserted(list)
        return list
    }

    public func updateList(_ list: ShoppingList) throws {
        let before = journal == nil ? nil : try self.list(id: list.id)
        defer { journal?.updated(list, from: before) }
        try database.run("UPDATE lists SET name = ?, name_key = ? WHERE id = ?", [.text(list.name.value), .text(list.name.key), .integer(list.id)])
        cache.changed(list: list.id)
    }

    public func deleteList(_ id: ListID) throws {
        if let journal, let list = try list(id: id) {
            let (items, shares, codes) = (try items(in: id), try shares(of: id), try shareCodes(of: id))
            let surroundings = try surroundings(
                of: id, defaultOf: database.query("SELECT name FROM users WHERE default_list_id = ? ORDER BY id", [.integer(id)]) { UserName(stored: $0.text(0)) })
            defer { journal.deleted(list, items: items, shares: shares, codes: codes, surroundings: surroundings) }
            try database.run("DELETE FROM lists WHERE id = ?", [.integer(id)])
            cache.changed(list: id)
            return
        }
        try database.run("DELETE FROM lists WHERE id = ?", [.integer(id)])
        cache.changed(list: id)
    }

    // MARK: Items

    public func items(in list: ListID) throws -> [Item] {
        if let items = cache.items[list] { return items }
        let items = try database.query(
            "SELECT id, list_id, name, quantity_thousandths, unit, checked, added_by, added_at, updated_at, note, buyer, language FROM items WHERE list_id = ?",
            [.integer(list)], row: Self.item)
        cache.remember(items, of: list)
        return items
    }

    public func insertItem(_ item: NewItem) throws -> Item {
        try database.run(
            "INSERT INTO items (list_id, name, quantity_thousandths, unit, checked, added_by, added_at, updated_at, note, language) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?)",
            [.integer(item.listID), .text(item.name.value), SQLValue(item.quantity.thousandths), SQLValue(item.unit?.value),
             .text(item.addedBy.value), .stamp(item.addedAt), .stamp(item.addedAt), SQLValue(item.note?.value), SQLValue(item.language)])
        let at = item.addedAt.truncatedToMilliseconds
        let inserted = Item(
            id: database.lastInsertedRowID, listID: item.listID, name: item.name, quantity: item.quantity, unit: item.unit,
            isChecked: false, addedBy: item.addedBy, addedAt: at, updatedAt: at, note: item.note, language: item.language)
        cache.inserted(inserted)
        journal?.inserted(inserted)
        return inserted
    }

    public func updateItem(_ item: Item) throws {
        let before = journal == nil ? nil : try items(in: item.listID).first { $0.id == item.id }
        defer { journal?.updated(item, from: before) }
        try database.run(
            "UPDATE items SET name = ?, quantity_thousandths = ?, unit = ?, checked = ?, updated_at = ?, note = ?, buyer = ?, language = ? WHERE id = ?",
            [.text(item.name.value), SQLValue(item.quantity.thousandths), SQLValue(item.unit?.value), SQLValue(item.isChecked),
             .stamp(item.updatedAt), SQLValue(item.note?.value), SQLValue(item.buyer?.value), SQLValue(item.language), .integer(item.id)])
        var stored = item
        stored.updatedAt = item.updatedAt.truncatedToMilliseconds
        cache.updated(stored)
    }

    public func deleteItems(_ items: [Item]) throws {
        let ids = items.map(\.id)
        if let journal { journal.deleted(items, shares: try sharesOfTheirOwn(items)) }
        defer { cache.deleted(items: ids) } // those deleted before a failure are gone too
        for id in ids { try database.run("DELETE FROM items WHERE id = ?", [.integer(id)]) }
    }

    // MARK: Activity

    public func record(_ activity: Activity) throws {
        let columns = Self.columns(of: activity.change)
        try database.run(
            """
            INSERT INTO activity (list_id, list_name, actor, action, detail, item_name, previous_name, quantity, quantity_thousandths, unit, at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [.integer(activity.listID), .text(activity.listName.value), .text(activity.actor.value),
             .text(activity.action.rawValue), .text(columns.summary), SQLValue(columns.item), SQLValue(columns.previous),
             columns.count.map { SQLValue($0) } ?? .null, columns.amount.map { SQLValue($0.thousandths) } ?? .null,
             SQLValue(columns.unit), .stamp(activity.at)])
    }

    public func activity(of list: ListID, during period: Range<Date>?, limit: Int) throws -> [Activity] {
        try database.query(
            """
            SELECT list_id, list_name, actor, action, detail, item_name, previous_name, quantity, unit, at, quantity_thousandths
            FROM activity WHERE list_id = ? AND at >= ? AND at < ? ORDER BY id DESC LIMIT ?
            """,
            [.integer(list), period.map { .stamp($0.lowerBound) } ?? .integer(.min),
             period.map { .stamp($0.upperBound) } ?? .integer(.max), SQLValue(limit)]
        ) { row in
            Activity(
                listID: row.int(0), listName: ListName(stored: row.text(1)), actor: UserName(stored: row.text(2)),
                change: try Self.change(row), at: .fromStamp(row.int(9)))
        }
    }

    static func columns(of change: Activity.Change)
        -> (summary: String, item: String?, previous: String?, count: Int?, amount: Quantity?, unit: String?) { StoredRows.columns(of: change) }

    // MARK: Decoding rows (shared with PostgreSQL: ``StoredRows``)

    static var namesSeparator: String { StoredRows.namesSeparator }
    static func change<Row: StoredRow>(_ row: Row) throws -> Activity.Change { try StoredRows.change(row) }
    static func user<Row: StoredRow>(_ row: Row) throws -> User { try StoredRows.user(row) }
    static func list<Row: StoredRow>(_ row: Row) throws -> ShoppingList { try StoredRows.list(row) }
    static func item<Row: StoredRow>(_ row: Row) throws -> Item { try StoredRows.item(row) }
}

extension SQLValue {
    /// Times are stored as whole milliseconds since 1970.
    static func stamp(_ date: Date) -> SQLValue { .integer(date.stamp) }
}

// MARK: - Sharing and events

extension SQLiteRepository {
    public func list(id: ListID) throws -> ShoppingList? {
        if let list = cache.listsByID[id] { return list }
        let list = try database.query(Self.listByIDSQL, [.integer(id)], row: Self.list).first
        if let list { cache.remember(list) }
        return list
    }

    public func item(id: ItemID) throws -> Item? {
        try database.query(
            "SELECT id, list_id, name, quantity_thousandths, unit, checked, added_by, added_at, updated_at, note, buyer, language FROM items WHERE id = ?",
            [.integer(id)], row: Self.item
        ).first
    }

    private static let sharesOfListSQL: StaticString = "SELECT shares.id, shares.list_id, shares.item_id, users.name, shares.permission, shares.accepted, shares.invited_by, shares.created_at FROM shares JOIN users ON users.id = shares.user_id WHERE shares.list_id = ? ORDER BY shares.id"
    private static let sharesForUserSQL: StaticString = "SELECT shares.id, shares.list_id, shares.item_id, users.name, shares.permission, shares.accepted, shares.invited_by, shares.created_at FROM shares JOIN users ON users.id = shares.user_id WHERE shares.user_id = ? ORDER BY shares.id"

    public func shares(of list: ListID) throws -> [Share] {
        if let shares = cache.shares[list] { return shares }
        let shares = try database.query(Self.sharesOfListSQL, [.integer(list)], row: Self.share)
        cache.remember(shares, of: list)
        return shares
    }

    public func shares(for user: User) throws -> [Share] {
        try database.query(Self.sharesForUserSQL, [.integer(user.id)], row: Self.share)
    }

    public func insertShare(_ share: NewShare) throws -> Share {
        try database.run(
            "INSERT INTO shares (list_id, item_id, user_id, permission, accepted, invited_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [.integer(share.listID), share.itemID.map(SQLValue.integer) ?? .null, .integer(share.participant.id),
             .text(share.permission.rawValue), SQLValue(share.isAccepted), .text(share.invitedBy.value), .stamp(share.createdAt)])
        cache.changedShares(of: share.listID)
        let inserted = Share(
            id: database.lastInsertedRowID, listID: share.listID, itemID: share.itemID, participant: share.participant.name,
            permission: share.permission, isAccepted: share.isAccepted, invitedBy: share.invitedBy,
            createdAt: share.createdAt.truncatedToMilliseconds)
        journal?.inserted(inserted)
        return inserted
    }

    public func updateShare(_ share: Share) throws {
        let before = journal == nil ? nil : try shares(of: share.listID).first { $0.id == share.id }
        defer { journal?.updated(share, from: before) }
        try database.run(
            "UPDATE shares SET permission = ?, accepted = ? WHERE id = ?",
            [.text(share.permission.rawValue), SQLValue(share.isAccepted), .integer(share.id)])
        cache.changedShares(of: share.listID)
    }

    public func deleteShares(_ shares: [Share]) throws {
        defer { cache.forgetShares() }
        for share in shares { try database.run("DELETE FROM shares WHERE id = ?", [.integer(share.id)]) }
        journal?.deleted(shares)
    }

    public func insertShareCode(_ code: ShareCode) throws {
        try database.run(
            "INSERT INTO share_codes (code, list_id, permission, single_use, expires_at, created_by) VALUES (?, ?, ?, ?, ?, ?)",
            [.text(code.code), .integer(code.listID), .text(code.permission.rawValue), SQLValue(code.singleUse),
             .stamp(code.expiresAt), .text(code.createdBy.value)])
        journal?.inserted(code)
    }

    public func shareCode(_ code: String) throws -> ShareCode? {
        try database.query(
            "SELECT code, list_id, permission, single_use, expires_at, created_by FROM share_codes WHERE code = ?",
            [.text(code)], row: Self.shareCode
        ).first
    }

    public func shareCodes(of list: ListID) throws -> [ShareCode] {
        try database.query(
            "SELECT code, list_id, permission, single_use, expires_at, created_by FROM share_codes WHERE list_id = ?",
            [.integer(list)], row: Self.shareCode)
    }

    public func deleteShareCode(_ code: ShareCode) throws {
        try database.run("DELETE FROM share_codes WHERE code = ?", [.text(code.code)])
        journal?.deleted(code)
    }

    public func enqueueEvent(_ payload: String, for user: User, at date: Date, keep: Int) throws {
        try database.run("INSERT INTO events (user_id, payload, created_at) VALUES (?, ?, ?)", [.integer(user.id), .text(payload), .stamp(date)])
        cache.eventQueued(for: user.id)
        try database.run(
            "DELETE FROM events WHERE user_id = ? AND id NOT IN (SELECT id FROM events WHERE user_id = ? ORDER BY id DESC LIMIT ?)",
            [.integer(user.id), .integer(user.id), SQLValue(keep)])
    }

    public func mutedMembers(of list: ListID) throws -> Set<UserName> {
        Set(try database.query("SELECT users.name FROM mutes JOIN users ON users.id = mutes.user_id WHERE mutes.list_id = ?",
                               [.integer(list)]) { try UserName($0.text(0)) })
    }

    public func setMuted(_ muted: Bool, list: ListID, for user: User) throws {
        if muted {
            try database.run("INSERT INTO mutes (user_id, list_id) VALUES (?, ?) ON CONFLICT (list_id, user_id) DO NOTHING", [.integer(user.id), .integer(list)])
        } else {
            try database.run("DELETE FROM mutes WHERE user_id = ? AND list_id = ?", [.integer(user.id), .integer(list)])
        }
    }

    public func announcements(of list: ListID) throws -> [Announcement] {
        // Most households announce nothing: no lookup at all then.
        if let all = cache.announcements { return all.isEmpty ? [] : all[list] ?? [] }
        let rows = try database.query(
            "SELECT announcements.list_id, announcements.channel, announcements.language, users.name FROM announcements JOIN users ON users.id = announcements.user_id ORDER BY announcements.id"
        ) { row in
            Announcement(list: row.int(0), channel: try ChannelName(row.text(1)), language: row.text(2), by: try UserName(row.text(3)))
        }
        let all = Dictionary(grouping: rows, by: \.list)
        cache.announcements = all
        return all[list] ?? []
    }

    public func addAnnouncement(_ announcement: Announcement) throws {
        defer { cache.announcements = nil }
        try database.run(
            """
            INSERT INTO announcements (list_id, channel, channel_key, language, user_id)
            SELECT ?, ?, ?, ?, id FROM users WHERE name = ?
            ON CONFLICT (list_id, channel_key) DO UPDATE SET channel = excluded.channel, language = excluded.language, user_id = excluded.user_id
            """,
            [.integer(announcement.list), .text(announcement.channel.value), .text(announcement.channel.key), .text(announcement.language), .text(announcement.by.value)])
    }

    public func deleteAnnouncement(of list: ListID, in channel: ChannelName) throws {
        defer { cache.announcements = nil }
        try database.run("DELETE FROM announcements WHERE list_id = ? AND channel_key = ?", [.integer(list), .text(channel.key)])
    }

    public func announcedChannels() throws -> [ChannelName] {
        var seen: Set<ChannelName> = []
        return try database.query("SELECT channel FROM announcements ORDER BY id") { try ChannelName($0.text(0)) }.filter { seen.insert($0).inserted }
    }

    public func takeEvents(for user: User) throws -> [String] {
        if cache.withoutEvents.contains(user.id) { return [] }
        guard try database.scalar("SELECT 1 FROM events WHERE user_id = ? LIMIT 1", [.integer(user.id)]) != nil else {
            cache.rememberNoEvents(for: user.id)
            return []
        }
        let payloads = try database.query("SELECT payload FROM events WHERE user_id = ? ORDER BY id", [.integer(user.id)]) { $0.text(0) }
        if !payloads.isEmpty { try database.run("DELETE FROM events WHERE user_id = ?", [.integer(user.id)]) }
        cache.rememberNoEvents(for: user.id)
        return payloads
    }

    public func learn(_ line: LearnedLine) throws {
        try database.run(
            """
            INSERT INTO learned (language, text_key, text, intent, slots, user_id, learned_at) SELECT ?, ?, ?, ?, ?, id, ? FROM users WHERE name = ?
            ON CONFLICT (language, text_key) DO UPDATE SET text = excluded.text, intent = excluded.intent, slots = excluded.slots,
                user_id = excluded.user_id, learned_at = excluded.learned_at
            """,
            [.text(line.language), .text(LearnedLine.key(of: line.text)), .text(line.text), .text(line.intent), .text(line.slots),
             .stamp(line.learnedAt), .text(line.member.value)])
        try database.run(
            "DELETE FROM learned WHERE language = ? AND id NOT IN (SELECT id FROM learned WHERE language = ? ORDER BY id DESC LIMIT ?)",
            [.text(line.language), .text(line.language), SQLValue(LearnedLine.limit)])
    }

    public func learnedLines(in language: String) throws -> [LearnedLine] {
        try database.query(
            "SELECT learned.language, learned.text, learned.intent, learned.slots, users.name, learned.learned_at FROM learned JOIN users ON users.id = learned.user_id WHERE learned.language = ? ORDER BY learned.id",
            [.text(language)]) { row in try StoredRows.learnedLine(row) }
    }

    public func forgetLearnedLines() throws -> Int {
        let count = Int(try database.scalar("SELECT count(*) FROM learned") ?? 0)
        try database.run("DELETE FROM learned")
        return count
    }

    static func share<Row: StoredRow>(_ row: Row) throws -> Share { try StoredRows.share(row) }

    static func shareCode<Row: StoredRow>(_ row: Row) throws -> ShareCode { try StoredRows.shareCode(row) }
}
