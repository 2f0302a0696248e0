/// What a command did, for the session to put into words.

public struct ListSummary: Hashable, Sendable {
    public let list: ShoppingList
    public let access: Access
    public let itemCount: Int
    public let uncheckedCount: Int
}

public struct ListContents: Hashable, Sendable {
    public let list: ShoppingList
    public let access: Access
    /// In display order: unchecked first, then by name ignoring case.
    public let items: [Item]
}

public struct ItemsAdded: Hashable, Sendable {
    public struct Change: Hashable, Sendable {
        /// The item as now stored.
        public let item: Item
        public let added: Quantity
        /// True when the item was already on the list and its quantity grew.
        public let merged: Bool
    }
    public let list: ShoppingList
    public let changes: [Change]
}

/// "remove 1 egg": the item is still there with fewer, or it is gone.
public enum QuantityRemoved: Hashable, Sendable {
    case reduced(ItemChanged, by: Quantity)
    case removed(ItemsRemoved)
}

public struct ItemChanged: Hashable, Sendable {
    public let list: ShoppingList
    public let before: Item
    public let after: Item
}

public struct ItemsRemoved: Hashable, Sendable {
    public let list: ShoppingList
    public let items: [Item]
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
}
