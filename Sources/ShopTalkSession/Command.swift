import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkJSON

/// One parsed sentence applied to the household, inside the transaction the
/// bot opened. Knows which slots each intent reads; the rules themselves live
/// in the domain.
struct Command<Repository: ShoppingRepository> {
    let parse: Parse
    let grammar: Grammar
    let household: Household<Repository>
    let user: User
    var conversation: Conversation

    init(parse: Parse, grammar: Grammar, household: Household<Repository>, user: User, conversation: Conversation) {
        self.parse = parse
        self.grammar = grammar
        self.household = household
        self.user = user
        self.conversation = conversation
    }

    mutating func run() throws -> Reply {
        let intent = parse.intent
        switch intent {
        case "create_list":
            let list = try household.createList(named: listName(), by: user)
            use(list)
            return Replies.created(list)
        case "rename_list":
            let reference = try list()
            if case .named(let name) = reference, try !exists(name), let item = try itemOnCurrentList(named: name) {
                // "rename milk to oat milk": no list of that name, but an item on the current list.
                return try renameItem(item, to: text("new_name"))
            }
            let renamed = try household.renameList(reference, to: text("new_name"), by: user)
            use(renamed.list)
            return Replies.renamed(renamed)
        case "delete_list":
            let deleted = try household.deleteList(try list(), by: user)
            if conversation.currentList.map({ $0.lowercased() == deleted.list.name.key }) == true { conversation.currentList = nil }
            return Replies.deleted(deleted)
        case "show_lists":
            return Replies.lists(try household.lists(of: user))
        case "show_list":
            let contents = try household.contents(of: try list(), for: user)
            use(contents.list)
            return Replies.contents(contents)
        case "show_activity":
            let reference = try list()
            let history = try household.history(of: reference, for: user)
            let list = try household.resolve(reference, for: user, creatingDefault: false)
            use(list)
            return Replies.history(history, of: list, now: household.now)
        case "add_items":
            guard case .items(let phrases)? = parse[slot: "items"] else { throw missing("items") }
            let requests = phrases.map { Household<Repository>.ItemRequest(name: $0.name, quantity: $0.quantity, unit: $0.unit) }
            let added = try household.addItems(requests, to: try list(), by: user)
            use(added.list, item: added.changes.last?.item)
            return Replies.added(added)
        case "remove_item":
            let removed = try household.removeItem(named: try text("item"), from: try list(), by: user)
            use(removed.list)
            return Replies.removed(removed)
        case "update_item":
            if parse[slot: "new_name"] != nil {
                return try renameItem(try text("item"), to: try text("new_name"))
            }
            guard case .number(let quantity)? = parse[slot: "number"] else { throw missing("number") }
            let unit: String? = if case .value(let unit)? = parse[slot: "unit"] { unit } else { nil }
            let item = try itemName(defaultingToLastItem: true)
            let changed = try household.setQuantity(of: item, to: quantity, unit: unit, on: try list(), by: user)
            use(changed.list, item: changed.after)
            return Replies.quantityChanged(changed)
        case "check_item":
            let changed = try household.checkItem(try text("item"), on: try list(), by: user)
            use(changed.list, item: changed.after)
            return Replies.checked(changed)
        case "uncheck_item":
            let changed = try household.uncheckItem(try text("item"), on: try list(), by: user)
            use(changed.list, item: changed.after)
            return Replies.unchecked(changed)
        case "clear_checked":
            let cleared = try household.clearChecked(on: try list(), by: user)
            use(cleared.list)
            return Replies.cleared(cleared)
        case "help":
            let topic: String? = if case .value(let topic)? = parse[slot: "topic"] { topic } else { nil }
            return Replies.help(grammar: grammar, topic: topic)
        default:
            return Replies.notAvailable(intent: intent)
        }
    }

    // MARK: Slots

    private func text(_ slot: String) throws -> String {
        switch parse[slot: slot] {
        case .text(let text)?, .value(let text)?: return text
        case .list(let name, _)?: return name
        default: throw missing(slot)
        }
    }

    private func missing(_ slot: String) -> CommandError {
        .missingSlot(slot, intent: parse.intent)
    }

    /// The name for a new list: as spoken, so "a list called Party list" keeps its last word.
    private func listName() throws -> String {
        guard case .list(_, let spoken)? = parse[slot: "list"] else { throw missing("list") }
        return spoken
    }

    /// The list the sentence names, else the one used last, else the default list.
    private func list() throws -> ListReference {
        guard case .list(let name, let spoken)? = parse[slot: "list"] else {
            return conversation.currentList.map(ListReference.named) ?? .defaultList
        }
        if name.lowercased() == grammar.defaultListName.lowercased() { return .defaultList }
        // "the groceries list" names "groceries", unless a list is really called "groceries list".
        if try !exists(name), spoken != name, try exists(spoken) { return .named(spoken) }
        return .named(name)
    }

    private func exists(_ name: String) throws -> Bool {
        guard let key = try? ListName(name).key else { return false }
        return try household.repository.list(ownedBy: user, key: key) != nil
    }

    /// "make it 6": without an item, the item touched last in this conversation.
    private func itemName(defaultingToLastItem: Bool) throws -> String {
        if parse[slot: "item"] == nil, defaultingToLastItem, let item = conversation.lastItem { return item }
        return try text("item")
    }

    private func itemOnCurrentList(named name: String) throws -> String? {
        guard let itemName = try? ItemName(name), let list = try? household.resolve(currentReference, for: user, creatingDefault: false) else {
            return nil
        }
        return try household.repository.items(in: list.id).first { $0.name.denotesSameItem(as: itemName) }?.name.value
    }

    private var currentReference: ListReference {
        conversation.currentList.map(ListReference.named) ?? .defaultList
    }

    private mutating func renameItem(_ item: String, to newName: String) throws -> Reply {
        let reference = parse[slot: "list"] == nil || parse.intent == "rename_list" ? currentReference : try list()
        let changed = try household.renameItem(item, to: newName, on: reference, by: user)
        use(changed.list, item: changed.after)
        return Replies.itemRenamed(changed)
    }

    /// Remembers what this command touched, for the next command that names no list or item.
    private mutating func use(_ list: ShoppingList, item: Item? = nil) {
        if conversation.currentList?.lowercased() != list.name.key { conversation.lastItem = nil }
        conversation.currentList = list.name.value
        if let item { conversation.lastItem = item.name.value }
    }
}

/// A sentence the grammar matched but that lacks what its intent needs: a
/// mistake in a grammar file, answered as not understood.
enum CommandError: Error, Hashable {
    case missingSlot(String, intent: String)
}
