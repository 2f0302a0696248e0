import ShopTalkDomain
import ShopTalkJSON
import ShopTalkWording

/// Replies to sharing: invitations, roles, codes, leaving and stopping.
extension Replies {
    /// "eggs on Groceries" for an item shared alone, else the list's name.
    private static func sharedThing<R>(_ shared: Household<R>.Shared) -> MessageArgument {
        shared.item.map { .message(Message(.sharedItem, ["item": thing($0), "list": .text(shared.list.name.value)])) }
            ?? .text(shared.list.name.value)
    }

    static func shared<R>(_ shared: Household<R>.Shared) -> Reply {
        let what = sharedThing(shared)
        let invited = shared.changes.filter { $0.kind == .invited }
        var sentences: [Message] = []
        if !invited.isEmpty {
            let who: [MessageArgument] = invited.map {
                .message(Message(.sharedInvitee, ["user": .text($0.user.value), "permission": permission($0.permission)]))
            }
            sentences.append(Message(.sharedInvited, [
                "what": what, "who": .list(who, .and), "count": .number(invited.count),
                "name": .text(shared.item?.name.value ?? shared.list.name.value),
            ]))
        }
        for change in shared.changes where change.kind != .invited {
            sentences.append(change.permission == .admin
                ? Message(.sharedAdmin, ["user": .text(change.user.value), "list": .text(shared.list.name.value)])
                : Message(.sharedPermission, ["user": .text(change.user.value), "what": what, "permission": permission(change.permission)]))
        }
        return Reply(ok: true, intent: "share_list", message: sentences.dropFirst().reduce(sentences[0]) { Replies.sentences($0, $1) }, data: .object([
            ("list", json(shared.list)),
            ("item", shared.item.map(json) ?? .null),
            ("participants", .array(shared.changes.map { .object([("user", .string($0.user.value)), ("permission", .string($0.permission.rawValue))]) })),
        ]))
    }

    static func codeCreated(_ code: ShareCode, list: ShoppingList) -> Reply {
        Reply(ok: true, intent: "share_code",
              message: Message(.codeCreated, [
                  "code": .text(code.code), "list": .text(list.name.value), "write": yes(code.permission == .readWrite), "single": yes(code.singleUse),
              ]),
              data: .object([("list", json(list)), ("code", .string(code.code)), ("permission", .string(code.permission.rawValue)),
                             ("single_use", .bool(code.singleUse)), ("expires", .string(code.expiresAt.formatted(.iso8601)))]))
    }

    static func joined<R>(_ answer: Household<R>.InvitationAnswer) -> Reply {
        Reply(ok: true, intent: "join_share",
              message: Message(.codeJoined, [
                  "owner": .text(answer.list.owner.value), "list": .text(answer.list.name.value), "permission": permission(answer.permission),
              ]),
              data: .object([("list", json(answer.list)), ("access", .string(answer.permission.rawValue))]))
    }

    static func codesRevoked(list: ShoppingList, count: Int) -> Reply {
        Reply(ok: true, intent: "revoke_code", message: Message(.codeRevoked, ["list": .text(list.name.value), "count": .number(count)]),
              data: .object([("list", json(list)), ("codes", .int(count))]))
    }

    static func unshared<R>(_ unshared: Household<R>.Unshared) -> Reply {
        Reply(ok: true, intent: "unshare_list",
              message: Message(.unshared, ["list": .text(unshared.list.name.value), "users": .list(unshared.removed.map { .text($0.value) }, .and)]),
              data: .object([("list", json(unshared.list)), ("removed", .array(unshared.removed.map { .string($0.value) }))]))
    }

    static func stoppedSharing<R>(_ unshared: Household<R>.Unshared) -> Reply {
        Reply(ok: true, intent: "stop_sharing", message: Message(.unsharedEveryone, ["list": .text(unshared.list.name.value)]),
              data: .object([("list", json(unshared.list)), ("removed", .array(unshared.removed.map { .string($0.value) }))]))
    }

