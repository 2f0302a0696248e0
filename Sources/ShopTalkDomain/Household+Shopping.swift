import Foundation

/// Going shopping, so that two people do not buy the same milk: "I'm going
/// shopping at Lidl for Groceries" makes the list's open items the shopper's
/// to get (those nobody else is getting), "bob buys the eggs" gives one item
/// to one member, "what do I need to buy?" lists a member's, and "done
/// shopping" clears what was checked off, hands back the rest and ends the
/// trip. A trip nobody ends is over after ``Trip/longest``, and its items
/// are handed back the next time the list is shopped for.
extension Household {
    public struct TripStarted: Hashable, Sendable {
        public let list: ShoppingList
        public let trip: Trip
        /// The open items that are the shopper's to get now.
        public let items: [Item]
        /// Who else is shopping for the list now.
        public let others: [UserName]
    }

    public struct TripEnded: Hashable, Sendable {
        public let list: ShoppingList
        public let trip: Trip
        /// Checked off, and cleared from the list.
        public let bought: [Item]
        /// What the shopper checked off and cleared already on this trip
        /// ("clear the ticked ones" in the shop): bought on it too.
        public let clearedOnTheWay: [ItemName]
        /// The shopper's items not bought, handed back.
        public let left: [Item]
    }

    public func startShopping(for reference: ListReference, at shop: String?, by user: User) throws -> TripStarted {
        let list = try resolve(reference, for: user, needs: .changeItems).list
        let shop = try shop.map { try ListName($0).value } // a shop's name follows a list's rules
        let open = try closeStaleTrips(of: list)
        let trip = try open.first { $0.shopper == user.name } ?? repository.insertTrip(list: list.id, shopper: user, shop: shop, at: now)
        var mine: [Item] = []
        for var item in try repository.items(in: list.id).sorted(by: Item.displayOrder) where !item.isChecked {
            if item.buyer == nil {
                item.buyer = user.name
                item.updatedAt = now
                try repository.updateItem(item)
            }
            if item.buyer == user.name { mine.append(item) }
        }
        return TripStarted(list: list, trip: trip, items: mine, others: open.map(\.shopper).filter { $0 != user.name })
    }

    /// Ends the speaker's trip: for the list named, else their latest; with
    /// none open, the trip nobody announced (``unannouncedTrip(among:of:)``).
    public func doneShopping(for reference: ListReference?, by user: User) throws -> TripEnded {
        let trip: Trip
        let list: ShoppingList
        if let reference {
            let visible = try resolve(reference, for: user, needs: .changeItems, creatingDefault: false)
            list = visible.list
            if let found = try closeStaleTrips(of: list).first(where: { $0.shopper == user.name }) {
                trip = found
            } else {
                guard let (unannounced, _) = try unannouncedTrip(among: [visible], of: user) else { throw DomainError.notShopping }
                trip = unannounced
            }
        } else if let (latest, visible) = try latestTrip(of: user) {
            try check(visible, allows: .changeItems)
            (trip, list) = (latest, visible.list)
        } else {
            // Said of no list, as every line that names none: the default list first, when it was ticked on.
            let lists = try visibleLists(for: user)
            let defaultList = try? resolve(.defaultList, for: user, needs: .changeItems, creatingDefault: false)
            guard let (unannounced, visible) = try defaultList.flatMap({ try unannouncedTrip(among: [$0], of: user) })
                    ?? unannouncedTrip(among: lists, of: user) else { throw DomainError.notShopping }
            (trip, list) = (unannounced, visible.list)
        }
        let items = try repository.items(in: list.id).sorted(by: Item.displayOrder)
        let bought = items.filter(\.isChecked)
        let clearedOnTheWay = try repository.activity(of: list.id, during: trip.startedAt..<now.addingTimeInterval(1), limit: Self.historyLookedThrough)
            .reversed().filter { $0.actor == user.name }
            .flatMap { activity -> [ItemName] in if case .clearedChecked(_, let names) = activity.change { names } else { [] } }
        if !bought.isEmpty {
            try repository.deleteItems(bought)
            try record(.clearedChecked(count: bought.count, items: bought.map(\.name)), on: list, by: user)
        }
        var left: [Item] = []
        for var item in items where !item.isChecked && item.buyer == user.name {
            item.buyer = nil
            item.updatedAt = now
            try repository.updateItem(item)
            left.append(item)
        }
        try repository.endTrip(trip.id, at: now)
        return TripEnded(list: list, trip: trip, bought: bought, clearedOnTheWay: clearedOnTheWay, left: left)
    }

