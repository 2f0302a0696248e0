import Foundation
import ShopTalkDomain

/// A repository held in memory, so the domain's rules are tested without SQL.
/// It is a reference type: every `Household` made over it sees the same data.
final class InMemoryRepository: ShoppingRepository {
    private var users: [User] = []
    private var listsByID: [ListID: (list: ShoppingList, ownerID: UserID)] = [:]
    private var itemsByID: [ItemID: Item] = [:]
    private(set) var activities: [Activity] = []
    private var nextID: Int64 = 1

    private func newID() -> Int64 {
        defer { nextID += 1 }
        return nextID
    }

    func user(named name: UserName) throws -> User? { users.first { $0.name == name } }

    func insertUser(named name: UserName, at date: Date) throws -> User {
        let user = User(id: newID(), name: name)
        users.append(user)
        return user
    }

    func setDefaultList(_ list: ListID?, of user: User) throws {
        guard let index = users.firstIndex(where: { $0.id == user.id }) else { return }
        users[index].defaultList = list
    }

    func setLanguage(_ language: String?, of user: User) throws {
        guard let index = users.firstIndex(where: { $0.id == user.id }) else { return }
        users[index].language = language
    }

    func lists(ownedBy owner: User) throws -> [ShoppingList] {
        listsByID.values.filter { $0.ownerID == owner.id }.map(\.list).sorted { $0.id < $1.id }
    }

    func list(ownedBy owner: User, key: String) throws -> ShoppingList? {
        try lists(ownedBy: owner).first { $0.name.key == key }
    }

    func insertList(named name: ListName, owner: User, at date: Date) throws -> ShoppingList {
        let list = ShoppingList(id: newID(), name: name, owner: owner.name, createdAt: date)
        listsByID[list.id] = (list, owner.id)
        return list
    }

    func updateList(_ list: ShoppingList) throws { listsByID[list.id]?.list = list }

    func deleteList(_ id: ListID) throws {
        listsByID[id] = nil
        for index in users.indices where users[index].defaultList == id { users[index].defaultList = nil }
        itemsByID = itemsByID.filter { $0.value.listID != id }
        sharesByID = sharesByID.filter { $0.value.listID != id }
        codes = codes.filter { $0.value.listID != id }
        announced.removeAll { $0.list == id }
    }

    func items(in list: ListID) throws -> [Item] {
        itemsByID.values.filter { $0.listID == list }.sorted { $0.id < $1.id }
    }

    func insertItem(_ new: NewItem) throws -> Item {
        let item = Item(
            id: newID(), listID: new.listID, name: new.name, quantity: new.quantity, unit: new.unit,
            isChecked: false, addedBy: new.addedBy, addedAt: new.addedAt, updatedAt: new.addedAt)
        itemsByID[item.id] = item
        return item
    }

    func updateItem(_ item: Item) throws { itemsByID[item.id] = item }
    func deleteItems(_ items: [Item]) throws {
        let ids = items.map(\.id)
        for id in ids { itemsByID[id] = nil }
        sharesByID = sharesByID.filter { share in share.value.itemID.map { !ids.contains($0) } ?? true }
    }
    func record(_ activity: Activity) throws { activities.append(activity) }

    func activity(of list: ListID, during period: Range<Date>?, limit: Int) throws -> [Activity] {
        Array(activities.filter { $0.listID == list && period?.contains($0.at) ?? true }.reversed().prefix(limit))
    }

    // MARK: Sharing and events

    private var sharesByID: [ShareID: Share] = [:]
    private var userIDs: [UserName: UserID] = [:]
    private var codes: [String: ShareCode] = [:]
    private var events: [UserID: [String]] = [:]

    func list(id: ListID) throws -> ShoppingList? { listsByID[id]?.list }
    func item(id: ItemID) throws -> Item? { itemsByID[id] }

    func shares(of list: ListID) throws -> [Share] {
        sharesByID.values.filter { $0.listID == list }.sorted { $0.id < $1.id }
    }

    func shares(for user: User) throws -> [Share] {
        sharesByID.values.filter { $0.participant == user.name }.sorted { $0.id < $1.id }
    }

    func insertShare(_ share: NewShare) throws -> Share {
        let stored = Share(
            id: newID(), listID: share.listID, itemID: share.itemID, participant: share.participant.name,
            permission: share.permission, isAccepted: share.isAccepted, invitedBy: share.invitedBy, createdAt: share.createdAt)
        sharesByID[stored.id] = stored
        return stored
    }

