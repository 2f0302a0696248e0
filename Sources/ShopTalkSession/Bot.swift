import Foundation
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkJSON
import ShopTalkStore
import ShopTalkWording

/// Answers lines: parses each with the grammars, applies it to the store in
/// one transaction, and says what to tell the speaker and the other members,
/// as messages the transports word in each reader's language.
///
/// Every transport (stdin, relay, TCP) drives the same bot, so a sentence
/// means the same thing everywhere. It owns the store's connection and so
/// belongs to one thread or task at a time.
public final class Bot {
    public let grammars: Grammars
    /// What the language files say things are, for matching items across languages.
    private let lexicon: GrammarsLexicon
    /// Each language's name for a member's first list, as the domain makes
    /// it, read once, when the language is first spoken.
    private var defaultListNames: [(language: String, name: ListName)] = []
    public let store: Store
    let clock: () -> Date
    private var conversations: [ConversationKey: Conversation] = [:]
    /// Each member's latest changes, newest last, for "undo" (see ``KeptChange``).
    private var keptChanges: [UserName: [KeptChange]] = [:]
    /// What the bot knows of the language each member's news is worded in (see ``learnLanguage(_:of:from:)``).
    private var newsLanguages: [UserName: NewsLanguage] = [:]
    /// The model's odds for the line being answered (see ``modelDoubts(_:of:in:conversation:)``),
    /// read once however many ways the line is read.
    var lineOdds: LineOdds?
    /// What the speaker has, as the reader weighs it (see ``readerContext(for:)``), read once a line
    /// until something is done: every way of reading the line weighs the same lists and things.
    var lineContext: (language: String, context: ReaderContext)?
    /// The model's best reading of the line being answered, with what it was read against: a line the
    /// model would ask about is read once, though it is weighed before a slip is looked for and after.
    var lineReading: LineReading?
    /// The line being answered: whichever way it is read, an amount it takes back is never the one set (``meantAmount(_:)``),
    /// and a unit that begins a thing's name is part of it (``unitsBeginningNames(_:language:)``).
    private(set) var lineText = ""

    private struct ConversationKey: Hashable {
        let id: Int
        let speaker: UserName
    }

    public init(grammars: Grammars, store: Store, clock: @escaping () -> Date = Date.init) {
        self.grammars = grammars
        self.lexicon = GrammarsLexicon(grammars)
        self.store = store
        self.clock = clock
    }

    /// A bot that understands one language.
    public convenience init(grammar: Grammar, store: Store, clock: @escaping () -> Date = Date.init) {
        self.init(grammars: Grammars(grammar), store: store, clock: clock)
    }

    /// Runs several lines' commands with one commit (see `Store.batch`).
    public func batch<T>(_ body: () throws -> T) throws -> T {
        try store.batch(body)
    }

    /// The reply to one line from `speaker` (or, in relay mode, from the
    /// line's nick), after the events kept for the speaker since their last line.
    /// `conversation` tells apart the conversations of one member on several connections.
    public func respond(to line: InputLine, from speaker: UserName, conversation id: Int = 0) -> Response {
        respond(to: ParsedLine(line, grammars: grammars, preferring: language(of: speaker, conversation: id)), from: speaker, conversation: id)
    }

    /// The same, for a line parsed beforehand (see ``ParsedLine``).
    public func respond(to line: ParsedLine, from speaker: UserName, conversation id: Int = 0) -> Response {
        var response = Response(events: takeEvents(for: speaker), reply: Reply(ok: true, intent: nil, message: nil), notified: [])
        (lineOdds, lineContext, lineReading, lineText) = (nil, nil, nil, line.text)
        let key = ConversationKey(id: id, speaker: speaker)
        var conversation = conversations[key] ?? Conversation(speaker: speaker, language: language(of: speaker))
        conversation.lines += 1
        (response.reply, response.notified, response.channelNews) = answer(line, in: &conversation)
        if response.reply.ok, let intent = response.reply.intent {
            learnLanguage(conversation.language, of: speaker, from: intent)
        }
        conversations[key] = conversation
        response.reply.language = conversation.language
        response.reply.label = line.input.label
        if line.input.nick != nil { response.reply.to = speaker.value }
        return response
    }

