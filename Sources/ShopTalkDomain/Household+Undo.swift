import Foundation

/// "undo": the speaker's own last change taken back, row by row, from what
/// the ``WriteJournal`` noted when it was made; several undos walk further back.
///
/// Nothing is put back over someone else's work: when any row the change
/// wrote is no longer as the change left it (bob has since ticked the milk
/// alice added, or deleted the list she renamed), the undo is refused with
/// who changed it, and nothing is written. The history records the rows put
/// back as changes of their own, and the lists' members are told.
extension Household {
    /// What an undo took back: the change, and the lists it touched.
    public struct Undone: Hashable, Sendable {
        public let step: UndoStep
        /// Each list the change touched, as it is now (as it was, when the undo deleted it).
        public let lists: [Touched]
    }

    /// A list an undo touched, and who else sees it, to be told.
    public struct Touched: Hashable, Sendable {
        public let list: ShoppingList
        public let audience: [UserName]
    }

    /// What "undo" did: took the change back, or found it overtaken, its
    /// rows left as they are; either way the step is done with, and the
    /// next "undo" goes further back.
    public enum UndoOutcome: Hashable, Sendable {
        case undone(Undone)
        case overtaken(DomainError)
    }

    /// Takes back `step`, the speaker's newest change not undone yet (nil: there is none).
    public func undo(_ step: UndoStep?, by user: User) throws -> UndoOutcome {
        guard let step else { throw DomainError.nothingToUndo }
        // Everything is checked before anything is written.
        do {
            // A row the change wrote twice (made, then changed) is checked as the change last left it.
            var checked: Set<String> = []
            for entry in step.entries.reversed() where checked.insert(entry.rowKey).inserted { try checkUnchanged(entry, in: step, by: user) }
        } catch let conflict as DomainError {
            return .overtaken(conflict)
        }
        var touched: [ListID: ShoppingList] = [:]
        var audiences: [ListID: [UserName]] = [:]
        for list in Set(step.entries.compactMap(\.listID)) {
            guard let current = try repository.list(id: list) else { continue }
            touched[list] = current
            audiences[list] = try audience(of: current, excluding: user)
        }
        for entry in step.entries.reversed() {
            if let list = try revert(entry, by: user) { touched[list.id] = list }
        }
        for list in touched.values where audiences[list.id] == nil {
            audiences[list.id] = try repository.list(id: list.id) == nil ? [] : try audience(of: list, excluding: user)
        }
        let lists = touched.values.sorted { $0.id < $1.id }.map { Touched(list: $0, audience: audiences[$0.id] ?? []) }
        return .undone(Undone(step: step, lists: lists))
    }

    // MARK: Checking

    /// Throws `undoConflict` when the row is no longer as the change left it.
    private func checkUnchanged(_ entry: JournalEntry, in step: UndoStep, by user: User) throws {
        switch entry {
        case .item(_, let after?):
            let current = try repository.items(in: after.listID).first { $0.id == after.id }
            guard let current, current.sameContent(as: after) else { throw try conflict(about: after.name.value, on: after.listID, since: step, by: user) }
        case .item(let before?, nil):
            let listComesBack = step.entries.contains { if case .list(_?, nil) = $0 { $0.listID == before.listID } else { false } }
            let listIsThere = try repository.list(id: before.listID) != nil
            guard listComesBack || listIsThere else {
                throw try conflict(about: before.name.value, on: before.listID, since: step, by: user)
            }
            guard (try repository.item(id: before.id)) == nil else { throw try conflict(about: before.name.value, on: before.listID, since: step, by: user) }
        case .list(let before, let after?):
            guard let current = try repository.list(id: after.id), current.name == after.name else {
                throw try conflict(about: after.name.value, on: after.id, since: step, by: user)
            }
            if before == nil {
                // Taking back a new list takes its items: only those the change itself made.
                let made = Set(step.entries.compactMap { if case .item(nil, let item?) = $0 { item.id } else { nil } })
                guard try repository.items(in: after.id).allSatisfy({ made.contains($0.id) }), try repository.shares(of: after.id).isEmpty else {
                    throw try conflict(about: after.name.value, on: after.id, since: step, by: user)
                }
            }
        case .list(let before?, nil):
            guard try repository.list(id: before.id) == nil, let owner = try repository.user(named: before.owner),
                  try repository.list(ownedBy: owner, key: before.name.key) == nil
            else { throw DomainError.undoConflict(what: before.name.value, by: nil) }
        case .share(_, let after?):
            guard let current = try repository.shares(of: after.listID).first(where: { $0.id == after.id }),
                  current.permission == after.permission, current.isAccepted == after.isAccepted
            else { throw try conflict(about: listName(after.listID), on: after.listID, since: step, by: user) }
        case .share(let before?, nil):
            let again = try repository.shares(of: before.listID).contains { $0.id == before.id || ($0.participant == before.participant && $0.itemID == before.itemID) }
            guard !again else { throw try conflict(about: listName(before.listID), on: before.listID, since: step, by: user) }
        case .code(_, let after?):
            guard try repository.shareCode(after.code) != nil else { throw try conflict(about: listName(after.listID), on: after.listID, since: step, by: user) }
        case .code(let before?, nil):
            guard try repository.shareCode(before.code) == nil else { throw try conflict(about: listName(before.listID), on: before.listID, since: step, by: user) }
        case .item(nil, nil), .list(nil, nil), .share(nil, nil), .code(nil, nil), .surroundings:
            return
        }
    }

