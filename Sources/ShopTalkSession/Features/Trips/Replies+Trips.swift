import Foundation
import ShopTalkDomain
import ShopTalkJSON
import ShopTalkWording

/// What the bot says of shopping trips and of who gets what.
extension Replies {
    static func shoppingStarted<R>(_ started: Household<R>.TripStarted, for speaker: UserName) -> Reply {
        var arguments: MessageArguments = ["list": title(started.list, for: speaker), "count": .number(started.items.count)]
        var key = MessageKey.shoppingStarted
        if let shop = started.trip.shop {
            arguments = arguments.adding("shop", .text(shop))
            key = .shoppingStartedAt
        }
        var parts: [MessageArgument] = [.message(Message(key, arguments))]
        if !started.others.isEmpty {
            parts.append(.message(Message(.shoppingOthers, ["others": .list(started.others.map { .text($0.value) }, .and)])))
        }
        return Reply(ok: true, intent: "go_shopping", message: Message(.sentences, ["sentences": .list(parts, .sentences)]),
                     data: .object([("list", json(started.list)), ("shop", JSON(started.trip.shop)), ("items", .array(started.items.map(json))),
                                    ("others", .array(started.others.map { .string($0.value) }))]))
    }

    static func shoppingDone<R>(_ ended: Household<R>.TripEnded, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "done_shopping",
              message: Message(.shoppingDone, ["list": title(ended.list, for: speaker), "bought": boughtOrNothing(ended), "left": namesOrNothing(ended.left)]),
              data: .object([("list", json(ended.list)), ("bought", .array(ended.bought.map(json))), ("left", .array(ended.left.map(json)))]))
    }

    /// "who's out shopping?": each shopper, where, for which list, since when; the speaker is "you".
    static func tripsUnderway(_ trips: [(trip: Trip, list: ShoppingList)], for speaker: UserName, now: Date) -> Reply {
        let lines = trips.map { trip, list in
            var arguments: MessageArguments = ["list": title(list, for: speaker), "ago": ago(trip.startedAt, now: now)]
            let key: MessageKey
            switch (trip.shopper == speaker, trip.shop) {
            case (true, nil): key = .tripsYou
            case (true, let shop?): (key, arguments) = (.tripsYouAt, arguments.adding("shop", .text(shop)))
            case (false, nil): (key, arguments) = (.tripsMember, arguments.adding("shopper", .text(trip.shopper.value)))
            case (false, let shop?): (key, arguments) = (.tripsMemberAt, arguments.adding("shopper", .text(trip.shopper.value)).adding("shop", .text(shop)))
            }
            return MessageArgument.message(Message(key, arguments))
        }
        let data: [JSON] = trips.map { trip, list in
            .object([("shopper", .string(trip.shopper.value)), ("list", json(list)), ("shop", JSON(trip.shop)), ("since", .string(trip.startedAt.formatted(.iso8601)))])
        }
        return Reply(ok: true, intent: "who_is_shopping", message: lines.isEmpty ? Message(.tripsNone) : Message(.trips, ["lines": .lines(lines)]),
                     data: .object([("trips", .array(data))]))
    }

    static func namesOrNothing(_ items: [Item]) -> MessageArgument {
        items.isEmpty ? .message(Message(.shoppingNothing)) : names(items)
    }

    /// What a trip bought: what is cleared as it ends, and what the shopper cleared on the way.
    static func boughtOrNothing<R>(_ ended: Household<R>.TripEnded) -> MessageArgument {
        let bought = ended.bought.map { thing($0) } + ended.clearedOnTheWay.map { thing($0) }
        return bought.isEmpty ? .message(Message(.shoppingNothing)) : .list(bought, .and)
    }

    static func assigned(_ changed: ItemChanged, for speaker: UserName) -> Reply {
        let (item, list) = (Replies.thing(changed.after), title(changed.list, for: speaker))
        let message = switch changed.after.buyer {
        case nil: Message(.assignedNobody, ["item": item, "list": list])
        case speaker?: Message(.assignedSelf, ["item": item, "list": list])
        case let buyer?: Message(.assigned, ["item": item, "list": list, "buyer": .text(buyer.value)])
        }
        var data: [(String, JSON)] = [("list", json(changed.list)), ("item", json(changed.after))]
        data.append(("buyer", JSON(changed.after.buyer?.value)))
        return Reply(ok: true, intent: "assign_item", message: message, data: .object(data))
    }

    static func toBuy(_ found: [(list: ShoppingList, items: [Item])], for speaker: UserName) -> Reply {
        let lines = found.flatMap { entry in
            entry.items.map { MessageArgument.message(Message(.toBuyLine, ["item": describe($0), "list": title(entry.list, for: speaker)])) }
        }
        return Reply(ok: true, intent: "my_items", message: lines.isEmpty ? Message(.toBuyNone) : Message(.toBuy, ["lines": .lines(lines)]),
                     data: .object([("lists", .array(found.map { .object([("list", json($0.list)), ("items", .array($0.items.map(json)))]) }))]))
    }
}

extension Replies.Events {
    static func shopping<R>(_ started: Household<R>.TripStarted, by actor: UserName, to member: UserName) -> Event {
        var arguments: MessageArguments = ["list": Replies.title(started.list, for: member, by: actor), "count": .number(started.items.count)]
        if let shop = started.trip.shop { arguments = arguments.adding("shop", .text(shop)) }
        return event("shopping_started", member, started.trip.shop == nil ? .eventShopping : .eventShoppingAt, arguments, list: started.list, by: actor,
                     [("shop", JSON(started.trip.shop)), ("items", .array(started.items.map(Replies.json)))])
    }

    static func shoppingDone<R>(_ ended: Household<R>.TripEnded, by actor: UserName, to member: UserName) -> Event {
        event("shopping_done", member, .eventShoppingDone, [
            "list": Replies.title(ended.list, for: member, by: actor), "bought": Replies.boughtOrNothing(ended), "left": Replies.namesOrNothing(ended.left),
        ], list: ended.list, by: actor, [("bought", .array(ended.bought.map(Replies.json))), ("left", .array(ended.left.map(Replies.json)))])
    }

    /// "jess asked you to get the snags" to the one who gets them; "jess is
    /// getting the snags" when she took them herself; "jess asked tom to get
    /// the snags" to the others; "nobody is getting…" when she let them go.
    static func assigned(_ changed: ItemChanged, by actor: UserName, to member: UserName) -> Event {
        let buyer: MessageArgument = changed.after.buyer.map { .text($0.value) } ?? .message(Message(.shoppingNothing))
        let key: MessageKey = switch changed.after.buyer {
        case nil: .eventUnassigned
        case member?: .eventAssignedYou
        case actor?: .eventAssignedSelf
        default: .eventAssigned
        }
        return event("item_assigned", member, key, [
            "item": Replies.thing(changed.after), "list": Replies.title(changed.list, for: member, by: actor), "buyer": buyer,
        ], list: changed.list, by: actor, [("item", Replies.json(changed.after))])
    }
}
