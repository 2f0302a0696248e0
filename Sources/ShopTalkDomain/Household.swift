import Foundation

/// The rules of the shopping-list domain, applied inside one transaction.
///
/// Every method finds its list among those the speaker may see, checks that
/// they may do what they ask, changes the repository, and records the change
/// in the list's activity. It performs no I/O of its own: the repository is
/// the only door to storage, and `now` is handed in.
///
/// Members and lists are here; items, finding the item a name means,
/// sharing, moving, aisles, notes and undo each have a file of their own.
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

    func record(_ change: Activity.Change, on list: ShoppingList, by user: User) throws {
        try repository.record(Activity(listID: list.id, listName: list.name, actor: user.name, change: change, at: now))
    }
}
