import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkWording

/// Questions about a thing: is it on a list, who added it, what is mine to buy.
/// Each handler reads its slots, asks the domain, tells the others, and
/// says what happened (the wording is in `Replies+Finding.swift` beside it).
extension Command {
    mutating func findItem() throws -> Reply {
        let found = try household.findItem(named: try itemName(), on: try listForItems(), for: user)
        actedOn(found.list, items: found.item.map { [$0] } ?? [], onSeveral: found.places.count > 1)
        // "where's the ketchup?", "which aisle is it in?": also where it is in the shop.
        let aisle = try found.item.flatMap { item -> String? in
            guard case .value("where")? = parse[slot: "question"], found.places.count == 1 else { return nil }
            let aisle = shelving.aisle(of: item.name, choices: try household.repository.aisleChoices(of: found.list.owner))
            return aisle == AisleGuide.other ? nil : aisle
        }
        return Replies.found(found, asking: user.name, yesOrNo: parse[slot: "question"] == nil, aisle: aisle)
    }

    mutating func whoAdded() throws -> Reply {
        let (found, removal) = try household.whoAdded(try itemName(), on: try listForItems(), for: user)
        actedOn(found.list, items: found.item.map { [$0] } ?? [], onSeveral: found.places.count > 1)
        return Replies.whoAdded(found, removal: removal, asking: user.name, now: household.now)
    }

    mutating func myItems() throws -> Reply {
        return Replies.toBuy(try household.itemsToBuy(for: user), for: user.name)
    }
}
