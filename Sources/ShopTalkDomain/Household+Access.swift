/// Who may see and do what: every command finds its list through here.
extension Household {
    /// A list the speaker can see, and how much they may do with it.
    public struct VisibleList: Hashable, Sendable {
        public let list: ShoppingList
        public let access: Access
    }

    /// What a command needs of the list it acts on.
    public enum Need: Sendable {
        case view, changeItems, manageSharing, renameOrDelete
    }

    /// The speaker's own lists and the lists shared with them that they accepted.
    public func visibleLists(for user: User) throws -> [VisibleList] {
        var visible = try repository.lists(ownedBy: user).map { VisibleList(list: $0, access: .owner) }
        for share in try repository.shares(for: user) where share.isAccepted && share.itemID == nil {
            if let list = try repository.list(id: share.listID) {
                visible.append(VisibleList(list: list, access: .participant(share.permission)))
            }
        }
        return visible
    }

    /// The list a reference names, among those the speaker can see, checked
    /// against what the command needs. A list the speaker cannot see is
    /// `listNotFound` (`sharedListNotFound` when named with its owner), word
    /// for word as one that does not exist, so no reply reveals another
    /// member's lists. The default list is made on first use
    /// when `creatingDefault`.
    public func resolve(_ reference: ListReference, for user: User, needs: Need = .view, creatingDefault: Bool = true) throws -> VisibleList {
        let found = try find(reference, for: user, creatingDefault: creatingDefault)
        try check(found, allows: needs)
        return found
    }

    func check(_ visible: VisibleList, allows need: Need) throws {
        let name = visible.list.name.value, owner = visible.list.owner.value
        switch need {
        case .view:
            return
        case .changeItems:
            guard visible.access.canChangeItems else { throw DomainError.forbidden(.readOnly(list: name, owner: owner)) }
        case .manageSharing:
            guard visible.access.canManageSharing else { throw DomainError.forbidden(.cannotManageSharing(list: name, owner: owner)) }
        case .renameOrDelete:
            guard visible.access.canRenameOrDelete else { throw DomainError.forbidden(.notOwner(list: name, owner: owner)) }
        }
    }

    private func find(_ reference: ListReference, for user: User, creatingDefault: Bool) throws -> VisibleList {
        switch reference {
        case .defaultList, .implicit(current: nil), .this(nil):
            return try defaultList(of: user, creating: creatingDefault)
        case .implicit(current: let id?), .this(let id?):
            // The conversation's list may have gone (deleted, unshared): then the default list.
            return try visibleList(id: id, for: user) ?? defaultList(of: user, creating: creatingDefault)
        case .named(let rawName, let owner):
            return try named(rawName, owner: owner, for: user)
        case .defaultListOf(let rawOwner):
            let owner = try UserName(rawOwner)
            if owner == user.name { return try defaultList(of: user, creating: creatingDefault) }
            // Another member's default list, found without writing for them: by identity, else by its usual name.
            if let other = try repository.user(named: owner) {
                let id = try other.defaultList ?? repository.list(ownedBy: other, key: defaultListName.key)?.id
                    ?? repository.list(ownedBy: other, key: ListName.defaultList.key)?.id
                if let id, let visible = try visibleList(id: id, for: user) { return visible }
            }
            throw DomainError.sharedListNotFound(defaultListName.value, owner: owner.value, suggestion: nil)
        }
    }

