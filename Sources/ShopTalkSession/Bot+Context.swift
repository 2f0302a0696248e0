import Foundation
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkStore

/// Lines that lean on the one before: "and the tim tams" after ticking off
/// the dishwasher tablets, "juice as well" after taking the muesli bars
/// off, "take it off" after adding the watermelon. What they mean is the
/// conversation's to say: the request, the list and the thing just named.
extension Bot {
    /// Things said to go with the line before ("and the tim tams", "y una
    /// piñata tmb", "и ещё курт", "还有贝果一袋"): that line's request again,
    /// for them, on its list. Only on the very next line, within a minute.
    func continuing(_ text: String, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        guard let previous = conversation.lastRequest, previous.line == conversation.lines - 1,
              (0..<Conversation.workingMinute).contains(clock().timeIntervalSince(previous.at)),
              let grammar = grammars[conversation.language], let items = grammar.continuation(in: text) else { return nil }
        let list = Parse.Slot(name: "list", value: .currentList)
        switch previous.intent {
        case "add_items":
            return execute(Parse(intent: "add_items", slots: [.init(name: "items", value: .items(items)), list]), in: &conversation)
        case "check_item", "uncheck_item", "remove_item":
            let names = items.map(\.name).joined(separator: ", ")
            return execute(Parse(intent: previous.intent, slots: [.init(name: "item", value: .text(names)), list]), in: &conversation)
        default:
            return nil
        }
    }

    /// "take it off", "put a note on that: bone in", "перенеси его на дачу",
    /// "bỏ nó đi", "把它移到家用": a line no sentence holds as said, which one
    /// does with the thing touched last where the pronoun is.
    /// A thing of the speaker's the line names before its pronoun is what the
    /// pronoun points at: "limes all good, tick em off" ticks the limes,
    /// whatever was touched last.
    func pointingBack(_ text: String, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        guard let last = conversation.lastItem, let grammar = grammars[conversation.language], let pronoun = grammar.pronoun(in: text) else { return nil }
        let named = grammar.thingsNamed(in: text[..<pronoun.lowerBound], among: readerContext(for: conversation).things)
        guard named.count <= 1, let said = grammar.pointingBack(in: text, to: named.first ?? last) else { return nil }
        if let parse = grammar.parse(said), let intent = IntentName(rawValue: parse.intent), !intent.isTalk {
            return execute(parse, in: &conversation)
        }
        // "nah take it off, Dave got one": the clause that asks, the other left out.
        return rephrased(said, lists: speakersLists(in: conversation), in: &conversation)
    }
}

extension Bot {
    /// A "no" with no question waiting, right after a change: the list
    /// ("no, Costco") or the amount ("no, 5") that change should have had.
    func correctingLastChange(_ text: String, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        correctingLastList(text, in: &conversation) ?? correctingLastAmount(text, in: &conversation)
    }

    /// "no, Costco", "nein, nicht Migros, Wocheneinkauf", "non à l'épicerie"
    /// on the line right after adding or moving things, with no question
    /// waiting: the things just put on a list go to the list meant instead,
    /// as that line would have put them. The list they are on now is never
    /// the one meant ("nöd Migros" names it only to take it back).
    func correctingLastList(_ text: String, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        guard conversation.question == nil, let previous = conversation.lastRequest, previous.line == conversation.lines - 1,
              ["add_items", "move_items"].contains(previous.intent),
              (0..<Conversation.workingMinute).contains(clock().timeIntervalSince(previous.at)),
              !conversation.lastItems.isEmpty, let on = conversation.lastItemsList,
              let grammar = grammars[conversation.language],
              let now = try? store.write(ListCalled(id: on)) else { return nil }
        let lists = speakersLists(in: conversation).filter { $0.caseInsensitiveCompare(now) != .orderedSame }
        guard let meant = Self.listCorrected(by: text, among: lists, grammar: grammar) else { return nil }
        let moved = Parse(intent: "move_items", slots: [
            .init(name: "item", value: .text(conversation.lastItems.joined(separator: ", "))),
            .init(name: "list", value: .list(name: now, spoken: now)), .init(name: "to_list", value: .list(name: meant, spoken: meant)),
        ])
        return execute(moved, in: &conversation)
    }
}

/// The name of a list, found by its id.
struct ListCalled: RepositoryWork {
    let id: ListID

    func run<Repository: ShoppingRepository>(_ repository: Repository) throws -> String? {
        try repository.list(id: id)?.name.value
    }
}
