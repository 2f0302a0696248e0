/// Sharing, as CloudKit's CKShare does it, told as chat: the owner (or an
/// admin) invites participants, read-only or read-write; each accepts or
/// declines; the owner changes or removes them, or stops sharing; a
/// participant leaves. A list or a single item can be shared.
extension Household {
    /// What happened to one invitee of a share command.
    public struct ShareChange: Hashable, Sendable {
        public enum Kind: Hashable, Sendable { case invited, permissionChanged(from: Permission) }
        public let user: UserName
        public let permission: Permission
        public let kind: Kind
    }

    public struct Shared: Hashable, Sendable {
        public let list: ShoppingList
        /// The item shared on its own, for an item share.
        public let item: Item?
        public let changes: [ShareChange]
    }

    /// Invites each user to the list (or to one of its items), read-write
    /// unless asked otherwise. A user already in is an error, unless a
    /// permission was asked for: then theirs changes.
    public func share(
        _ reference: ListReference, item itemName: String? = nil, with users: [String], permission: Permission?, by user: User
    ) throws -> Shared {
        let visible = try resolve(reference, for: user, needs: .manageSharing, creatingDefault: false)
        let list = visible.list
        var item: Item?
        if let itemName {
            let name = try ItemName(itemName)
            let items = try repository.items(in: list.id)
            guard let found = self.item(named: name, in: items) else {
                throw DomainError.itemNotFound(name.value, list: list.name.value, suggestion: Similarity.closest(to: name.value, among: items.map(\.name.value)))
            }
            item = found
        }
        if permission == .admin, visible.access != .owner { throw DomainError.forbidden(.onlyOwnerGrantsAdmin(list: list.name.value)) }
        let existing = try repository.shares(of: list.id).filter { $0.itemID == item?.id }
        var changes: [ShareChange] = []
        for raw in users {
            let invitee = try member(try UserName(raw))
            guard invitee.name != user.name else { throw DomainError.cannotShareWithSelf }
            guard invitee.name != list.owner else { throw DomainError.alreadyShared(user: invitee.name.value, list: list.name.value) }
            if var share = existing.first(where: { $0.participant == invitee.name }) {
                guard let permission, permission != share.permission else {
                    throw DomainError.alreadyShared(user: invitee.name.value, list: item?.name.value ?? list.name.value)
                }
                if share.permission == .admin, visible.access != .owner {
                    throw DomainError.forbidden(.cannotChangeAdmin(user: invitee.name.value, list: list.name.value))
                }
                let old = share.permission
                share.permission = permission
                try repository.updateShare(share)
                try record(.permissionSet(of: invitee.name, permission), on: list, by: user)
                changes.append(ShareChange(user: invitee.name, permission: permission, kind: .permissionChanged(from: old)))
            } else {
                let granted = permission ?? .readWrite
                _ = try repository.insertShare(NewShare(
                    listID: list.id, itemID: item?.id, participant: invitee, permission: granted,
                    isAccepted: false, invitedBy: user.name, createdAt: now))
                try record(.shared(with: invitee.name, granted, item: item?.name), on: list, by: user)
                changes.append(ShareChange(user: invitee.name, permission: granted, kind: .invited))
            }
        }
        return Shared(list: list, item: item, changes: changes)
    }

    /// Changes what participants may do ("make Groceries read-only for bob",
    /// "make bob an admin of Groceries"). Each must already share the list.
    public func setPermission(_ permission: Permission, on reference: ListReference, for users: [String], by user: User) throws -> Shared {
        let visible = try resolve(reference, for: user, needs: .manageSharing, creatingDefault: false)
        let shares = try repository.shares(of: visible.list.id).filter { $0.itemID == nil }
        for raw in users {
            let name = try UserName(raw)
            guard shares.contains(where: { $0.participant == name }) else {
                throw DomainError.notAParticipant(user: name.value, list: visible.list.name.value)
            }
        }
        return try share(reference, with: users, permission: permission, by: user)
    }

