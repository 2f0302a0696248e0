import ShopTalkDomain

extension ShoppingRepository {
    /// What goes with the list when it is deleted, for "undo" to put back
    /// (see ``ListSurroundings``); `defaultOf`: the members whose default
    /// list it is, which each engine reads its own way.
    package func surroundings(of list: ListID, defaultOf: [UserName]) throws -> ListSurroundings {
        ListSurroundings(
            list: list, mutedBy: try mutedMembers(of: list).sorted { $0.value < $1.value }, announcements: try announcements(of: list),
            shop: try shopOrder(of: list), defaultOf: defaultOf)
    }

    /// The shares of these items alone, which go when they are deleted.
    package func sharesOfTheirOwn(_ items: [Item]) throws -> [Share] {
        let gone = Set(items.map(\.id))
        return try Set(items.map(\.listID)).flatMap { try shares(of: $0) }.filter { $0.itemID.map(gone.contains) ?? false }
    }
}
