import Foundation

/// Items: adding, taking off, changing, ticking and clearing, each on a list
/// the speaker may change, each recorded in the list's history.
extension Household {
    /// One command adds at most this many items: a line of 10,000 items is
    /// refused, not merged one by one inside one long transaction.
    public static var maximumItemsPerCommand: Int { 100 }

    /// One item of an "add" command: "3 eggs", "1.5 kg of flour", "milk".
    public struct ItemRequest: Hashable, Sendable {
        public let name: String
        /// As said; nil when no number was said: one of a new item, and
        /// nothing more of an item already on the list ("add eggs" twice is
        /// still one dozen eggs).
        public let quantity: Quantity?
        public let unit: String?
        /// A note for it; "milk (the oat one)" said as the name brings its own.
        public let note: String?

        public init(name: String, quantity: Quantity? = nil, unit: String? = nil, note: String? = nil) {
            self.name = name
            self.quantity = quantity
            self.unit = unit
            self.note = note
        }
    }

    /// Adds every requested item: an item already on the list (by name,
    /// ignoring case and plural) grows by the requested quantity when a
    /// number was said, and is left as it is when none was; a checked one
    /// comes back unchecked with just the requested quantity.
    /// A request that is not valid (an empty name, a quantity out of range)
    /// fails the whole command; an item that is valid but cannot be added
    /// as asked (its unit does not mix with the one on the list, the total
    /// would pass the limit) is refused, and the others are added. When none
    /// can be, the first refusal is thrown.
    public func addItems(_ requests: [ItemRequest], to reference: ListReference, by user: User) throws -> ItemsAdded {
        try addItems(requests, to: resolve(reference, for: user, needs: .changeItems), by: user)
    }

    /// The same, to a list already found with ``resolve(_:for:needs:creatingDefault:)``.
    /// With `askingAboutSlips`, a name that is no item on the list but one
    /// slip from a known one ("mlik", see ``Similarity/typo(of:among:)``)
    /// stops the command before anything is written, with ``PossibleSlips``.
    /// Known are the household's items, then what `soldThingSlipped`
    /// says a name is a slip of (the language's word list: "Zahnpsta").
    public func addItems(_ requests: [ItemRequest], to visible: VisibleList, by user: User, askingAboutSlips: Bool = false,
                         soldThingSlipped: (String) -> String? = { _ in nil }) throws -> ItemsAdded {
        guard requests.count <= Self.maximumItemsPerCommand else { throw DomainError.tooManyItems(requests.count) }
        try check(visible, allows: .changeItems)
        let list = visible.list
        var items = try repository.items(in: list.id)
        // Everything is read and checked before anything is written, and each request's item looked up once.
        var plan: [(raw: String, name: ItemName, quantity: Quantity?, unit: ItemUnit?, note: ItemNote?, index: Int?)] = []
        plan.reserveCapacity(requests.count)
        for request in requests {
            let (said, bracketed) = ItemNote.split(request.name)
            let name = try ItemName(said)
            let unit = try request.unit.map { unit throws(DomainError) in try ItemUnit(unit) }
            let note = try (request.note ?? bracketed).map { note throws(DomainError) in try ItemNote(note) }
            plan.append((request.name, name, request.quantity, unit, note, thingNames.index(of: name, in: items)))
        }
        if askingAboutSlips, plan.contains(where: { $0.index == nil }) {
            let slips = try likelySlips(of: plan.filter { $0.index == nil }.map { ($0.raw, $0.name) }, for: user, soldThingSlipped: soldThingSlipped)
            if !slips.isEmpty { throw PossibleSlips(slips: slips) }
        }
        var changes: [ItemsAdded.Change] = []
        var refused: [Refusal] = []
        for step in plan {
            do {
                // A name said twice ("eggs and more eggs") finds the item the first one made.
                let index = step.index ?? thingNames.index(of: step.name, in: items)
                changes.append(try add(step.name, step.quantity, step.unit, note: step.note, at: index, to: list, holding: &items, by: user))
            } catch let error as DomainError {
                refused.append(Refusal(name: step.raw, reason: error))
            }
        }
        if changes.isEmpty, let first = refused.first { throw first.reason }
        return ItemsAdded(list: list, changes: changes, refused: refused)
    }

