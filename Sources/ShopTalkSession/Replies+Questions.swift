import ShopTalkDomain
import ShopTalkJSON

/// What the bot says when it asks before acting (see ``PendingQuestion``),
/// and when the answer comes. A question is `ok: false` with the error
/// `question`: nothing was done yet; its data says which kind it is.
extension Replies {
    private static func question(_ kind: PendingQuestion.Kind, intent: String, _ text: String, _ data: [(String, JSON)]) -> Reply {
        .failure(.question, text, intent: intent, data: .object([("question", .string(kind.rawValue))] + data))
    }

    static func confirmDeleting(_ list: ShoppingList, items: Int, for speaker: UserName) -> Reply {
        question(.confirm, intent: "delete_list",
                 "Delete \(title(list, for: speaker)) and its \(plural(items, "item"))? Say yes to delete it, or no to keep it.",
                 [("list", json(list)), ("items", .int(items))])
    }

    static func confirmEmptying(_ list: ShoppingList, items: Int, for speaker: UserName) -> Reply {
        question(.confirm, intent: "clear_list",
                 "Remove all \(plural(items, "item")) from \(title(list, for: speaker))? Say yes to empty it, or no to keep them.",
                 [("list", json(list)), ("items", .int(items))])
    }

    /// "no" to deleting or emptying a list.
    static func kept(_ list: ShoppingList, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "deny", text: "OK, \(title(list, for: speaker)) stays as it is.", data: .object([("list", json(list))]))
    }

    /// "no" to "how many?": nothing is added.
    static let nothingDone = Reply(ok: true, intent: "deny", text: "OK, I left everything as it was.")

    static func askDidYouMean(_ typos: [(typed: String, meant: String)]) -> Reply {
        let meant = sentenceList(typos.map(\.meant)), typed = sentenceList(typos.map { "“\($0.typed)”" })
        return question(.didYouMean, intent: "add_items",
                        "Did you mean \(meant)? Say yes, or no to add \(typed) as you wrote \(typos.count == 1 ? "it" : "them").",
                        [("suggestions", .array(typos.map { .object([("typed", .string($0.typed)), ("meant", .string($0.meant))]) }))])
    }

    static func askListOrItem(item: String, list: ShoppingList, whole: String, for speaker: UserName) -> Reply {
        question(.listOrItem, intent: "add_items",
                 "Do you mean \(item) on \(title(list, for: speaker))? Say yes, or no to add “\(whole)” as one item.",
                 [("item", .string(item)), ("list", json(list)), ("whole", .string(whole))])
    }

    static func askHowMany(_ item: String) -> Reply {
        question(.howMany, intent: "add_items", "How many \(item)? Say a number, as in “6”.", [("item", .string(item))])
    }

    /// "yes" with nothing asked, or asked too long ago.
    static func noQuestion(expired: Bool, intent: String) -> Reply {
        .failure(.noQuestion, expired
                    ? "That question has expired, so I did nothing. Please say again what you want."
                    : "There is no question waiting for an answer, so I did nothing.",
                 intent: intent)
    }

    /// A number for a yes-or-no question, or yes or no for "how many?": the question still waits.
    static func wrongAnswer(_ kind: PendingQuestion.Kind, intent: String) -> Reply {
        .failure(.question, kind == .howMany ? "Please say how many, as in “6”, or no to add nothing." : "Please say yes or no.",
                 intent: intent, data: .object([("question", .string(kind.rawValue))]))
    }

    // MARK: Emptying a list

    static func emptied(_ cleared: ItemsRemoved, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "clear_list",
              text: "Emptied \(title(cleared.list, for: speaker)): removed \(plural(cleared.items.count, "item")).",
              data: .object([("list", json(cleared.list)), ("items", .array(cleared.items.map(json)))]))
    }
}

extension Replies.Events {
    static func emptied(_ items: [Item], from list: ShoppingList, by actor: UserName, to: UserName) -> Event {
        event("list_cleared", to, "\(actor) emptied \(Replies.title(list, for: to, by: actor)) (\(Replies.plural(items.count, "item"))).",
              list: list, by: actor, [("items", .array(items.map(Replies.json)))])
    }
}