    /// The answer to one line: what it asks, read the first way that reads
    /// it, or a refusal with suggestions. `respelled`: the line is already
    /// one whose slip was put right, not to be put right again.
    private func answer(_ line: ParsedLine, in conversation: inout Conversation, respelled: Bool = false) -> (Reply, [UserName], [ChannelNews]) {
        var answered: (Reply, [UserName], [ChannelNews])
        if line.text.isEmpty {
            answered = (Reply(ok: true, intent: nil, message: nil), [], [])
        } else if let asked = conversation.question, !asked.hasExpired(at: clock()), let chosen = asked.chosen(by: line.text) {
            // "the light one" after "Which milk: full cream milk or light milk?".
            conversation.question = nil
            answered = execute(chosen, in: &conversation)
        } else if let asked = conversation.question, !asked.hasExpired(at: clock()),
                  let answer = correctingReading(line.text, asked, in: &conversation)
                    ?? answerInWords(line.text, to: asked, languages: languagesToTry(line, in: conversation.language)).map({ execute($0, in: &conversation) }) {
            // "no, Costco" after a reading asked about; "sí, bórrala", "yes please" after any question.
            answered = answer
        } else if let marked = MarkedLine(line.text), let done = tickedAsSaid(marked, in: &conversation) ?? markedThings(marked, in: &conversation) {
            answered = done
        } else if let (language, understood) = understanding(line, in: conversation) {
            // "nein, nicht Migros, Costco", "нет, 1 кг" right after adding: no question was asked; the list or the amount was.
            if understood.intent == IntentName.deny.rawValue,
               let corrected = correctingLastChange(line.text, in: &conversation) {
                return corrected
            }
            let parse = Self.askedWhetherTicked(
                listCalledByAListWord(
                    listAfterAListWord(tripToAList(understood, in: line.text, language: language, conversation: conversation),
                                       in: line.text, language: language, conversation: conversation),
                    in: line.text, language: language, conversation: conversation), in: line.text, by: grammars[language])
            conversation.language = language
            var before = conversation
            if let asked = askedFirst(parse, read: understood, in: language, conversation: &conversation) {
                return asked
            }
            answered = execute(parse, of: line.text, in: &conversation)
            // "rename bbq on saturday to BBQ": read with the speaker's list named whole, "saturday" is no list of its own;
            // "take the jam off, there's heaps in the pantry": read whole, the jam is not found; the line put back in order finds it.
            if answered.0.error == .notFound {
                let lists = speakersLists(in: before)
                if let found = purposeReadAsAList(parse, of: line.text, language: language, lists: lists, in: &before)
                    ?? readingListWhole(line.text, lists: lists, in: &before) ?? listNamedInPart(parse, lists: lists, in: &before)
                    ?? rephrased(line.text, lists: lists, as: parse.intent, in: &before) ?? pointingBack(line.text, in: &before),
                   // Done, or asked before it is done ("Remove all 3 items from BBQ on Saturday?").
                   found.0.ok || found.0.error == .question {
                    conversation = before
                    answered = found
                } else if Self.namesWhatIsNotThere(answered.0),
                          let read = readByModel(line.text, mayAsk: mayAskInstead(of: answered.0, parse, in: language)
                                                    || modelDoubts(parse, of: line.text, in: language, conversation: before), in: &before) {
                    // The grammar read a name that is not there ("kids they keep askin"): the model's reading, weighed against what is;
                    // asked about too where the model doubts the request itself ("leave out the onions" leaves no list).
                    conversation = before
                    answered = read
                } else if let grammar = grammars[language], Self.isHalfRead(parse, in: grammar) {
                    // "There is no “können wir die abgehakten Sachen mal” on Einkauf" answers a line
                    // nobody said: a thing not found, named with the grammar's own words, was misread.
                    conversation.question = nil
                    let known = speakersListsAndThings(in: conversation)
                    answered = (Replies.notUnderstood(suggestions: Suggestions.closest(
                        to: line.text, in: grammar, lists: known.lists, things: known.things,
                        nearest: nearestRequests(line.text, in: language, conversation: conversation))), [], [])
                }
            }
        } else if let corrected = correctingLastChange(line.text, in: &conversation) {
            // "no, Costco" right after "add milk": the milk goes to Costco instead; "no, 2 litres", that much of it.
            answered = corrected
        } else if case let lists = speakersLists(in: conversation),
                  let read = readingListWhole(line.text, lists: lists, in: &conversation) ?? rephrased(line.text, lists: lists, in: &conversation) {
            answered = read
        } else if let added = listHeadedItems(line.text, in: &conversation) ?? purposeHeadedItems(line.text, in: &conversation) {
            answered = added
        } else if let noted = bareNote(line.text, in: &conversation) {
            answered = noted
        } else if let continued = continuing(line.text, in: &conversation) ?? pointingBack(line.text, in: &conversation) {
            answered = continued
        } else if let added = bareItems(line.text, in: &conversation) {
            answered = added
        } else if let read = amountLine(line.text, in: &conversation) {
            answered = read
        } else if let read = readByEvidence(line.text, in: &conversation) {
            answered = read
        } else if let read = readByModel(line.text, mayAsk: false, in: &conversation) {
            answered = read
        } else if !respelled, let slip = oneSlipPutRight(in: line, conversation: conversation) {
            // "ad milk", "remvoe the eggs": read as the word meant, through everything above. A sentence of the
            // grammar but for one slip is surer than a reading the model would ask about.
            lineText = slip.text
            answered = answer(slip, in: &conversation, respelled: true)
        } else if let read = readByModel(line.text, in: &conversation) {
            answered = read
        } else {
            let grammar = grammars[conversation.language] ?? grammars.defaultGrammar
            let known = speakersListsAndThings(in: conversation)
            answered = (Replies.notUnderstood(suggestions: Suggestions.closest(
                to: line.text, in: grammar, lists: known.lists, things: known.things,
                nearest: nearestRequests(line.text, in: grammar.language, conversation: conversation))), [], [])
        }
        return answered
    }

