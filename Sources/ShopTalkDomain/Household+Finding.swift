import Foundation

/// Finding the item a name means: on the list said, on another list the
/// speaker sees, by a part of its name or by another language's word for
/// it, and the names that look like a slip of a known one.
extension Household {
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
    func likelySlips(of names: [(raw: String, name: ItemName)], for user: User,
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
        let parts = items.filter(partlyNamed(name))
        guard parts.count <= 1 else { throw DomainError.whichItem(name.value, choices: parts.map(\.name.value)) }
        return parts.first
    }

    /// Whether an item is one `name` names in part: "spinach" for baby
    /// spinach (the name's head), "the wholemeal" for wholemeal bread (a word
    /// that is no thing of its own may be any of the name's, so "the paper"
    /// is toilet paper or paper towels, and is asked about), "the chicken"
    /// for the chicken breast (a thing of its own, of the same kind:
    /// ``ThingNames/isOfSameKind(as:)``), or the same thing by another name.
    private func partlyNamed(_ name: ItemName) -> (Item) -> Bool {
        let known = thingNames.isKnownThing(name), headFirst = thingNames.nameHeadFirst
        let sameThing = thingNames.isSameThing(as: name), sameKind = thingNames.isOfSameKind(as: name)
        return { item in
            name.isPart(of: item.name, headFirst: headFirst, anywhere: !known) || sameThing(item)
                || known && name.isPart(of: item.name, headFirst: headFirst, anywhere: true) && sameKind(item)
        }
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
        let isNamed = partlyNamed(name)
        for visible in try visibleLists(for: user) where !excluded.contains(visible.list.id) {
            for item in try repository.items(in: visible.list.id) where isNamed(item) {
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
}
