import Foundation

/// The rules of the shopping-list domain, applied inside one transaction.
///
/// Every method checks what the speaker may do, changes the repository, and
/// records the change in the list's activity. It performs no I/O of its own:
/// the repository is the only door to storage, and `now` is handed in.
public struct Household<Repository: ShoppingRepository> {
    public let repository: Repository
    public let now: Date

    public init(repository: Repository, now: Date) {
        self.repository = repository
        self.now = now
    }

    // MARK: Members

    /// The member with this name, created if this is their first word.
    public func enroll(_ name: UserName) throws -> User {
        if let user = try repository.user(named: name) { return user }
        return try repository.insertUser(named: name, at: now)
    }

    /// The member with this name, who must already exist.
    public func member(_ name: UserName) throws -> User {
        guard let user = try repository.user(named: name) else { throw DomainError.unknownUser(name.value) }
        return user
    }

    // MARK: Lists

    public func createList(named raw: String, by user: User) throws -> ShoppingList {
        let name = try ListName(raw)
        guard try repository.list(ownedBy: user, key: name.key) == nil else {
            throw DomainError.duplicateList(name.value)
        }
        let list = try repository.insertList(named: name, owner: user, at: now)
        try record(.createList, on: list, by: user, detail: name.value)
        return list
    }

    public func renameList(_ reference: ListReference, to raw: String, by user: User) throws -> ListRenamed {
        var list = try resolve(reference, for: user)
        let newName = try ListName(raw)
        if let other = try repository.list(ownedBy: user, key: newName.key), other.id != list.id {
            throw DomainError.duplicateList(other.name.value)
        }
        let oldName = list.name
        list.name = newName
        try repository.updateList(list)
        try record(.renameList, on: list, by: user, detail: "\(oldName) → \(newName)")
        return ListRenamed(oldName: oldName, list: list)
    }

    public func deleteList(_ reference: ListReference, by user: User) throws -> ListDeleted {
        let list = try resolve(reference, for: user, creatingDefault: false)
        let count = try repository.items(in: list.id).count
        try record(.deleteList, on: list, by: user, detail: list.name.value)
        try repository.deleteList(list.id)
        return ListDeleted(list: list, itemCount: count)
    }

    /// The speaker's lists, by name ignoring case.
    public func lists(of user: User) throws -> [ListSummary] {
        try repository.lists(ownedBy: user)
            .sorted { $0.name.key < $1.name.key }
            .map { list in
                let items = try repository.items(in: list.id)
                return ListSummary(
                    list: list, access: .owner, itemCount: items.count,
                    uncheckedCount: items.count(where: { !$0.isChecked }))
            }
    }

    public func contents(of reference: ListReference, for user: User) throws -> ListContents {
        let list = try resolve(reference, for: user)
        return ListContents(list: list, items: try repository.items(in: list.id).sorted(by: Item.displayOrder))
    }

    /// The list's last changes, newest first.
    public func history(of reference: ListReference, for user: User, limit: Int = 20) throws -> [Activity] {
        let list = try resolve(reference, for: user, creatingDefault: false)
        return try repository.activity(of: list.id, limit: limit)
    }

    // MARK: Items

    /// One item of an "add" command: "3 eggs", "2 kg of flour", "milk".
    public struct ItemRequest: Hashable, Sendable {
        public let name: String
        public let quantity: Int
        public let unit: String?

        public init(name: String, quantity: Int = 1, unit: String? = nil) {
            self.name = name
            self.quantity = quantity
            self.unit = unit
        }
    }

    /// Adds every requested item, or none: an item already on the list (by
    /// name, ignoring case and plural) grows by the requested quantity, and a
    /// checked one comes back unchecked with just the requested quantity.
    public func addItems(_ requests: [ItemRequest], to reference: ListReference, by user: User) throws -> ItemsAdded {
        let list = try resolve(reference, for: user)
        var items = try repository.items(in: list.id)
        var changes: [ItemsAdded.Change] = []
        for request in requests {
            let name = try ItemName(request.name)
            let quantity = try Quantity(request.quantity)
            let unit = try request.unit.map { unit throws(DomainError) in try ItemUnit(unit) }
            if let index = items.firstIndex(where: { $0.name.denotesSameItem(as: name) }) {
                var item = items[index]
                guard item.unit == unit || item.isChecked else {
                    throw DomainError.unitMismatch(
                        item: item.name.value, list: list.name.value,
                        existing: item.unit?.value, requested: unit?.value)
                }
                if item.isChecked {
                    item.isChecked = false
                    item.quantity = quantity
                    item.unit = unit
                } else {
                    let total = item.quantity.value + quantity.value
                    guard Quantity.range.contains(total) else {
                        throw DomainError.quantityWouldExceedLimit(item: item.name.value, list: list.name.value, total: total)
                    }
                    item.quantity = Quantity(unchecked: total)
                }
                item.updatedAt = now
                try repository.updateItem(item)
                items[index] = item
                changes.append(.init(item: item, added: quantity, merged: true))
            } else {
                let item = try repository.insertItem(NewItem(
                    listID: list.id, name: name, quantity: quantity, unit: unit, addedBy: user.name, addedAt: now))
                items.append(item)
                changes.append(.init(item: item, added: quantity, merged: false))
            }
            try record(.addItem, on: list, by: user, detail: Self.describe(quantity, unit, name.value))
        }
        return ItemsAdded(list: list, changes: changes)
    }

