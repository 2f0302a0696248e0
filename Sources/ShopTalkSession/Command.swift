import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkJSON
import ShopTalkWording

/// One parsed sentence applied to the household, inside the transaction the
/// bot opened. Knows which slots each intent reads and whom each change
/// concerns; the rules themselves live in the domain.
struct Command<Repository: ShoppingRepository> {
    /// The sentence; an "add" may rewrite it before acting ("sunscreen for
    /// Camping" is sunscreen, on Camping).
    var parse: Parse
    let grammar: Grammar
    /// Every language the bot speaks: "speak Spanish" is refused when Spanish
    /// is not among them; and their words for where things are in a shop.
    let grammars: Grammars
    let household: Household<Repository>
    let user: User
    var conversation: Conversation
    /// The question the bot asked on the line before, which this one may answer.
    let question: PendingQuestion?
    /// True when the sentence answers a question the bot asked: nothing more is asked about it.
    let answered: Bool
    /// The speaker's latest change not undone yet: what "undo" takes back.
    let lastChange: KeptChange?
    /// Whether the line took back (or let go) `lastChange`.
    private(set) var undid = false
    /// News for other members, stored with the change.
    var events: [Event] = []
    /// News for the channels the lists it changed are announced in.
    var channelNews: [ChannelNews] = []

    init(
        parse: Parse, grammar: Grammar, grammars: Grammars, household: Household<Repository>, user: User,
        conversation: Conversation, question: PendingQuestion? = nil, answered: Bool = false, lastChange: KeptChange? = nil
    ) {
        self.lastChange = lastChange
        self.parse = parse
        self.grammars = grammars
        self.question = question
        self.grammar = grammar
        self.household = household
        self.user = user
        self.conversation = conversation
        self.answered = answered
    }

