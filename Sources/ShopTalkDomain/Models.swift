import Foundation

/// Row identities handed out by the store; the domain only compares them.
public typealias UserID = Int64
public typealias ListID = Int64
public typealias ItemID = Int64

public struct User: Hashable, Sendable {
    public let id: UserID
    public let name: UserName
    /// The list "my list" means: kept by identity, so renaming it keeps it
    /// the default. Nil until first used, and after it is deleted.
    public var defaultList: ListID?
    /// The code of the language the member chose to be spoken to in ("es"),
    /// for news and for replies to no sentence; nil: the server's default.
    public var language: String?

    public init(id: UserID, name: UserName, defaultList: ListID? = nil, language: String? = nil) {
        self.id = id
        self.name = name
        self.defaultList = defaultList
        self.language = language
    }
}

public struct ShoppingList: Hashable, Sendable {
    public let id: ListID
    public var name: ListName
    public let owner: UserName
    public let createdAt: Date

    public init(id: ListID, name: ListName, owner: UserName, createdAt: Date) {
        self.id = id
        self.name = name
        self.owner = owner
        self.createdAt = createdAt
    }
}

public struct Item: Hashable, Sendable {
    public let id: ItemID
    public let listID: ListID
    public var name: ItemName
    public var quantity: Quantity
    public var unit: ItemUnit?
    public var isChecked: Bool
    public let addedBy: UserName
    public let addedAt: Date
    public var updatedAt: Date
    /// "the oat one", "lactose free": what the name does not say.
    public var note: ItemNote?
    /// Who is getting it: "bob buys the eggs", or whoever went shopping.
    public var buyer: UserName?
    /// The language its name was typed in ("fr": "pain" is bread), so each
    /// reader is shown their own word for it; nil for an item older than that.
    public var language: String?

    public init(
        id: ItemID, listID: ListID, name: ItemName, quantity: Quantity, unit: ItemUnit?,
        isChecked: Bool, addedBy: UserName, addedAt: Date, updatedAt: Date, note: ItemNote? = nil, buyer: UserName? = nil,
        language: String? = nil
    ) {
        self.note = note
        self.buyer = buyer
        self.language = language
        self.id = id
        self.listID = listID
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.isChecked = isChecked
        self.addedBy = addedBy
        self.addedAt = addedAt
        self.updatedAt = updatedAt
    }

    /// Display order on a list: unchecked before checked, then by name ignoring case.
    public static func displayOrder(_ lhs: Item, _ rhs: Item) -> Bool {
        if lhs.isChecked != rhs.isChecked { return !lhs.isChecked }
        let (l, r) = (lhs.name.value.lowercased(), rhs.name.value.lowercased())
        if l != r { return l < r }
        return lhs.id < rhs.id
    }
}

/// What a new item row holds before the store gives it an identity.
public struct NewItem: Hashable, Sendable {
    public let listID: ListID
    public let name: ItemName
    public let quantity: Quantity
    public let unit: ItemUnit?
    public let addedBy: UserName
    public let addedAt: Date
    public var note: ItemNote? = nil
    /// The language the line that added it was in.
    public var language: String? = nil
}

/// One entry of a list's history: who did what, and when.
///
/// What changed is kept as data, not as a sentence, so that each language
/// words it its own way and a question such as "who added bananas?" can be
/// answered from the item's name.
public struct Activity: Hashable, Sendable {
    public enum Action: String, Sendable, CaseIterable {
        case createList = "create_list"
        case renameList = "rename_list"
        case deleteList = "delete_list"
        case addItem = "add_item"
        case removeItem = "remove_item"
        case updateItem = "update_item"
        case renameItem = "rename_item"
        case checkItem = "check_item"
        case uncheckItem = "uncheck_item"
        case clearChecked = "clear_checked"
        case clearList = "clear_list"
        case share
        case setPermission = "set_permission"
        case unshare
        case join
        case leave
        case makeCode = "make_code"
        case revokeCodes = "revoke_codes"
        case noteItem = "note_item"
        case assignItem = "assign_item"
        case putBack = "put_back"
    }

    /// The change itself, with what each kind of change needs to be told.
    public enum Change: Hashable, Sendable {
        case createdList
        case renamedList(from: ListName, to: ListName)
        case deletedList
        /// The quantity and unit added, not the item's new total.
        case addedItem(ItemName, Quantity, ItemUnit?)
        /// An item a change took off, put back as it was by "undo": it is
        /// still the item whoever added it added, not a new add of the undoer's.
        case putBack(ItemName, Quantity, ItemUnit?)
        case removedItem(ItemName)
        /// The item's quantity and unit after the change.
        case setQuantity(ItemName, Quantity, ItemUnit?)
        case renamedItem(from: ItemName, to: ItemName)
        case checkedItem(ItemName)
        case uncheckedItem(ItemName)
        /// `items`: the names of what was cleared, empty for a change
        /// recorded before they were kept.
        case clearedChecked(count: Int, items: [ItemName])
        /// "clear the list": every item, checked or not.
        case clearedList(count: Int, items: [ItemName])
        /// A note put on an item, or taken off (nil).
        case noted(ItemName, ItemNote?)
        /// "bob buys the eggs": who gets the item (nil: nobody in particular).
        case assigned(ItemName, to: UserName?)
        /// "alice shared it with bob (read-only)"; `item`: one item of it, shared alone.
        case shared(with: UserName, Permission, item: ItemName?)
        case permissionSet(of: UserName, Permission)
        case unshared(with: UserName)
        /// The actor accepted an invitation to the list, or joined it with a code.
        case joined(Permission)
        case left
        case madeCode(Permission)
        case revokedCodes(count: Int)
        /// An entry stored before changes were kept as data: only an English
        /// summary of it is known ("3 eggs", "Milk → Oat milk").
        case summary(Action, String)
    }

    public let listID: ListID
    public let listName: ListName
    public let actor: UserName
    public let change: Change
    public let at: Date

    public init(listID: ListID, listName: ListName, actor: UserName, change: Change, at: Date) {
        self.listID = listID
        self.listName = listName
        self.actor = actor
        self.change = change
        self.at = at
    }

    public var action: Action { change.action }
}

extension Activity.Change {
    public var action: Activity.Action {
        switch self {
        case .createdList: .createList
        case .renamedList: .renameList
        case .deletedList: .deleteList
        case .addedItem: .addItem
        case .putBack: .putBack
        case .removedItem: .removeItem
        case .setQuantity: .updateItem
        case .renamedItem: .renameItem
        case .checkedItem: .checkItem
        case .uncheckedItem: .uncheckItem
        case .clearedChecked: .clearChecked
        case .clearedList: .clearList
        case .noted: .noteItem
        case .assigned: .assignItem
        case .shared: .share
        case .permissionSet: .setPermission
        case .unshared: .unshare
        case .joined: .join
        case .left: .leave
        case .madeCode: .makeCode
        case .revokedCodes: .revokeCodes
        case .summary(let action, _): action
        }
    }
}
