import Foundation

/// The rules of the shopping-list domain, applied inside one transaction.
///
/// Every method finds its list among those the speaker may see, checks that
/// they may do what they ask, changes the repository, and records the change
/// in the list's activity. It performs no I/O of its own: the repository is
/// the only door to storage, and `now` is handed in.
public struct Household<Repository: ShoppingRepository> {
    public let repository: Repository
    public let now: Date
    /// What a member's first list is called when a command makes it: the
    /// speaker's language's name ("Shopping list", "Einkaufsliste").
    public let defaultListName: ListName
    /// What the speaker's words for things are in the household's other
    /// languages: "Milch" finds "leche" (see ``ThingNames``).
    public let thingNames: ThingNames

    public init(repository: Repository, now: Date, defaultListName: ListName = .defaultList, thingNames: ThingNames = .none) {
        self.repository = repository
        self.now = now
        self.defaultListName = defaultListName
        self.thingNames = thingNames
    }

    // MARK: Members

    /// The member with this name, created if this is their first word.
    public func enroll(_ name: UserName) throws -> User {
        if let user = try repository.user(named: name) { return user }
        return try repository.insertUser(named: name, at: now)
    }

    /// Whether someone of this name is a member of the household.
    public func isMember(_ name: UserName) throws -> Bool {
        try repository.user(named: name) != nil
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
        try refuseLookalike(name, of: user)
        let list = try repository.insertList(named: name, owner: user, at: now)
        try record(.createdList, on: list, by: user)
        return list
    }

    /// Only the owner renames a list.
    public func renameList(_ reference: ListReference, to raw: String, by user: User) throws -> ListRenamed {
        var list = try resolve(reference, for: user, needs: .renameOrDelete).list
        let newName = try ListName(raw)
        if let other = try repository.list(ownedBy: user, key: newName.key), other.id != list.id {
            throw DomainError.duplicateList(other.name.value)
        }
        try refuseLookalike(newName, of: user, except: list.id)
        let oldName = list.name
        guard newName.value != oldName.value else { throw DomainError.alreadyNamed(oldName.value) }
        list.name = newName
        try repository.updateList(list)
        try record(.renamedList(from: oldName, to: newName), on: list, by: user)
        return ListRenamed(oldName: oldName, list: list)
    }

    /// A member's lists never read alike: a name another of theirs could be
    /// taken for ("Grоceries" beside "Groceries") is refused.
    private func refuseLookalike(_ name: ListName, of user: User, except id: ListID? = nil) throws {
        if let other = try repository.lists(ownedBy: user).first(where: { $0.id != id && name.looksLike($0.name) }) {
            throw DomainError.lookalikeList(name.value, existing: other.name.value)
        }
    }

    /// Only the owner deletes a list; its items, shares and codes go with it.
    public func deleteList(_ reference: ListReference, by user: User) throws -> ListDeleted {
        let list = try resolve(reference, for: user, needs: .renameOrDelete, creatingDefault: false).list
        let count = try repository.items(in: list.id).count
        var audience = try self.audience(of: list, excluding: user)
        for share in try repository.shares(of: list.id) where share.itemID != nil && share.isAccepted {
            if !audience.contains(share.participant) { audience.append(share.participant) }
        }
        let announcements = try repository.announcements(of: list.id)
        try record(.deletedList, on: list, by: user)
        try repository.deleteList(list.id)
        return ListDeleted(list: list, itemCount: count, audience: audience.sorted(), announcements: announcements)
    }

    /// The lists the speaker can see, own and shared, by name ignoring case;
    /// under one name, the speaker's own first, then by owner.
    public func lists(of user: User) throws -> [ListSummary] {
        func order(_ visible: VisibleList) -> (String, Int, String) {
            (visible.list.name.key, visible.access == .owner ? 0 : 1, visible.list.owner.value)
        }
        let defaultList = try existingDefaultList(of: user)?.list.id
        return try visibleLists(for: user)
            .sorted { order($0) < order($1) }
            .map { visible in
                let items = try repository.items(in: visible.list.id)
                return ListSummary(
                    list: visible.list, access: visible.access, itemCount: items.count,
                    uncheckedCount: items.count(where: { !$0.isChecked }), isDefault: visible.list.id == defaultList)
            }
    }

