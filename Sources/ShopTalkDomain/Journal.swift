import Foundation

/// One row as a command left it: what it was before and what it became
/// (nil: there was none, or there is none now). What "undo" puts back.
public enum JournalEntry: Hashable, Sendable {
    case item(before: Item?, after: Item?)
    case list(before: ShoppingList?, after: ShoppingList?)
    case share(before: Share?, after: Share?)
    case code(before: ShareCode?, after: ShareCode?)
}

/// A member's change that "undo" can take back: the rows one command
/// wrote, in the order it wrote them. Kept by the session, in memory: the
/// rows themselves say whether it can still be undone, so a step whose
/// change never committed, or was overtaken, is refused, never applied.
public struct UndoStep: Hashable, Sendable {
    public let at: Date
    public let entries: [JournalEntry]

    public init(at: Date, entries: [JournalEntry]) {
        self.at = at
        self.entries = entries
    }
}

/// A repository that notes, beside every write of a list, an item, a share
/// or a share code, the row as it was and as it became, so that a command's
/// writes can be taken back ("undo") without each command knowing how.
/// A deleted list or item brings along what goes with it (items, shares,
/// codes), noted first, so that undoing puts the list back before them.
/// Reads and other writes pass straight through.
public final class Journal<Base: ShoppingRepository>: ShoppingRepository {
    public let base: Base
    public private(set) var entries: [JournalEntry] = []

    public init(_ base: Base) { self.base = base }

    // MARK: Noted writes

    public func insertList(named name: ListName, owner: User, at date: Date) throws -> ShoppingList {
        let list = try base.insertList(named: name, owner: owner, at: date)
        entries.append(.list(before: nil, after: list))
        return list
    }

    public func updateList(_ list: ShoppingList) throws {
        let before = try base.list(id: list.id)
        try base.updateList(list)
        if before?.name != list.name { entries.append(.list(before: before, after: list)) }
    }

    public func deleteList(_ id: ListID) throws {
        guard let list = try base.list(id: id) else { return try base.deleteList(id) }
        let codes = try base.shareCodes(of: id), shares = try base.shares(of: id), items = try base.items(in: id)
        try base.deleteList(id)
        entries += codes.map { .code(before: $0, after: nil) } + shares.map { .share(before: $0, after: nil) }
            + items.map { .item(before: $0, after: nil) } + [.list(before: list, after: nil)]
    }

    public func insertItem(_ item: NewItem) throws -> Item {
        let inserted = try base.insertItem(item)
        entries.append(.item(before: nil, after: inserted))
        return inserted
    }

    public func updateItem(_ item: Item) throws {
        let before = try base.items(in: item.listID).first { $0.id == item.id }
        try base.updateItem(item)
        // A write that changed nothing but the time is nothing to undo.
        if before.map({ !$0.sameContent(as: item) }) ?? true { entries.append(.item(before: before, after: item)) }
    }

    public func deleteItems(_ items: [Item]) throws {
        let ids = Set(items.map(\.id))
        let shares = try Set(items.map(\.listID)).flatMap { try base.shares(of: $0) }.filter { $0.itemID.map(ids.contains) ?? false }
        try base.deleteItems(items)
        entries += shares.map { .share(before: $0, after: nil) } + items.map { .item(before: $0, after: nil) }
    }

    public func insertShare(_ share: NewShare) throws -> Share {
        let inserted = try base.insertShare(share)
        entries.append(.share(before: nil, after: inserted))
        return inserted
    }

    public func updateShare(_ share: Share) throws {
        let before = try base.shares(of: share.listID).first { $0.id == share.id }
        try base.updateShare(share)
        if before?.permission != share.permission || before?.isAccepted != share.isAccepted { entries.append(.share(before: before, after: share)) }
    }

    public func deleteShares(_ shares: [Share]) throws {
        try base.deleteShares(shares)
        entries += shares.map { .share(before: $0, after: nil) }
    }

    public func insertShareCode(_ code: ShareCode) throws {
        try base.insertShareCode(code)
        entries.append(.code(before: nil, after: code))
    }

    public func deleteShareCode(_ code: ShareCode) throws {
        try base.deleteShareCode(code)
        entries.append(.code(before: code, after: nil))
    }

    // MARK: Passed through

    public func user(named name: UserName) throws -> User? { try base.user(named: name) }
    public func insertUser(named name: UserName, at date: Date) throws -> User { try base.insertUser(named: name, at: date) }
    public func setDefaultList(_ list: ListID?, of user: User) throws { try base.setDefaultList(list, of: user) }
    public func setLanguage(_ language: String?, of user: User) throws { try base.setLanguage(language, of: user) }
    public func lists(ownedBy owner: User) throws -> [ShoppingList] { try base.lists(ownedBy: owner) }
    public func list(ownedBy owner: User, key: String) throws -> ShoppingList? { try base.list(ownedBy: owner, key: key) }
    public func items(in list: ListID) throws -> [Item] { try base.items(in: list) }
    public func record(_ activity: Activity) throws { try base.record(activity) }
    public func activity(of list: ListID, during period: Range<Date>?, limit: Int) throws -> [Activity] {
        try base.activity(of: list, during: period, limit: limit)
    }
    public func list(id: ListID) throws -> ShoppingList? { try base.list(id: id) }
    public func item(id: ItemID) throws -> Item? { try base.item(id: id) }
    public func shares(of list: ListID) throws -> [Share] { try base.shares(of: list) }
    public func shares(for user: User) throws -> [Share] { try base.shares(for: user) }
    public func shareCode(_ code: String) throws -> ShareCode? { try base.shareCode(code) }
    public func shareCodes(of list: ListID) throws -> [ShareCode] { try base.shareCodes(of: list) }
    public func mutedMembers(of list: ListID) throws -> Set<UserName> { try base.mutedMembers(of: list) }
    public func setMuted(_ muted: Bool, list: ListID, for user: User) throws { try base.setMuted(muted, list: list, for: user) }
    public func announcements(of list: ListID) throws -> [Announcement] { try base.announcements(of: list) }
    public func addAnnouncement(_ announcement: Announcement) throws { try base.addAnnouncement(announcement) }
    public func deleteAnnouncement(of list: ListID, in channel: ChannelName) throws { try base.deleteAnnouncement(of: list, in: channel) }
    public func announcedChannels() throws -> [ChannelName] { try base.announcedChannels() }
    public func enqueueEvent(_ payload: String, for user: User, at date: Date, keep: Int) throws {
        try base.enqueueEvent(payload, for: user, at: date, keep: keep)
    }
    public func takeEvents(for user: User) throws -> [String] { try base.takeEvents(for: user) }
    public func restore(_ item: Item) throws { try base.restore(item) }
    public func restore(_ list: ShoppingList) throws { try base.restore(list) }
    public func restore(_ share: Share) throws { try base.restore(share) }
}
