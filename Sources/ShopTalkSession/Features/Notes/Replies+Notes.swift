import ShopTalkDomain
import ShopTalkWording

/// What the bot says of notes on items.
extension Replies {
    /// "Noted on milk: the oat one." / "Took the note off milk."
    static func noted(_ changed: ItemChanged) -> Reply {
        let item = Replies.thing(changed.after)
        let message = changed.after.note.map { Message(.noted, ["item": item, "note": .text($0.value)]) } ?? Message(.noteRemoved, ["item": item])
        return Reply(ok: true, intent: changed.after.note == nil ? "clear_note" : "set_note", message: message,
                     data: .object([("list", json(changed.list)), ("item", json(changed.after))]))
    }
}

extension Replies.Events {
    static func noted(_ changed: ItemChanged, by actor: UserName, to member: UserName) -> Event {
        let (item, list) = (Replies.thing(changed.after), Replies.title(changed.list, for: member, by: actor))
        guard let note = changed.after.note else {
            return event("note_removed", member, .eventNoteRemoved, ["item": item, "list": list], list: changed.list, by: actor,
                         [("item", Replies.json(changed.after))])
        }
        return event("item_noted", member, .eventNoted, ["item": item, "list": list, "note": .text(note.value)], list: changed.list, by: actor,
                     [("item", Replies.json(changed.after))])
    }
}