    public func contents(of reference: ListReference, for user: User) throws -> ListContents {
        try contents(of: try resolve(reference, for: user).list)
    }

    /// The list's last changes, newest first, for every member; with
    /// `period` ("what changed yesterday?"), only those made during it.
    public func history(of reference: ListReference, for user: User, limit: Int = 20, during period: Range<Date>? = nil) throws -> (list: ShoppingList, changes: [Activity]) {
        let list = try resolve(reference, for: user).list
        return (list, try repository.activity(of: list.id, during: period, limit: limit))
    }

    // MARK: Items

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

    // MARK: Typos

    /// How far back what was bought counts as known: "add mlik" a week
    /// after milk was ticked off and cleared still asks "milk?".
    static var recentlyBought: TimeInterval { 30 * 24 * 3600 }

    /// Whether an item of this name is on a list the speaker sees, or was
    /// taken off one lately.
    public func knowsItem(named raw: String, for user: User) throws -> Bool {
        guard let name = try? ItemName(raw) else { return false }
        return try knownItemNames(for: user).contains { $0.denotesSameItem(as: name) }
    }

    /// For each name, new on the list it is added to, that is no known item
    /// but one slip from one, the known name it may have meant: "mlik" →
    /// milk. A name known as it is, or like nothing, is left alone.
    private func likelySlips(of names: [(raw: String, name: ItemName)], for user: User,
                             soldThingSlipped: (String) -> String?) throws -> [(typed: String, meant: String)] {
        let known = try knownItemNames(for: user)
        return names.compactMap { raw, name in
            guard !known.contains(where: { $0.denotesSameItem(as: name) }),
                  let meant = Similarity.typo(of: name.value, among: known.map(\.value)) ?? soldThingSlipped(name.value) else { return nil }
            return (raw, meant)
        }
    }

    /// The items on every list the speaker sees and shared with them alone,
    /// and those taken off such a list lately (removed, or checked and cleared).
    private func knownItemNames(for user: User) throws -> [ItemName] {
        var names: [ItemName] = []
        let lately = now.addingTimeInterval(-Self.recentlyBought)..<now.addingTimeInterval(1)
        for visible in try visibleLists(for: user) {
            names += try repository.items(in: visible.list.id).map(\.name)
            for activity in try repository.activity(of: visible.list.id, during: lately, limit: Self.historyLookedThrough) {
                switch activity.change {
                case .removedItem(let name), .checkedItem(let name): names.append(name)
                case .clearedChecked(_, let items), .clearedList(_, let items): names += items
                default: break
                }
            }
        }
        names += try sharedItems(for: user).map(\.item.name)
        return names
    }

    // MARK: Finding items

    /// Whether an item is on a list the speaker may see. With no list named
    /// it looks on the current list, on the speaker's other lists and among
    /// the items shared with them alone, and tells every list that has it:
    /// "do we need milk?" and "where are the nails?" ask about the
    /// household's shopping, not about one list.
    public func findItem(named raw: String, on reference: ListReference, for user: User) throws -> ItemFound {
        let name = try ItemName(raw)
        let visible = try resolve(reference, for: user)
        let items = try repository.items(in: visible.list.id)
        let here = item(named: name, in: items) ?? onlyItem(sameThingAs: name, in: items)
        let elsewhere = reference.isImplicit
            ? try holders(of: name, for: user, except: [visible.list.id]).map { ItemFound.Place(list: $0.list, item: $0.item) }
            : []
        if let here {
            return ItemFound(name: name, list: visible.list, item: here, elsewhere: elsewhere, suggestion: nil, searchedEverywhere: false)
        }
        if let first = elsewhere.first {
            return ItemFound(name: name, list: first.list, item: first.item, elsewhere: Array(elsewhere.dropFirst()),
                             suggestion: nil, searchedEverywhere: false)
        }
        let suggestion = Similarity.closest(to: name.value, among: items.map(\.name.value))
        return ItemFound(name: name, list: visible.list, item: nil, elsewhere: [], suggestion: suggestion, searchedEverywhere: reference.isImplicit)
    }

