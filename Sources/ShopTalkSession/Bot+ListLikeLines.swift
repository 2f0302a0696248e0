import Foundation
import ShopTalkDomain
import ShopTalkGrammar

/// Lines written as a family writes a list, with no verb, which no
/// sentence of a grammar holds (a slot alone would take any line for an
/// item): items headed by a list's name, things marked with a tick or a
/// minus, a note after a thing's name, items alone. Each is taken so only
/// on evidence that it is what it looks like.
extension Bot {
    /// "Hardware: nails, screws", "超市：洗衣液，柔顺剂": items headed by the
    /// name of a list, as families write a list in a chat. Taken so only
    /// when the speaker has a list of that name (the evidence); otherwise
    /// the line may be a note ("milk: lactose free"), or is not understood.
    func listHeadedItems(_ text: String, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        guard let (list, rest) = ParsedLine.splitAtColon(text), list.count <= ListName.maximumLength,
              let items = (grammars[conversation.language] ?? grammars.defaultGrammar).itemPhrases(in: rest) else { return nil }
        return executedIfDone(
            Parse(intent: "add_items", slots: [.init(name: "items", value: .items(items)), .init(name: "list", value: .list(name: list, spoken: list))]),
            in: &conversation)
    }

    /// "- kefir", "鸡蛋 √": things marked as families mark a list (see
    /// ``MarkedLine``), read as items in the conversation's language, else
    /// in the first that reads them; "-1 baguette" takes one off. An item
    /// that is not there is said not to be, and nothing changes.
    func markedThings(_ marked: MarkedLine, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        for language in [conversation.language] + grammars.languages.filter({ $0 != conversation.language }) {
            guard let grammar = grammars[language], let items = grammar.itemPhrases(in: marked.things), let first = items.first else { continue }
            var slots: [Parse.Slot] = [.init(name: "item", value: .text(items.map(\.name).joined(separator: ", ")))]
            if marked.mark == .takeOff, items.count == 1, let quantity = first.quantity {
                slots.append(.init(name: "quantity", value: .number(quantity)))
                if let unit = first.unit { slots.append(.init(name: "unit", value: .value(unit))) }
            }
            conversation.language = language
            return execute(Parse(intent: marked.intent.rawValue, slots: slots), in: &conversation)
        }
        return nil
    }

    /// "Klopapier erledigt ✅", "got nappies ✅": a tick beside a sentence that
    /// already ticks the thing off, read as that sentence; nil for any other.
    func tickedAsSaid(_ marked: MarkedLine, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        guard marked.mark == .tick, let said = grammars.parse(marked.things, preferring: conversation.language),
              said.parse.intent == IntentName.checkItem.rawValue else { return nil }
        conversation.language = said.language
        return execute(said.parse, in: &conversation)
    }

    /// "milk: lactose free": a note with no verb, which no grammar can hold
    /// (a sentence of slots alone), taken as "note on milk: lactose free"
    /// when there is a milk to note; otherwise the line is not understood,
    /// and nothing was changed.
    func bareNote(_ text: String, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        guard let (item, _) = ParsedLine.splitAtColon(text), item.count <= ItemName.maximumLength else { return nil }
        let parse = Parse(intent: "set_note", slots: [.init(name: "text", value: .text(text))])
        guard !modelDoubts(parse, of: text, in: conversation.language, conversation: conversation) else { return nil }
        return executedIfDone(parse, in: &conversation)
    }

    /// "leche y pan", "2 baguettes", "Milch + Brot": a line of items alone,
    /// which no sentence of a grammar is, since a slot alone would take any
    /// line for an item. It is added only on evidence that every piece is
    /// something to buy in the language it is read in: a food or household
    /// good of that language's aisle words. The conversation's language is
    /// tried first, then the others on evidence of their own. Anything else
    /// is not understood, and nothing is stored. A piece may say what it is
    /// for ("Zwetschken für an Kuchen"): the thing before is what must be known.
    func bareItems(_ text: String, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        let aisles = grammars.aisles
        func knownItems(in language: String) -> [ItemPhrase]? {
            guard let grammar = grammars[language], !grammar.isAsked(text), let items = grammar.itemPhrases(in: text, wholeLine: true),
                  items.allSatisfy({ grammar.isWholeName($0.name) || aisles.knows(grammar.purposeSaid(in: $0.name)?.item ?? $0.name, in: language) })
            else { return nil }
            return items
        }
        for language in [conversation.language] + grammars.languages.filter({ $0 != conversation.language }) {
            guard var items = knownItems(in: language) else { continue }
            var language = language
            if language == conversation.language, let glued = gluedReading(of: text, items: items, spoken: language, read: knownItems) {
                (language, items) = glued
            } else if language != conversation.language {
                // Another language's reading needs evidence of its own: a word of its grammar, or
                // several names all its own ("leche y pan"); "pain" alone stays unread.
                let ownWords = grammars.wordsOnlyIn(language, not: conversation.language, text) != false
                let ownNames = items.count > 1 && !items.contains { aisles.knows($0.name, in: conversation.language) }
                guard ownWords || ownNames else { continue }
            }
            var tried = conversation
            tried.language = language
            if let grammar = grammars[language], let corrected = lastItemSaidAgain(items, in: text, grammar: grammar, conversation: &tried) {
                conversation = tried
                return corrected
            }
            let added = execute(Parse(intent: "add_items", slots: [.init(name: "items", value: .items(items))]), in: &tried)
            conversation = tried
            return added
        }
        return nil
    }

    /// "500 g Käse dazu" in an English conversation: English takes "Käse
    /// dazu" for the thing's name, German's "dazu" glued into it. A language
    /// whose grammar holds more of the names' words, and reads the line as
    /// as many things with fewer words to their names, its own words read as
    /// its own, is the line's. A name another language only spells ("pain
    /// au chocolat", read alike in French) stays the conversation's.
    func gluedReading(of text: String, items: [ItemPhrase], spoken: String,
                      read: (String) -> [ItemPhrase]?) -> (String, [ItemPhrase])? {
        let names = items.map(\.name).joined(separator: " ")
        let words = { (items: [ItemPhrase]) in items.reduce(0) { $0 + Tokenizer.tokenize($1.name).count } }
        for language in grammars.languagesKnowingMore(of: names, than: spoken) where grammars.wordsOnlyIn(language, not: spoken, text) == true {
            // Its word lists' reading, or else its model's.
            let shorter = { (theirs: [ItemPhrase]?) in theirs.flatMap { $0.count == items.count && words($0) < words(items) ? $0 : nil } }
            if let theirs = shorter(read(language)) ?? shorter(itemsAdded(by: text, in: language)) { return (language, theirs) }
        }
        return nil
    }

    /// The things `language`'s model would add, reading `text` sure enough to act.
    func itemsAdded(by text: String, in language: String) -> [ItemPhrase]? {
        guard let model = grammars.model(language), let grammar = grammars[language] else { return nil }
        let aisles = grammars.aisles
        guard let reading = model.readings(of: text, grammar: grammar, context: ReaderContext(), isFood: { aisles.knows($0, in: language) }, limit: 1).first,
              reading.parse.intent == "add_items", model.decision(on: reading) == .act,
              case .items(let items)? = reading.parse[slot: "items"] else { return nil }
        return items
    }
}
