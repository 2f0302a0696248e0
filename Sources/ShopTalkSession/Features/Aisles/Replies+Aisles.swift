import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkJSON
import ShopTalkWording

/// A list shown by aisle: "show Groceries" groups its items as a shop lays
/// them out (produce, bakery, dairy, ...), in the order the shop is usually
/// walked, or as a member last walked the shop the list is sorted for.
struct Shelving {
    /// Every language's words for where things are.
    let guide: AisleGuide
    /// The reader's: a name is looked up in it first.
    let language: String

    /// `items`, in their order, by aisle, the aisles in walking order; nil
    /// when they would all be under one heading, which says nothing.
    func groups(of items: [Item], in contents: ListContents) -> [(aisle: String, items: [Item])]? {
        guard !guide.isEmpty, items.count > 1 else { return nil }
        var byAisle: [String: [Item]] = [:]
        for item in items { byAisle[aisle(of: item.name, choices: contents.aisleChoices), default: []].append(item) }
        guard byAisle.count > 1 else { return nil }
        return order(walk: contents.walk, choices: contents.aisleChoices).compactMap { aisle in
            byAisle[aisle].map { (aisle, $0) }
        }
    }

    /// The household's choice, else the word lists', else "other".
    func aisle(of name: ItemName, choices: [AisleChoice]) -> String {
        if let chosen = choices.last(where: { $0.name.denotesSameItem(as: name) }) { return chosen.aisle.value }
        return guide.aisle(of: name.value, preferring: language) ?? AisleGuide.other
    }

    /// The aisles as the walk met them, then the others as shops usually
    /// have them, with "other" last.
    private func order(walk: ShopWalk?, choices: [AisleChoice]) -> [String] {
        var order: [String] = []
        for name in walk?.checkedInOrder ?? [] {
            let aisle = aisle(of: name, choices: choices)
            if !order.contains(aisle) { order.append(aisle) }
        }
        for aisle in guide.aisles + [AisleGuide.other] where !order.contains(aisle) { order.append(aisle) }
        return order
    }
}

extension Replies {
    /// The lines of `items`, under aisle headings when ``Shelving`` groups them.
    static func shelved(_ items: [Item], of contents: ListContents, by shelving: Shelving?, line: (Item) -> MessageArgument)
        -> (lines: MessageArgument, data: JSON?)
    {
        guard let groups = shelving?.groups(of: items, in: contents) else { return (.lines(items.map(line)), nil) }
        let lines = MessageArgument.lines(groups.map { group in
            .message(Message(.contentsAisle, ["aisle": aisleName(group.aisle), "lines": .lines(group.items.map(line))]))
        })
        let data = JSON.array(groups.map { group in
            .object([("aisle", .string(group.aisle)), ("items", .array(group.items.map { .string($0.name.value) }))])
        })
        return (lines, data)
    }

    /// An aisle as the reader calls it: "Dairy and eggs".
    static func aisleName(_ aisle: String) -> MessageArgument {
        .message(Message(.aisle, ["aisle": .text(aisle)]))
    }

    /// "put milk under dairy".
    static func putUnder(_ choice: AisleChoice, owner: UserName, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "put_in_aisle",
              message: Message(.aislePut, ["item": thing(choice.name), "aisle": aisleName(choice.aisle.value), "owner": .text(owner.value), "self": yes(owner == speaker)]),
              data: .object([("item", .string(choice.name.value)), ("aisle", .string(choice.aisle.value)), ("owner", .string(owner.value))]))
    }

    /// "sort Groceries for Lidl": what was done, then the list in its new order.
    static func sorted(_ contents: ListContents, for speaker: UserName, shelving: Shelving?) -> Reply {
        let said = contents.walk.map { Message(.listSortedForShop, ["list": title(contents.list, for: speaker), "shop": .text($0.shop)]) }
            ?? Message(.listSortedUsual, ["list": title(contents.list, for: speaker)])
        var reply = Replies.contents(contents, for: speaker, shelving: shelving)
        reply.intent = "sort_list"
        reply.message = reply.message.map { lines([.message(said), .message($0)]) }
        return reply
    }
}