    /// Ends the shares of these participants on the list (and on its items).
    public func unshare(_ reference: ListReference, with users: [String], by user: User) throws -> Unshared {
        let visible = try resolve(reference, for: user, needs: .manageSharing, creatingDefault: false)
        let shares = try repository.shares(of: visible.list.id)
        var removed: [UserName] = []
        var gone: [Share] = []
        for raw in users {
            let name = try UserName(raw)
            let theirs = shares.filter { $0.participant == name }
            guard !theirs.isEmpty else { throw DomainError.notAParticipant(user: name.value, list: visible.list.name.value) }
            if theirs.contains(where: { $0.permission == .admin }), visible.access != .owner {
                throw DomainError.forbidden(.cannotChangeAdmin(user: name.value, list: visible.list.name.value))
            }
            gone += theirs
            removed.append(name)
        }
        try repository.deleteShares(gone)
        for member in removed { try record(.unshared(with: member), on: visible.list, by: user) }
        return Unshared(list: visible.list, removed: removed)
    }

    /// Ends every share of the list and its share codes.
    public func stopSharing(_ reference: ListReference, by user: User) throws -> Unshared {
        let visible = try resolve(reference, for: user, needs: .manageSharing, creatingDefault: false)
        let shares = try repository.shares(of: visible.list.id)
        let codes = try repository.shareCodes(of: visible.list.id)
        guard !shares.isEmpty || !codes.isEmpty else {
            throw DomainError.notShared(list: visible.list.name.value)
        }
        try repository.deleteShares(shares)
        for code in codes { try repository.deleteShareCode(code) }
        let removed = Array(Set(shares.map(\.participant)).subtracting([user.name])).sorted()
        for member in removed { try record(.unshared(with: member), on: visible.list, by: user) }
        if !codes.isEmpty { try record(.revokedCodes(count: codes.count), on: visible.list, by: user) }
        return Unshared(list: visible.list, removed: removed)
    }

    public struct Unshared: Hashable, Sendable {
        public let list: ShoppingList
        public let removed: [UserName]
    }

    // MARK: Invitations

    /// The speaker's pending invitation to a list (or item) of this name,
    /// from this owner or inviter when given.
    /// The invitation waiting for `user` that `raw` names; with no name
    /// ("accept"), the only one waiting.
    private func invitation(_ raw: String?, from owner: String?, for user: User) throws -> (Share, ShoppingList, Item?) {
        let key = raw?.lowercased()
        let ownerName = try owner.map { owner throws(DomainError) in try UserName(owner) }
        var matches: [(Share, ShoppingList, Item?)] = []
        for share in try repository.shares(for: user) where !share.isAccepted {
            guard let list = try repository.list(id: share.listID) else { continue }
            if let ownerName, list.owner != ownerName, share.invitedBy != ownerName { continue }
            if let itemID = share.itemID {
                guard let item = try repository.item(id: itemID) else { continue }
                if let raw, let name = try? ItemName(raw), !thingNames.match(item, name) { continue }
                matches.append((share, list, item))
            } else if key == nil || list.name.key == key {
                matches.append((share, list, nil))
            }
        }
        guard let raw else {
            switch matches.count {
            case 0: throw DomainError.noInvitation(nil)
            case 1: return matches[0]
            default:
                let waiting = matches.map { _, list, item in (item?.name.value ?? list.name.value, list.owner.value) }.sorted { $0 < $1 }
                throw DomainError.whichInvitation(names: waiting.map(\.0), owners: waiting.map(\.1))
            }
        }
        switch matches.count {
        case 0: throw DomainError.noInvitation(raw)
        case 1: return matches[0]
        default: throw DomainError.ambiguousList(raw, owners: matches.map(\.1.owner.value).sorted())
        }
    }

    public struct InvitationAnswer: Hashable, Sendable {
        public let list: ShoppingList
        public let item: Item?
        public let permission: Permission
    }

    public func accept(_ name: String?, from owner: String? = nil, by user: User) throws -> InvitationAnswer {
        var (share, list, item) = try invitation(name, from: owner, for: user)
        share.isAccepted = true
        try repository.updateShare(share)
        try record(.joined(share.permission), on: list, by: user)
        return InvitationAnswer(list: list, item: item, permission: share.permission)
    }

    public func decline(_ name: String?, from owner: String? = nil, by user: User) throws -> InvitationAnswer {
        let (share, list, item) = try invitation(name, from: owner, for: user)
        try repository.deleteShares([share])
        return InvitationAnswer(list: list, item: item, permission: share.permission)
    }