    /// The line with one word of a command typed with a slip put right
    /// ("ad milk", «добаь молоко»), when exactly one word of the grammar
    /// makes a sentence of it: in the conversation's language, the one the
    /// line was tried in, or, where the conversation's knows none of its
    /// words, the one that knows most ("молоко").
    /// Never just any: "Die" is one slip from more words of the other six
    /// languages than a family would believe.
    private func oneSlipPutRight(in line: ParsedLine, conversation: Conversation) -> ParsedLine? {
        var languages = [conversation.language]
        for other in [line.preferred, grammars.languageOfWords(in: line.text, unknownTo: conversation.language)].compactMap({ $0 })
        where !languages.contains(other) {
            languages.append(other)
        }
        for language in languages {
            guard let grammar = grammars[language], let slip = grammar.readingOfOneSlip(in: line.text) else { continue }
            // A letter for another may make a word of its own («докинь», add more, is one from «покинь», leave): taken
            // only where the model, by the line's words, finds no other request likelier than the one the slip makes.
            if slip.replacedALetter, let likeliest = nearestRequests(line.text, in: language, conversation: conversation).first,
               likeliest != slip.parse.intent { return nil }
            var input = line.input
            input.text = slip.text
            return ParsedLine(input, grammars: grammars, preferring: language)
        }
        return nil
    }

    /// What the line means, and in which language: the conversation's own
    /// wins when it understands the line, though the line was parsed trying
    /// another first.
    private func understanding(_ line: ParsedLine, in conversation: Conversation) -> (language: String, parse: Parse)? {
        let spoken = conversation.language
        if line.language != spoken, line.preferred != spoken, let own = grammars[spoken]?.parse(line.text), !namesAHalfReadShop(own, in: spoken) {
            return (spoken, own)
        }
        guard let parse = line.parse, let language = line.language, !namesAHalfReadShop(parse, in: language) else { return nil }
        // "um can you just add like some bread" held by a Vietnamese sentence ("can" for "cần"): a line in the
        // speaker's own words, which their language's model reads and would act on, is read in their language.
        if language != spoken, grammars.speaks(spoken, not: language, line.text), modelActs(on: line.text, in: spoken, conversation: conversation) {
            return nil
        }
        return (language, parse)
    }

