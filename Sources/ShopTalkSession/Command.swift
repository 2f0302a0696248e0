import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkJSON
import ShopTalkWording

/// One parsed sentence applied to the household, inside the transaction the
/// bot opened. `run()` hands each intent to its feature's handler
/// (`Features/<feature>/Command+<feature>.swift`, beside the feature's
/// replies); what they share lives here: reading slots, finding the list
/// meant, and telling the others. The rules themselves live in the domain.
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
    var undid = false
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
        case .confirm, .deny, .answerQuantity: return try answer(question)
        case .acknowledge: return try acknowledge()
        case .greet: return try greet()
        case .help: return try help()
        case .setLanguage: return try setLanguage()
        case .createList: return try createList()
        case .renameList: return try renameList()
        case .deleteList: return try deleteList()
        case .showLists: return try showLists()
        case .showList: return try showList()
        case .useList: return try useList()
        case .setDefaultList: return try setDefaultList()
        case .clearList: return try clearList()
        case .showActivity: return try showActivity()
        case .putInAisle: return try putInAisle()
        case .sortList: return try sortList()
        case .addItems: return try addItems()
        case .removeItem: return try removeItem()
        case .updateItem: return try updateItem()
        case .checkItem: return try checkItem()
        case .uncheckItem: return try uncheckItem()
        case .clearChecked: return try clearChecked()
        case .findItem: return try findItem()
        case .whoAdded: return try whoAdded()
        case .myItems: return try myItems()
        case .moveItems: return try moveItems()
        case .copyList: return try copyList()
        case .setNote: return try setNote()
        case .clearNote: return try clearNote()
        case .goShopping: return try goShopping()
        case .doneShopping: return try doneShopping()
        case .whoIsShopping: return try whoIsShopping()
        case .assignItem: return try assignItem()
        case .undo: return try undo()
        case .lastRemoved: return try lastRemoved()
        case .forgetLearned: return try forgetLearned()
        case .shareList, .shareItem, .setPermission, .makeAdmin: return try share()
        case .shareCode: return try shareCode()
        case .joinShare: return try joinShare()
        case .revokeCode: return try revokeCode()
        case .unshareList: return try unshareList()
        case .stopSharing: return try stopSharing()
        case .acceptShare: return try acceptShare()
        case .declineShare: return try declineShare()
        case .leaveList: return try leaveList()
        case .muteList, .unmuteList: return try mute()
        case .announceList: return try announceList()
        case .unannounceList: return try unannounceList()
        case .showAccess: return try showAccess()
        }
    }

    // MARK: Telling others

    /// What a change tells others: events for members, news for channels.
    struct News {
        var events: [Event] = []
        var channels: [ChannelNews] = []
    }

    mutating func publish(_ news: News) {
        events += news.events
        channelNews += news.channels
    }

    /// One event for each other member who sees the list (or the item), and
    /// news for each channel the list is announced in.
    func tell(about list: ShoppingList, item: Item? = nil, _ make: (UserName) -> Event) throws -> News {
        try tell(try household.audience(of: list, item: item?.id, excluding: user), about: [list], owner: list.owner, make)
    }

    /// One event for each member of an audience the domain worked out, and
    /// news, worded for `owner`, for each channel one of the lists is announced in.
    func tell(_ audience: [UserName], about lists: [ShoppingList], owner: UserName, _ make: (UserName) -> Event) throws -> News {
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
    func announcing(on lists: [ShoppingList], _ make: () -> Event) throws -> [ChannelNews] {
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
    func noting(namesakes list: ShoppingList, _ reply: Reply) throws -> Reply {
        guard case .list(_, _, nil)? = parse[slot: "list"] else { return reply }
        let others = try household.namesakes(of: list, for: user)
        guard let first = others.first else { return reply }
        return Replies.notingNamesake(reply, list: list, owner: first)
    }

    // MARK: Slots

    func text(_ slot: String) throws -> String {
        switch parse[slot: slot] {
        case .text(let text)?, .value(let text)?: return text
        case .list(let name, _, _)?: return name
        case .defaultList(let spoken, _)?: return shortestReading(spoken)
        default: throw missing(slot)
        }
    }

    func missing(_ slot: String) -> CommandError {
        .missingSlot(slot, intent: parse.intent)
    }

    /// The name for a new list: as spoken, so "a list called Party list" keeps its last word.
    func newListName() throws -> String {
        switch parse[slot: "list"] {
        case .list(_, let spoken, _)?: return spoken
        case .defaultList(let spoken, _)?: return shortestReading(spoken)
        default: throw missing("list")
        }
    }

    /// A default-list phrase without the words leading to it ("the shopping
    /// list" → "shopping list"): the name it says, where a name is wanted.
    func shortestReading(_ spoken: String) -> String {
        grammar.listPhraseReadings(spoken).last ?? spoken
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
        // Things added with no list named go where the speaker is working (see ``Conversation``);
        // things looked for are looked for there first as ever, then everywhere.
        let working = parse.intent == "add_items" ? conversation.workingList(at: household.now) : conversation.chosenList
        let current = ListReference.implicit(current: working)
        switch slot {
        case .currentList?:
            return .this(conversation.lastList ?? conversation.chosenList)
        case .defaultList(let spoken, nil)?:
            // A list the speaker sees, named as said, wins over the grammar's words for the
            // default list: "Super", "Courses", "Einkauf", "Покупки" or "Shopping list" are
            // lists of their own where the speaker has them.
            // Even the language's bare words for a list ("Einkaufsliste", "список покупок") name the list
            // so called, as the bot itself calls a first list, once another list became the default.
            for said in grammar.listPhraseReadings(spoken) {
                guard let named = try visibleList(calledExactly: said) else { continue }
                return try household.isDefault(named, for: user) ? .defaultList : .named(named.name.value)
            }
            // "the shopping list" with a list called Shopping, "la lista del súper" with one called Super.
            if let inside = grammar.nameInsideListPhrase(spoken), !grammar.isBareListWord(inside),
               let named = try visibleList(named: inside, owner: nil), try !household.isDefault(named, for: user) {
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
                // "le barbecue de samedi": no member is called "samedi", so nobody owns it: a list named by all of it.
                if let owner, let named = try? UserName(owner), try !household.isMember(named) { return .named(spoken) }
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
    var saysWhichItems: Bool {
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

    /// The name of the speaker's own list so called, if any.
    func ownList(named name: String) throws -> String? {
        try visibleList(named: name, owner: user.name.value)?.name.value
    }

    func visible(_ name: String, owner: String? = nil) throws -> Bool {
        try visibleList(named: name, owner: owner) != nil
    }

    /// The list the speaker sees named as said. A phrase that is also the
    /// grammar's word for a list ("die Liste", "список покупок") names a list
    /// only by the name the bot gives a first list ("Einkaufsliste", "Список
    /// покупок"), exactly or inflected: that list stays reachable by its name
    /// once another became the default, while "die Liste" is still "my list"
    /// beside a list called Liste (a line cannot tell "sur Liste" from "sur
    /// la liste" by the slot alone). Any other phrase as ``visibleList(named:owner:)``.
    func visibleList(calledExactly spoken: String) throws -> ShoppingList? {
        guard grammar.isBareListWord(spoken) else { return try visibleList(named: spoken, owner: nil) }
        guard let said = try? ListName(spoken) else { return nil }
        let botsNames = grammars.languages.compactMap { grammars[$0].map { ListName(stored: $0.defaultListName) } }
        guard botsNames.contains(where: { $0.key == said.key || $0.isCalled(said) }) else { return nil }
        return try household.visibleLists(for: user).first { $0.list.name.key == said.key || $0.list.name.isCalled(said) }?.list
    }

    func visibleList(named name: String, owner: String?) throws -> ShoppingList? {
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
    mutating func rejoinItemSplitAtAListWord() throws {
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
    func itemNames(on reference: ListReference) throws -> [String] {
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

    func itemOnCurrentList(named name: String) throws -> String? {
        guard let itemName = try? ItemName(name),
              let list = try? household.resolve(.implicit(current: conversation.chosenList), for: user, creatingDefault: false)
        else { return nil }
        return try household.repository.items(in: list.list.id).first { $0.name.denotesSameItem(as: itemName) }?.name.value
    }

    /// The quantity a line said ("4", "1.5", "two and a half"), if any, as
    /// the domain keeps it: one it cannot keep ("1/0", "1.2345") is refused
    /// here, before anything changes.
    func quantity() throws -> Quantity? {
        guard case .number(let said)? = parse[slot: "quantity"] else { return nil }
        return try Quantity(said)
    }

    /// The unit a line named ("2 kg"), if any.
    func unit() -> String? {
        if case .value(let unit)? = parse[slot: "unit"] { unit } else { nil }
    }

    /// Remembers the list this command acted on, for "it" and "this list",
    /// and the items, for "make it 6" and "check them off". The list a
    /// sentence naming none goes to does not move (see ``Conversation``).
    /// `onSeveral`: the items are on several lists, so "it" says no list.
    mutating func actedOn(_ list: ShoppingList, items: [Item] = [], onSeveral: Bool = false) {
        conversation.lastList = list.id
        // A list named, or the one named a moment ago and acted on again: where the next lines go for a minute.
        switch parse[slot: "list"] {
        case .list?, .defaultList?:
            conversation.namedList = (list.id, household.now, conversation.lines)
        case nil where conversation.namedList?.list == list.id:
            conversation.namedList = (list.id, household.now, conversation.lines)
        default:
            break
        }
        guard !items.isEmpty else { return }
        conversation.lastItems = items.map(\.name.value)
        conversation.lastItemsAt = household.now
        conversation.lastItemsList = onSeveral ? nil : list.id
    }

    /// Items changed on one list or several ("got eggs and nails"): "it"
    /// is the first list, and "them" are on one list only if all are.
    mutating func actedOn(_ changed: ItemsChanged) {
        let groups = changed.byList
        guard let first = groups.first else { return }
        actedOn(first.list, items: changed.changes.map(\.after), onSeveral: groups.count > 1)
    }

    /// A list deleted or left is no longer where anything goes.
    mutating func forget(_ list: ShoppingList) {
        if conversation.chosenList == list.id { conversation.chosenList = nil }
        if conversation.lastList == list.id { conversation.lastList = nil }
        if conversation.namedList?.list == list.id { conversation.namedList = nil }
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