    /// A participant stops sharing a list (or an item shared with them).
    public func leave(_ reference: ListReference, by user: User) throws -> ShoppingList {
        let visible: VisibleList
        do {
            visible = try resolve(reference, for: user, creatingDefault: false)
        } catch let error as DomainError {
            // An item shared on its own is left by its name.
            switch error {
            case .listNotFound, .sharedListNotFound: break
            default: throw error
            }
            if case .named(let raw, _) = reference, let itemName = try? ItemName(raw),
               let shared = try sharedItems(for: user).first(where: { thingNames.match($0.item, itemName) }),
               let share = try repository.shares(for: user).first(where: { $0.itemID == shared.item.id }) {
                try repository.deleteShares([share])
                try record(.left, on: shared.list, by: user)
                return shared.list
            }
            throw error
        }
        guard visible.access != .owner else { throw DomainError.ownerCannotLeave(list: visible.list.name.value) }
        let mine = try repository.shares(of: visible.list.id).filter { $0.participant == user.name }
        try repository.deleteShares(mine)
        try record(.left, on: visible.list, by: user)
        return visible.list
    }

    // MARK: Codes

    /// A code that makes whoever says it a participant: read-only unless
    /// asked, for 7 days or for one use. The caller brings the random code.
    public func createShareCode(
        _ code: String, for reference: ListReference, permission: Permission?, singleUse: Bool, by user: User
    ) throws -> (list: ShoppingList, code: ShareCode) {
        let list = try resolve(reference, for: user, needs: .manageSharing, creatingDefault: false).list
        let shareCode = ShareCode(
            code: code, listID: list.id, permission: min(permission ?? .readOnly, .readWrite), singleUse: singleUse,
            expiresAt: now.addingTimeInterval(ShareCode.lifetime), createdBy: user.name)
        try repository.insertShareCode(shareCode)
        try record(.madeCode(shareCode.permission), on: list, by: user)
        return (list, shareCode)
    }

    /// Joins the list behind a code. A used single-use code and an expired one are gone.
    public func join(code raw: String, by user: User) throws -> InvitationAnswer {
        let code = raw.uppercased()
        guard let shareCode = try repository.shareCode(code) else { throw DomainError.invalidCode }
        guard shareCode.expiresAt > now else { throw DomainError.invalidCode }
        guard let list = try repository.list(id: shareCode.listID) else { throw DomainError.invalidCode }
        guard list.owner != user.name else { throw DomainError.alreadyShared(user: user.name.value, list: list.name.value) }
        if let existing = try repository.shares(of: list.id).first(where: { $0.participant == user.name && $0.itemID == nil }) {
            guard !existing.isAccepted else { throw DomainError.alreadyShared(user: user.name.value, list: list.name.value) }
            try repository.deleteShares([existing])
        }
        _ = try repository.insertShare(NewShare(
            listID: list.id, itemID: nil, participant: user, permission: shareCode.permission,
            isAccepted: true, invitedBy: shareCode.createdBy, createdAt: now))
        if shareCode.singleUse { try repository.deleteShareCode(shareCode) }
        try record(.joined(shareCode.permission), on: list, by: user)
        return InvitationAnswer(list: list, item: nil, permission: shareCode.permission)
    }

    public func revokeCodes(for reference: ListReference, by user: User) throws -> (list: ShoppingList, count: Int) {
        let list = try resolve(reference, for: user, needs: .manageSharing, creatingDefault: false).list
        let codes = try repository.shareCodes(of: list.id)
        guard !codes.isEmpty else { throw DomainError.noCode(list: list.name.value) }
        for code in codes { try repository.deleteShareCode(code) }
        try record(.revokedCodes(count: codes.count), on: list, by: user)
        return (list, codes.count)
    }

    // MARK: Who can see a list

    public struct Members: Hashable, Sendable {
        public let list: ShoppingList
        public let participants: [(user: UserName, permission: Permission, accepted: Bool, item: String?)]
        public let codes: Int

        public static func == (lhs: Members, rhs: Members) -> Bool {
            lhs.list == rhs.list && lhs.codes == rhs.codes && lhs.participants.map(\.user) == rhs.participants.map(\.user)
        }
        public func hash(into hasher: inout Hasher) { hasher.combine(list) }
    }

    /// Owner, participants with their permission, pending invitations and share codes.
    public func members(of reference: ListReference, for user: User) throws -> Members {
        let list = try resolve(reference, for: user, creatingDefault: false).list
        let participants = try repository.shares(of: list.id).map { share in
            (share.participant, share.permission, share.isAccepted, try share.itemID.flatMap { try repository.item(id: $0) }?.name.value)
        }
        .sorted { ($0.0.value, $0.3 ?? "") < ($1.0.value, $1.3 ?? "") }
        return Members(list: list, participants: participants, codes: try repository.shareCodes(of: list.id).count)
    }
}
