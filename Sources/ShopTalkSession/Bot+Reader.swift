import Foundation
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkJSON
import ShopTalkStore
import ShopTalkWording

/// Lines no sentence of a grammar holds, read by the language's model (see
/// ``LanguageModel``): one decision on its best reading, in the
/// conversation's language or another the line has words of its own in.
extension Bot {
    /// What the model reading of `text` comes to: acted on above the
    /// language's threshold, asked about (the reading in the speaker's
    /// words, which "yes" does) between its thresholds; nil below them,
    /// or when acting found nothing it named, and nothing was changed.
    /// Without `mayAsk`, only a reading sure enough to act is taken: where the
    /// grammar read the line whole and found a list not there ("go to
    /// Groceries"), saying so is a better answer than a question.
    func readByModel(_ text: String, mayAsk: Bool = true, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        // A line of marks and nothing else ("?!", "…") says no request.
        guard text.contains(where: { $0.isLetter || $0.isNumber }) else { return nil }
        let context = readerContext(for: conversation)
        let languages = languagesWorthReading(text, in: conversation, context: context)
        if let reading = learnedReading(text, languages: languages, context: context), let done = act(on: reading, in: &conversation) {
            return done
        }
        // A reading that names a list or a thing the speaker does not have is refused.
        guard let (best, model) = bestModelReading(text, languages: languages, context: context, speaker: conversation.speaker),
              let reading = fitting(best, of: text, lists: context.lists) else { return nil }
        let decision = model.decision(on: reading)
        // "молоко-то купили?": a thing named first and asked about asks whether it was bought, whoever read the line.
        if decision != .refuse, case let asked = Self.askedWhetherTicked(reading.parse, in: text, by: grammars[reading.language]), asked.intent != reading.parse.intent {
            return act(on: Reading(parse: asked, language: reading.language, confidence: reading.confidence, source: reading.source), in: &conversation)
        }
        switch decision {
        case .refuse: return nil
        case .act: return act(on: reading, in: &conversation)
        // A number the model is unsure is one, with no question waiting ("ad tht 2" as "2"), answers nothing: not understood.
        case .ask where reading.parse.intent == IntentName.answerQuantity.rawValue && conversation.question == nil:
            return nil
        // "nah don't worry about it": talk changes nothing, and "Did you mean: no?" asks nothing a family could answer
        // (with no question waiting, it is told so).
        case .ask where IntentName(rawValue: reading.parse.intent)?.isTalk == true: return act(on: reading, in: &conversation)
        case .ask: break
        }
        guard mayAsk, let grammar = grammars[reading.language] else { return nil }
        conversation.language = reading.language
        let learning = LearnedLine(language: reading.language, text: text, intent: reading.parse.intent, slots: reading.spans,
                                   member: conversation.speaker, learnedAt: clock())
        return ask(reading.parse, in: grammar, context: context, learning: learning, in: &conversation)
    }

    /// Whether the model of `language` reads `text` surely enough to act on it there.
    func modelActs(on text: String, in language: String, conversation: Conversation) -> Bool {
        guard let (best, model) = bestModelReading(text, languages: [language], context: readerContext(for: conversation), speaker: conversation.speaker)
        else { return false }
        return best.language == language && model.decision(on: best) == .act
    }