    /// "back from the shops, all done" with no "I'm going shopping" before
    /// it: the trip nobody announced, on the list of `candidates` where the
    /// speaker ticked off what is still ticked, lately (within
    /// ``Trip/longest``); the list ticked on last, if several (the speaker's
    /// default list is tried alone first, see ``doneShopping(for:by:)``). It is written
    /// as a trip from the first of those ticks, so it ends as any trip does
    /// and its ticks are a walk of the shop like any other's. Nil when the
    /// speaker ticked nothing off lately that is still ticked.
    private func unannouncedTrip(among candidates: [VisibleList], of user: User) throws -> (trip: Trip, list: VisibleList)? {
        let lately = now.addingTimeInterval(-Trip.longest)..<now.addingTimeInterval(1)
        var found: (first: Date, last: Date, list: VisibleList)?
        for visible in candidates {
            let ticked = Set(try repository.items(in: visible.list.id).filter(\.isChecked).map(\.name))
            guard !ticked.isEmpty else { continue }
            let ticks = try repository.activity(of: visible.list.id, during: lately, limit: Self.historyLookedThrough).compactMap { activity -> Date? in
                guard activity.actor == user.name, case .checkedItem(let name) = activity.change, ticked.contains(name) else { return nil }
                return activity.at
            }
            guard let first = ticks.min(), let last = ticks.max(), last > found?.last ?? .distantPast else { continue }
            found = (first, last, visible)
        }
        guard let found else { return nil }
        try check(found.list, allows: .changeItems)
        return (try repository.insertTrip(list: found.list.list.id, shopper: user, shop: nil, at: found.first), found.list)
    }

    /// The list the member is out shopping for, if any: while a trip is
    /// open, "got the coffee" and "what's left?" are about its list.
    public func listShopped(by user: User) throws -> ShoppingList? {
        try latestTrip(of: user)?.list.list
    }

    /// The member's latest trip still open, on a list they still see (a
    /// list they no longer see is no list of theirs to shop for).
    private func latestTrip(of user: User) throws -> (trip: Trip, list: VisibleList)? {
        let mine = try repository.openTrips(of: user).filter { now.timeIntervalSince($0.startedAt) < Trip.longest }
        guard let latest = mine.max(by: { $0.startedAt < $1.startedAt }), let visible = try visibleList(id: latest.listID, for: user) else {
            return nil
        }
        return (latest, visible)
    }

    /// "who's out shopping?": the trips under way on the lists the member
    /// sees, oldest first. A trip past ``Trip/longest`` is over, though
    /// nobody said so; a question writes nothing, so it is left for the
    /// next change to close.
    public func tripsUnderway(for user: User) throws -> [(trip: Trip, list: ShoppingList)] {
        var found: [(trip: Trip, list: ShoppingList)] = []
        for visible in try visibleLists(for: user) {
            found += try repository.openTrips(of: visible.list.id)
                .filter { now.timeIntervalSince($0.startedAt) < Trip.longest }
                .map { ($0, visible.list) }
        }
        return found.sorted { $0.trip.startedAt < $1.trip.startedAt }
    }

    /// "bob buys the eggs", "I'll get the milk": `buyer` gets the item (nil: nobody in particular).
    /// The buyer must see the list.
    public func assign(_ raw: String, on reference: ListReference, to buyer: UserName?, by user: User) throws -> ItemChanged {
        if let buyer, buyer != user.name {
            let (list, _) = try locate(raw, on: reference, for: user)
            guard try buyer == list.owner || audience(of: list, excluding: user).contains(buyer) else {
                throw DomainError.notAParticipant(user: buyer.value, list: list.name.value)
            }
        }
        return try change(raw, on: reference, by: user) { item in
            item.buyer = buyer
            return .assigned(item.name, to: buyer)
        }
    }

    /// "what do I need to buy?": the open items that are the member's to get, list by list.
    public func itemsToBuy(for user: User) throws -> [(list: ShoppingList, items: [Item])] {
        var found: [(list: ShoppingList, items: [Item])] = []
        for visible in try visibleLists(for: user) {
            _ = try closeStaleTrips(of: visible.list)
            let mine = try repository.items(in: visible.list.id).filter { !$0.isChecked && $0.buyer == user.name }.sorted(by: Item.displayOrder)
            if !mine.isEmpty { found.append((visible.list, mine)) }
        }
        return found
    }

    /// The list's trips still open; those past ``Trip/longest`` are ended
    /// here, and their shoppers' items handed back.
    private func closeStaleTrips(of list: ShoppingList) throws -> [Trip] {
        var open: [Trip] = []
        for trip in try repository.openTrips(of: list.id) {
            guard now.timeIntervalSince(trip.startedAt) >= Trip.longest else {
                open.append(trip)
                continue
            }
            try repository.endTrip(trip.id, at: trip.startedAt.addingTimeInterval(Trip.longest))
            for var item in try repository.items(in: list.id) where !item.isChecked && item.buyer == trip.shopper {
                item.buyer = nil
                try repository.updateItem(item)
            }
        }
        return open
    }
}
