import Foundation
import ShopTalkDomain
import ShopTalkGrammar

/// Lines that say an amount and little else, which no sentence of a grammar
/// holds: a correction of the thing just added ("oops 2 lbs", "no make it
/// 5", "sorry meant 4 cans not 2"), or things with their amounts and no verb
/// ("3 Päckli Hörnli", "carton of VB for camping"). Which of the two a line
/// is, the language's model says; the grammar reads the amounts.
extension Bot {
    func amountLine(_ text: String, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        guard let grammar = grammars[conversation.language], !grammar.isAsked(text), let model = grammars.model(conversation.language) else { return nil }
        let context = readerContext(for: conversation)
        let aisles = grammars.aisles
        let reading = model.readings(of: text, grammar: grammar, context: context,
                                     isFood: { aisles.knows($0, in: grammar.language) }, limit: 2).first
        // "10 huevos, no 6" may read as a "no", or as nothing: with the old amount and the new one said, it is a correction.
        let takesBack = grammar.meantAmount(in: text) != nil
        switch takesBack ? "update_item" : reading?.parse.intent {
        // "oops, 2 dozen" reads as taking something back: the amount says what it is taken back to.
        case "update_item"?, "answer_quantity"?, "undo"?:
            // A correction names no thing, or the thing just added: "change the tomtes to 1 kilo" (mistyped) and
            // "fromage en grains 1 lb" (another thing) are never the last item changed.
            // "lorne sausage, 1lb" says a thing of its own, in words no sentence has.
            if grammar.unknownWords(in: text) >= 2 {
                return thingsWithAmounts(text, grammar: grammar, lists: context.lists, mayAsk: false, in: &conversation)
            }
            if case .text(let item)? = reading?.parse[slot: "item"] {
                guard let last = conversation.lastItem, let said = try? ItemName(item), (try? ItemName(last))?.denotesSameItem(as: said) == true else {
                    return Self.resembles(item, oneOf: context.things) ? nil
                        : thingsWithAmounts(text, grammar: grammar, lists: context.lists, mayAsk: false, in: &conversation)
                }
            }
            // "4 conchas" right after "6 bolillos": a count and words no sentence has, and nothing else,
            // name a thing of their own, asked about if not known, never the last thing changed.
            if let items = grammar.itemPhrases(in: text, wholeLine: true), items.count == 1, items[0].quantity != nil,
               grammar.unknownWords(in: items[0].name) > 0, let last = conversation.lastItem,
               let said = try? ItemName(items[0].name), (try? ItemName(last))?.denotesSameItem(as: said) != true {
                return thingsWithAmounts(text, grammar: grammar, lists: context.lists, mayAsk: true, in: &conversation)
            }
            return correctingLastItem(text, grammar: grammar, in: &conversation)
        case let intent:
            if let items = grammar.itemPhrases(in: text, wholeLine: true), let corrected = lastItemSaidAgain(items, in: text, grammar: grammar, conversation: &conversation) {
                return corrected
            }
            // Every thing with its unit ("sucre blanc 2kg") is what a list is made of, whatever else the model thinks.
            return thingsWithAmounts(text, grammar: grammar, lists: context.lists, mayAsk: intent == "add_items", in: &conversation)
        }
    }

    /// Whether `name` is one of `things`, or one letter or two from one.
    static func resembles(_ name: String, oneOf things: [String]) -> Bool {
        let typed = Array(name.lowercased())
        return things.contains { thing in
            let known = Array(thing.lowercased())
            return known == typed || abs(known.count - typed.count) <= 2 && Similarity.editDistance(known, typed) <= 2
        }
    }

    /// "Brezn", then "Brezn 6 Stück bitte": the thing just put down, said
    /// again alone with an amount and no verb, is how many of it, not more.
    func lastItemSaidAgain(_ items: [ItemPhrase], in text: String, grammar: Grammar, conversation: inout Conversation)
        -> (Reply, [UserName], [ChannelNews])? {
        guard items.count == 1, items[0].quantity != nil, let last = conversation.lastItem, let said = try? ItemName(items[0].name),
              (try? ItemName(last))?.denotesSameItem(as: said) == true else { return nil }
        return correctingLastItem(text, grammar: grammar, in: &conversation)
    }

