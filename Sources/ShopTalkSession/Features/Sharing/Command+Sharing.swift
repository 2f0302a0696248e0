import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkWording

/// Sharing: lists shared and unshared, codes, invitations, muting and announcing.
/// Each handler reads its slots, asks the domain, tells the others, and
/// says what happened (the wording is in `Replies+Sharing.swift` beside it).
extension Command {
    mutating func share() throws -> Reply {
        let permission: Permission? = parse.intent == "make_admin" ? .admin : try self.permission()
        let users = try self.users()
        let shared = parse.intent == "set_permission" || parse.intent == "make_admin"
            ? try household.setPermission(permission ?? .readWrite, on: try list(), for: users, by: user)
            : try household.share(try list(), item: parse.intent == "share_item" ? try text("item") : nil,
                                  with: users, permission: permission, by: user)
        events += shared.changes.map { Replies.Events.shared(shared, $0, by: user.name) }
        return Replies.shared(shared)
    }

    mutating func shareCode() throws -> Reply {
        let singleUse = parse[slot: "uses"] == .value("single")
        let created = try household.createShareCode(ShareCodes.random(), for: try list(), permission: try permission(), singleUse: singleUse, by: user)
        return Replies.codeCreated(created.code, list: created.list)
    }

    mutating func joinShare() throws -> Reply {
        let said = try text("code")
        let joined: Household<Repository>.InvitationAnswer
        do {
            joined = try household.join(code: said, by: user)
        } catch DomainError.invalidCode {
            // "join Groceries": no code has that name, but an invitation to a list of it may be waiting.
            // With none, the answer stays about the code; two such invitations are asked about.
            do {
                return try accepted(household.accept(said, by: user))
            } catch DomainError.noInvitation {
                throw DomainError.invalidCode
            }
        }
        actedOn(joined.list)
        publish(try tell(about: joined.list) { Replies.Events.joined(joined, by: user.name, to: $0) })
        return Replies.joined(joined)
    }

    mutating func revokeCode() throws -> Reply {
        let revoked = try household.revokeCodes(for: try list(), by: user)
        return Replies.codesRevoked(list: revoked.list, count: revoked.count)
    }

    mutating func unshareList() throws -> Reply {
        let unshared = try household.unshare(try list(), with: try users(), by: user)
        events += unshared.removed.map { Replies.Events.unshared(unshared.list, by: user.name, to: $0) }
        return Replies.unshared(unshared)
    }

    mutating func stopSharing() throws -> Reply {
        let unshared = try household.stopSharing(try list(), by: user)
        events += unshared.removed.map { Replies.Events.unshared(unshared.list, by: user.name, to: $0) }
        return Replies.stoppedSharing(unshared)
    }

    mutating func acceptShare() throws -> Reply {
        return try accepted(household.accept(invitationName(), from: owner(), by: user))
    }

    mutating func declineShare() throws -> Reply {
        let answer = try household.decline(invitationName(), from: owner(), by: user)
        events.append(Replies.Events.declined(answer, by: user.name, to: answer.list.owner))
        return Replies.declined(answer)
    }

    mutating func leaveList() throws -> Reply {
        let reference = try list()
        let list = try household.leave(reference, by: user)
        forget(list)
        publish(try tell(about: list) { Replies.Events.left(list, by: user.name, to: $0) })
        return Replies.left(list)
    }

    mutating func mute() throws -> Reply {
        let muted = parse.intent == "mute_list"
        let list = try household.setMuted(muted, try list(), by: user)
        actedOn(list)
        return Replies.muted(list, muted, for: user.name)
    }

    mutating func announceList() throws -> Reply {
        let channel = try ChannelName(try text("channel"))
        let list = try household.announce(try list(), in: channel, language: grammar.language, by: user)
        actedOn(list)
        return Replies.announced(list, in: channel, for: user.name)
    }

    mutating func unannounceList() throws -> Reply {
        let channel = try parse[slot: "channel"].map { _ in try ChannelName(try text("channel")) }
        let stopped = try household.stopAnnouncing(try list(), in: channel, by: user)
        actedOn(stopped.list)
        return Replies.unannounced(stopped.list, from: stopped.channels, for: user.name)
    }

    mutating func showAccess() throws -> Reply {
        return Replies.members(try household.members(of: try list(), for: user), for: user.name)
    }

    /// An invitation accepted: "it" is the list now, and its members hear of it.
    mutating func accepted(_ answer: Household<Repository>.InvitationAnswer) throws -> Reply {
        if answer.item == nil { actedOn(answer.list) }
        publish(try tell(about: answer.list, item: answer.item) { Replies.Events.accepted(answer, by: user.name, to: $0) })
        return Replies.accepted(answer)
    }

    /// A list name as typed for accept and decline, which look among invitations.
    /// What "accept Groceries" names: a list or a shared item; nil for a bare "accept".
    func invitationName() -> String? {
        switch parse[slot: "list"] {
        case .list(let name, _, _)?: name
        case .defaultList(let spoken, nil)?: shortestReading(spoken)
        case .defaultList(_, _?)?: grammar.defaultListName
        default: nil
        }
    }

    /// "from alice" in "accept Groceries from alice", or the list's owner.
    func owner() -> String? {
        if case .text(let owner)? = parse[slot: "user"] { return owner }
        switch parse[slot: "list"] {
        case .list(_, _, let owner?)?, .defaultList(_, let owner?)?: return owner
        default: return nil
        }
    }

    func users() throws -> [String] {
        switch parse[slot: "users"] ?? parse[slot: "user"] {
        case .users(let users)?: return users
        case .text(let user)?: return [user]
        default: throw missing("users")
        }
    }

    func permission() throws -> Permission? {
        guard case .value(let value)? = parse[slot: "permission"] else { return nil }
        guard let permission = Permission(rawValue: value) else { throw missing("permission") }
        return permission
    }
}