    /// "who added jam?": the item as ``findItem(named:on:for:)`` finds it,
    /// whose `addedBy` answers; and, when no list has it, who last took it
    /// off, from the recent history of the list looked at or, with no list
    /// named, of every list the speaker sees.
    public func whoAdded(_ raw: String, on reference: ListReference, for user: User) throws -> (found: ItemFound, removal: (Activity, ShoppingList)?) {
        let found = try findItem(named: raw, on: reference, for: user)
        guard found.item == nil else { return (found, nil) }
        var lists = [found.list]
        if found.searchedEverywhere { lists += try visibleLists(for: user).map(\.list).filter { $0.id != found.list.id } }
        var latest: (Activity, ShoppingList)?
        for list in lists {
            let removal = try repository.activity(of: list.id, during: nil, limit: Self.historyLookedThrough).first { activity in
                switch activity.change {
                case .removedItem(let name): thingNames.match(name, found.name)
                case .clearedChecked(_, let items): items.contains { thingNames.match($0, found.name) }
                default: false
                }
            }
            if let removal, removal.at > latest?.0.at ?? .distantPast { latest = (removal, list) }
        }
        return (found, latest)
    }

    /// How many of a list's latest changes "who added …" looks through for a removal.
    static var historyLookedThrough: Int { 200 }

    /// The item a command names, with its list, when the speaker may change
    /// it: on the list the reference names, or, when the speaker named no list
    /// ("got the nails" while Groceries is current), on the one other list
    /// they see that holds it, or among the items shared with them on their
    /// own. Found on several such lists, it is for the speaker to say which.
    /// `notOn`: a list the item is going to ("move bread to Tools"), so not
    /// where one named by no list is looked for.
    func locate(_ raw: String, on reference: ListReference, for user: User, notOn skipped: ListID? = nil) throws -> (ShoppingList, Item) {
        let name = try ItemName(raw)
        let notHere: any Error
        var searched: ListID?
        do {
            let visible = try resolve(reference, for: user, creatingDefault: false)
            searched = visible.list.id
            let items = try repository.items(in: visible.list.id)
            if let item = item(named: name, in: items) {
                guard reference.isImplicit && visible.list.id == skipped else {
                    try check(visible, allows: .changeItems)
                    return (visible.list, item)
                }
                notHere = DomainError.alreadyOnList(item: item.name.value, list: visible.list.name.value)
            } else if visible.list.id != skipped, let item = try onlyItem(partlyNamed: name, in: items) {
                // "the spinach" with baby spinach on the list, and nothing else it could be.
                try check(visible, allows: .changeItems)
                return (visible.list, item)
            } else {
                let suggestion = Similarity.closest(to: name.value, among: items.map(\.name.value))
                notHere = DomainError.itemNotFound(name.value, list: visible.list.name.value, suggestion: suggestion)
            }
        } catch let error as DomainError where error.isDefaultListNotYetMade(for: reference, named: defaultListName) {
            notHere = DomainError.itemNotFound(name.value, list: defaultListName.value, suggestion: nil)
        } catch let error as DomainError {
            notHere = error
        }
        guard case .implicit = reference else { throw notHere }
        var elsewhere = try holders(of: name, for: user, except: [searched, skipped].compactMap { $0 })
        if elsewhere.isEmpty, case DomainError.itemNotFound? = notHere as? DomainError {
            elsewhere = try holders(partlyNamed: name, for: user, except: [searched, skipped].compactMap { $0 })
        }
        guard let holder = elsewhere.first else { throw notHere }
        guard elsewhere.count == 1 else {
            let onLists = elsewhere.filter { !$0.sharedAlone }, alone = elsewhere.filter(\.sharedAlone)
            throw DomainError.itemOnSeveralLists(
                holder.item.name.value, lists: onLists.map(\.list.name.value),
                owners: onLists.map { $0.list.owner == user.name ? nil : $0.list.owner.value }, sharedBy: alone.map(\.list.owner.value))
        }
        guard holder.access.canChangeItems else {
            // An item shared on its own is named by itself: its list stays unknown to the speaker.
            let shownAs = holder.sharedAlone ? holder.item.name.value : holder.list.name.value
            throw DomainError.forbidden(.readOnly(list: shownAs, owner: holder.list.owner.value))
        }
        return (holder.list, holder.item)
    }

    /// Where else a speaker sees an item of some name.
    private struct Holder {
        let list: ShoppingList
        let item: Item
        let access: Access
        /// Shared with the speaker on its own, not with its whole list.
        let sharedAlone: Bool
    }