    static func accepted<R>(_ answer: Household<R>.InvitationAnswer) -> Reply {
        let owner = MessageArgument.text(answer.list.owner.value), list = MessageArgument.text(answer.list.name.value)
        let what = answer.item.map { Message(.acceptedItem, ["item": thing($0), "owner": owner, "list": list]) }
            ?? Message(.acceptedList, ["owner": owner, "list": list])
        return Reply(ok: true, intent: "accept_share", message: Message(.accepted, ["what": .message(what), "permission": permission(answer.permission)]),
                     data: .object([("list", json(answer.list)), ("item", answer.item.map(json) ?? .null), ("access", .string(answer.permission.rawValue))]))
    }

    static func declined<R>(_ answer: Household<R>.InvitationAnswer) -> Reply {
        Reply(ok: true, intent: "decline_share",
              message: Message(.declined, ["owner": .text(answer.list.owner.value), "name": .text(answer.item?.name.value ?? answer.list.name.value)]),
              data: .object([("list", json(answer.list))]))
    }

    static func left(_ list: ShoppingList) -> Reply {
        Reply(ok: true, intent: "leave_list", message: Message(.left, ["owner": .text(list.owner.value), "list": .text(list.name.value)]),
              data: .object([("list", json(list))]))
    }

    /// "mute Groceries", "unmute Groceries".
    static func muted(_ list: ShoppingList, _ muted: Bool, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: muted ? "mute_list" : "unmute_list", message: Message(muted ? .muted : .unmuted, ["list": title(list, for: speaker)]),
              data: .object([("list", json(list)), ("muted", .bool(muted))]))
    }

    /// "announce Groceries in #home".
    static func announced(_ list: ShoppingList, in channel: ChannelName, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "announce_list", message: Message(.announced, ["list": title(list, for: speaker), "channel": .text(channel.value)]),
              data: .object([("list", json(list)), ("channel", .string(channel.value))]))
    }

    /// "stop announcing Groceries [in #home]".
    static func unannounced(_ list: ShoppingList, from channels: [ChannelName], for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "unannounce_list",
              message: Message(.unannounced, ["list": title(list, for: speaker), "channels": .list(channels.map { .text($0.value) }, .and)]),
              data: .object([("list", json(list)), ("channels", .array(channels.map { .string($0.value) }))]))
    }

    /// Who can see a list; to its owner, "Costco is yours" (`yours`).
    static func members<R>(_ members: Household<R>.Members, for viewer: UserName) -> Reply {
        var lines: [MessageArgument] = [.message(Message(.members, [
            "list": .text(members.list.name.value), "owner": .text(members.list.owner.value), "yours": yes(members.list.owner == viewer),
        ]))]
        let accepted = members.participants.filter(\.accepted)
        let pending = members.participants.filter { !$0.accepted }
        func line(_ p: (user: UserName, permission: Permission, accepted: Bool, item: String?)) -> MessageArgument {
            let arguments: MessageArguments = ["user": .text(p.user.value), "permission": permission(p.permission)]
            return .message(p.item.map { Message(.membersLineItem, arguments.adding("item", .text($0))) } ?? Message(.membersLine, arguments))
        }
        if accepted.isEmpty && pending.isEmpty { lines.append(.message(Message(.membersNobody))) }
        if !accepted.isEmpty { lines += [.message(Message(.membersShared))] + accepted.map(line) }
        if !pending.isEmpty { lines += [.message(Message(.membersInvited))] + pending.map(line) }
        if members.codes > 0 { lines.append(.message(Message(.membersCodes, ["count": .number(members.codes)]))) }
        return Reply(ok: true, intent: "show_access", message: Replies.lines(lines), data: .object([
            ("list", json(members.list)),
            ("participants", .array(members.participants.map { p in
                .object([("user", .string(p.user.value)), ("permission", .string(p.permission.rawValue)),
                         ("accepted", .bool(p.accepted)), ("item", JSON(p.item))])
            })),
            ("codes", .int(members.codes)),
        ]))
    }
}
