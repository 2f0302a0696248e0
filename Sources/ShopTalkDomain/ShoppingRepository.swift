import Foundation

/// What the domain needs from storage, seen from inside one transaction.
///
/// The store implements it over SQL; tests can implement it in memory. Every
/// call belongs to the transaction the caller opened, so a command either
/// happens whole or not at all.
public protocol ShoppingRepository {
    func user(named name: UserName) throws -> User?
    func insertUser(named name: UserName, at date: Date) throws -> User
    /// Makes `list` the user's default list ("my list"); nil forgets it.
    func setDefaultList(_ list: ListID?, of user: User) throws
    /// Keeps the language the user chose (a code such as "es"); nil forgets it.
    func setLanguage(_ language: String?, of user: User) throws

    func lists(ownedBy owner: User) throws -> [ShoppingList]
    func list(ownedBy owner: User, key: String) throws -> ShoppingList?
    func insertList(named name: ListName, owner: User, at date: Date) throws -> ShoppingList
    func updateList(_ list: ShoppingList) throws
    /// Deletes the list and, with it, its items; a member whose default
    /// list it was has none until their next "my list".
    func deleteList(_ id: ListID) throws

    func items(in list: ListID) throws -> [Item]
    func insertItem(_ item: NewItem) throws -> Item
    func updateItem(_ item: Item) throws
    /// Deletes the items and, with them, their own shares.
    func deleteItems(_ items: [Item]) throws

    func record(_ activity: Activity) throws
    /// The list's history, newest first; with `period`, only the changes
    /// made at or after its start and before its end.
    func activity(of list: ListID, during period: Range<Date>?, limit: Int) throws -> [Activity]

    // Sharing

    func list(id: ListID) throws -> ShoppingList?
    func item(id: ItemID) throws -> Item?
    /// Every share of the list, its item shares included.
    func shares(of list: ListID) throws -> [Share]
    /// Every share whose participant is the user, pending ones included.
    func shares(for user: User) throws -> [Share]
    func insertShare(_ share: NewShare) throws -> Share
    func updateShare(_ share: Share) throws
    func deleteShares(_ shares: [Share]) throws

    func insertShareCode(_ code: ShareCode) throws
    func shareCode(_ code: String) throws -> ShareCode?
    func shareCodes(of list: ListID) throws -> [ShareCode]
    func deleteShareCode(_ code: ShareCode) throws

    // Muted lists: no news of them for the members who muted them

    /// The members who muted the list.
    func mutedMembers(of list: ListID) throws -> Set<UserName>
    func setMuted(_ muted: Bool, list: ListID, for user: User) throws

    // Lists announced in chat channels ("announce Groceries in #home")

    /// The channels the list's news goes to.
    func announcements(of list: ListID) throws -> [Announcement]
    /// Keeps the announcement (replacing one of the list in the same channel).
    func addAnnouncement(_ announcement: Announcement) throws
    func deleteAnnouncement(of list: ListID, in channel: ChannelName) throws
    /// Every channel some list is announced in, for the bot to join.
    func announcedChannels() throws -> [ChannelName]

    // Shopping trips

    /// The list's trips not ended yet, however old.
    func openTrips(of list: ListID) throws -> [Trip]
    /// The member's trips not ended yet, on any list.
    func openTrips(of shopper: User) throws -> [Trip]
    func insertTrip(list: ListID, shopper: User, shop: String?, at date: Date) throws -> Trip
    func endTrip(_ id: Int64, at date: Date) throws
    /// The list's trips that named a shop, ended or not, newest first (the latest few hundred).
    func shopTrips(of list: ListID) throws -> [Trip]

    // Aisles

    /// Where the owner's household keeps things ("put milk under dairy").
    func aisleChoices(of owner: UserName) throws -> [AisleChoice]
    func insertAisleChoice(_ choice: AisleChoice, owner: UserName) throws
    func deleteAisleChoice(named name: ItemName, owner: UserName) throws
    /// The shop the list is sorted for ("sort Groceries for Lidl"), if any.
    func shopOrder(of list: ListID) throws -> String?
    func setShopOrder(_ shop: String?, of list: ListID) throws

    // Rows put back by "undo"

    /// Puts back a deleted row as it was, with its identity.
    func restore(_ item: Item) throws
    func restore(_ list: ShoppingList) throws
    func restore(_ share: Share) throws

    // Events kept for members until their next line

    /// Keeps an event for the user, and only their `keep` newest.
    func enqueueEvent(_ payload: String, for user: User, at date: Date, keep: Int) throws
    /// The user's kept events, oldest first, removed from the store.
    func takeEvents(for user: User) throws -> [String]

    // The household's own examples (see ``LearnedLine``)

    /// Keeps a confirmed line, replacing one of the same words, and only the newest ``LearnedLine/limit`` of its language.
    func learn(_ line: LearnedLine) throws
    /// The confirmed lines of `language`, oldest first.
    func learnedLines(in language: String) throws -> [LearnedLine]
    /// Forgets every confirmed line; how many there were.
    func forgetLearnedLines() throws -> Int
}
