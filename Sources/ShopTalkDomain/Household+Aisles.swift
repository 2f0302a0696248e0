import Foundation

/// Aisles: "put milk under dairy" and "sort Groceries for Lidl".
///
/// Which aisle a name is in is a matter of words, read by the session from
/// each language's word list; the domain keeps what the household decided
/// instead, and how a shop was walked: the order in which a shopper checked
/// things off on their last trip there.
extension Household {
    /// "put milk under dairy [on Groceries]": kept for every list of the
    /// list's owner, so the whole household sees it; a member who may change
    /// the list's items may say it. With no list (`reference` nil), for the
    /// speaker's own lists: no list is made for it.
    public func putUnder(_ name: ItemName, aisle: AisleName, on reference: ListReference?, by user: User) throws -> (owner: UserName, choice: AisleChoice) {
        let owner = try reference.map { try resolve($0, for: user, needs: .changeItems, creatingDefault: false).list.owner } ?? user.name
        for earlier in try repository.aisleChoices(of: owner) where earlier.name.denotesSameItem(as: name) {
            try repository.deleteAisleChoice(named: earlier.name, owner: owner)
        }
        let choice = AisleChoice(name: name, aisle: aisle)
        try repository.insertAisleChoice(choice, owner: owner)
        return (owner, choice)
    }

    /// "sort Groceries for Lidl": the list is shown in the order of the
    /// aisles as its latest trip to that shop walked them, for every member,
    /// until sorted otherwise; `shop` nil ("sort Groceries by aisle") goes
    /// back to the usual order.
    public func sort(_ reference: ListReference, forShop shop: String?, by user: User) throws -> ListContents {
        let list = try resolve(reference, for: user, needs: .changeItems).list
        if let shop {
            let shop = try ListName(shop).value // a shop's name follows a list's rules
            guard let walk = try walk(of: list, at: shop), !walk.checkedInOrder.isEmpty else { throw DomainError.shopNotWalked(shop) }
            try repository.setShopOrder(walk.shop, of: list.id)
        } else {
            try repository.setShopOrder(nil, of: list.id)
        }
        return try contents(of: list)
    }

    /// The list's items with what showing them needs: the household's aisle
    /// choices, and the walk of the shop it is sorted for.
    func contents(of list: ShoppingList) throws -> ListContents {
        var contents = ListContents(list: list, items: try repository.items(in: list.id).sorted(by: Item.displayOrder))
        contents.aisleChoices = try repository.aisleChoices(of: list.owner)
        if let shop = try repository.shopOrder(of: list.id) {
            contents.walk = try walk(of: list, at: shop)
        }
        return contents
    }

    /// What the list's latest trip to `shop` checked off, in order, from the
    /// list's history: only the shopper's own ticks, while the trip lasted.
    private func walk(of list: ShoppingList, at shop: String) throws -> ShopWalk? {
        // A shop's name is compared as an item's is: "Lidl" is "lidl", and Russian "в Ленту" is "для Ленты".
        let name = ItemName(stored: shop)
        guard let trip = try repository.shopTrips(of: list.id).first(where: { $0.shop.map { ItemName(stored: $0).denotesSameItem(as: name) } ?? false }) else {
            return nil
        }
        let end = trip.endedAt ?? min(now, trip.startedAt.addingTimeInterval(Trip.longest))
        let during = trip.startedAt..<max(end, trip.startedAt).addingTimeInterval(0.001) // the last tick included
        let changes = try repository.activity(of: list.id, during: during, limit: 1_000)
        let ticked: [ItemName] = changes.reversed().compactMap { change in
            guard change.actor == trip.shopper, case .checkedItem(let name) = change.change else { return nil }
            return name
        }
        return ShopWalk(shop: trip.shop ?? shop, checkedInOrder: ticked)
    }
}