    public func removeItem(named raw: String, from reference: ListReference, by user: User) throws -> ItemsRemoved {
        let list = try resolve(reference, for: user, creatingDefault: false)
        let item = try findItem(named: raw, on: list)
        try repository.deleteItems([item.id])
        try record(.removeItem, on: list, by: user, detail: item.name.value)
        return ItemsRemoved(list: list, items: [item])
    }

    /// Sets an item's quantity, and its unit when one is given.
    public func setQuantity(
        of raw: String, to quantity: Int, unit: String? = nil, on reference: ListReference, by user: User
    ) throws -> ItemChanged {
        let newQuantity = try Quantity(quantity)
        let newUnit = try unit.map { unit throws(DomainError) in try ItemUnit(unit) }
        return try change(raw, on: reference, by: user, action: .updateItem) { item in
            item.quantity = newQuantity
            if let newUnit { item.unit = newUnit }
            return Self.describe(newQuantity, item.unit, item.name.value)
        }
    }

    public func renameItem(_ raw: String, to newRaw: String, on reference: ListReference, by user: User) throws -> ItemChanged {
        let newName = try ItemName(newRaw)
        let list = try resolve(reference, for: user, creatingDefault: false)
        let items = try repository.items(in: list.id)
        let item = try findItem(named: raw, on: list, among: items)
        if let clash = items.first(where: { $0.id != item.id && $0.name.denotesSameItem(as: newName) }) {
            throw DomainError.duplicateItem(clash.name.value, list: list.name.value)
        }
        return try change(item, on: list, by: user, action: .renameItem) { item in
            let old = item.name
            item.name = newName
            return "\(old) → \(newName)"
        }
    }

    public func checkItem(_ raw: String, on reference: ListReference, by user: User) throws -> ItemChanged {
        try change(raw, on: reference, by: user, action: .checkItem) { item in
            item.isChecked = true
            return item.name.value
        }
    }

    public func uncheckItem(_ raw: String, on reference: ListReference, by user: User) throws -> ItemChanged {
        try change(raw, on: reference, by: user, action: .uncheckItem) { item in
            item.isChecked = false
            return item.name.value
        }
    }

    /// Removes every checked item from the list.
    public func clearChecked(on reference: ListReference, by user: User) throws -> ItemsRemoved {
        let list = try resolve(reference, for: user, creatingDefault: false)
        let checked = try repository.items(in: list.id).filter(\.isChecked).sorted(by: Item.displayOrder)
        guard !checked.isEmpty else { throw DomainError.nothingChecked(list: list.name.value) }
        try repository.deleteItems(checked.map(\.id))
        try record(.clearChecked, on: list, by: user, detail: "\(checked.count)")
        return ItemsRemoved(list: list, items: checked)
    }

    // MARK: Finding things

    /// The list a reference names, among the lists the speaker may see. The
    /// default list is made on first use, unless the command would only
    /// remove things from it.
    public func resolve(_ reference: ListReference, for user: User, creatingDefault: Bool = true) throws -> ShoppingList {
        switch reference {
        case .defaultList:
            if let list = try repository.list(ownedBy: user, key: ListName.defaultList.key) { return list }
            guard creatingDefault else {
                throw DomainError.listNotFound(ListName.defaultList.value, suggestion: nil)
            }
            return try createList(named: ListName.defaultList.value, by: user)
        case .named(let raw):
            let name = try ListName(raw)
            if let list = try repository.list(ownedBy: user, key: name.key) { return list }
            let names = try repository.lists(ownedBy: user).map(\.name.value)
            throw DomainError.listNotFound(name.value, suggestion: Similarity.closest(to: name.value, among: names))
        }
    }

    private func findItem(named raw: String, on list: ShoppingList, among known: [Item]? = nil) throws -> Item {
        let name = try ItemName(raw)
        let items = try known ?? repository.items(in: list.id)
        if let item = items.first(where: { $0.name.denotesSameItem(as: name) }) { return item }
        let suggestion = Similarity.closest(to: name.value, among: items.map(\.name.value))
        throw DomainError.itemNotFound(name.value, list: list.name.value, suggestion: suggestion)
    }

    private func change(
        _ raw: String, on reference: ListReference, by user: User, action: Activity.Action,
        _ body: (inout Item) throws -> String
    ) throws -> ItemChanged {
        let list = try resolve(reference, for: user, creatingDefault: false)
        return try change(try findItem(named: raw, on: list), on: list, by: user, action: action, body)
    }

    private func change(
        _ item: Item, on list: ShoppingList, by user: User, action: Activity.Action,
        _ body: (inout Item) throws -> String
    ) throws -> ItemChanged {
        var after = item
        let detail = try body(&after)
        after.updatedAt = now
        try repository.updateItem(after)
        try record(action, on: list, by: user, detail: detail)
        return ItemChanged(list: list, before: item, after: after)
    }

    private func record(_ action: Activity.Action, on list: ShoppingList, by user: User, detail: String) throws {
        try repository.record(Activity(listID: list.id, listName: list.name, actor: user.name, action: action, detail: detail, at: now))
    }

    /// "3 eggs", "2 kg flour", "milk".
    static func describe(_ quantity: Quantity, _ unit: ItemUnit?, _ name: String) -> String {
        switch (quantity.value, unit) {
        case (1, nil): name
        case (let n, nil): "\(n) \(name)"
        case (let n, let unit?): "\(n) \(unit) \(name)"
        }
    }
}
