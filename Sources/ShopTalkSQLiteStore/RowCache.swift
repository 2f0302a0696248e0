import ShopTalkStoreCore
import ShopTalkDomain

/// Rows this connection has read or written, so that a command does not read
/// again what the command before it just read: its speaker, their list, the
/// list's items and shares, whether events wait for them. In the server each
/// of those reads was a statement of its own, about half of what an "add"
/// cost the store thread.
///
/// It may only answer what SQLite would answer, so it forgets:
/// - everything, when another connection has committed since this one last
///   looked (`PRAGMA data_version`, read as each transaction begins: once
///   `BEGIN IMMEDIATE` holds the write lock, nobody else can commit until
///   this transaction ends), and when a command or a commit is rolled back;
/// - what a write of this connection touches, at the write, including what
///   SQLite deletes by cascade (a list's items and shares, an item's shares).
///
/// The repository writes rows through it in the form a read would return
/// them (times truncated to milliseconds, as stored), and only after the
/// statement succeeded. Absent rows are never remembered.
final class RowCache {
    struct ListKey: Hashable {
        let owner: UserID
        let key: String
    }

    private(set) var users: [UserName: User] = [:]
    private(set) var lists: [ListKey: ShoppingList] = [:]
    /// The same lists, and lists read by identity (a member's default list, the list a conversation is on).
    private(set) var listsByID: [ListID: ShoppingList] = [:]
    private(set) var items: [ListID: [Item]] = [:]
    private(set) var shares: [ListID: [Share]] = [:]
    /// Members known to have no event waiting.
    private(set) var withoutEvents: Set<UserID> = []
    /// Every list's announcements, read at once: nearly every change asks
    /// whether its list is announced, and nearly always none is.
    var announcements: [ListID: [Announcement]]?
    /// Every household's aisle choices and every list's shop, read at once:
    /// each "show Groceries" asks, and most households chose nothing.
    var aisleChoices: [UserName: [AisleChoice]]?
    var shopOrders: [ListID: String]?
    /// `PRAGMA data_version` when the cache was last known to be true.
    private var dataVersion: Int64?

    /// A household has a few members and lists; a store that somehow holds
    /// many more starts again rather than growing without end.
    private let maximumEntries = 4_096

    /// Starts a transaction: forgets everything unless `version` (the
    /// connection's `PRAGMA data_version`) is the one seen last.
    func begin(dataVersion version: Int64) {
        if version != dataVersion || users.count + listsByID.count + items.count + shares.count > maximumEntries {
            removeAll()
        }
        dataVersion = version
    }

    /// After a rollback, or a change made outside the repository (an account removed).
    func removeAll() {
        users.removeAll()
        lists.removeAll()
        listsByID.removeAll()
        items.removeAll()
        shares.removeAll()
        withoutEvents.removeAll()
        announcements = nil
        aisleChoices = nil
        shopOrders = nil
        dataVersion = nil
    }

    // MARK: Remembering what was read or written

    func remember(_ user: User) { users[user.name] = user }

    func remember(_ list: ShoppingList, owner: UserID) {
        lists[ListKey(owner: owner, key: list.name.key)] = list
        listsByID[list.id] = list
    }

    func remember(_ list: ShoppingList) { listsByID[list.id] = list }

    func remember(_ rows: [Item], of list: ListID) { items[list] = rows }

    func remember(_ rows: [Share], of list: ListID) { shares[list] = rows }

    func rememberNoEvents(for user: UserID) { withoutEvents.insert(user) }

    // MARK: Writes

    func inserted(_ item: Item) {
        items[item.listID]?.append(item)
    }

    func updated(_ item: Item) {
        guard let index = items[item.listID]?.firstIndex(where: { $0.id == item.id }) else { return }
        items[item.listID]![index] = item
    }

    /// Items deleted, and by cascade their shares.
    func deleted(items ids: [ItemID]) {
        let gone = Set(ids)
        for list in items.keys { items[list]!.removeAll { gone.contains($0.id) } }
        forgetShares()
    }

    /// A list renamed or deleted, and by cascade (deleted) its items and
    /// shares, and the default list of members whose default it was.
    func changed(list id: ListID) {
        lists = lists.filter { $0.value.id != id }
        listsByID[id] = nil
        items[id] = nil
        shares[id] = nil
        announcements = nil
        shopOrders = nil
        users = users.filter { $0.value.defaultList != id }
    }

    func changedShares(of list: ListID) { shares[list] = nil }

    func forgetShares() { shares.removeAll() }

    func eventQueued(for user: UserID) { withoutEvents.remove(user) }
}