    /// One item of ``addItems(_:to:by:askingAboutSlips:soldThingSlipped:)``, onto `items[index]`
    /// or as a new item. What can refuse it is checked before anything is
    /// written, so a refused item leaves nothing behind.
    private func add(
        _ name: ItemName, _ said: Quantity?, _ unit: ItemUnit?, note: ItemNote?, at index: Int?, to list: ShoppingList,
        holding items: inout [Item], by user: User
    ) throws -> ItemsAdded.Change {
        let quantity = said ?? .one
        let change: ItemsAdded.Change
        if let index {
            var item = items[index]
            if said == nil, !item.isChecked, note == nil || note == item.note {
                // "add eggs" with eggs to get: nothing to write, and nothing to tell.
                return .init(item: item, added: quantity, addedUnit: unit, outcome: .alreadyOnList)
            }
            // A note said again replaces the one kept; none said keeps it.
            if let note { item.note = note }
            let outcome: ItemsAdded.Change.Outcome
            if item.isChecked {
                item.isChecked = false
                item.quantity = quantity
                item.unit = unit
                outcome = .unchecked
            } else if said == nil {
                outcome = .noted
            } else if item.unit == nil, item.quantity == .one, let unit, !unit.isCountLike {
                // "mince", then "500g mince": one of a thing put down without an amount takes the measure said.
                outcome = .merged
                item.quantity = quantity
                item.unit = unit
            } else {
                outcome = .merged
                let (total, sumUnit) = try Self.combined(item, on: list, with: Amount(quantity, unit))
                guard let sum = Quantity.checked(thousandths: total) else {
                    throw DomainError.quantityWouldExceedLimit(
                        item: item.name.value, list: list.name.value, total: Quantity.decimal(total), unit: sumUnit?.value)
                }
                item.quantity = sum
                item.unit = sumUnit
            }
            item.updatedAt = now
            try repository.updateItem(item)
            items[index] = item
            change = .init(item: item, added: quantity, addedUnit: unit, outcome: outcome)
        } else {
            let item = try repository.insertItem(NewItem(
                listID: list.id, name: name, quantity: quantity, unit: unit, addedBy: user.name, addedAt: now, note: note,
                language: thingNames.language))
            items.append(item)
            change = .init(item: item, added: quantity, addedUnit: unit, outcome: .new)
        }
        if change.outcome == .noted {
            try record(.noted(change.item.name, note), on: list, by: user)
        } else {
            try record(.addedItem(name, quantity, unit), on: list, by: user)
        }
        return change
    }

    public func removeItem(named raw: String, from reference: ListReference, by user: User) throws -> ItemsRemoved {
        try removeItems(named: [raw], from: reference, by: user).removed[0]
    }

    /// "remove eggs and milk": each of them, wherever ``locate`` finds it;
    /// a name that finds none is refused, and the others go.
    public func removeItems(named raws: [String], from reference: ListReference, by user: User) throws -> Removal {
        let (found, refused) = try locateEach(raws, on: reference, for: user)
        var removed: [ItemsRemoved] = []
        for (list, items) in Self.groupedByList(found) {
            removed.append(try remove(items, from: list, by: user))
        }
        return Removal(removed: removed, refused: refused)
    }

    /// Items found for several names, list by list, in the order the lists first come.
    static func groupedByList(_ found: [(list: ShoppingList, item: Item)]) -> [(ShoppingList, [Item])] {
        var groups: [(ShoppingList, [Item])] = []
        for (list, item) in found {
            if let index = groups.firstIndex(where: { $0.0.id == list.id }) { groups[index].1.append(item) } else { groups.append((list, [item])) }
        }
        return groups
    }

    func remove(_ items: [Item], from list: ShoppingList, by user: User) throws -> ItemsRemoved {
        let audience = try audience(of: list, items: items, excluding: user)
        try repository.deleteItems(items)
        for item in items { try record(.removedItem(item.name), on: list, by: user) }
        return ItemsRemoved(list: list, items: items, audience: audience)
    }