    /// "хлеб куплен?", "Milch gekauft?": a thing named first and asked about
    /// asks whether it was bought; ticking it would answer a question with
    /// a change. "can you tick off the milk?" names its verb first and stays a tick;
    /// "trứng mua rồi, tích giúp được không?" closes with a request for a yes, and stays one too.
    static func askedWhetherTicked(_ parse: Parse, in text: String, by grammar: Grammar?) -> Parse {
        guard parse.intent == IntentName.checkItem.rawValue, grammar?.isAsked(text) ?? Grammar.isAsked(text),
              grammar?.closesWithARequestForAYes(text) != true, case .text(let item)? = parse[slot: "item"],
              text.drop(while: { !$0.isLetter && !$0.isNumber }).lowercased().hasPrefix(item.lowercased()) else { return parse }
        return Parse(intent: IntentName.findItem.rawValue, slots: parse.slots.filter { $0.name == "item" || $0.name == "list" })
    }

    /// Whether a reading's thing or list, which was not found, is made of
    /// the grammar's own sentence words ("plenty of rice", "off the ticked
    /// ones"): a line read in part, not a name the speaker said.
    static func isHalfRead(_ parse: Parse, in grammar: Grammar) -> Bool {
        parse.slots.contains { slot in
            switch slot.value {
            case .text(let said) where slot.name == "item":
                // "pepper and salt" names two things; each is weighed alone.
                return grammar.itemNames(in: said).contains { !grammar.halfReadWords(inName: $0).isEmpty }
            case .text(let said) where slot.name == "user":
                // "qui prend les ampoules ?", "wer kauft das Hackfleisch?": a question word is nobody's name.
                return !grammar.halfReadWords(inName: said).isEmpty
            case .list(_, let spoken, _):
                let words = spoken.split(separator: " ").count
                return words > 1 && grammar.halfReadWords(inName: spoken).count * 2 >= words
            default:
                return false
            }
        }
    }

    /// "je vais au marché", "me voy al súper", where the speaker has a list
    /// Marché or Super: a trip naming neither list nor shop of its own is
    /// for the list the line names. Only such a trip pays for the look.
    private func tripToAList(_ parse: Parse, in text: String, language: String, conversation: Conversation) -> Parse {
        guard parse.intent == IntentName.goShopping.rawValue, parse[slot: "list"] == nil, parse[slot: "text"] == nil,
              let grammar = grammars[language],
              case let lists = speakersLists(in: conversation),
              let named = grammar.listTakenOut(of: text, lists: lists)?.list ?? grammar.listNamed(in: text, lists: lists) else { return parse }
        return Parse(intent: parse.intent, slots: parse.slots + [.init(name: "list", value: .list(name: named, spoken: named))])
    }

    /// "I'm going to buy milk" read as a trip to a shop called "buy milk":
    /// a shop's name holding the grammar's own sentence words is evidence
    /// the line was read only in part, and it is not taken.
    private func namesAHalfReadShop(_ parse: Parse, in language: String) -> Bool {
        guard parse.intent == IntentName.goShopping.rawValue, case .text(let shop)? = parse[slot: "text"], let grammar = grammars[language] else {
            return false
        }
        return !grammar.halfReadWords(inName: shop).isEmpty
    }

    /// The names of the lists the speaker sees: the evidence a line read
    /// again is weighed by, read once for all the ways it is read again.
    /// Whether the reader may ask about its reading where the grammar's
    /// `parse` named something not there: not for a list named in words no
    /// sentence uses ("go to Groceries" is said to be missing, unless the
    /// model is sure of another reading); yes for a thing, or a "list" made
    /// of the grammar's own words ("clear off the ticked ones").
    private func mayAskInstead(of reply: Reply, _ parse: Parse, in language: String) -> Bool {
        !Self.namesAListNotThere(reply) || grammars[language].map { Self.isHalfRead(parse, in: $0) } == true
    }