    /// "Take 2 avocados off Groceries?": `parse` asked about in the speaker's
    /// words, which "yes" does; with `learning`, the line confirmed is the household's own example.
    /// Asked as it would be done: "Take 2 avocados off?", never the whole of them; and of the
    /// thing and the list as the household calls them: "die Eier", not the "Eiern" of "von den Eiern", «Дача», not «дачу».
    func ask(_ parse: Parse, in grammar: Grammar, context: ReaderContext, learning: LearnedLine?,
             in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews]) {
        let named = Self.listsAsCalled(parse, among: context.lists)
        let asked = Self.inTheHouseholdsWords(amountsSaid(named, grammar: grammar), things: context.things)
        conversation.question = .confirmReading(asked, learning: learning, at: clock())
        // The list worked on the line before stays the one worked on for the "yes": «сливки для кофе мне
        // запиши» after adding to Продукты, asked about and confirmed, goes on Продукты, as done at once it would.
        // Only here: a question that offers a list ("Do you mean food on Dog?") is answered "no" to that list.
        if let worked = conversation.namedList, worked.line == conversation.lines - 1 {
            conversation.namedList = (worked.list, clock(), conversation.lines)
        }
        return (Replies.askReading(asked, help: grammar.intent(named: asked.intent)?.help), [], [])
    }

    /// `parse`, read from a sentence of the grammar written `ask:` (`understood`,
    /// ``Parse/asksFirst``: "no more yoghurt", take it off, or we ran out?),
    /// asked about rather than done; nil, to be done as read, where it would
    /// change nothing the speaker has: it takes off, ticks or changes a
    /// thing that is on none of their lists ("There is no ketchup").
    func askedFirst(_ parse: Parse, read understood: Parse, in language: String,
                    conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        guard understood.asksFirst, let grammar = grammars[language] else { return nil }
        let context = readerContext(for: conversation)
        if parse.intent != IntentName.addItems.rawValue, case .text(let said)? = parse[slot: "item"],
           Self.thing(said, among: context.things) == nil {
            return nil
        }
        return ask(parse, in: grammar, context: context, learning: nil, in: &conversation)
    }

    /// `reading` where it fits what the speaker has; where only a list it
    /// names was said by other words than its name ("the bbq list"), the
    /// same reading of the list those words mean; else nil. A list the line
    /// names whole is never meant by a part of it: ":bob add milk" with a
    /// list called so is no "add milk" to it.
    private func fitting(_ reading: Reading, of text: String, lists: [String]) -> Reading? {
        if reading.fitsWhatIsThere { return reading }
        guard reading.fitsButForItsLists, let parse = withListsMeant(reading.parse, among: lists, language: reading.language),
              parse != reading.parse else { return nil }
        // Only the lists found now: one the reading named exactly stays, whether or not the line says it whole.
        let meant = parse.slots.filter { !reading.parse.slots.contains($0) }.compactMap { slot -> String? in
            guard slot.name == "list" || slot.name == "to_list", case .list(let name, _, _) = slot.value else { return nil }
            return name
        }
        guard !meant.contains(where: { text.range(of: $0, options: [.caseInsensitive, .diacriticInsensitive]) != nil }) else { return nil }
        return Reading(parse: parse, language: reading.language, confidence: reading.confidence, source: reading.source, why: reading.why,
                       spans: reading.spans, isComplete: reading.isComplete, addsAnUnknownThing: reading.addsAnUnknownThing)
    }

    /// `parse` with the one thing it names called as the household calls
    /// it, where the words said are another form of that name ("Eiern",
    /// «сметаны»): a question repeats the household's word, not the case
    /// the line happened to put it in.
    static func inTheHouseholdsWords(_ parse: Parse, things: [String]) -> Parse {
        guard case .text(let said)? = parse[slot: "item"], !said.contains(","), !things.contains(said),
              let known = thing(said, among: things) else { return parse }
        return parse.replacing("item", with: .text(known))
    }

    /// The thing of `things` that `said` names, in another form of its name or the same.
    private static func thing(_ said: String, among things: [String]) -> String? {
        guard let typed = try? ItemName(said) else { return nil }
        return things.first { (try? ItemName($0))?.denotesSameItem(as: typed) == true }
    }

    /// `reading` done in its language; nil, and nothing changed, when doing
    /// it named a list or a thing the speaker does not have (a misreading:
    /// "you're not out shopping" is still an answer to the request meant).
    private func act(on reading: Reading, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        var tried = conversation
        tried.language = reading.language
        let done = execute(reading.parse, in: &tried)
        guard !Self.isMisreading(done.0) else { return nil }
        conversation = tried
        return done
    }

    /// Whether the language's model doubts `parse`, a reading of `text`
    /// found by another way than a sentence of the grammar (the line put
    /// back in order, a list named whole, a note without a verb, the
    /// evidence of its words): the model is sure of another request
    /// (``sureOfAnother``) and gives this one next to nothing
    /// (``doubtBelow``). A doubted reading is not done; the line goes on to
    /// the model's own reading, which acts, asks or refuses ("鸡蛋还要买吗"
    /// asks whether eggs are still needed, it unticks nothing). A line of
    /// things alone is never doubted: it has no words of another request
    /// for the model to go by, only their shape ("milk x2").
    /// Measured on the tables no longer held out (docs/languages.md).
    func modelDoubts(_ parse: Parse, of text: String, in language: String, conversation: Conversation) -> Bool {
        let odds = modelOdds(of: text, in: language, conversation: conversation)
        guard let likeliest = odds.max(by: { $0.value < $1.value || $0.value == $1.value && $0.key > $1.key }),
              likeliest.key != parse.intent, likeliest.value >= Self.sureOfAnother else { return false }
        return odds[parse.intent, default: 0] < Self.doubtBelow
    }

    /// The model's odds for `text` in `language`, read once a line (``lineOdds``); none without a model.
    private func modelOdds(of text: String, in language: String, conversation: Conversation) -> [String: Double] {
        if let kept = lineOdds, kept.text == text, kept.language == language { return kept.odds }
        guard let grammar = grammars[language], let model = grammars.model(language) else { return [:] }
        let aisles = grammars.aisles
        let odds = model.odds(of: text, grammar: grammar, context: readerContext(for: conversation), isFood: { aisles.knows($0, in: language) })
        lineOdds = LineOdds(text: text, language: language, odds: odds)
        return odds
    }

    /// The two requests the model thinks a refused line likeliest to make
    /// (each at least ``nearEnough``), whose examples a refusal suggests
    /// first: "Sorry, I didn't understand that. You could try “…”".
    /// None for a line it reads as no request at all.
    func nearestRequests(_ text: String, in language: String, conversation: Conversation) -> [String] {
        let odds = modelOdds(of: text, in: language, conversation: conversation)
        if let none = odds[LabeledExample.notARequest], odds.values.allSatisfy({ $0 <= none }) { return [] }
        return odds.filter { $0.key != LabeledExample.notARequest && $0.value >= Self.nearEnough }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(2).map(\.key)
    }

    static let nearEnough = 0.15

    /// How sure the model must be of another request to doubt a reading (by the line's words alone)...
    static let sureOfAnother = 0.6
    /// ...and how little it may give the reading's own.
    static let doubtBelow = 0.1

    /// "no, Costco", "nein, auf Rewe", "no I meant Costco", after "Add
    /// beans to Shopping list?": the reading asked about, done on that list
    /// of the speaker's as its "yes" would be. The household learns the line
    /// with that list where the line named it (the reader had taken other
    /// words for the list); a line that did not name it teaches nothing.
    /// Nil when the line is no such correction.
    func correctingReading(_ text: String, _ question: PendingQuestion, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        if let amount = correctingAmount(text, question, in: &conversation) { return amount }
        guard let (meant, learning) = question.readingAsked, let grammar = grammars[learning.language],
              grammar.intent(named: meant.intent)?.slots.contains("list") == true,
              let list = Self.listCorrected(by: text, among: speakersLists(in: conversation), grammar: grammar)
        else { return nil }
        let corrected = meant.replacing("list", with: .list(name: list, spoken: list))
        let relearned = grammar.slots(learning.slots, withList: list, in: learning.text).map {
            LearnedLine(language: learning.language, text: learning.text, intent: learning.intent, slots: $0, member: learning.member,
                        learnedAt: clock())
        }
        // Answered as its yes: the corrected reading, asked and confirmed in one line.
        conversation.question = .confirmReading(corrected, learning: relearned, at: question.askedAt)
        return execute(Parse(intent: IntentName.confirm.rawValue, slots: []), in: &conversation)
    }

    /// "no, 2", "nein, nur 3 Kilo" after "Take avocados off the list?" or
    /// "Add 3 pommes to Marché?": the reading asked about, with the amount
    /// meant, done as its yes would be. Nothing is learned: the line said
    /// another amount than the one read, and would be misread again.
    /// Nil when the line is no such correction, or the reading counts
    /// nothing or several things.
    private func correctingAmount(_ text: String, _ question: PendingQuestion, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        guard let (meant, learning) = question.readingAsked, let grammar = grammars[learning.language],
              let (quantity, unit) = grammar.amountCorrection(in: text) else { return nil }
        let corrected: Parse
        switch meant.intent {
        case IntentName.updateItem.rawValue, IntentName.removeItem.rawValue:
            // "no, 3" after "Change flour to 2 kg?" is 3 kg: a unit said replaces the one read, else it stays.
            let read: String? = if case .value(let said)? = meant[slot: "unit"] { said } else { nil }
            corrected = meant.withAmount(quantity, unit: unit ?? read)
        case IntentName.addItems.rawValue:
            guard case .items(let items)? = meant[slot: "items"], items.count == 1, let item = items.first else { return nil }
            corrected = meant.replacing("items", with: .items([ItemPhrase(name: item.name, quantity: quantity, unit: unit ?? item.unit)]))
        default:
            return nil
        }
        conversation.question = .confirmReading(corrected, learning: nil, at: question.askedAt)
        return execute(Parse(intent: IntentName.confirm.rawValue, slots: []), in: &conversation)
    }

    /// Whether a reply says a list or a thing the line named is not there.
    static func namesWhatIsNotThere(_ reply: Reply) -> Bool {
        namesAListNotThere(reply) || reply.error == .notFound && [.errorItemNotFound, .errorItemNotFoundSuggestion].contains(reply.message?.key)
    }

    /// Whether a reply says a list the line named is not there.
    static func namesAListNotThere(_ reply: Reply) -> Bool {
        guard reply.error == .notFound, let key = reply.message?.key else { return false }
        return [.errorListNotFound, .errorListNotFoundSuggestion, .errorSharedListNotFound, .errorSharedListNotFoundSuggestion].contains(key)
    }

    /// Whether acting on a model's reading showed it misread the line: it
    /// named what is not there, or took a list's name for a thing.
    static func isMisreading(_ reply: Reply) -> Bool {
        namesWhatIsNotThere(reply) || reply.message?.key == .listNamedAsItem
    }

    /// The conversation's language, and each other language the line has
    /// words of its own in (the household's names counting as the
    /// conversation's): the languages whose learned lines and models read it.
    private func languagesWorthReading(_ text: String, in conversation: Conversation, context: ReaderContext) -> [String] {
        let names = context.lists + context.things
        return [conversation.language] + grammars.languages.filter {
            $0 != conversation.language && grammars.speaks($0, not: conversation.language, text, names: names)
        }
    }

    /// The reading of a line the household confirmed before, its words matched, its names its own.
    private func learnedReading(_ text: String, languages: [String], context: ReaderContext) -> Reading? {
        let aisles = grammars.aisles
        for language in languages {
            guard let grammar = grammars[language],
                  let lines = try? store.write(LearnedLines(language: language)), !lines.isEmpty else { continue }
            if let reading = grammar.readingByLearnedLines(text, lines: lines.map { ($0.text, $0.intent, $0.slots) }, context: context,
                                                           isFood: { aisles.knows($0, in: language) }) {
                return reading
            }
        }
        return nil
    }

    /// The likeliest reading of `languages`, with its language's model;
    /// read once a line for the same languages and context (``lineReading``).
    private func bestModelReading(_ text: String, languages: [String], context: ReaderContext, speaker: UserName) -> (Reading, LanguageModel)? {
        if let kept = lineReading, kept.text == text, kept.languages == languages, kept.context == context { return kept.best }
        let best = likeliestModelReading(text, languages: languages, context: context, speaker: speaker)
        lineReading = LineReading(text: text, languages: languages, context: context, best: best)
        return best
    }

    /// The likeliest reading in any of `languages`; where it would put back
    /// things of which none is ticked off, the next one ("Mülltüten wieder weg").
    private func likeliestModelReading(_ text: String, languages: [String], context: ReaderContext, speaker: UserName) -> (Reading, LanguageModel)? {
        let aisles = grammars.aisles
        var best: (Reading, LanguageModel)?
        for language in languages {
            guard let model = grammars.model(language), let grammar = grammars[language],
                  case let readings = model.readings(of: text, grammar: grammar, context: context, isFood: { aisles.knows($0, in: language) }, limit: 2),
                  var reading = readings.first else { continue }
            if untickingNothingTicked(reading.parse, things: context.things, speaker: speaker, language: language) {
                guard readings.count > 1 else { continue }
                reading = readings[1].given(notMeant: reading, below: min(model.thresholds.act, model.thresholds.actOnWhatIsThere))
            }
            // Another language's reading must be clearly likelier than the conversation's own.
            if let (current, _) = best, reading.confidence <= current.confidence + 0.1 { continue }
            best = (reading, model)
        }
        return best
    }

    /// What the speaker has, which the model weighs: their lists and the things on them.
    func readerContext(for conversation: Conversation) -> ReaderContext {
        if let kept = lineContext, kept.language == conversation.language { return kept.context }
        let grammar = grammars[conversation.language] ?? grammars.defaultGrammar
        let known = try? store.write(VisibleListsAndThings(member: conversation.speaker, now: clock(),
                                                           defaultListName: (try? ListName(grammar.defaultListName)) ?? .defaultList, withThings: true))
        let context = ReaderContext(lists: known?.lists ?? [], things: known?.things ?? [])
        lineContext = (conversation.language, context)
        return context
    }
}

