import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkWording

/// Trips to the shop, and who buys what.
/// Each handler reads its slots, asks the domain, tells the others, and
/// says what happened (the wording is in `Replies+Trips.swift` beside it).
extension Command {
    mutating func goShopping() throws -> Reply {
        var shop: String? = if case .text(let shop)? = parse[slot: "text"] { shop } else { nil }
        var reference = try list()
        // "je vais au marché", "me voy al súper", "popping to the chemist" with a list called so: the trip is for that list.
        if parse[slot: "list"] == nil, let shopName = shop,
           let named = try grammar.listPhraseReadings(shopName).lazy.compactMap({ try self.visibleList(named: $0, owner: nil) }).first {
            (reference, shop) = (.named(named.name.value, owner: named.owner.value), nil)
        }
        let started = try household.startShopping(for: reference, at: shop, by: user)
        actedOn(started.list)
        publish(try tell(about: started.list) { Replies.Events.shopping(started, by: user.name, to: $0) })
        return Replies.shoppingStarted(started, for: user.name)
    }

    mutating func doneShopping() throws -> Reply {
        let ended = try household.doneShopping(for: parse[slot: "list"] == nil ? nil : try list(), by: user)
        actedOn(ended.list)
        publish(try tell(about: ended.list) { Replies.Events.shoppingDone(ended, by: user.name, to: $0) })
        return Replies.shoppingDone(ended, for: user.name)
    }

    mutating func whoIsShopping() throws -> Reply {
        Replies.tripsUnderway(try household.tripsUnderway(for: user), for: user.name, now: household.now)
    }

    mutating func assignItem() throws -> Reply {
        let buyer: UserName? = if case .value("me")? = parse[slot: "who"] { user.name } else if case .value("nobody")? = parse[slot: "who"] { nil } else { try UserName(try text("user")) }
        let changed = try household.assign(try itemName(), on: try listForItems(), to: buyer, by: user)
        actedOn(changed.list, items: [changed.after])
        // Asked of the one already getting it: so it stays, and no news for the others.
        if changed.before != changed.after {
            publish(try tell(about: changed.list, item: changed.after) { Replies.Events.assigned(changed, by: user.name, to: $0) })
        }
        return Replies.assigned(changed, for: user.name)
    }
}
