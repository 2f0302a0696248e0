import Foundation

/// One row as a command left it: what it was before and what it became
/// (nil: there was none, or there is none now). What "undo" puts back.
public enum JournalEntry: Hashable, Sendable {
    case item(before: Item?, after: Item?)
    case list(before: ShoppingList?, after: ShoppingList?)
    case share(before: Share?, after: Share?)
    case code(before: ShareCode?, after: ShareCode?)
    /// What went with a deleted list besides its rows (see ``ListSurroundings``).
    case surroundings(ListSurroundings)
}

/// What goes with a list besides its items, shares and codes, and goes when
/// it is deleted: who muted it, the channels it is announced in, the shop it
/// is sorted for, and whose default list it was. Undoing the deletion puts
/// these back too.
public struct ListSurroundings: Hashable, Sendable {
    public let list: ListID
    public let mutedBy: [UserName]
    public let announcements: [Announcement]
    public let shop: String?
    public let defaultOf: [UserName]

    public init(list: ListID, mutedBy: [UserName], announcements: [Announcement], shop: String?, defaultOf: [UserName]) {
        self.list = list
        self.mutedBy = mutedBy
        self.announcements = announcements
        self.shop = shop
        self.defaultOf = defaultOf
    }

    var isEmpty: Bool { mutedBy.isEmpty && announcements.isEmpty && shop == nil && defaultOf.isEmpty }
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

/// The rows one command wrote, as they were and became, so that the command
/// can be taken back ("undo") without each command knowing how. A
/// repository given one notes every write of a list, an item, a share or a
/// share code in it, with the row as it was before (which only the
/// repository can read cheaply). What counts, and in which order, is
/// decided here:
/// - a write that changed nothing but a time is nothing to undo;
/// - a deleted list or item brings along what goes with it (codes, shares,
///   items), noted first, so that undoing puts the list back before them.
public final class WriteJournal {
    public private(set) var entries: [JournalEntry] = []

    public init() {}

    /// Forgets what was noted: the transaction it was noted in was rolled back, to be run again.
    public func reset() { entries.removeAll() }

    public func inserted(_ list: ShoppingList) { entries.append(.list(before: nil, after: list)) }

    public func updated(_ list: ShoppingList, from before: ShoppingList?) {
        if before?.name != list.name { entries.append(.list(before: before, after: list)) }
    }

    public func deleted(_ list: ShoppingList, items: [Item], shares: [Share], codes: [ShareCode], surroundings: ListSurroundings? = nil) {
        entries += codes.map { .code(before: $0, after: nil) } + shares.map { .share(before: $0, after: nil) }
            + items.map { .item(before: $0, after: nil) }
        if let surroundings, !surroundings.isEmpty { entries.append(.surroundings(surroundings)) }
        entries.append(.list(before: list, after: nil))
    }

    public func inserted(_ item: Item) { entries.append(.item(before: nil, after: item)) }

    public func updated(_ item: Item, from before: Item?) {
        if before.map({ !$0.sameContent(as: item) }) ?? true { entries.append(.item(before: before, after: item)) }
    }

    /// Items deleted, with the shares of them alone that went with them.
    public func deleted(_ items: [Item], shares: [Share]) {
        entries += shares.map { .share(before: $0, after: nil) } + items.map { .item(before: $0, after: nil) }
    }

    public func inserted(_ share: Share) { entries.append(.share(before: nil, after: share)) }

    public func updated(_ share: Share, from before: Share?) {
        if before?.permission != share.permission || before?.isAccepted != share.isAccepted { entries.append(.share(before: before, after: share)) }
    }

    public func deleted(_ shares: [Share]) { entries += shares.map { .share(before: $0, after: nil) } }
    public func inserted(_ code: ShareCode) { entries.append(.code(before: nil, after: code)) }
    public func deleted(_ code: ShareCode) { entries.append(.code(before: code, after: nil)) }
}
