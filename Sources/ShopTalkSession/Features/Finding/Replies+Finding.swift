import Foundation
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkJSON
import ShopTalkWording

/// What the bot answers about a thing: where it is, how many, who added it.
extension Replies {
    /// "do we need milk?", "where are the nails?": yes with how many and
    /// where (every list that has it, when no list was named), or no with a
    /// near name.
    /// `yesOrNo`: "do we need milk?" is answered "Yes, …"; "where is the
    /// milk?" and "how many eggs?" with the place or the count alone.
    /// "Shopping list has ketchup. It's under Cupboard.": with `aisle`, the
    /// item's aisle, and its note when it has one.
    static func found(_ found: ItemFound, asking speaker: UserName, yesOrNo: Bool = true, aisle: String? = nil) -> Reply {
        var message: Message
        if let item = found.item {
            let places = found.places
            if places.count == 1 {
                message = item.isChecked
                    ? Message(.foundHereChecked, ["list": title(found.list, for: speaker), "item": describe(item, showingTyped: true)])
                    : Message(.foundHere, ["yes": yes(yesOrNo), "list": title(found.list, for: speaker), "item": describe(item, showingTyped: true)])
                if let aisle { message = sentences(message, Message(.foundAisle, ["aisle": aisleName(aisle)])) }
                if !yesOrNo, let note = item.note { message = sentences(message, Message(.foundNote, ["note": .text(note.value)])) }
            } else {
                let open = places.contains { !$0.item.isChecked }
                let parts: [MessageArgument] = places.map { place in
                    .message(Message(.foundPlace, [
                        "list": title(place.list, for: speaker), "item": describe(place.item, showingTyped: true), "checked": yes(open && place.item.isChecked),
                    ]))
                }
                let how = !open ? "all-checked" : yesOrNo ? "yes" : "no"
                message = Message(.foundPlaces, ["how": .text(how), "places": .list(parts, .and)])
            }
        } else {
            message = found.searchedEverywhere
                ? Message(.foundNowhere, ["item": thing(found.name)])
                : Message(.foundNotHere, ["yes": yes(yesOrNo), "item": thing(found.name), "list": title(found.list, for: speaker)])
            if let suggestion = found.suggestion {
                message = sentences(message, Message(.foundSuggestion, ["name": .text(suggestion)]))
            }
        }
        let elsewhere = found.elsewhere.map { place in JSON.object([("list", json(place.list)), ("item", json(place.item))]) }
        return Reply(ok: true, intent: "find_item", message: message,
                     data: .object([("list", json(found.list)), ("item", found.item.map(json) ?? .null), ("elsewhere", .array(elsewhere))]))
    }

    /// "who added jam?": who put it on each list that has it, and when; on
    /// none, who last took it off, when the list's history tells.
    static func whoAdded(_ found: ItemFound, removal: (Activity, ShoppingList)?, asking speaker: UserName, now: Date) -> Reply {
        var message: Message
        if found.item != nil {
            let parts: [MessageArgument] = found.places.enumerated().map { index, place in
                .message(Message(.whoAddedPlace, [
                    "self": yes(place.item.addedBy == speaker), "first": yes(index == 0), "actor": .text(place.item.addedBy.value),
                    "item": thing(place.item, showingTyped: true), "list": title(place.list, for: speaker), "when": ago(place.item.addedAt, now: now),
                ]))
            }
            message = Message(.whoAddedPlaces, ["places": .list(parts, .and)])
        } else if let (removal, list) = removal {
            message = Message(found.searchedEverywhere ? .whoAddedRemovedAnywhere : .whoAddedRemovedHere, [
                "item": thing(found.name), "list": title(found.searchedEverywhere ? list : found.list, for: speaker),
                "self": yes(removal.actor == speaker), "actor": .text(removal.actor.value), "when": ago(removal.at, now: now),
            ])
        } else {
            message = found.searchedEverywhere
                ? Message(.whoAddedNowhere, ["item": thing(found.name)])
                : Message(.whoAddedNotHere, ["item": thing(found.name), "list": title(found.list, for: speaker)])
            if let suggestion = found.suggestion {
                message = sentences(message, Message(.foundSuggestion, ["name": .text(suggestion)]))
            }
        }
        func json(_ list: ShoppingList, _ item: Item) -> JSON {
            .object([("list", Self.json(list)), ("item", Self.json(item)), ("added_by", .string(item.addedBy.value)),
                     ("added_at", .string(item.addedAt.formatted(.iso8601)))])
        }
        let places = found.places.map { json($0.list, $0.item) }
        let removed = removal.map { activity, list in
            JSON.object([("list", Self.json(list)), ("by", .string(activity.actor.value)), ("at", .string(activity.at.formatted(.iso8601)))])
        } ?? .null
        return Reply(ok: true, intent: "who_added", message: message,
                     data: .object([("list", Self.json(found.list)), ("places", .array(places)), ("removed", removed)]))
    }
}