    /// The lists besides `excluded` on which the user sees an item of this
    /// name: their own and accepted lists, then items shared on their own.
    /// Where a command changes the item, several are a question; where a
    /// question looks for it ("where are the nails?"), all are the answer.
    private func holders(of name: ItemName, for user: User, except excluded: [ListID]) throws -> [Holder] {
        var found: [Holder] = []
        for visible in try visibleLists(for: user) where !excluded.contains(visible.list.id) {
            if let item = item(named: name, in: try repository.items(in: visible.list.id)) {
                found.append(Holder(list: visible.list, item: item, access: visible.access, sharedAlone: false))
            }
        }
        for shared in try sharedItems(for: user) where thingNames.match(shared.item, name) && !excluded.contains(shared.list.id)
            && !found.contains(where: { $0.item.id == shared.item.id }) {
            found.append(Holder(list: shared.list, item: shared.item, access: .participant(shared.permission), sharedAlone: true))
        }
        return found
    }

    /// The one item of `items` a part of whose name `name` is ("spinach"
    /// for baby spinach), or that is the same thing by another name
    /// ("сметану" for «сметанка»); nil when none is. Several are for the speaker to
    /// choose from: ``DomainError/whichItem(_:choices:)``.
    private func onlyItem(partlyNamed name: ItemName, in items: [Item]) throws -> Item? {
        // "the wholemeal" for wholemeal bread: a word that is no thing of its own may be any of the
        // name's, so "the paper" is toilet paper or paper towels, and is asked about.
        let anywhere = !thingNames.isKnownThing(name), sameThing = thingNames.isSameThing(as: name)
        let parts = items.filter { name.isPart(of: $0.name, headFirst: thingNames.nameHeadFirst, anywhere: anywhere) || sameThing($0) }
        guard parts.count <= 1 else { throw DomainError.whichItem(name.value, choices: parts.map(\.name.value)) }
        return parts.first
    }

    /// "is there sour cream?" with «сметанка» on the list: the one item that
    /// is the same thing by another name; nil when none is, or several are.
    private func onlyItem(sameThingAs name: ItemName, in items: [Item]) -> Item? {
        let sameThing = items.filter(thingNames.isSameThing(as: name))
        return sameThing.count == 1 ? sameThing.first : nil
    }

    /// The same on the speaker's other lists: one list holding one such item.
    private func holders(partlyNamed name: ItemName, for user: User, except excluded: [ListID]) throws -> [Holder] {
        var found: [Holder] = []
        let anywhere = !thingNames.isKnownThing(name), sameThing = thingNames.isSameThing(as: name)
        for visible in try visibleLists(for: user) where !excluded.contains(visible.list.id) {
            for item in try repository.items(in: visible.list.id)
            where name.isPart(of: item.name, headFirst: thingNames.nameHeadFirst, anywhere: anywhere) || sameThing(item) {
                found.append(Holder(list: visible.list, item: item, access: visible.access, sharedAlone: false))
            }
        }
        let names = Set(found.map { $0.item.name.value.lowercased() })
        if names.count > 1 { throw DomainError.whichItem(name.value, choices: found.map(\.item.name.value)) }
        return found
    }

    /// The items several names denote, each where ``locate`` finds it (so
    /// not always on one list); a name said twice counts once. A name that
    /// finds nothing is refused with the reason; when none finds anything,
    /// the first reason is thrown.
    func locateEach(_ raws: [String], on reference: ListReference, for user: User, notOn skipped: ListID? = nil) throws -> (found: [(list: ShoppingList, item: Item)], refused: [Refusal]) {
        var found: [(list: ShoppingList, item: Item)] = []
        var refused: [Refusal] = []
        for raw in raws {
            do {
                let (list, item) = try locate(raw, on: reference, for: user, notOn: skipped)
                if !found.contains(where: { $0.item.id == item.id }) { found.append((list, item)) }
            } catch let error as DomainError {
                refused.append(Refusal(name: raw, reason: error))
            }
        }
        if found.isEmpty, let first = refused.first { throw first.reason }
        return (found, refused)
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

    func record(_ change: Activity.Change, on list: ShoppingList, by user: User) throws {
        try repository.record(Activity(listID: list.id, listName: list.name, actor: user.name, change: change, at: now))
    }
}
