import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkWording

/// Aisles: where a thing is kept in the shop, and a list sorted by them.
/// Each handler reads its slots, asks the domain, tells the others, and
/// says what happened (the wording is in `Replies+Aisles.swift` beside it).
extension Command {
    mutating func putInAisle() throws -> Reply {
        // No list named: the household of the list talked about last, else the speaker's own.
        let talkedAbout = conversation.lastList ?? conversation.chosenList
        let reference: ListReference? = parse[slot: "list"] != nil ? try list() : talkedAbout.map { .implicit(current: $0) }
        let put = try household.putUnder(try ItemName(try itemName()), aisle: try AisleName(try text("aisle")), on: reference, by: user)
        return Replies.putUnder(put.choice, owner: put.owner, for: user.name)
    }

    mutating func sortList() throws -> Reply {
        let shop: String? = if case .text(let shop)? = parse[slot: "text"] { shop } else { nil }
        let sorted = try household.sort(try list(), forShop: shop, by: user)
        actedOn(sorted.list)
        return Replies.sorted(sorted, for: user.name, shelving: shelving)
    }
}