    /// Takes some of an item off ("remove 1 egg", "remove 200 g of
    /// flour"): what is left stays on the list, in the unit that reads best,
    /// and the item goes when nothing is left. The unit must mix with the
    /// item's, as when adding.
    public func removeQuantity(
        _ amount: Quantity, unit: String? = nil, of raw: String, from reference: ListReference, by user: User
    ) throws -> QuantityRemoved {
        let unit = try unit.map { unit throws(DomainError) in try ItemUnit(unit) }
        let (list, item) = try locate(raw, on: reference, for: user)
        let (left, leftUnit) = try Self.combined(item, on: list, with: Amount(amount, unit), subtracting: true)
        guard let remaining = Quantity.checked(thousandths: left) else { return .removed(try remove([item], from: list, by: user)) }
        let changed = try change(item, on: list, by: user) { item in
            item.quantity = remaining
            item.unit = leftUnit
            return .setQuantity(item.name, item.quantity, item.unit)
        }
        return .reduced(changed, by: amount, unit: unit)
    }

    /// An item's amount and another one, together (see ``Amount/combined(with:subtracting:)``);
    /// amounts that do not mix ("2 bottles" and "500 g") are refused.
    private static func combined(
        _ item: Item, on list: ShoppingList, with other: Amount, subtracting: Bool = false
    ) throws(DomainError) -> (thousandths: Int, unit: ItemUnit?) {
        guard let result = Amount(item.quantity, item.unit).combined(with: other, subtracting: subtracting) else {
            throw .unitMismatch(item: item.name.value, list: list.name.value, existing: item.unit?.value, requested: other.unit?.value)
        }
        return result
    }

    /// Sets an item's quantity, and its unit when one is given.
    public func setQuantity(
        of raw: String, to newQuantity: Quantity, unit: String? = nil, on reference: ListReference, by user: User
    ) throws -> ItemChanged {
        let newUnit = try unit.map { unit throws(DomainError) in try ItemUnit(unit) }
        return try change(raw, on: reference, by: user) { item in
            item.quantity = newQuantity
            if let newUnit { item.unit = newUnit }
            return .setQuantity(item.name, newQuantity, item.unit)
        }
    }

    public func renameItem(_ raw: String, to newRaw: String, on reference: ListReference, by user: User) throws -> ItemChanged {
        let newName = try ItemName(newRaw)
        let (list, item) = try locate(raw, on: reference, for: user)
        guard newName.value != item.name.value else { throw DomainError.alreadyNamed(item.name.value) }
        if let clash = try repository.items(in: list.id).first(where: { $0.id != item.id && $0.name.denotesSameItem(as: newName) }) {
            throw DomainError.duplicateItem(clash.name.value, list: list.name.value)
        }
        return try change(item, on: list, by: user) { item in
            let old = item.name
            item.name = newName
            item.language = thingNames.language
            return .renamedItem(from: old, to: newName)
        }
    }

    public func checkItem(_ raw: String, on reference: ListReference, by user: User) throws -> ItemChanged {
        try checkItems([raw], on: reference, by: user).changes[0]
    }

    /// "got eggs and bread": each of them, wherever ``locate`` finds it.
    public func checkItems(_ raws: [String], on reference: ListReference, by user: User) throws -> ItemsChanged {
        try changeAll(raws, on: reference, by: user) { item in
            item.isChecked = true
            return .checkedItem(item.name)
        }
    }

    public func uncheckItem(_ raw: String, on reference: ListReference, by user: User) throws -> ItemChanged {
        try uncheckItems([raw], on: reference, by: user).changes[0]
    }

    public func uncheckItems(_ raws: [String], on reference: ListReference, by user: User) throws -> ItemsChanged {
        try changeAll(raws, on: reference, by: user) { item in
            item.isChecked = false
            return .uncheckedItem(item.name)
        }
    }

    /// "got everything": ticks off every item still open on the list, in
    /// the list's order; with none open, says so rather than doing nothing.
    public func checkEverything(on reference: ListReference, by user: User) throws -> ItemsChanged {
        ItemsChanged(changes: try setEverything(checked: true, on: reference, by: user), refused: [])
    }

    /// "put everything back": every checked item is open again.
    public func uncheckEverything(on reference: ListReference, by user: User) throws -> ItemsChanged {
        ItemsChanged(changes: try setEverything(checked: false, on: reference, by: user), refused: [])
    }