    /// A line no sentence holds as typed, read once put back in the
    /// sentences' order (see `Grammar.rephrasings(of:lists:)`): a list the
    /// speaker has, named out of place, goes into the sentence's list slot —
    /// only of an intent that takes one, and only where the sentence named
    /// no list itself.
    /// With `intent`, only a reading of that intent is taken: a line read
    /// whole whose thing was not found is read again for the same request.
    func rephrased(_ text: String, lists: [String], as intent: String? = nil, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        // The conversation's language, then any other the line has words of its own in ("в дачу добавь хлеб").
        let languages = [conversation.language] + (intent != nil ? [] : grammars.languages.filter {
            $0 != conversation.language && grammars.wordsOnlyIn($0, not: conversation.language, text) == true
        })
        for language in languages {
            guard let grammar = grammars[language],
                  let (parse, movedAThing) = rephrasedParse(of: text, in: grammar, lists: lists, as: intent, wordsInPlaceOnly: language != conversation.language),
                  // "some bread we need": a known thing said before its verb is evidence the model has no words for.
                  intent != nil || movedAThing || !modelDoubts(parse, of: text, in: language, conversation: conversation)
            else { continue }
            conversation.language = language
            return execute(Self.askedWhetherTicked(parse, in: text, by: grammar), of: nil, in: &conversation)
        }
        return nil
    }

    /// The first rephrasing of `text` that a sentence of `grammar` holds whole, as a sentence to run,
    /// and whether it put back a thing said before its verb.
    private func rephrasedParse(of text: String, in grammar: Grammar, lists: [String], as intent: String?,
                                wordsInPlaceOnly: Bool) -> (Parse, movedAThing: Bool)? {
        let lineIsAsked = grammar.isAsked(text)
        for rephrasing in grammar.rephrasings(of: text, lists: lists) where !wordsInPlaceOnly || rephrasing.keepsEveryWordInPlace {
            guard var parse = grammar.parse(rephrasing.text), intent == nil || parse.intent == intent,
                  let name = IntentName(rawValue: parse.intent), !name.isTalk else { continue }
            if rephrasing.keptPointsBack, parse.slots.contains(where: { ["item", "items", "them"].contains($0.name) }) { continue }
            // A clause left out asks for no change itself: "thanks", "nobody eats it", never "je vais au Delhaize".
            if let left = rephrasing.left, let asked = grammar.parse(left), IntentName(rawValue: asked.intent)?.changesNothing != true { continue }
            // "ой, и ещё макароны добавь" is no "ой" (undo): a change about nothing in particular is
            // not taken from a line whose other clause was not understood at all.
            if let left = rephrasing.left, parse.slots.isEmpty, !name.changesNothing, grammar.parse(left) == nil { continue }
            // A line said stays a statement, and a line asked a question: without its first words "Im Baumarkt brauchen
            // wir noch Blumenerde" reads as a question; put back in order, "có trứng không?" (any eggs?) as «không có
            // trứng» (got no eggs), an untick.
            if lineIsAsked ? !name.changesNothing : name == .findItem { continue }
            if let thing = rephrasing.moved {
                // The item is the thing moved, and a new one is added only when it is known to be bought.
                let names: [String] = switch (parse[slot: "items"], parse[slot: "item"]) {
                case (.items(let phrases)?, _): phrases.map(\.name)
                case (_, .text(let item)?): [item]
                default: []
                }
                guard grammar.isMade(of: thing, names) else { continue }
                if name == .addItems, !names.allSatisfy({ grammars.aisles.knows($0, in: grammar.language) }) { continue }
            }
            if let list = rephrasing.list {
                guard parse[slot: "list"] == nil, grammar.intent(named: parse.intent)?.slots.contains("list") == true else { continue }
                parse = Parse(intent: parse.intent, slots: parse.slots + [.init(name: "list", value: .list(name: list, spoken: list))])
            }
            // "leche a Compra", with a list called Compra: put back in order, "a Compra leche" is no "a buys milk".
            if rephrasing.moved != nil,
               lists.contains(where: { list in grammar.saysWhole(list, in: text) && !parse.listsSaid.contains { grammar.saysWhole(list, in: $0) } }) { continue }
            return (parse, rephrasing.moved != nil)
        }
        return nil
    }