    /// The list the user sees under this name (and owner, when one was said).
    private func named(_ rawName: String, owner: String?, for user: User) throws -> VisibleList {
        let name = try ListName(rawName)
        let ownerName = try owner.map { owner throws(DomainError) in try UserName(owner) }
        if ownerName == nil || ownerName == user.name, let own = try repository.list(ownedBy: user, key: name.key) {
            return VisibleList(list: own, access: .owner)
        }
        let visible = try visibleLists(for: user)
        let owned = visible.filter { ownerName == nil || $0.list.owner == ownerName }
        let matches = ListName.matching(name, in: owned) { $0.list.name }
        switch matches.count {
        case 1: return matches[0]
        case 0:
            // Suggest only other names, and for "alice's X" only among alice's lists.
            let candidates = visible.filter { $0.list.name.key != name.key && (ownerName == nil || $0.list.owner == ownerName) }
            let suggestion = Similarity.closest(to: name.value, among: candidates.map(\.list.name.value))
            if let ownerName, ownerName != user.name {
                throw DomainError.sharedListNotFound(name.value, owner: ownerName.value, suggestion: suggestion)
            }
            throw DomainError.listNotFound(name.value, suggestion: suggestion)
        default:
            throw DomainError.ambiguousList(name.value, owners: matches.map(\.list.owner.value).sorted())
        }
    }

    /// The list with this identity, if the user still sees it: their own, or
    /// one shared with them that they accepted.
    func visibleList(id: ListID, for user: User) throws -> VisibleList? {
        guard let list = try repository.list(id: id) else { return nil }
        if list.owner == user.name { return VisibleList(list: list, access: .owner) }
        let share = try repository.shares(of: id).first { $0.participant == user.name && $0.itemID == nil && $0.isAccepted }
        return share.map { VisibleList(list: list, access: .participant($0.permission)) }
    }

    /// "my list": the list the user made their default, even renamed, or one
    /// shared with them; else, when `creating`, a new one of the default name.
    private func defaultList(of user: User, creating: Bool) throws -> VisibleList {
        if let found = try existingDefaultList(of: user) { return found }
        guard creating else { throw DomainError.listNotFound(defaultListName.value, suggestion: nil) }
        let list = try createList(named: defaultListName.value, by: user)
        try repository.setDefaultList(list.id, of: user)
        return VisibleList(list: list, access: .owner)
    }

    /// The user's default list if they have one; their own list of the
    /// default name becomes it when none was chosen or the chosen one is
    /// gone (lists made before defaults were kept by identity).
    func existingDefaultList(of user: User) throws -> VisibleList? {
        // The member as read at the start of the command, nearly always right; read again when
        // that says nothing or names a list gone since: this command may have set it.
        if let id = user.defaultList, let visible = try visibleList(id: id, for: user) { return visible }
        if let id = try repository.user(named: user.name)?.defaultList, id != user.defaultList, let visible = try visibleList(id: id, for: user) {
            return visible
        }
        let own = try repository.list(ownedBy: user, key: defaultListName.key)
            ?? repository.list(ownedBy: user, key: ListName.defaultList.key)
        guard let own else { return nil }
        try repository.setDefaultList(own.id, of: user)
        return VisibleList(list: own, access: .owner)
    }

    /// "make Weekly my default list": any list the speaker sees, a shared one too.
    public func makeDefault(_ reference: ListReference, by user: User) throws -> VisibleList {
        let visible = try resolve(reference, for: user)
        try repository.setDefaultList(visible.list.id, of: user)
        return visible
    }

    /// "speak Spanish": the language the member is spoken to in from now on,
    /// as a code the caller checked; the domain keeps it and words nothing.
    public func chooseLanguage(_ language: String, for user: User) throws {
        try repository.setLanguage(language, of: user)
    }

    /// Whether this is the list "my list" means for the user, without making one.
    public func isDefault(_ list: ShoppingList, for user: User) throws -> Bool {
        try existingDefaultList(of: user)?.list.id == list.id
    }

    /// Owners of other lists the speaker can see under the same name as
    /// `list`, when the speaker named it without an owner and got their own.
    public func namesakes(of list: ShoppingList, for user: User) throws -> [UserName] {
        guard list.owner == user.name else { return [] }
        // Names are unique among one's own lists, so only lists shared with the user can be namesakes.
        var owners: [UserName] = []
        for share in try repository.shares(for: user) where share.isAccepted && share.itemID == nil {
            if let shared = try repository.list(id: share.listID), shared.name.key == list.name.key { owners.append(shared.owner) }
        }
        return owners.sorted()
    }