    private func setEverything(checked: Bool, on reference: ListReference, by user: User) throws -> [ItemChanged] {
        let noneLeft = checked ? DomainError.nothingToCheck : DomainError.nothingChecked
        let (list, items) = try itemsToChange(on: reference, for: user, noneLeft: noneLeft)
        let toChange = items.filter { $0.isChecked != checked }
        guard !toChange.isEmpty else { throw noneLeft(list.name.value) }
        return try toChange.map { item in
            try change(item, on: list, by: user) { item in
                item.isChecked = checked
                return checked ? .checkedItem(item.name) : .uncheckedItem(item.name)
            }
        }
    }

    /// The list a change to all its items is for, which the speaker must be
    /// allowed to change, and its items in the list's order. The default
    /// list before it is made has none: `noneLeft` says so.
    private func itemsToChange(
        on reference: ListReference, for user: User, noneLeft: (_ list: String) -> DomainError
    ) throws -> (ShoppingList, [Item]) {
        do {
            let list = try resolve(reference, for: user, needs: .changeItems, creatingDefault: false).list
            return (list, try repository.items(in: list.id).sorted(by: Item.displayOrder))
        } catch let error as DomainError where error.isDefaultListNotYetMade(for: reference, named: defaultListName) {
            throw noneLeft(defaultListName.value)
        }
    }

    /// Removes every checked item from the list.
    public func clearChecked(on reference: ListReference, by user: User) throws -> ItemsRemoved {
        let list = try resolve(reference, for: user, needs: .changeItems, creatingDefault: false).list
        let checked = try repository.items(in: list.id).filter(\.isChecked).sorted(by: Item.displayOrder)
        guard !checked.isEmpty else { throw DomainError.nothingChecked(list: list.name.value) }
        let audience = try audience(of: list, items: checked, excluding: user)
        try repository.deleteItems(checked)
        try record(.clearedChecked(count: checked.count, items: checked.map(\.name)), on: list, by: user)
        return ItemsRemoved(list: list, items: checked, audience: audience)
    }

    /// Removes every item from the list, checked or not ("clear the list",
    /// "start over"); the list stays. The session asks first.
    public func clearList(_ reference: ListReference, by user: User) throws -> ItemsRemoved {
        let list = try resolve(reference, for: user, needs: .changeItems, creatingDefault: false).list
        let items = try repository.items(in: list.id).sorted(by: Item.displayOrder)
        guard !items.isEmpty else { throw DomainError.nothingToClear(list: list.name.value) }
        let audience = try audience(of: list, items: items, excluding: user)
        try repository.deleteItems(items)
        try record(.clearedList(count: items.count, items: items.map(\.name)), on: list, by: user)
        return ItemsRemoved(list: list, items: items, audience: audience)
    }

    /// Changes each item with `body`, which says what changed for the history.
    private func changeAll(
        _ raws: [String], on reference: ListReference, by user: User,
        _ body: (inout Item) throws -> Activity.Change
    ) throws -> ItemsChanged {
        let (found, refused) = try locateEach(raws, on: reference, for: user)
        return ItemsChanged(changes: try found.map { try change($0.item, on: $0.list, by: user, body) }, refused: refused)
    }

    /// Changes one item with `body`, which says what changed for the history.
    func change(
        _ raw: String, on reference: ListReference, by user: User,
        _ body: (inout Item) throws -> Activity.Change
    ) throws -> ItemChanged {
        let (list, item) = try locate(raw, on: reference, for: user)
        return try change(item, on: list, by: user, body)
    }

    private func change(
        _ item: Item, on list: ShoppingList, by user: User,
        _ body: (inout Item) throws -> Activity.Change
    ) throws -> ItemChanged {
        var after = item
        let change = try body(&after)
        // "uncheck coffee" when it is not checked: nothing happened, so nothing is written or kept as history.
        guard after != item else { return ItemChanged(list: list, before: item, after: after) }
        after.updatedAt = now
        try repository.updateItem(after)
        try record(change, on: list, by: user)
        return ItemChanged(list: list, before: item, after: after)
    }
}