/// The model's odds for one line in one language (see ``LanguageModel/odds(of:grammar:context:isFood:)``).
struct LineOdds {
    let text: String
    let language: String
    let odds: [String: Double]
}

/// The model's best reading of one line, in the languages and against the context it was read in.
struct LineReading {
    let text: String
    let languages: [String]
    let context: ReaderContext
    let best: (Reading, LanguageModel)?
}

/// The lines a household confirmed, in a language.
struct LearnedLines: RepositoryWork {
    let language: String

    func run<Repository: ShoppingRepository>(_ repository: Repository) throws -> [LearnedLine] {
        try repository.learnedLines(in: language)
    }
}

extension Replies {
    /// A reading the model is not sure enough of, asked about in the
    /// request's own words ("Add 3 pommes to Marché?"), or for a rarer
    /// request in the words of its help ("Did you mean: rename a list
    /// (Costco, Big shop)?"). "yes" does it.
    /// The commonest requests' own questions, and what each names, and so needs.
    private static let questions: [String: (key: MessageKey, needs: [String])] = [
        "add_items": (.askReadingAddItems, ["items"]), "remove_item": (.askReadingRemoveItem, ["item"]),
        "check_item": (.askReadingCheckItem, ["item"]), "uncheck_item": (.askReadingUncheckItem, ["item"]),
        "update_item": (.askReadingUpdateItem, ["item"]), "find_item": (.askReadingFindItem, ["item"]),
        "show_list": (.askReadingShowList, []), "who_added": (.askReadingWhoAdded, ["item"]),
        "go_shopping": (.askReadingGoShopping, []), "done_shopping": (.askReadingDoneShopping, []),
        "create_list": (.askReadingCreateList, ["list"]), "delete_list": (.askReadingDeleteList, ["list"]),
        "clear_list": (.askReadingClearList, ["list"]), "share_list": (.askReadingShareList, ["list", "users"]),
        "set_note": (.askReadingSetNote, ["item", "text"]), "clear_note": (.askReadingClearNote, ["item"]),
        "put_in_aisle": (.askReadingPutInAisle, ["item", "aisle"]), "assign_item": (.askReadingAssignItem, ["item", "users"]),
        "move_items": (.askReadingMoveItems, ["item", "to_list"]), "my_items": (.askReadingMyItems, []),
        "clear_checked": (.askReadingClearChecked, []),
    ]