    /// "no, 5", "нет, 1 кг конечно" with no question waiting, within a
    /// minute of adding or changing an item: a "no" and the amount meant,
    /// which corrects that item as "oops 5" would.
    func correctingLastAmount(_ text: String, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        guard conversation.question == nil, conversation.lastItem != nil, let grammar = grammars[conversation.language],
              grammar.amountCorrection(in: text) != nil else { return nil }
        return correctingLastItem(text, grammar: grammar, in: &conversation)
    }

    /// Said within a minute of adding or changing an item: that item changed
    /// to the amount meant ("4 cans" in "sorry meant 4 cans not 2", "12" in
    /// "nicht 10 sondern 12"), else to the amount said first.
    private func correctingLastItem(_ text: String, grammar: Grammar, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        guard let item = conversation.lastItem, let at = conversation.lastItemsAt,
              (0..<Conversation.workingMinute).contains(clock().timeIntervalSince(at)) else { return nil }
        let amounts = grammar.amounts(in: text)
        guard let amount = grammar.meantAmount(in: text) ?? amounts.first, amounts.count <= 2 else { return nil }
        var slots: [Parse.Slot] = [
            .init(name: "item", value: .text(item)), .init(name: "quantity", value: .number(amount.quantity)), .init(name: "list", value: .currentList),
        ]
        if let unit = amount.unit { slots.append(.init(name: "unit", value: .value(unit))) }
        return execute(Parse(intent: "update_item", slots: slots), in: &conversation)
    }

    /// Things each said with its amount, and perhaps a list of the speaker's
    /// after the last ("… for camping"): added when every amount has its
    /// unit or container ("3 Päckli Hörnli"), which is what a list is made
    /// of; asked about when a bare number is all ("Hörnli 3"), as a thing
    /// no word of the language names would be.
    private func thingsWithAmounts(
        _ text: String, grammar: Grammar, lists: [String], mayAsk: Bool, in conversation: inout Conversation
    ) -> (Reply, [UserName], [ChannelNews])? {
        guard var items = grammar.itemPhrases(in: text, wholeLine: true), !items.isEmpty,
              items.allSatisfy({ $0.quantity != nil || $0.unit != nil }),
              items.allSatisfy({ grammar.halfReadWords(inName: $0.name).isEmpty }) else { return nil }
        // "500 g Käse dazu" in an English conversation is German's (see ``gluedReading(of:items:spoken:read:)``).
        let measured = { (language: String) in
            self.grammars[language]?.itemPhrases(in: text, wholeLine: true).flatMap { items in items.allSatisfy { $0.quantity != nil || $0.unit != nil } ? items : nil }
        }
        var grammar = grammar
        if let (language, theirs) = gluedReading(of: text, items: items, spoken: grammar.language, read: measured),
           let theirGrammar = grammars[language] {
            (grammar, items) = (theirGrammar, theirs)
        }
        var slots: [Parse.Slot] = []
        if let last = items.last, let (item, list) = grammar.trailingLists(in: last.name).first(where: { _, list in
            guard case .list(let name, _, _) = list else { return false }
            return lists.contains { $0.caseInsensitiveCompare(name) == .orderedSame }
        }) {
            items[items.count - 1] = last.renamed(item)
            slots.append(.init(name: "list", value: list))
        }
        let parse = Parse(intent: "add_items", slots: [.init(name: "items", value: .items(items))] + slots)
        if items.allSatisfy({ $0.unit != nil }) {
            conversation.language = grammar.language
            return execute(parse, in: &conversation)
        }
        guard mayAsk else { return nil }
        conversation.language = grammar.language
        conversation.question = .confirmReading(parse, learning: nil, at: clock())
        return (Replies.askReading(parse, help: grammar.intent(named: "add_items")?.help), [], [])
    }
}
