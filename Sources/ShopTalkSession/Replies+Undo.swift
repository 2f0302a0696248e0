import ShopTalkDomain
import ShopTalkWording

/// What the bot says of a change taken back: what it said of the change
/// when it was made, worded again in the language spoken now.
extension Replies {
    static func undone<R>(_ undone: Household<R>.Undone, said: Message?) -> Reply {
        Reply(ok: true, intent: "undo", message: said.map { Message(.undone, ["what": .message($0)]) } ?? Message(.undonePlain),
                     data: .object([("lists", .array(undone.lists.map { json($0.list) }))]))
    }
}

extension Replies {
    /// The change was overtaken by someone else's: left as it is, and let go.
    static func overtaken(_ conflict: DomainError) -> Reply {
        .failure(conflict.code, Message(.undoOvertaken, ["reason": .message(message(for: conflict))]), intent: "undo")
    }
}

extension Replies.Events {
    /// "alice undid their last change to Groceries", to whoever sees the list.
    static func undone(on list: ShoppingList, by actor: UserName, to member: UserName) -> Event {
        event("change_undone", member, .eventUndone, ["list": Replies.title(list, for: member, by: actor)], list: list, by: actor)
    }
}