    mutating func run() throws -> Reply {
        try rejoinItemSplitAtAListWord()
        // A grammar declares only intents that have a name here (IntentNameTests).
        guard let intent = IntentName(rawValue: parse.intent) else { return Replies.notAvailable(intent: parse.intent) }
        switch intent {
        case .confirm, .deny, .answerQuantity:
            return try answer(question)
        case .acknowledge where question.map({ !$0.hasExpired(at: household.now) && $0.onYes != nil }) == true:
            // "ok", "vale", "好的", "được" to "Delete Groceries and its 5 items?" are
            // a yes; "forget it", "算了" a no. Only thanks leaves the question unanswered.
            guard case .value(let said)? = parse[slot: "acknowledgement"], said != "thanks" else {
                return Replies.acknowledged("thanks", lastItem: conversation.lastItem)
            }
            parse = Parse(intent: said == "forget" ? "deny" : "confirm", slots: [])
            return try answer(question)
        case .createList:
            guard parse[slot: "list"] != nil else { return Replies.listNameNeeded }
            let list = try household.createList(named: newListName(), by: user)
            actedOn(list)
            return Replies.created(list)
        case .renameList:
            let reference = try list()
            if case .named(let name, nil) = reference, try !visible(name), let item = try itemOnCurrentList(named: name) {
                // "rename milk to oat milk": no list of that name, but an item on the current list.
                return try renameItem(item, to: text("new_name"))
            }
            let renamed = try household.renameList(reference, to: text("new_name"), by: user)
            actedOn(renamed.list)
            publish(try tell(about: renamed.list) { Replies.Events.renamed(renamed, by: user.name, to: $0) })
            return Replies.renamed(renamed)
        case .deleteList:
            guard parse[slot: "list"] != nil else { return Replies.listToDeleteNeeded }
            let reference = try list()
            if let question = try confirmingDeletion(of: reference) { return question }
            let deleted = try household.deleteList(reference, by: user)
            forget(deleted.list)
            events += deleted.audience.map { Replies.Events.deleted(deleted.list, by: user.name, to: $0) }
            channelNews += Self.channelNews(Replies.Events.deleted(deleted.list, by: user.name, to: deleted.list.owner), in: deleted.announcements)
            return Replies.deleted(deleted)
        case .showLists:
            return Replies.lists(try household.lists(of: user), sharedItems: try household.sharedItems(for: user), counting: parse[slot: "question"] != nil)
        case .showList:
            if case .value("me")? = parse[slot: "who"], case let mine = try household.itemsToBuy(for: user), !mine.isEmpty {
                return Replies.toBuy(mine, for: user.name)
            }
            let contents = try household.contents(of: try listWhileShopping(items: false), for: user)
            actedOn(contents.list)
            let only: Replies.Only? = if case .value(let only)? = parse[slot: "only"] { Replies.Only(rawValue: only) } else { nil }
            let plain = if case .value("text")? = parse[slot: "as"] { true } else { false }
            return try noting(namesakes: contents.list, Replies.contents(
                contents, for: user.name, counting: parse[slot: "question"] != nil, only: only, plain: plain, shelving: shelving))
        case .putInAisle:
            // No list named: the household of the list talked about last, else the speaker's own.
            let talkedAbout = conversation.lastList ?? conversation.chosenList
            let reference: ListReference? = parse[slot: "list"] != nil ? try list() : talkedAbout.map { .implicit(current: $0) }
            let put = try household.putUnder(try ItemName(try itemName()), aisle: try AisleName(try text("aisle")), on: reference, by: user)
            return Replies.putUnder(put.choice, owner: put.owner, for: user.name)
        case .sortList:
            let shop: String? = if case .text(let shop)? = parse[slot: "text"] { shop } else { nil }
            let sorted = try household.sort(try list(), forShop: shop, by: user)
            actedOn(sorted.list)
            return Replies.sorted(sorted, for: user.name, shelving: shelving)
        case .clearList:
            let reference = try list()
            if let question = try confirmingClearing(reference) { return question }
            let cleared = try household.clearList(reference, by: user)
            actedOn(cleared.list)
            publish(try tell(cleared.audience, about: cleared.items, on: cleared.list) { items, member in Replies.Events.emptied(items, from: cleared.list, by: user.name, to: member) })
            return Replies.emptied(cleared, for: user.name)
        case .useList:
            let visible = try household.resolve(try list(), for: user)
            conversation.chosenList = visible.list.id
            actedOn(visible.list)
            return Replies.using(visible.list, speaker: user.name)
        case .setDefaultList:
            let visible = try household.makeDefault(try list(), by: user)
            conversation.chosenList = nil // the new default is where sentences naming no list go, as the reply says
            actedOn(visible.list)
            return Replies.madeDefault(visible.list, speaker: user.name)
        case .findItem:
            let found = try household.findItem(named: try itemName(), on: try listForItems(), for: user)
            actedOn(found.list, items: found.item.map { [$0] } ?? [], onSeveral: found.places.count > 1)
            // "where's the ketchup?", "which aisle is it in?": also where it is in the shop.
            let aisle = try found.item.flatMap { item -> String? in
                guard case .value("where")? = parse[slot: "question"], found.places.count == 1 else { return nil }
                let aisle = shelving.aisle(of: item.name, choices: try household.repository.aisleChoices(of: found.list.owner))
                return aisle == AisleGuide.other ? nil : aisle
            }
            return Replies.found(found, asking: user.name, yesOrNo: parse[slot: "question"] == nil, aisle: aisle)
        case .whoAdded:
            let (found, removal) = try household.whoAdded(try itemName(), on: try listForItems(), for: user)
            actedOn(found.list, items: found.item.map { [$0] } ?? [], onSeveral: found.places.count > 1)
            return Replies.whoAdded(found, removal: removal, asking: user.name, now: household.now)
        case .showActivity:
            let period: HistoryPeriod? = if case .value(let said)? = parse[slot: "since"] { HistoryPeriod(rawValue: said) } else { nil }
            let during = period.map { (period: $0, interval: $0.interval(now: household.now)) }
            let history = try household.history(of: try list(), for: user, during: during?.interval)
            actedOn(history.list)
            return Replies.history(history.changes, of: history.list, during: during, to: user.name, now: household.now)
        case .addItems:
            if let question = try checkBeforeAdding() { return question }
            let target = try household.resolve(try listForItems(), for: user, needs: .changeItems)
            let added: ItemsAdded
            do {
                // "add 2 more" names the item talked about last: nothing to ask about its name.
                added = try household.addItems(try itemRequests(), to: target, by: user, askingAboutSlips: !answered && parse[slot: "items"] != nil)
            } catch let possible as PossibleSlips {
                return askDidYouMean(possible.slips)
            }
            actedOn(added.list, items: added.changes.map(\.item))
            let news = added.news
            if !news.changes.isEmpty { publish(try tell(about: news.list) { Replies.Events.added(news, by: user.name, to: $0) }) }
            return try noting(namesakes: added.list, Replies.added(added, for: user.name))
        case .removeItem:
            let spoken = try itemName()
            do {
                return try removeItem(spoken)
            } catch let error as DomainError where parse[slot: "item"] != nil && parse[slot: "list"] == nil && parse[slot: "quantity"] == nil {
                // "delete Hardware": not an item, but the name of a list, said without "list".
                guard case .itemNotFound = error, let list = try ownList(named: spoken) else { throw error }
                throw CommandError.listNamedAsItem(list)
            }
        case .updateItem:
            if parse[slot: "new_name"] != nil {
                return try renameItem(try text("item"), to: try text("new_name"))
            }
            guard let quantity = try quantity() else { throw missing("quantity") }
            if let question = try confirmingUnit(of: quantity) { return question }
            let changed = try household.setQuantity(of: try itemName(), to: quantity, unit: unit(), on: try listForItems(), by: user)
            actedOn(changed.list, items: [changed.after])
            publish(try tell(about: changed.list, item: changed.after) { Replies.Events.quantityChanged(changed, by: user.name, to: $0) })
            return Replies.quantityChanged(changed, for: user.name)
        case .checkItem:
            let reference = try listWhileShopping(items: true)
            let checked = parse[slot: "every"] != nil
                ? try household.checkEverything(on: reference, by: user)
                : try household.checkItems(try itemNames(on: reference), on: reference, by: user)
            actedOn(checked)
            for (list, changes) in checked.byList {
                let newlyChecked = changes.filter { !$0.before.isChecked }.map(\.after)
                publish(try tell(try household.audience(of: list, items: newlyChecked, excluding: user), about: newlyChecked, on: list) { items, member in
                    Replies.Events.checked(items, on: list, by: user.name, to: member)
                })
            }
            return Replies.checked(checked, for: user.name)
        case .uncheckItem:
            let reference = try listWhileShopping(items: true)
            let unchecked = parse[slot: "every"] != nil
                ? try household.uncheckEverything(on: reference, by: user)
                : try household.uncheckItems(try itemNames(on: reference), on: reference, by: user)
            actedOn(unchecked)
            for (list, changes) in unchecked.byList {
                let putBack = changes.filter(\.before.isChecked).map(\.after)
                publish(try tell(try household.audience(of: list, items: putBack, excluding: user), about: putBack, on: list) { items, member in
                    Replies.Events.unchecked(items, on: list, by: user.name, to: member)
                })
            }
            return Replies.unchecked(unchecked, for: user.name)
        case .clearChecked:
            let cleared = try household.clearChecked(on: try list(), by: user)
            actedOn(cleared.list)
            publish(try tell(cleared.audience, about: cleared.items, on: cleared.list) { items, member in Replies.Events.cleared(items, from: cleared.list, by: user.name, to: member) })
            return Replies.cleared(cleared, for: user.name)
        case .greet:
            return Replies.greeting
        case .acknowledge:
            let said: String? = if case .value(let said)? = parse[slot: "acknowledgement"] { said } else { nil }
            return Replies.acknowledged(said, lastItem: conversation.lastItem)
        case .help:
            let topic: String? = if case .value(let topic)? = parse[slot: "topic"] { topic } else { nil }
            return Replies.help(grammar: grammar, topic: topic)
        case .setLanguage:
            guard case .value(let language)? = parse[slot: "language"] else { throw CommandError.missingSlot("language", intent: parse.intent) }
            guard grammars.languages.contains(language) else { return Replies.languageUnavailable(language, spoken: grammars.languages) }
            try household.chooseLanguage(language, for: user)
            conversation.language = language // the reply, too, is in the new language
            return Replies.languageChosen(language)
        case .shareList, .shareItem, .setPermission, .makeAdmin, .shareCode, .joinShare, .revokeCode, .unshareList, .stopSharing, .acceptShare, .declineShare, .leaveList, .muteList, .unmuteList, .moveItems, .copyList, .undo, .setNote, .clearNote, .goShopping, .doneShopping, .assignItem, .myItems, .lastRemoved, .announceList, .unannounceList, .showAccess:
            return try runSharing(intent)
        }
    }

