import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkWording

/// Lists: made, renamed, deleted, shown, chosen, emptied, and their history.
/// Each handler reads its slots, asks the domain, tells the others, and
/// says what happened (the wording is in `Replies+Lists.swift` beside it).
extension Command {
    mutating func createList() throws -> Reply {
        guard parse[slot: "list"] != nil else { return Replies.listNameNeeded }
        let list = try household.createList(named: newListName(), by: user)
        actedOn(list)
        return Replies.created(list)
    }

    mutating func renameList() throws -> Reply {
        let reference = try list()
        if case .named(let name, nil) = reference, try !visible(name), let item = try itemOnCurrentList(named: name) {
            // "rename milk to oat milk": no list of that name, but an item on the current list.
            return try renameItem(item, to: text("new_name"))
        }
        let renamed = try household.renameList(reference, to: text("new_name"), by: user)
        actedOn(renamed.list)
        publish(try tell(about: renamed.list) { Replies.Events.renamed(renamed, by: user.name, to: $0) })
        return Replies.renamed(renamed)
    }

    mutating func deleteList() throws -> Reply {
        guard parse[slot: "list"] != nil else { return Replies.listToDeleteNeeded }
        let reference = try list()
        if let question = try confirmingDeletion(of: reference) { return question }
        let deleted = try household.deleteList(reference, by: user)
        forget(deleted.list)
        events += deleted.audience.map { Replies.Events.deleted(deleted.list, by: user.name, to: $0) }
        channelNews += Self.channelNews(Replies.Events.deleted(deleted.list, by: user.name, to: deleted.list.owner), in: deleted.announcements)
        return Replies.deleted(deleted)
    }

    mutating func showLists() throws -> Reply {
        return Replies.lists(try household.lists(of: user), sharedItems: try household.sharedItems(for: user), counting: parse[slot: "question"] != nil)
    }

    mutating func showList() throws -> Reply {
        if case .value("me")? = parse[slot: "who"], case let mine = try household.itemsToBuy(for: user), !mine.isEmpty {
            return Replies.toBuy(mine, for: user.name)
        }
        let contents = inReadersWords(try household.contents(of: try listWhileShopping(items: false), for: user))
        actedOn(contents.list)
        let only: Replies.Only? = if case .value(let only)? = parse[slot: "only"] { Replies.Only(rawValue: only) } else { nil }
        let plain = if case .value("text")? = parse[slot: "as"] { true } else { false }
        return try noting(namesakes: contents.list, Replies.contents(
            contents, for: user.name, counting: parse[slot: "question"] != nil, only: only, plain: plain, shelving: shelving))
    }

    mutating func useList() throws -> Reply {
        let visible = try household.resolve(try list(), for: user)
        conversation.chosenList = visible.list.id
        actedOn(visible.list)
        return Replies.using(visible.list, speaker: user.name)
    }

    mutating func setDefaultList() throws -> Reply {
        let visible = try household.makeDefault(try list(), by: user)
        conversation.chosenList = nil // the new default is where sentences naming no list go, as the reply says
        actedOn(visible.list)
        return Replies.madeDefault(visible.list, speaker: user.name)
    }

    mutating func clearList() throws -> Reply {
        let reference = try list()
        if let question = try confirmingClearing(reference) { return question }
        let cleared = try household.clearList(reference, by: user)
        actedOn(cleared.list)
        publish(try tell(cleared.audience, about: cleared.items, on: cleared.list) { items, member in Replies.Events.emptied(items, from: cleared.list, by: user.name, to: member) })
        return Replies.emptied(cleared, for: user.name)
    }

    mutating func showActivity() throws -> Reply {
        let period: HistoryPeriod? = if case .value(let said)? = parse[slot: "since"] { HistoryPeriod(rawValue: said) } else { nil }
        let during = period.map { (period: $0, interval: $0.interval(now: household.now)) }
        let onlyMyAdds = parse[slot: "change"] == .value("added")
        var history = try household.history(of: try list(), for: user, limit: onlyMyAdds ? 500 : 20, during: during?.interval)
        if onlyMyAdds {
            // "what did I add yesterday?": the speaker's own adds, among all the changes.
            history.changes = Array(history.changes.filter { activity in
                guard activity.actor == user.name, case .addedItem = activity.change else { return false }
                return true
            }.prefix(20))
        }
        actedOn(history.list)
        return Replies.history(history.changes, of: history.list, during: during, to: user.name, now: household.now)
    }
}
