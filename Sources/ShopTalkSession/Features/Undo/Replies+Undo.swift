import ShopTalkDomain
import Foundation
import ShopTalkWording

/// What the bot says of a change taken back: what it said of the change
/// when it was made, worded again in the language spoken now.
extension Replies {
    /// "Undone: half a pumpkin is back on Costco." where items came back
    /// or went; else what the bot said of the change ("Undone: Renamed …").
    static func undone<R>(_ undone: Household<R>.Undone, said: Message?, for speaker: UserName) -> Reply {
        var message = said.map { Message(.undone, ["what": .message(firstSentence(of: $0))]) } ?? Message(.undonePlain)
        if let touched = undone.lists.first, let items = itemsUndone(undone.step, on: touched.list, title: title(touched.list, for: speaker)) {
            message = Message(items.how.replyKey, items.arguments)
        }
        return Reply(ok: true, intent: "undo", message: message, data: .object([("lists", .array(undone.lists.map { json($0.list) }))]))
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
    /// What came back: "alice undid her change: the pumpkin is back on
    /// Groceries", "…: the eggs are off Groceries again", "…: milk is back
    /// to get"; "alice undid her last change to Groceries" where it says
    /// nothing of an item (a list renamed, a note).
    static func undone(_ step: UndoStep, on list: ShoppingList, by actor: UserName, to member: UserName) -> Event {
        let title = Replies.title(list, for: member, by: actor)
        guard let items = Replies.itemsUndone(step, on: list, title: title) else {
            return event("change_undone", member, .eventUndone, ["list": title], list: list, by: actor)
        }
        return event("change_undone", member, items.how.eventKey, items.arguments, list: list, by: actor)
    }
}

extension Replies {
    /// What an undo did to items: put them back on a list (a removal
    /// taken back), took them off it (an addition), made them to get again
    /// or ticked again (a tick taken back, or an untick), or set them as they
    /// were (an amount or a name).
    enum ItemsUndone {
        case back, gone, open, ticked, asBefore

        var replyKey: MessageKey {
            switch self {
            case .back: .undoneBack
            case .gone: .undoneGone
            case .open: .undoneOpen
            case .ticked: .undoneTicked
            case .asBefore: .undoneAmount
            }
        }

        var eventKey: MessageKey {
            switch self {
            case .back: .eventUndoneBack
            case .gone: .eventUndoneGone
            case .open: .eventUndoneOpen
            case .ticked: .eventUndoneTicked
            case .asBefore: .eventUndoneAmount
            }
        }
    }

    /// The items an undo changed on a list, and how (``ItemsUndone``), as
    /// `items`, `count` and `list` for a message; nil when it changed none
    /// that a message says (a note, who buys it), or the change made,
    /// deleted or renamed a list, which is said as itself.
    static func itemsUndone(_ step: UndoStep, on list: ShoppingList, title: MessageArgument) -> (how: ItemsUndone, arguments: MessageArguments)? {
        if step.entries.contains(where: { if case .list = $0 { true } else { false } }) { return nil }
        var found: [ItemsUndone: [Item]] = [:]
        for entry in step.entries {
            guard case .item(let before, let after) = entry else { continue }
            switch (before, after) {
            case (let before?, nil) where before.listID == list.id: found[.back, default: []].append(before)
            case (nil, let after?) where after.listID == list.id: found[.gone, default: []].append(after)
            case (let before?, let after?) where before.listID == list.id && after.listID == list.id:
                if before.isChecked != after.isChecked {
                    found[before.isChecked ? .ticked : .open, default: []].append(before)
                } else if before.quantity != after.quantity || before.unit != after.unit || before.name != after.name {
                    found[.asBefore, default: []].append(before)
                }
            default: break
            }
        }
        guard let how = [ItemsUndone.back, .gone, .open, .ticked, .asBefore].first(where: { found[$0] != nil }), let items = found[how] else { return nil }
        // A tick taken back names the things; an amount set back says it.
        let said = how == .open || how == .ticked ? items.map { thing($0) } : items.map { describe($0) }
        return (how, ["items": .list(said, .and), "count": agreementCount(items), "list": title])
    }

    /// How many things `items` are, for a verb to agree with: "3 eggs are
    /// back", "milk is back", "milk and bread are back".
    static func agreementCount(_ items: [Item]) -> MessageArgument {
        .number(items.count == 1 && items[0].unit == nil && !items[0].quantity.isOne ? 2 : items.count)
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