    private mutating func runSharing(_ intent: IntentName) throws -> Reply {
        switch intent {
        case .shareList, .shareItem, .setPermission, .makeAdmin:
            let permission: Permission? = parse.intent == "make_admin" ? .admin : try self.permission()
            let users = try self.users()
            let shared = parse.intent == "set_permission" || parse.intent == "make_admin"
                ? try household.setPermission(permission ?? .readWrite, on: try list(), for: users, by: user)
                : try household.share(try list(), item: parse.intent == "share_item" ? try text("item") : nil,
                                      with: users, permission: permission, by: user)
            events += shared.changes.map { Replies.Events.shared(shared, $0, by: user.name) }
            return Replies.shared(shared)
        case .shareCode:
            let singleUse = parse[slot: "uses"] == .value("single")
            let created = try household.createShareCode(ShareCodes.random(), for: try list(), permission: try permission(), singleUse: singleUse, by: user)
            return Replies.codeCreated(created.code, list: created.list)
        case .joinShare:
            let said = try text("code")
            let joined: Household<Repository>.InvitationAnswer
            do {
                joined = try household.join(code: said, by: user)
            } catch DomainError.invalidCode {
                // "join Groceries": no code has that name, but an invitation to a list of it may be waiting.
                // With none, the answer stays about the code; two such invitations are asked about.
                do {
                    return try accepted(household.accept(said, by: user))
                } catch DomainError.noInvitation {
                    throw DomainError.invalidCode
                }
            }
            actedOn(joined.list)
            publish(try tell(about: joined.list) { Replies.Events.joined(joined, by: user.name, to: $0) })
            return Replies.joined(joined)
        case .revokeCode:
            let revoked = try household.revokeCodes(for: try list(), by: user)
            return Replies.codesRevoked(list: revoked.list, count: revoked.count)
        case .unshareList:
            let unshared = try household.unshare(try list(), with: try users(), by: user)
            events += unshared.removed.map { Replies.Events.unshared(unshared.list, by: user.name, to: $0) }
            return Replies.unshared(unshared)
        case .stopSharing:
            let unshared = try household.stopSharing(try list(), by: user)
            events += unshared.removed.map { Replies.Events.unshared(unshared.list, by: user.name, to: $0) }
            return Replies.stoppedSharing(unshared)
        case .acceptShare:
            return try accepted(household.accept(invitationName(), from: owner(), by: user))
        case .declineShare:
            let answer = try household.decline(invitationName(), from: owner(), by: user)
            events.append(Replies.Events.declined(answer, by: user.name, to: answer.list.owner))
            return Replies.declined(answer)
        case .leaveList:
            let reference = try list()
            let list = try household.leave(reference, by: user)
            forget(list)
            publish(try tell(about: list) { Replies.Events.left(list, by: user.name, to: $0) })
            return Replies.left(list)
        case .muteList, .unmuteList:
            let muted = parse.intent == "mute_list"
            let list = try household.setMuted(muted, try list(), by: user)
            actedOn(list)
            return Replies.muted(list, muted, for: user.name)
        case .moveItems:
            let source = try listForItems(), target = try reference(to: parse[slot: "to_list"])
            let move = try household.moveItems(named: try itemNames(on: source), from: source, to: target, by: user)
            if let last = move.moved.last { actedOn(last.to, items: last.items) }
            for moved in move.moved {
                publish(try tell(moved.audience, about: [moved.from, moved.to], owner: moved.to.owner) { Replies.Events.moved(moved, by: user.name, to: $0) })
            }
            return Replies.moved(move, for: user.name)
        case .copyList:
            let copy = try household.copyList(try list(), to: try reference(to: parse[slot: "to_list"]), by: user)
            actedOn(copy.to)
            publish(try tell(about: copy.to) { Replies.Events.added(copy.added, by: user.name, to: $0) })
            return Replies.copied(copy, for: user.name)
        case .undo:
            let outcome = try household.undo(lastChange?.step, by: user)
            undid = true
            switch outcome {
            case .overtaken(let conflict):
                return Replies.overtaken(conflict)
            case .undone(let undone):
                for touched in undone.lists {
                    publish(try tell(touched.audience, about: [touched.list], owner: touched.list.owner) {
                        Replies.Events.undone(on: touched.list, by: user.name, to: $0)
                    })
                }
                return Replies.undone(undone, said: lastChange?.said)
            }
        case .setNote:
            // "给牛奶备注燕麦的" names its item apart; "note on milk: the oat one" within the note.
            let (item, note) = parse[slot: "item"] != nil ? (try text("item"), try text("text")) : try itemAndNote(try text("text"))
            return try noted(household.setNote(note, on: item, in: try listForItems(), by: user))
        case .clearNote:
            return try noted(household.setNote(nil, on: try itemName(), in: try listForItems(), by: user))
        case .goShopping:
            var shop: String? = if case .text(let shop)? = parse[slot: "text"] { shop } else { nil }
            var reference = try list()
            // "je vais au marché", "me voy al súper" with a list called so: the trip is for that list.
            if parse[slot: "list"] == nil, let named = try shop.flatMap({ try visibleList(named: $0, owner: nil) }) {
                (reference, shop) = (.named(named.name.value, owner: named.owner.value), nil)
            }
            let started = try household.startShopping(for: reference, at: shop, by: user)
            actedOn(started.list)
            publish(try tell(about: started.list) { Replies.Events.shopping(started, by: user.name, to: $0) })
            return Replies.shoppingStarted(started, for: user.name)
        case .doneShopping:
            let ended = try household.doneShopping(for: parse[slot: "list"] == nil ? nil : try list(), by: user)
            actedOn(ended.list)
            publish(try tell(about: ended.list) { Replies.Events.shoppingDone(ended, by: user.name, to: $0) })
            return Replies.shoppingDone(ended, for: user.name)
        case .assignItem:
            let buyer: UserName? = if case .value("me")? = parse[slot: "who"] { user.name } else if case .value("nobody")? = parse[slot: "who"] { nil } else { try UserName(try text("user")) }
            let changed = try household.assign(try itemName(), on: try listForItems(), to: buyer, by: user)
            actedOn(changed.list, items: [changed.after])
            publish(try tell(about: changed.list, item: changed.after) { Replies.Events.assigned(changed, by: user.name, to: $0) })
            return Replies.assigned(changed, for: user.name)
        case .myItems:
            return Replies.toBuy(try household.itemsToBuy(for: user), for: user.name)
        case .lastRemoved:
            // "what did I just add?" asks the same of the latest add.
            if case .value("added")? = parse[slot: "change"] {
                let addition = try household.lastAddition(by: user)
                if let addition {
                    // "take it off again": the items just named.
                    actedOn(addition.list)
                    (conversation.lastItems, conversation.lastItemsList) = (addition.items.map(\.value), addition.list.id)
                }
                return Replies.lastAddition(addition, for: user.name, now: household.now)
            }
            let removal = try household.lastRemoval(by: user)
            if let removal { actedOn(removal.list) }
            return Replies.lastRemoval(removal, for: user.name, now: household.now)
        case .announceList:
            let channel = try ChannelName(try text("channel"))
            let list = try household.announce(try list(), in: channel, language: grammar.language, by: user)
            actedOn(list)
            return Replies.announced(list, in: channel, for: user.name)
        case .unannounceList:
            let channel = try parse[slot: "channel"].map { _ in try ChannelName(try text("channel")) }
            let stopped = try household.stopAnnouncing(try list(), in: channel, by: user)
            actedOn(stopped.list)
            return Replies.unannounced(stopped.list, from: stopped.channels, for: user.name)
        case .showAccess:
            return Replies.members(try household.members(of: try list(), for: user))
        default:
            // Every other intent is run by run() itself.
            return Replies.notAvailable(intent: parse.intent)
        }
    }