    func defaultListName(in grammar: Grammar) -> ListName {
        if let known = defaultListNames.first(where: { $0.language == grammar.language }) { return known.name }
        let name = (try? ListName(grammar.defaultListName)) ?? .defaultList
        defaultListNames.append((grammar.language, name))
        return name
    }

    /// The language a speaker's conversation is in now, for what a transport
    /// says itself ("Bye.", "That line is too long").
    public func language(of speaker: UserName, conversation id: Int) -> String {
        conversations[ConversationKey(id: id, speaker: speaker)]?.language ?? language(of: speaker)
    }

    /// The language a member chose, or the default; the conversations of
    /// a member who has not spoken yet start in it.
    public func language(of member: UserName) -> String {
        let chosen = try? store.write(ChosenLanguage(member: member))
        return grammars.spoken(chosen ?? nil)
    }

    /// Notes what a member's line did for "undo": the change it made, or
    /// that it took back (or let go) the member's latest one.
    private func keep(_ change: KeptChange?, undid: Bool, for member: UserName) {
        guard undid || change != nil else { return }
        // One lookup, changed in place: a copy of the member's changes on every line would cost more than the change.
        Self.keep(change, undid: undid, in: &keptChanges[member, default: []])
    }

    private static func keep(_ change: KeptChange?, undid: Bool, in kept: inout [KeptChange]) {
        if undid, !kept.isEmpty { kept.removeLast() }
        guard let change else { return }
        if kept.count == KeptChange.depth { kept.removeFirst() }
        kept.append(change)
    }

    /// A member's news is worded in the language they type: the first line
    /// understood in a language other than the bot's own (`--lang`) sets it
    /// for a member who never said one, and lines
    /// understood in another, several in a row, change it. "sprich Deutsch"
    /// still sets it at once. Talk ("ok", "danke") and lines no grammar
    /// understood teach nothing; the language stored is read once a member,
    /// so a line costs a write only when the language changes.
    private func learnLanguage(_ language: String, of member: UserName, from said: String) {
        // Nearly every line: a member typing the language their news is in already. One lookup, nothing more.
        if let known = newsLanguages[member], known.typedInstead == nil, (known.stored ?? grammars.defaultLanguage) == language,
           said != IntentName.setLanguage.rawValue {
            return
        }
        guard let intent = IntentName(rawValue: said) else { return }
        guard intent != .setLanguage else {
            newsLanguages[member] = nil
            return
        }
        guard !intent.isTalk else { return }
        var known = newsLanguages[member] ?? NewsLanguage(stored: (try? store.write(ChosenLanguage(member: member))) ?? nil)
        // The language their news is in now: theirs, or the bot's own for a member who has none.
        if (known.stored ?? grammars.defaultLanguage) == language {
            known.typedInstead = nil
        } else {
            let inARow = known.typedInstead?.language == language ? known.typedInstead!.lines + 1 : 1
            known.typedInstead = (language, inARow)
            if known.stored == nil || inARow >= NewsLanguage.linesToChange,
               (try? store.write(LearnedLanguage(member: member, language: language))) == true {
                known = NewsLanguage(stored: language)
            }
        }
        newsLanguages[member] = known
    }

    /// Forgets the conversations of a connection that closed.
    public func forget(conversation id: Int) {
        conversations = conversations.filter { $0.key.id != id }
    }

    /// Forgets one member's conversation on a connection: a relay's member who said `quit`.
    public func forget(conversation id: Int, speaker: UserName) {
        conversations[ConversationKey(id: id, speaker: speaker)] = nil
    }

    /// The events kept for a member, oldest first; they are then gone from the store.
    public func takeEvents(for member: UserName) -> [Event] {
        guard (try? store.hasEvents(for: member)) != false else { return [] }
        let (payloads, chosen) = (try? store.write(TakeEvents(member: member))) ?? ([], nil)
        // Worded now, at delivery, in the language the member chose.
        let language = grammars.spoken(chosen)
        return payloads.compactMap { payload in
            var event = Event(stored: payload, to: member)
            event?.language = language
            return event
        }
    }

