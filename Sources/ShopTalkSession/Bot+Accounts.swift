import Foundation
import ShopTalkDomain
import ShopTalkStore

/// What the transports keep beside the household's lists, asked of the bot
/// rather than of its store: logins, relays, links to IRC and Matrix, the
/// bridges' state and outbox, and the upkeep of the history. A transport
/// talks to the bot; which engine holds it is the bot's business.
extension Bot {
    /// Logins, relays, links, the bridges' state and their outbox.
    public var accountBook: any AccountBook { store.accountBook }

    /// Whose events these are, of those another server on this database told of.
    public func recipients(ofEvents ids: [Int64]) throws -> [UserName] {
        try store.recipients(ofEvents: ids)
    }

    /// Forgets history older than `days` days on the bot's clock, at most
    /// `limit` entries at a time; how many went.
    public func pruneHistory(olderThanDays days: Int, limit: Int) throws -> Int {
        try store.pruneHistory(before: clock().addingTimeInterval(-Double(days) * 86_400), limit: limit)
    }

    /// Every channel some list is announced in, for an IRC bot to join.
    public func announcedChannels() throws -> [ChannelName] {
        try store.write(AnnouncedChannels())
    }

    /// Closes the store: the last thing a server does with it.
    public func closeStore() {
        store.close()
    }
}

/// Every channel some list is announced in.
private struct AnnouncedChannels: RepositoryWork {
    func run<Repository: ShoppingRepository>(_ repository: Repository) throws -> [ChannelName] {
        try repository.announcedChannels()
    }
}