    // MARK: Notes

    private mutating func noted(_ changed: ItemChanged) throws -> Reply {
        actedOn(changed.list, items: [changed.after])
        publish(try tell(about: changed.list, item: changed.after) { Replies.Events.noted(changed, by: user.name, to: $0) })
        return Replies.noted(changed)
    }

    /// "milk: the oat one" as said after "note on": the item before the
    /// colon; without one, the longest start that names an item on the list
    /// ("note on oat milk get the big one").
    private func itemAndNote(_ said: String) throws -> (item: String, note: String) {
        if let colon = said.firstIndex(where: { $0 == ":" || $0 == "：" }) {
            let item = said[..<colon].trimmingCharacters(in: .whitespaces), note = said[said.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !item.isEmpty else { throw CommandError.whichNote }
            return (item, note)
        }
        let words = said.split(separator: " ")
        for count in stride(from: words.count - 1, through: 1, by: -1) {
            let item = words.prefix(count).joined(separator: " ")
            if try household.findItem(named: item, on: try listForItems(), for: user).item != nil {
                return (item, words.dropFirst(count).joined(separator: " "))
            }
        }
        throw CommandError.whichNote
    }

    // MARK: Telling others

    /// What a change tells others: events for members, news for channels.
    struct News {
        var events: [Event] = []
        var channels: [ChannelNews] = []
    }

    private mutating func publish(_ news: News) {
        events += news.events
        channelNews += news.channels
    }

    /// One event for each other member who sees the list (or the item), and
    /// news for each channel the list is announced in.
    private func tell(about list: ShoppingList, item: Item? = nil, _ make: (UserName) -> Event) throws -> News {
        try tell(try household.audience(of: list, item: item?.id, excluding: user), about: [list], owner: list.owner, make)
    }

    /// One event for each member of an audience the domain worked out, and
    /// news, worded for `owner`, for each channel one of the lists is announced in.
    private func tell(_ audience: [UserName], about lists: [ShoppingList], owner: UserName, _ make: (UserName) -> Event) throws -> News {
        News(events: audience.map(make), channels: try announcing(on: lists) { make(owner) })
    }

    /// One event for each member of an audience, about the items they may
    /// see; and news of all the items for each channel the list is announced in.
    func tell(_ audience: [UserName: [Item]], about items: [Item], on list: ShoppingList, _ make: ([Item], UserName) -> Event) throws -> News {
        let events = audience.sorted { $0.key < $1.key }.map { make($0.value, $0.key) }
        return News(events: events, channels: items.isEmpty ? [] : try announcing(on: [list]) { make(items, list.owner) })
    }

    /// A channel reads news as the list's owner would, so it names the list
    /// plainly ("bob added eggs to Groceries"), in the announcer's language;
    /// a channel two of the lists are announced in hears it once.
    private func announcing(on lists: [ShoppingList], _ make: () -> Event) throws -> [ChannelNews] {
        var seen: Set<ChannelName> = []
        let announcements = try lists.flatMap { try household.announcements(of: $0) }.filter { seen.insert($0.channel).inserted }
        return announcements.isEmpty ? [] : Self.channelNews(make(), in: announcements)
    }

    static func channelNews(_ event: Event, in announcements: [Announcement]) -> [ChannelNews] {
        announcements.map { announcement in
            var worded = event
            worded.language = announcement.language
            return ChannelNews(channel: announcement.channel.value, event: worded)
        }
    }

    /// "(your own Groceries; say “Groceries from alice” for alice's.)" when a bare name had several owners.
    private func noting(namesakes list: ShoppingList, _ reply: Reply) throws -> Reply {
        guard case .list(_, _, nil)? = parse[slot: "list"] else { return reply }
        let others = try household.namesakes(of: list, for: user)
        guard let first = others.first else { return reply }
        return Replies.notingNamesake(reply, list: list, owner: first)
    }

    // MARK: Slots

    private func text(_ slot: String) throws -> String {
        switch parse[slot: slot] {
        case .text(let text)?, .value(let text)?: return text
        case .list(let name, _, _)?: return name
        case .defaultList(let spoken, _)?: return spoken
        default: throw missing(slot)
        }
    }

    func missing(_ slot: String) -> CommandError {
        .missingSlot(slot, intent: parse.intent)
    }

    /// The name for a new list: as spoken, so "a list called Party list" keeps its last word.
    private func newListName() throws -> String {
        switch parse[slot: "list"] {
        case .list(_, let spoken, _)?, .defaultList(let spoken, _)?: return spoken
        default: throw missing("list")
        }
    }

    /// An invitation accepted: "it" is the list now, and its members hear of it.
    private mutating func accepted(_ answer: Household<Repository>.InvitationAnswer) throws -> Reply {
        if answer.item == nil { actedOn(answer.list) }
        publish(try tell(about: answer.list, item: answer.item) { Replies.Events.accepted(answer, by: user.name, to: $0) })
        return Replies.accepted(answer)
    }

    /// A list name as typed for accept and decline, which look among invitations.
    /// What "accept Groceries" names: a list or a shared item; nil for a bare "accept".
    private func invitationName() -> String? {
        switch parse[slot: "list"] {
        case .list(let name, _, _)?: name
        case .defaultList(let spoken, nil)?: spoken
        case .defaultList(_, _?)?: grammar.defaultListName
        default: nil
        }
    }

    /// "from alice" in "accept Groceries from alice", or the list's owner.
    private func owner() -> String? {
        if case .text(let owner)? = parse[slot: "user"] { return owner }
        switch parse[slot: "list"] {
        case .list(_, _, let owner?)?, .defaultList(_, let owner?)?: return owner
        default: return nil
        }
    }

    private func users() throws -> [String] {
        switch parse[slot: "users"] ?? parse[slot: "user"] {
        case .users(let users)?: return users
        case .text(let user)?: return [user]
        default: throw missing("users")
        }
    }

    private func permission() throws -> Permission? {
        guard case .value(let value)? = parse[slot: "permission"] else { return nil }
        guard let permission = Permission(rawValue: value) else { throw missing("permission") }
        return permission
    }

    /// The list the sentence names; "this list", "it": the one the last
    /// command acted on; no list: the conversation's (see ``Conversation``).
    /// How the speaker's lists are grouped by aisle, in their language.
    var shelving: Shelving { Shelving(guide: grammars.aisles, language: grammar.language) }

    func list() throws -> ListReference {
        try reference(to: parse[slot: "list"])
    }

    /// The list a `{list}` slot names (see ``list()``).
    func reference(to slot: SlotValue?) throws -> ListReference {
        let current = ListReference.implicit(current: conversation.chosenList)
        switch slot {
        case .currentList?:
            return .this(conversation.lastList ?? conversation.chosenList)
        case .defaultList(let spoken, nil)?:
            // A list the speaker sees, named as said, wins over the grammar's words for the
            // default list: "Super", "Courses", "Einkauf", "Покупки" or "Shopping list" are
            // lists of their own where the speaker has them.
            // The language's bare word for a list ("my list", "die Liste") is the default, never looked up.
            if !grammar.isBareListWord(spoken), let named = try visibleList(named: spoken, owner: nil), try !household.isDefault(named, for: user) {
                return .named(named.name.value)
            }
            return .defaultList
        case .defaultList(_, let owner?)?:
            return .defaultListOf(owner)
        case .list(let name, let spoken, let owner)?:
            // "the groceries list" names "groceries", unless a list is really called "groceries list";
            // "Gifts from grandma" is a list of that name unless grandma shares a list "Gifts".
            if try !visible(name, owner: owner) {
                if try visible(spoken) { return .named(spoken) }
            }
            return .named(name, owner: owner)
        default:
            return current
        }
    }

    /// The list an item command acts on: for "it", "them" and "2 more",
    /// said with no list, the list those items are on; else as ``list()``.
    func listForItems() throws -> ListReference {
        if parse[slot: "list"] == nil, !saysWhichItems, let onList = conversation.lastItemsList {
            return .implicit(current: onList)
        }
        return try list()
    }

    /// The line names its items ("eggs", "everything"), rather than
    /// pointing back at those talked about ("check it off", "2 more").
    private var saysWhichItems: Bool {
        parse[slot: "item"] != nil || parse[slot: "items"] != nil || parse[slot: "every"] != nil
    }

    /// While the speaker is out shopping, a tick or "what's left?" naming
    /// no list is about the trip's list, whichever list the conversation is
    /// on; "check it off" still means the item talked about.
    func listWhileShopping(items: Bool) throws -> ListReference {
        let pointsBack = items && !saysWhichItems && conversation.lastItemsList != nil
        if parse[slot: "list"] == nil, !pointsBack, let trip = try household.listShopped(by: user) {
            return .implicit(current: trip.id)
        }
        return items ? try listForItems() : try list()
    }

    private mutating func removeItem(_ spoken: String) throws -> Reply {
        let removal: Removal
        if let quantity = try quantity() {
            switch try household.removeQuantity(quantity, unit: unit(), of: spoken, from: try listForItems(), by: user) {
            case .reduced(let changed, let amount, let unit): return try reduced(changed, by: amount, unit, spoken: spoken)
            case .removed(let all): removal = Removal(removed: [all], refused: [])
            }
        } else {
            let reference = try listForItems()
            removal = try household.removeItems(named: try itemNames(on: reference), from: reference, by: user)
        }
        if let first = removal.removed.first { actedOn(first.list) }
        for removed in removal.removed {
            publish(try tell(removed.audience, about: removed.items, on: removed.list) { items, member in Replies.Events.removed(items, from: removed.list, by: user.name, to: member) })
        }
        return Replies.removed(removal, for: user.name)
    }

    /// The name of the speaker's own list so called, if any.
    private func ownList(named name: String) throws -> String? {
        try visibleList(named: name, owner: user.name.value)?.name.value
    }

    private func visible(_ name: String, owner: String? = nil) throws -> Bool {
        try visibleList(named: name, owner: owner) != nil
    }

    private func visibleList(named name: String, owner: String?) throws -> ShoppingList? {
        guard let spoken = try? ListName(name) else { return nil }
        let owned = try household.visibleLists(for: user).filter { owner == nil || $0.list.owner.value == owner }
        return ListName.matching(spoken, in: owned) { $0.list.name }.first?.list
    }

    /// "quita el aceite de oliva": read as aceite on a list called oliva,
    /// since "de" also joins an item to its list. When the speaker sees no
    /// such list, but the conversation's list has an item that starts with
    /// the item said and ends with the list said, with at most two words
    /// between ("aceite de oliva", "eggs from the farm"), the sentence means
    /// that item.
    private mutating func rejoinItemSplitAtAListWord() throws {
        guard case .text(let item)? = parse[slot: "item"], case .list(let name, let spoken, let owner)? = parse[slot: "list"],
              try !visible(name, owner: owner), try !visible(spoken),
              let list = try? household.resolve(.implicit(current: conversation.chosenList), for: user, creatingDefault: false)
        else { return }
        let head = item.lowercased() + " ", tail = " " + spoken.lowercased()
        let joined = try household.repository.items(in: list.list.id).map(\.name.value).first { candidate in
            let key = candidate.lowercased()
            guard key.count > head.count + tail.count - 1, key.hasPrefix(head), key.hasSuffix(tail) else { return false }
            return key.dropFirst(head.count).dropLast(tail.count).split(separator: " ").count <= 2
        }
        guard let joined else { return }
        parse = Parse(intent: parse.intent, slots: parse.slots.compactMap { slot in
            switch slot.name {
            case "list": nil
            case "item": Parse.Slot(name: "item", value: .text(joined))
            default: slot
            }
        })
    }

    /// "make it 6", "check it off": without an item, the item touched last
    /// in this conversation; with none yet, the speaker is asked which.
    func itemName() throws -> String {
        guard parse[slot: "item"] == nil else { return try text("item") }
        guard let item = conversation.lastItem else { throw CommandError.whichItem }
        return item
    }

    /// The items a check, uncheck or remove names: "eggs and bread" is two,
    /// unless an item is called just that ("mac and cheese"); "them", the
    /// items the last item command touched.
    private func itemNames(on reference: ListReference) throws -> [String] {
        if parse[slot: "them"] != nil {
            guard !conversation.lastItems.isEmpty else { throw CommandError.whichItem }
            return conversation.lastItems
        }
        guard parse[slot: "item"] != nil else { return [try itemName()] }
        let spoken = try text("item")
        let names = grammar.itemNames(in: spoken)
        guard names.count > 1, try household.findItem(named: spoken, on: reference, for: user).item == nil else { return [spoken] }
        return names
    }

    private func itemOnCurrentList(named name: String) throws -> String? {
        guard let itemName = try? ItemName(name),
              let list = try? household.resolve(.implicit(current: conversation.chosenList), for: user, creatingDefault: false)
        else { return nil }
        return try household.repository.items(in: list.list.id).first { $0.name.denotesSameItem(as: itemName) }?.name.value
    }

    /// "remove 1 egg" with eggs left: the others hear of the new quantity.
    private mutating func reduced(_ changed: ItemChanged, by amount: Quantity, _ unit: ItemUnit?, spoken: String) throws -> Reply {
        actedOn(changed.list, items: [changed.after])
        publish(try tell(about: changed.list, item: changed.after) { Replies.Events.quantityChanged(changed, by: user.name, to: $0) })
        return Replies.reduced(changed, by: amount, unit, spoken: spoken, for: user.name)
    }

    /// What an "add" asks for: the items it names, or, for "add 2 more"
    /// and "another one", more of the item talked about last.
    private func itemRequests() throws -> [Household<Repository>.ItemRequest] {
        switch (parse[slot: "items"], try quantity()) {
        case (.items(let phrases)?, _):
            // "several" was asked about before (see `checkBeforeAdding`).
            return try phrases.map { .init(name: $0.name, quantity: try $0.quantity.map { try Quantity($0) }, unit: $0.unit) }
        case (nil, let quantity?):
            return [try more(quantity)]
        case (nil, nil) where parse[slot: "another"] != nil:
            return [try more(.one)]
        default:
            throw missing("items")
        }
    }

    /// "add 2 more": of the item talked about last, in its own unit unless
    /// the line names one, so that after "add 1 kg of flour" it is 2 kg more.
    /// Looking the unit up never fails the line: the add itself says what is wrong.
    private func more(_ quantity: Quantity) throws -> Household<Repository>.ItemRequest {
        let name = try itemName()
        if let unit = unit() { return .init(name: name, quantity: quantity, unit: unit) }
        let found = try? household.findItem(named: name, on: try listForItems(), for: user)
        return .init(name: name, quantity: quantity, unit: found?.item?.unit?.value)
    }

    /// The quantity a line said ("4", "1.5", "two and a half"), if any, as
    /// the domain keeps it: one it cannot keep ("1/0", "1.2345") is refused
    /// here, before anything changes.
    private func quantity() throws -> Quantity? {
        guard case .number(let said)? = parse[slot: "quantity"] else { return nil }
        return try Quantity(said)
    }

    /// The unit a line named ("2 kg"), if any.
    func unit() -> String? {
        if case .value(let unit)? = parse[slot: "unit"] { unit } else { nil }
    }

    private mutating func renameItem(_ item: String, to newName: String) throws -> Reply {
        let reference = parse[slot: "list"] == nil || parse.intent == "rename_list" ? .implicit(current: conversation.chosenList) : try list()
        let changed = try household.renameItem(item, to: newName, on: reference, by: user)
        actedOn(changed.list, items: [changed.after])
        publish(try tell(about: changed.list, item: changed.after) { Replies.Events.itemRenamed(changed, by: user.name, to: $0) })
        return Replies.itemRenamed(changed, for: user.name)
    }

    /// Remembers the list this command acted on, for "it" and "this list",
    /// and the items, for "make it 6" and "check them off". The list a
    /// sentence naming none goes to does not move (see ``Conversation``).
    /// `onSeveral`: the items are on several lists, so "it" says no list.
    mutating func actedOn(_ list: ShoppingList, items: [Item] = [], onSeveral: Bool = false) {
        conversation.lastList = list.id
        guard !items.isEmpty else { return }
        conversation.lastItems = items.map(\.name.value)
        conversation.lastItemsList = onSeveral ? nil : list.id
    }

    /// Items changed on one list or several ("got eggs and nails"): "it"
    /// is the first list, and "them" are on one list only if all are.
    private mutating func actedOn(_ changed: ItemsChanged) {
        let groups = changed.byList
        guard let first = groups.first else { return }
        actedOn(first.list, items: changed.changes.map(\.after), onSeveral: groups.count > 1)
    }

    /// A list deleted or left is no longer where anything goes.
    private mutating func forget(_ list: ShoppingList) {
        if conversation.chosenList == list.id { conversation.chosenList = nil }
        if conversation.lastList == list.id { conversation.lastList = nil }
        if conversation.lastItemsList == list.id {
            conversation.lastItemsList = nil
            conversation.lastItems = []
        }
    }
}

/// A sentence the grammar matched but that lacks what its intent needs: a
/// mistake in a grammar file, answered as not understood.
enum CommandError: Error, Hashable {
    case missingSlot(String, intent: String)
    /// "make it 2" or "check it off" before any item was talked about.
    case whichItem
    /// "delete Hardware" when the speaker has a list Hardware and no such
    /// item: deleting a list is never guessed; the reply says how.
    case listNamedAsItem(String)
    /// "yes", "no" or a number with no question waiting, or the one
    /// waiting gone stale (`expired`).
    case noQuestion(expired: Bool)
    /// A number where the bot asked yes or no, or yes or no where it asked how many.
    case wrongAnswer(PendingQuestion.Kind)
    /// "note on the big one": no item named before the note.
    case whichNote
}
