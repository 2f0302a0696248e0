/// What a command did, for the session to put into words.

public struct ListSummary: Hashable, Sendable {
    public let list: ShoppingList
    public let access: Access
    public let itemCount: Int
    public let uncheckedCount: Int
    /// The list "my list" means for the one asking.
    public let isDefault: Bool
}

public struct ListContents: Hashable, Sendable {
    public let list: ShoppingList
    /// In display order: unchecked first, then by name ignoring case.
    public let items: [Item]
    /// Where the household keeps things, when it said ("put milk under dairy").
    public var aisleChoices: [AisleChoice] = []
    /// The walk of the shop the list is sorted for ("sort Groceries for Lidl").
    public var walk: ShopWalk? = nil

    /// The same in display order by the names a reader reads, not as
    /// typed: "huevos" is under E for a reader of "eggs".
    public func ordered(byShownName shown: (Item) -> String) -> ListContents {
        let keyed = items.map { (item: $0, key: shown($0).lowercased()) }
        let ordered = keyed.sorted { lhs, rhs in
            if lhs.item.isChecked != rhs.item.isChecked { return !lhs.item.isChecked }
            if lhs.key != rhs.key { return lhs.key < rhs.key }
            return lhs.item.id < rhs.item.id
        }
        return ListContents(list: list, items: ordered.map(\.item), aisleChoices: aisleChoices, walk: walk)
    }
}

/// A name a command could not act on, and why, while it acted on the
/// others: one item of "remove apples and pepper" missing does not keep the
/// apples on the list.
public struct Refusal: Hashable, Sendable {
    /// As the speaker said it.
    public let name: String
    public let reason: DomainError

    public init(name: String, reason: DomainError) {
        self.name = name
        self.reason = reason
    }
}

/// Names an "add" stopped at before writing anything: each new on its list
/// and one slip from a known item ("mlik" for milk), for the speaker to confirm.
public struct PossibleSlips: Error, Sendable {
    public let slips: [(typed: String, meant: String)]
}

public struct ItemsAdded: Hashable, Sendable {
    public struct Change: Hashable, Sendable {
        /// The item as now stored.
        public let item: Item
        public let added: Quantity
        /// The unit `added` was given in; the item's may be another one of
        /// the same measure (1 kg added to 500 g makes 1,500 g).
        public let addedUnit: ItemUnit?
        /// What became of the item.
        public enum Outcome: Hashable, Sendable {
            /// Not on the list before.
            case new
            /// On the list, and its quantity grew by the number said.
            case merged
            /// Checked off before, and to get again.
            case unchecked
            /// On the list and to get, and no number said: left as it was.
            case alreadyOnList
            /// The same, but with a new note said ("milk (the oat one)").
            case noted
        }

        public let outcome: Outcome

        /// True when the item was already on the list and its quantity grew.
        public var merged: Bool { outcome == .merged }
        /// True when the line changed the item: others hear of it.
        public var isNews: Bool { outcome == .new || outcome == .merged || outcome == .unchecked }
    }
    public let list: ShoppingList
    public let changes: [Change]
    /// Items that could not be added (a unit that does not mix with the one
    /// on the list, a total past the limit); the others were.
    public let refused: [Refusal]

    /// Only the changes others hear of: not what was on the list already.
    public var news: ItemsAdded { ItemsAdded(list: list, changes: changes.filter(\.isNews), refused: []) }
}

/// "remove 1 egg": the item is still there with fewer, or it is gone.
public enum QuantityRemoved: Hashable, Sendable {
    /// With the amount taken, in the unit it was given in ("200 g" from 1 kg).
    case reduced(ItemChanged, by: Quantity, unit: ItemUnit?)
    case removed(ItemsRemoved)
}

/// "do we need milk?", "where are the nails?": the item and the list it is
/// on, or the list looked at when it is on none; with no list named, also
/// the speaker's other lists that have it.
public struct ItemFound: Hashable, Sendable {
    /// A list the item is on, and the item there.
    public struct Place: Hashable, Sendable {
        public let list: ShoppingList
        public let item: Item
    }

    /// The name asked about.
    public let name: ItemName
    public let list: ShoppingList
    public let item: Item?
    /// With no list named: the other lists the speaker sees that have the
    /// item too, their own first; empty when a list was named.
    public let elsewhere: [Place]
    /// When the item is on none: the closest name on that list, if one is close.
    public let suggestion: String?
    /// True when no list was named, so every list the speaker sees was looked at.
    public let searchedEverywhere: Bool

    /// Every list that has the item, the one looked at first; none when it is on none.
    public var places: [Place] {
        guard let item else { return [] }
        return [Place(list: list, item: item)] + elsewhere
    }
}

public struct ItemChanged: Hashable, Sendable {
    public let list: ShoppingList
    public let before: Item
    public let after: Item
}

/// "remove apples and onions": what went, list by list, and what could not.
public struct Removal: Hashable, Sendable {
    /// One entry per list, in the order the names were said.
    public let removed: [ItemsRemoved]
    public let refused: [Refusal]

    public init(removed: [ItemsRemoved], refused: [Refusal]) {
        self.removed = removed
        self.refused = refused
    }
}

/// "got eggs and nails": each item changed, on whichever list it is, and
/// the names that found nothing to change.
public struct ItemsChanged: Hashable, Sendable {
    public let changes: [ItemChanged]
    public let refused: [Refusal]

    /// The changes, list by list, in the order the lists first come.
    public var byList: [(list: ShoppingList, changes: [ItemChanged])] {
        var groups: [(list: ShoppingList, changes: [ItemChanged])] = []
        for change in changes {
            if let index = groups.firstIndex(where: { $0.list.id == change.list.id }) {
                groups[index].changes.append(change)
            } else {
                groups.append((change.list, [change]))
            }
        }
        return groups
    }
}

public struct ItemsRemoved: Hashable, Sendable {
    public let list: ShoppingList
    public let items: [Item]
    /// Who is to be told, and of which items: worked out before the items,
    /// and the shares of those shared alone, were deleted.
    public let audience: [UserName: [Item]]
}

public struct ListRenamed: Hashable, Sendable {
    public let oldName: ListName
    public let list: ShoppingList
}

public struct ListDeleted: Hashable, Sendable {
    public let list: ShoppingList
    public let itemCount: Int
    /// The members who could see it, to be told.
    public let audience: [UserName]
    /// The channels its news went to, told too: the announcements go with the list.
    public let announcements: [Announcement]
}

/// "move bread and milk to Tools": one entry per list the items left.
public struct Move: Hashable, Sendable {
    public let moved: [ItemsMoved]
    public let refused: [Refusal]
}

public struct ItemsMoved: Hashable, Sendable {
    public let from: ShoppingList
    public let to: ShoppingList
    /// The items as they are now on `to`.
    public let items: [Item]
    /// Who sees them on either list, to be told.
    public let audience: [UserName]
}

/// "copy Groceries to Party".
public struct ListCopied: Hashable, Sendable {
    public let from: ShoppingList
    public let to: ShoppingList
    public let changes: [ItemsAdded.Change]
    /// The target was made for the copy.
    public let created: Bool

    /// As an "add" of the same items would say it, for the target's members.
    public var added: ItemsAdded { ItemsAdded(list: to, changes: changes, refused: []) }
}
