import ShopTalkDomain
import ShopTalkJSON
import ShopTalkWording

/// What the bot says when it asks before acting (see ``PendingQuestion``),
/// and when the answer comes. A question is `ok: false` with the error
/// `question`: nothing was done yet; its data says which kind it is.
extension Replies {
    private static func question(_ kind: PendingQuestion.Kind, intent: String, _ message: Message, _ data: [(String, JSON)]) -> Reply {
        .failure(.question, message, intent: intent, data: .object([("question", .string(kind.rawValue))] + data))
    }

    static func confirmDeleting(_ list: ShoppingList, items: Int, for speaker: UserName) -> Reply {
        question(.confirm, intent: "delete_list", Message(.askDelete, ["list": title(list, for: speaker), "count": .number(items)]),
                 [("list", json(list)), ("items", .int(items))])
    }

    static func confirmEmptying(_ list: ShoppingList, items: Int, for speaker: UserName) -> Reply {
        question(.confirm, intent: "clear_list", Message(.askEmpty, ["list": title(list, for: speaker), "count": .number(items)]),
                 [("list", json(list)), ("items", .int(items))])
    }

    /// "no" to deleting or emptying a list.
    static func kept(_ list: ShoppingList, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "deny", message: Message(.answerKept, ["list": title(list, for: speaker)]), data: .object([("list", json(list))]))
    }

    /// "no" to "how many?": nothing is added.
    static let nothingDone = Reply(ok: true, intent: "deny", message: Message(.answerNothingDone))

    static func askDidYouMean(_ typos: [(typed: String, meant: String)]) -> Reply {
        question(.didYouMean, intent: "add_items",
                 Message(.askDidYouMean, [
                     "meant": .list(typos.map { .text($0.meant) }, .and), "count": .number(typos.count),
                     "typed": .list(typos.map { .message(Message(.quoted, ["text": .text($0.typed)])) }, .and),
                 ]),
                 [("suggestions", .array(typos.map { .object([("typed", .string($0.typed)), ("meant", .string($0.meant))]) }))])
    }

    static func askListOrItem(item: String, list: ShoppingList, whole: String, for speaker: UserName) -> Reply {
        question(.listOrItem, intent: "add_items",
                 Message(.askListOrItem, ["item": .text(item), "list": title(list, for: speaker), "whole": .text(whole)]),
                 [("item", .string(item)), ("list", json(list)), ("whole", .string(whole))])
    }

    /// "sour cream for the bbq": a name that may be a sentence read in part.
    static func askAddAsWritten(_ item: String, to list: ShoppingList, for speaker: UserName) -> Reply {
        question(.confirm, intent: "add_items", Message(.askAddAsWritten, ["item": .text(item), "list": title(list, for: speaker)]),
                 [("item", .string(item)), ("list", json(list))])
    }

    static func askUnit(_ quantity: Quantity, _ unit: ItemUnit, of item: String) -> Reply {
        question(.confirm, intent: "update_item", Message(.askUnit, ["amount": amount(quantity, unit: unit, name: item)]),
                 [("item", .string(item)), ("quantity", .string(quantity.description)), ("unit", .string(unit.value))])
    }

    /// "Groceries already has 12 milk. Make it 2 l?"
    static func askMeasureAnew(_ item: Item, on list: ShoppingList, to quantity: Quantity, _ unit: ItemUnit, for speaker: UserName) -> Reply {
        question(.confirm, intent: "update_item", Message(.askMeasureAnew, [
            "list": title(list, for: speaker), "had": amount(item.quantity, unit: item.unit, name: item.name.value),
            "amount": amount(quantity, unit: unit, name: nil),
        ]), [("item", .string(item.name.value)), ("list", json(list)), ("quantity", .string(quantity.description)), ("unit", .string(unit.value))])
    }

    static func askHowMany(_ item: String) -> Reply {
        question(.howMany, intent: "add_items", Message(.askHowMany, ["item": .text(item)]), [("item", .string(item))])
    }

    /// "yes" with nothing asked, or asked too long ago.
    static func noQuestion(expired: Bool, intent: String) -> Reply {
        .failure(.noQuestion, Message(expired ? .answerExpired : .answerNoQuestion), intent: intent)
    }

    /// A number for a yes-or-no question, or yes or no for "how many?": the question still waits.
    static func wrongAnswer(_ kind: PendingQuestion.Kind, intent: String) -> Reply {
        .failure(.question, Message(kind == .howMany ? .answerHowMany : .answerYesOrNo),
                 intent: intent, data: .object([("question", .string(kind.rawValue))]))
    }
}
