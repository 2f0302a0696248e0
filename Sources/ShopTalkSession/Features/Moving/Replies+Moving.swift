import ShopTalkDomain
import ShopTalkJSON
import ShopTalkWording

/// What the bot says of items moved and lists copied.
extension Replies {
    /// "Moved bread from Groceries to Tools." One sentence per list the items left.
    static func moved(_ move: Move, for speaker: UserName) -> Reply {
        let parts: [MessageArgument] = move.moved.map { moved in
            .message(Message(.moved, ["items": objects(moved.items), "from": title(moved.from, for: speaker), "to": title(moved.to, for: speaker)]))
        }
        var data: [(String, JSON)] = [("moved", .array(move.moved.map { moved in
            .object([("from", json(moved.from)), ("to", json(moved.to)), ("items", .array(moved.items.map(json)))])
        }))]
        if !move.refused.isEmpty { data.append(("not_applied", notApplied(move.refused))) }
        return Reply(ok: true, intent: "move_items", message: withRefusals(Message(.sentences, ["sentences": .list(parts, .sentences)]), move.refused),
                     data: .object(data))
    }

    /// "Copied 5 items from Groceries to Party."
    static func copied(_ copy: ListCopied, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "copy_list",
              message: Message(copy.created ? .copiedNew : .copied, [
                  "count": .number(copy.changes.count), "from": title(copy.from, for: speaker), "to": title(copy.to, for: speaker),
              ]),
              data: .object([("from", json(copy.from)), ("to", json(copy.to)), ("created", .bool(copy.created)),
                             ("items", .array(copy.changes.map { json($0.item) }))]))
    }
}

extension Replies.Events {
    /// "bob moved bread from Groceries to Tools", to whoever sees either list.
    static func moved(_ moved: ItemsMoved, by actor: UserName, to member: UserName) -> Event {
        event("items_moved", member, .eventMoved, [
            "items": Replies.objects(moved.items), "from": Replies.title(moved.from, for: member, by: actor), "to": Replies.title(moved.to, for: member, by: actor),
        ], list: moved.to, by: actor, [("from", Replies.json(moved.from)), ("items", .array(moved.items.map(Replies.json)))])
    }
}