    private func listName(_ id: ListID) throws -> String {
        try repository.list(id: id)?.name.value ?? ""
    }

    /// The refusal, naming the member who changed the list since, when its history tells.
    private func conflict(about what: String, on list: ListID, since step: UndoStep, by user: User) throws -> DomainError {
        let since = step.at..<now.addingTimeInterval(1)
        let other = try repository.activity(of: list, during: since, limit: 50).first { $0.actor != user.name }
        return .undoConflict(what: what, by: other?.actor.value)
    }

    // MARK: Putting back

    /// Puts one row back as it was; the list it belongs to, when one is left to tell of.
    private func revert(_ entry: JournalEntry, by user: User) throws -> ShoppingList? {
        switch entry {
        case .item(nil, let after?):
            guard let current = try repository.items(in: after.listID).first(where: { $0.id == after.id }),
                  let list = try repository.list(id: after.listID) else { return nil }
            try repository.deleteItems([current])
            try record(.removedItem(current.name), on: list, by: user)
            return list
        case .item(let before?, nil):
            try repository.restore(before)
            guard let list = try repository.list(id: before.listID) else { return nil }
            try record(.putBack(before.name, before.quantity, before.unit), on: list, by: user)
            if before.isChecked { try record(.checkedItem(before.name), on: list, by: user) }
            return list
        case .item(let before?, let after?):
            var restored = before
            restored.updatedAt = now
            try repository.updateItem(restored)
            guard let list = try repository.list(id: before.listID) else { return nil }
            if before.name != after.name { try record(.renamedItem(from: after.name, to: before.name), on: list, by: user) }
            if before.quantity != after.quantity || before.unit != after.unit {
                try record(.setQuantity(before.name, before.quantity, before.unit), on: list, by: user)
            }
            if before.isChecked != after.isChecked { try record(before.isChecked ? .checkedItem(before.name) : .uncheckedItem(before.name), on: list, by: user) }
            return list
        case .list(nil, let after?):
            try record(.deletedList, on: after, by: user)
            try repository.deleteList(after.id)
            return after
        case .list(let before?, nil):
            try repository.restore(before)
            try record(.createdList, on: before, by: user)
            return before
        case .list(let before?, let after?):
            try repository.updateList(before)
            try record(.renamedList(from: after.name, to: before.name), on: before, by: user)
            return before
        case .share(nil, let after?):
            if let current = try repository.shares(of: after.listID).first(where: { $0.id == after.id }) { try repository.deleteShares([current]) }
            return try repository.list(id: after.listID)
        case .share(let before?, nil):
            try repository.restore(before)
            return try repository.list(id: before.listID)
        case .share(let before?, _?):
            try repository.updateShare(before)
            return try repository.list(id: before.listID)
        case .code(nil, let after?):
            try repository.deleteShareCode(after)
            return try repository.list(id: after.listID)
        case .code(let before?, nil):
            try repository.insertShareCode(before)
            return try repository.list(id: before.listID)
        case .surroundings(let surroundings):
            // The list is back by now (its entry comes after, so it is put back first).
            for name in surroundings.mutedBy {
                if let member = try repository.user(named: name) { try repository.setMuted(true, list: surroundings.list, for: member) }
            }
            for announcement in surroundings.announcements { try repository.addAnnouncement(announcement) }
            if let shop = surroundings.shop { try repository.setShopOrder(shop, of: surroundings.list) }
            for name in surroundings.defaultOf {
                if let member = try repository.user(named: name), member.defaultList == nil { try repository.setDefaultList(surroundings.list, of: member) }
            }
            return try repository.list(id: surroundings.list)
        case .code(_?, _?), .item(nil, nil), .list(nil, nil), .share(nil, nil), .code(nil, nil):
            return nil
        }
    }
}