    /// Everyone who sees the list (its owner and accepted participants),
    /// or, for a change to one item, also those it was shared with alone;
    /// the actor left out. They are told of the change.
    public func audience(of list: ShoppingList, item: ItemID? = nil, excluding actor: User) throws -> [UserName] {
        let watchers = try Watchers(of: list, in: repository)
        var names = item.map(watchers.of) ?? watchers.ofList
        names.remove(actor.name)
        return names.sorted()
    }

    /// For a change to several items: each member to be told, with the
    /// items they may see (all of them for the list's members, only their
    /// own for those an item was shared with alone); the actor left out.
    public func audience(of list: ShoppingList, items: [Item], excluding actor: User) throws -> [UserName: [Item]] {
        let watchers = try Watchers(of: list, in: repository)
        var heard: [UserName: [Item]] = [:]
        for item in items {
            var names = watchers.of(item.id)
            names.remove(actor.name)
            for name in names { heard[name, default: []].append(item) }
        }
        return heard
    }

    /// Items shared with the user on their own (not with their whole list), accepted.
    public func sharedItems(for user: User) throws -> [SharedItem] {
        try repository.shares(for: user).compactMap { share in
            guard share.isAccepted, let itemID = share.itemID,
                  let item = try repository.item(id: itemID), let list = try repository.list(id: share.listID) else { return nil }
            return SharedItem(item: item, list: list, permission: share.permission)
        }
        .sorted { $0.item.name.value.lowercased() < $1.item.name.value.lowercased() }
    }
}

/// One item shared with a member on its own.
public struct SharedItem: Hashable, Sendable {
    public let item: Item
    public let list: ShoppingList
    public let permission: Permission
}

/// Who sees a list and its items: the rule both audiences follow.
private struct Watchers {
    /// The owner and the accepted participants of the whole list.
    let ofList: Set<UserName>
    /// Accepted participants of single items.
    private let ofItems: [ItemID: Set<UserName>]

    /// Members who muted the list are not among them: they hear no news of it.
    init<Repository: ShoppingRepository>(of list: ShoppingList, in repository: Repository) throws {
        var ofList: Set<UserName> = [list.owner]
        var ofItems: [ItemID: Set<UserName>] = [:]
        for share in try repository.shares(of: list.id) where share.isAccepted {
            if let item = share.itemID { ofItems[item, default: []].insert(share.participant) } else { ofList.insert(share.participant) }
        }
        // A list nobody else sees has no one to mute it for: most lists, no query.
        if ofList.count > 1 || !ofItems.isEmpty {
            let muted = try repository.mutedMembers(of: list.id)
            if !muted.isEmpty {
                ofList.subtract(muted)
                ofItems = ofItems.mapValues { $0.subtracting(muted) }
            }
        }
        self.ofList = ofList
        self.ofItems = ofItems
    }

    /// Everyone who sees the item: the list's watchers and those it was shared with alone.
    func of(_ item: ItemID) -> Set<UserName> {
        ofList.union(ofItems[item] ?? [])
    }
}

extension Household {
    /// "mute Groceries": no news of the list for the member from now on (its
    /// history still has everything); "unmute Groceries" undoes it. Anyone
    /// who sees the list may mute it for themselves, and only for themselves.
    public func setMuted(_ muted: Bool, _ reference: ListReference, by user: User) throws -> ShoppingList {
        let list = try resolve(reference, for: user, creatingDefault: false).list
        try repository.setMuted(muted, list: list.id, for: user)
        return list
    }
}

extension DomainError {
    /// Whether this says only that the speaker's default list, made on first
    /// use, is not made yet: until then it is as good as empty.
    /// `defaultName` is the household's, in its language ("Lista de la compra").
    public func isDefaultListNotYetMade(for reference: ListReference, named defaultName: ListName) -> Bool {
        guard case .listNotFound(let missing, _) = self else { return false }
        return !reference.namesOwner && missing == defaultName.value
    }
}