    /// A list slot is filled by evidence: the lists the speaker really has.
    /// Where the grammar's best reading of a line names a list nobody has
    /// and a list's name and an item's ran together ("add sausages to BBQ on
    /// Saturday" read as "sausages to BBQ" on "Saturday"), the line's other
    /// readings of the same intent, with as many lists, are run in turn; the
    /// first that finds its lists stands. Only a line whose list was not
    /// found pays for this.
    private static func otherReading(
        of text: String, than parse: Parse, in grammar: Grammar, attempt: (Parse) throws -> CommandWork.Done
    ) throws -> CommandWork.Done? {
        let lists = parse.slots.count { $0.value.isNamedList }
        guard lists > 0 else { return nil }
        for reading in grammar.readings(text, limit: Self.readingsWeighed).dropFirst()
        where reading.intent == parse.intent && reading.slots.count(where: \.value.isNamedList) >= lists
            || Self.renamesAlike(parse, reading) {
            do {
                return try attempt(reading)
            } catch let error as DomainError where error.code == .notFound {
                // Another reading that finds nothing either ("aisle shares no list called …" for
                // "show groceries by aisle") never stands in for the first reading's answer.
                continue
            }
        }
        return nil
    }

    /// "rename BBQ to BBQ on Saturday": read as the item BBQ renamed on a
    /// list Saturday nobody has, it is the list BBQ renamed to all the words
    /// after "to". A rename of an item and of a list are one request read two ways.
    private static func renamesAlike(_ first: Parse, _ other: Parse) -> Bool {
        let renames: Set<String> = [IntentName.renameList.rawValue, IntentName.updateItem.rawValue]
        return first.intent != other.intent && renames.contains(first.intent) && renames.contains(other.intent)
            && first[slot: "new_name"] != nil && other[slot: "new_name"] != nil
    }

    /// The most readings of a line weighed: a line has a handful, a hostile one many.
    static let readingsWeighed = 8

    /// `parse` with the amounts the line being answered says (see below).
    func amountsSaid(_ parse: Parse, grammar: Grammar) -> Parse {
        countTakenOff(meantAmount(unitsBeginningNames(parse, language: grammar.language), grammar: grammar), grammar: grammar)
    }

    /// "10 huevos no 6", "we need 3 eggs not 2", «не 6 яиц, а 10»: a line
    /// that says the old amount and the new one sets the new one, whichever
    /// way it was read (a sentence, a clause of it, the model), as the
    /// words around its numbers say (``Grammar/meantAmount(in:)``).
    private func meantAmount(_ parse: Parse, grammar: Grammar) -> Parse {
        guard parse[slot: "quantity"] != nil, let (quantity, unit) = grammar.meantAmount(in: lineText) else { return parse }
        return parse.withAmount(quantity, unit: unit)
    }

    /// "Nimm 4 von den Eiern runter", "可乐删两瓶", «убери пару лимонов»: a
    /// line that takes one thing off and says one amount takes that many
    /// off, whichever way it was read: a reading that lost the amount
    /// would take the whole thing off the list. An amount that is part of
    /// the thing's or the list's name ("WD 40", "Party 2000") is no count.
    private func countTakenOff(_ parse: Parse, grammar: Grammar) -> Parse {
        guard parse.intent == IntentName.removeItem.rawValue, parse[slot: "quantity"] == nil, parse[slot: "every"] == nil,
              case .text(let item)? = parse[slot: "item"], !item.contains(","), grammar.amounts(in: item).isEmpty else { return parse }
        if case .list(let name, let spoken, _)? = parse[slot: "list"], !grammar.amounts(in: name).isEmpty || !grammar.amounts(in: spoken).isEmpty {
            return parse
        }
        let amounts = grammar.amounts(in: lineText)
        guard amounts.count == 1, let (quantity, unit) = amounts.first else { return parse }
        return parse.withAmount(quantity, unit: unit)
    }