    static func askReading(_ parse: Parse, help: String?) -> Reply {
        let data = JSON.object([("question", .string(PendingQuestion.Kind.confirm.rawValue)), ("reading", Parse.json(parse))])
        if let (key, needs) = questions[parse.intent] {
            var arguments: [String: MessageArgument] = ["has_list": .text("no"), "has_quantity": .text("no"), "has_text": .text("no")]
            for slot in parse.slots {
                switch (slot.name, slot.value) {
                case ("items", .items(let phrases)):
                    arguments["items"] = .list(phrases.map { phrase in
                        guard let quantity = phrase.quantity.flatMap({ try? Quantity($0) }) else { return .thing(phrase.name, plural: false, typedIn: nil) }
                        return amount(quantity, unit: phrase.unit.flatMap { try? ItemUnit($0) }, name: phrase.name)
                    }, .and)
                case ("item", .text(let name)): arguments["item"] = .thing(name, plural: false, typedIn: nil)
                case ("list", .list(let name, _, _)): (arguments["list"], arguments["has_list"]) = (.text(name), .text("yes"))
                case ("users", .users(let users)): arguments["users"] = .list(users.map { .text($0) }, .and)
                case ("user", .text(let user)): arguments["users"] = .text(user)
                case ("to_list", .list(let name, _, _)): arguments["to_list"] = .text(name)
                case ("aisle", .text(let aisle)), ("aisle", .value(let aisle)): arguments["aisle"] = aisleName(aisle)
                case ("quantity", .number(let number)): (arguments["quantity"], arguments["has_quantity"]) = (.text(number.description), .text("yes"))
                case ("text", .text(let text)): (arguments["text"], arguments["has_text"]) = (.text(text), .text("yes"))
                default: break
                }
            }
            // "Take 2 avocados off the list?": a count taken off is said with the thing.
            if parse.intent == IntentName.removeItem.rawValue, case .text(let name)? = parse[slot: "item"],
               case .number(let number)? = parse[slot: "quantity"], let quantity = try? Quantity(number) {
                let unit: ItemUnit? = if case .value(let said)? = parse[slot: "unit"] { try? ItemUnit(said) } else { nil }
                arguments["item"] = amount(quantity, unit: unit, name: name)
            }
            if needs.allSatisfy({ arguments[$0] != nil }) {
                return .failure(.question, Message(key, MessageArguments(arguments.sorted { $0.key < $1.key })), intent: parse.intent, data: data)
            }
        }
        var request = (help ?? parse.intent).trimmingCharacters(in: .whitespaces)
        while let last = request.last, ".。!！".contains(last) { request.removeLast() }
        let details: [MessageArgument] = parse.slots.compactMap { slot in
            switch slot.value {
            case .items(let phrases): .list(phrases.map { .text(($0.quantity.map { "\($0.description) " } ?? "") + ($0.unit.map { "\($0) " } ?? "") + $0.name) }, .plain)
            case .list(let name, _, _): .text(name)
            case .text(let text): .text(text)
            case .users(let users): .list(users.map { .text($0) }, .plain)
            case .number(let number): .text(number.description)
            case .value(let value): .text(value)
            case .defaultList, .currentList: nil
            }
        }
        let message = details.isEmpty ? Message(.askReadingBare, ["request": .text(request)])
            : Message(.askReading, ["request": .text(request), "details": .list(details, .plain)])
        return .failure(.question, message, intent: parse.intent, data: data)
    }
}