extension JournalEntry {
    /// Which row it is: the same for every entry of one row.
    var rowKey: String {
        switch self {
        case .item(let before, let after): "item \((after ?? before)?.id ?? 0)"
        case .list(let before, let after): "list \((after ?? before)?.id ?? 0)"
        case .share(let before, let after): "share \((after ?? before)?.id ?? 0)"
        case .code(let before, let after): "code \((after ?? before)?.code ?? "")"
        case .surroundings(let surroundings): "surroundings \(surroundings.list)"
        }
    }

    /// The list the row belongs to (or is).
    var listID: ListID? {
        switch self {
        case .item(let before, let after): (after ?? before)?.listID
        case .list(let before, let after): (after ?? before)?.id
        case .share(let before, let after): (after ?? before)?.listID
        case .code(let before, let after): (after ?? before)?.listID
        case .surroundings(let surroundings): surroundings.list
        }
    }
}

extension Item {
    /// The same item, holding the same: times aside, which storage rounds.
    func sameContent(as other: Item) -> Bool {
        id == other.id && listID == other.listID && name == other.name && quantity == other.quantity && unit == other.unit
            && isChecked == other.isChecked && note == other.note && buyer == other.buyer
    }
}

extension Household {
    /// What the speaker took off a list last ("what did I just remove?"),
    /// from the histories of the lists they see: the names one command
    /// removed (or cleared), the list, and when. Nil when the histories
    /// hold no removal of theirs.
    public func lastRemoval(by user: User) throws -> (list: ShoppingList, items: [ItemName], at: Date)? {
        try latest(\.removedNames, by: user)
    }

    /// "what did I just add?": the items of the member's latest add, on
    /// whichever list it was.
    public func lastAddition(by user: User) throws -> (list: ShoppingList, items: [ItemName], at: Date)? {
        try latest(\.addedNames, by: user)
    }

    /// The names of the member's latest change of one kind (`names` says
    /// which, nil for a change of another kind), with its list and moment.
    private func latest(_ names: (Activity.Change) -> [ItemName]?, by user: User) throws -> (list: ShoppingList, items: [ItemName], at: Date)? {
        var latest: (list: ShoppingList, items: [ItemName], at: Date)?
        for visible in try visibleLists(for: user) {
            let mine = try repository.activity(of: visible.list.id, during: nil, limit: Self.historyLookedThrough).filter { $0.actor == user.name }
            guard let newest = mine.first(where: { names($0.change) != nil }), newest.at > latest?.at ?? .distantPast else { continue }
            // One command's changes share its moment.
            let found = mine.filter { $0.at == newest.at }.compactMap { names($0.change) }.flatMap { $0 }
            latest = (visible.list, Array(found.reversed()), newest.at)
        }
        return latest
    }
}

extension Activity.Change {
    /// The names a removal took off; nil for any other change.
    var removedNames: [ItemName]? {
        switch self {
        case .removedItem(let name): [name]
        case .clearedChecked(_, let items), .clearedList(_, let items): items
        default: nil
        }
    }

    /// The name an add put on; nil for any other change.
    var addedNames: [ItemName]? {
        if case .addedItem(let name, _, _) = self { [name] } else { nil }
    }
}
