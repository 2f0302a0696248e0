import Foundation
import ShopTalkDomain
import ShopTalkGrammar

/// What a thing is for, said with it: "mint for daves mojitos", "fürs
/// Fondue: Knoblauch, Kirsch". The thing goes on the list, with what it is
/// for as its note, as if said in brackets ("mint (for daves mojitos)").
/// Said after the things, a purpose no list is called is found before
/// anything is added (`Command.checkBeforeAdding`); the two readings here
/// are for what that cannot see: a sentence that read the purpose as a
/// list, and a purpose that heads the things.
extension Bot {
    /// "need lemons and mint for daves mojitos", read by a sentence such as
    /// "need {items} for {list}" with no list so called: the list's words
    /// were what the last thing is for. Not when they look like a slip for
    /// a list of the speaker's ("for Costo"), which is asked about as any
    /// list not found. A list read with an owner is such words too: "pour le
    /// barbecue de samedi" is for Saturday's barbecue, whoever "samedi" is.
    func purposeReadAsAList(_ parse: Parse, of text: String, language: String, lists: [String],
                            in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        guard parse.intent == IntentName.addItems.rawValue, case .items(var items)? = parse[slot: "items"], let last = items.last,
              case .list(_, let spoken, _)? = parse[slot: "list"], let grammar = grammars[language],
              let (_, purpose, subject, _) = grammar.purposeSaid(in: text.trimmingCharacters(in: .punctuationCharacters)),
              purpose.range(of: spoken, options: [.caseInsensitive, .diacriticInsensitive, .anchored, .backwards]) != nil,
              !Self.resembles(spoken, oneOf: lists) else { return nil }
        var slots: [Parse.Slot] = []
        if let list = Self.list(openedBy: subject, among: lists) {
            // "elotes y crema para el cumple", with a list "Cumple de Lucía": that list.
            slots.append(.init(name: "list", value: .list(name: list, spoken: list)))
        } else {
            items[items.count - 1] = last.renamed("\(last.name) (\(purpose))")
        }
        return executedIfDone(Parse(intent: parse.intent, slots: [.init(name: "items", value: .items(items))] + slots), in: &conversation)
    }

    /// The one list of `lists` whose first word is the first word of what a
    /// thing is for: "fürs Grillen" is for the list "Grillen am Samstag",
    /// "for the bbq saturday" for "BBQ on Saturday". A family names its
    /// lists by what they are for, and says them by their first word, or
    /// its first five letters and more ("fürs Geburi" for "Geburtstag").
    /// Else the one list the words name in part ("for saturday's bbq"; see
    /// ``ListName/partlyNamed(_:in:name:)``). None when no list, or
    /// several, start so.
    static func list(openedBy subject: String, among lists: [String]) -> String? {
        func firstWord(_ text: String) -> [Character]? {
            text.split(whereSeparator: { $0 == " " }).first.map { Array($0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)) }
        }
        guard let word = firstWord(subject) else { return nil }
        let opened = lists.filter { list in
            guard let first = firstWord(list) else { return false }
            let shared = zip(first, word).prefix { $0 == $1 }.count
            return first == word || shared >= 5
        }
        if opened.count == 1 { return opened[0] }
        guard opened.isEmpty, let said = try? ListName(subject) else { return nil }
        return ListName.partlyNamed(said, in: lists.map(ListName.init(stored:)), name: { $0 })?.value
    }

    /// "for Tayla's party: chips, dip and party pies", "на бешбармак: конина,
    /// лук": things headed by what they are for, each noted with it. Taken
    /// so only when the head opens with the grammar's words for a purpose
    /// and every thing is something to buy (as with ``bareItems``).
    func purposeHeadedItems(_ text: String, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        guard let (head, rest) = ParsedLine.splitAtColon(text), head.count <= ItemNote.maximumLength,
              let grammar = grammars[conversation.language], grammar.opensWithPurpose(head),
              let items = grammar.itemPhrases(in: rest),
              items.allSatisfy({ grammars.aisles.knows($0.name, in: grammar.language) }) else { return nil }
        let noted = items.map { $0.renamed("\($0.name) (\(head))") }
        return executedIfDone(Parse(intent: IntentName.addItems.rawValue, slots: [.init(name: "items", value: .items(noted))]), in: &conversation)
    }
}