    /// `parse` done, when it goes through; when it does not, nothing of the
    /// conversation changed, and the line may be read another way.
    func executedIfDone(_ parse: Parse, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        var tried = conversation
        let done = execute(parse, in: &tried)
        guard done.0.ok else { return nil }
        conversation = tried
        return done
    }

    func execute(_ parse: Parse, of text: String? = nil, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews]) {
        // What the speaker has may change now.
        lineContext = nil
        // A question is answered by the very next line or not at all, whatever that line does.
        let asked = conversation.question
        conversation.question = nil
        let grammar = grammars[conversation.language] ?? grammars.defaultGrammar
        let parse = amountsSaid(parse, grammar: grammar)
        do {
            let now = clock()
            let current = conversation
            let lastChange = parse.intent == "undo" ? keptChanges[current.speaker]?.last : nil
            func attempt(_ parse: Parse) throws -> CommandWork.Done {
                // The rows the command writes are noted, so that "undo" can take them back.
                let journal = WriteJournal()
                let work = CommandWork(
                    parse: parse, grammar: grammar, grammars: grammars, lexicon: lexicon, defaultListName: defaultListName(in: grammar), now: now,
                    conversation: current, question: asked, lastChange: lastChange, journal: journal)
                return try store.write(journal: journal, work)
            }
            let done: CommandWork.Done
            do {
                done = try attempt(parse)
            } catch let error as DomainError {
                guard case .listNotFound = error, let text,
                      let other = try Self.otherReading(of: text, than: parse, in: grammar, attempt: attempt) else { throw error }
                done = other
            }
            conversation = done.conversation
            if done.reply.ok { conversation.lastRequest = (parse.intent, now, conversation.lines) }
            keep(done.made, undid: done.undid, for: current.speaker)
            return (done.reply, done.notified, done.channelNews)
        } catch let error as DomainError {
            if case .listNotFound(let name, let suggestion?) = error, let corrected = parse.naming(suggestion, insteadOf: name) {
                // "Did you mean Groceries?" is a question "yes" answers.
                conversation.question = .confirm(corrected, declined: Replies.nothingDone, at: clock())
            } else if case .itemNotFound(let name, _, let suggestion?) = error, let corrected = parse.naming(item: suggestion, insteadOf: name) {
                // "gott the chese": one slip from the one thing it can be is that thing, named in the reply;
                // what takes a thing off is asked about first.
                if parse.intent != IntentName.removeItem.rawValue, isSlip(name, of: suggestion, in: conversation) {
                    return execute(corrected, in: &conversation)
                }
                // "Did you mean carne picada?" about a thing is a question too.
                conversation.question = .confirm(corrected, declined: Replies.nothingDone, at: clock())
            } else if case .whichItem(let said, let choices) = error {
                // "Which milk: full cream milk or light milk?": the next line may name one.
                conversation.question = .whichItem(parse, said: said, choices: choices, at: clock())
            }
            return (Replies.failure(error, intent: parse.intent), [], [])
        } catch CommandError.whichNote {
            return (.failure(.notUnderstood, Message(.errorNoteWhich), intent: parse.intent), [], [])
        } catch CommandError.whichItem {
            return (.failure(.ambiguous, Message(.whichItem), intent: parse.intent), [], [])
        } catch CommandError.listNamedAsItem(let list) {
            return (.failure(.notFound, Message(.listNamedAsItem, ["list": .text(list)]), intent: parse.intent), [], [])
        } catch CommandError.noQuestion(let expired) {
            return (Replies.noQuestion(expired: expired, intent: parse.intent), [], [])
        } catch CommandError.wrongAnswer(let kind) {
            conversation.question = asked // still waiting for its answer
            return (Replies.wrongAnswer(kind, intent: parse.intent), [], [])
        } catch CommandError.missingSlot(let slot, let intent) {
            return (.failure(.notUnderstood, Message(.missingSlot, ["intent": .text(intent), "slot": .text(slot)]), intent: parse.intent), [], [])
        } catch {
            return (.failure(.storageUnavailable, Replies.storageFailure, intent: parse.intent), [], [])
        }
    }
}
