/// Items leaving one list for another ("move bread to Tools"), and a list's
/// items copied into another ("copy Groceries to Party"). Each is a removal
/// and an addition by the same rules as when said apart, checked against
/// both lists, and all or nothing.
extension Household {
    /// "move bread and milk to Tools": each item, found as for removing,
    /// leaves its list and is added to the target, merging with an item of
    /// the same name there (a checked one comes back). The speaker must be
    /// able to change both lists. An item the target cannot take (its unit
    /// does not mix, the total would pass the limit) refuses the whole
    /// move, so nothing is half moved; a name found nowhere is refused and
    /// the others move.
    public func moveItems(named raws: [String], from reference: ListReference, to target: ListReference, by user: User) throws -> Move {
        let destination = try resolve(target, for: user, needs: .changeItems)
        let (found, refused) = try locateEach(raws, on: reference, for: user, notOn: destination.list.id)
        var moved: [ItemsMoved] = []
        for (list, items) in Self.groupedByList(found) {
            guard list.id != destination.list.id else { throw DomainError.alreadyOnList(item: items[0].name.value, list: list.name.value) }
            let watchers = try audience(of: list, items: items, excluding: user).keys
            _ = try remove(items, from: list, by: user)
            let added = try addItems(items.map(Self.request), to: destination, by: user)
            if let refusal = added.refused.first { throw refusal.reason }
            let audience = Set(watchers).union(try self.audience(of: destination.list, excluding: user))
            moved.append(ItemsMoved(from: list, to: destination.list, items: added.changes.map(\.item), audience: audience.sorted()))
        }
        return Move(moved: moved, refused: refused)
    }

    /// "copy Groceries to Party": every item of the list, unchecked, added
    /// to the target as an "add" would, merging with what is there. A target
    /// named but not found is made, the speaker's own. The speaker needs only
    /// to see the list copied from, and to change the one copied to.
    public func copyList(_ reference: ListReference, to target: ListReference, by user: User) throws -> ListCopied {
        let source = try resolve(reference, for: user, creatingDefault: false).list
        let items = try repository.items(in: source.id).sorted(by: Item.displayOrder)
        var destination: VisibleList
        var created = false
        do {
            destination = try resolve(target, for: user, needs: .changeItems)
        } catch let error as DomainError {
            guard case .listNotFound = error, case .named(let name, nil) = target else { throw error }
            destination = VisibleList(list: try createList(named: name, by: user), access: .owner)
            created = true
        }
        guard destination.list.id != source.id else { throw DomainError.sameList(source.name.value) }
        guard !items.isEmpty else { throw DomainError.nothingToClear(list: source.name.value) }
        var changes: [ItemsAdded.Change] = []
        // In commands of the usual size, so a long list is copied whole.
        for start in stride(from: 0, to: items.count, by: Self.maximumItemsPerCommand) {
            let part = items[start..<min(start + Self.maximumItemsPerCommand, items.count)]
            let added = try addItems(part.map(Self.request), to: destination, by: user)
            if let refusal = added.refused.first { throw refusal.reason }
            changes += added.changes
        }
        return ListCopied(from: source, to: destination.list, changes: changes, created: created)
    }

    private static func request(for item: Item) -> ItemRequest {
        ItemRequest(name: item.name.value, quantity: item.quantity, unit: item.unit?.value, note: item.note?.value)
    }
}