    func updateShare(_ share: Share) throws { sharesByID[share.id] = share }
    func deleteShares(_ shares: [Share]) throws { for share in shares { sharesByID[share.id] = nil } }
    func insertShareCode(_ code: ShareCode) throws { codes[code.code] = code }
    func shareCode(_ code: String) throws -> ShareCode? { codes[code] }
    func shareCodes(of list: ListID) throws -> [ShareCode] { codes.values.filter { $0.listID == list } }
    func deleteShareCode(_ code: ShareCode) throws { codes[code.code] = nil }

    func restore(_ item: Item) throws { itemsByID[item.id] = item }

    private var trips: [Trip] = []
    func openTrips(of list: ListID) throws -> [Trip] { trips.filter { $0.endedAt == nil && $0.listID == list } }
    func openTrips(of shopper: User) throws -> [Trip] { trips.filter { $0.endedAt == nil && $0.shopper == shopper.name } }
    func insertTrip(list: ListID, shopper: User, shop: String?, at date: Date) throws -> Trip {
        let trip = Trip(id: Int64(trips.count + 1), listID: list, shopper: shopper.name, shop: shop, startedAt: date)
        trips.append(trip)
        return trip
    }
    func endTrip(_ id: Int64, at date: Date) throws {
        if let index = trips.firstIndex(where: { $0.id == id }) { trips[index].endedAt = date }
    }
    func shopTrips(of list: ListID) throws -> [Trip] { trips.filter { $0.listID == list && $0.shop != nil }.reversed() }

    private var aisleChoicesByOwner: [UserName: [AisleChoice]] = [:]
    private var shopOrders: [ListID: String] = [:]
    func aisleChoices(of owner: UserName) throws -> [AisleChoice] { aisleChoicesByOwner[owner] ?? [] }
    func insertAisleChoice(_ choice: AisleChoice, owner: UserName) throws { aisleChoicesByOwner[owner, default: []].append(choice) }
    func deleteAisleChoice(named name: ItemName, owner: UserName) throws { aisleChoicesByOwner[owner]?.removeAll { $0.name == name } }
    func shopOrder(of list: ListID) throws -> String? { shopOrders[list] }
    func setShopOrder(_ shop: String?, of list: ListID) throws { shopOrders[list] = shop }
    func restore(_ list: ShoppingList) throws { listsByID[list.id] = (list, users.first { $0.name == list.owner }!.id) }
    func restore(_ share: Share) throws { sharesByID[share.id] = share }

    func enqueueEvent(_ payload: String, for user: User, at date: Date, keep: Int) throws {
        events[user.id, default: []].append(payload)
        events[user.id] = Array(events[user.id]!.suffix(keep))
    }

    private var mutes: [ListID: Set<UserName>] = [:]

    func mutedMembers(of list: ListID) throws -> Set<UserName> { mutes[list] ?? [] }

    func setMuted(_ muted: Bool, list: ListID, for user: User) throws {
        if muted { mutes[list, default: []].insert(user.name) } else { mutes[list]?.remove(user.name) }
    }

    private var announced: [Announcement] = []

    func announcements(of list: ListID) throws -> [Announcement] { announced.filter { $0.list == list } }

    func addAnnouncement(_ announcement: Announcement) throws {
        announced.removeAll { $0.list == announcement.list && $0.channel == announcement.channel }
        announced.append(announcement)
    }

    func deleteAnnouncement(of list: ListID, in channel: ChannelName) throws {
        announced.removeAll { $0.list == list && $0.channel == channel }
    }

    func announcedChannels() throws -> [ChannelName] {
        var seen: Set<ChannelName> = []
        return announced.map(\.channel).filter { seen.insert($0).inserted }
    }

    private var learned: [LearnedLine] = []

    func learn(_ line: LearnedLine) throws {
        learned.removeAll { $0.language == line.language && LearnedLine.key(of: $0.text) == LearnedLine.key(of: line.text) }
        learned.append(line)
    }

    func learnedLines(in language: String) throws -> [LearnedLine] { learned.filter { $0.language == language } }

    func forgetLearnedLines() throws -> Int {
        defer { learned = [] }
        return learned.count
    }

    func takeEvents(for user: User) throws -> [String] {
        defer { events[user.id] = nil }
        return events[user.id] ?? []
    }
}
