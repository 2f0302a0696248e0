import ShopTalkDomain
import Foundation
import ShopTalkWording

/// What the bot says of a change taken back: what it said of the change
/// when it was made, worded again in the language spoken now.
extension Replies {
    static func undone<R>(_ undone: Household<R>.Undone, said: Message?) -> Reply {
        Reply(ok: true, intent: "undo", message: said.map { Message(.undone, ["what": .message(firstSentence(of: $0))]) } ?? Message(.undonePlain),
                     data: .object([("lists", .array(undone.lists.map { json($0.list) }))]))
    }

    /// What a reply said of the change itself: its first sentence, without
    /// the hints, refusals and notes after it ("Say “add eggs to Party” to
    /// fill it" is no invitation to repeat for a list just taken back).
    private static func firstSentence(of said: Message) -> Message {
        guard said.key == .sentences, case .list(let parts, _)? = said.arguments["sentences"], case .message(let first)? = parts.first else {
            return said
        }
        return first
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

extension Replies {
    /// "what did I just add?"
    static func lastAddition(_ addition: (list: ShoppingList, items: [ItemName], at: Date)?, for speaker: UserName, now: Date) -> Reply {
        guard let addition else {
            return Reply(ok: true, intent: "last_removed", message: Message(.lastAddedNone), data: .object([("items", .array([]))]))
        }
        return Reply(ok: true, intent: "last_removed",
                     message: Message(.lastAdded, ["items": names(addition.items), "list": title(addition.list, for: speaker), "when": ago(addition.at, now: now)]),
                     data: .object([("list", json(addition.list)), ("items", .array(addition.items.map { .string($0.value) }))]))
    }

    /// "what did I just remove?"
    static func lastRemoval(_ removal: (list: ShoppingList, items: [ItemName], at: Date)?, for speaker: UserName, now: Date) -> Reply {
        guard let removal, let first = removal.items.first else {
            return Reply(ok: true, intent: "last_removed", message: Message(.lastRemovedNone), data: .object([("items", .array([]))]))
        }
        return Reply(ok: true, intent: "last_removed",
                     message: Message(.lastRemoved, ["items": names(removal.items), "first": .text(first.value), "list": title(removal.list, for: speaker),
                                                     "when": ago(removal.at, now: now)]),
                     data: .object([("list", json(removal.list)), ("items", .array(removal.items.map { .string($0.value) }))]))
    }
}
