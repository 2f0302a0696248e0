import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkWording

/// Where a sentence could do harm or mean two things, the bot asks rather
/// than guesses (see ``PendingQuestion``): deleting or emptying a list that
/// has items, a name that looks like a typo, an item's name that ends with a
/// list's name, "several". The answer, on the next line, runs a sentence.
extension Command {
    /// "yes", "no" or a number: the question asked on the line before, answered.
    mutating func answer(_ question: PendingQuestion?) throws -> Reply {
        guard let question else { throw CommandError.noQuestion(expired: false) }
        guard !question.hasExpired(at: household.now) else { throw CommandError.noQuestion(expired: true) }
        switch parse.intent {
        case "deny":
            if let onNo = question.onNo { return try run(answer: onNo) }
            return question.declined ?? Replies.nothingDone
        case "answer_quantity":
            guard let (sentence, index) = question.awaitingQuantity else { throw CommandError.wrongAnswer(question.kind) }
            guard case .number(let said)? = parse[slot: "quantity"], case .items(var items)? = sentence[slot: "items"] else {
                throw missing("quantity")
            }
            let phrase = items[index]
            items[index] = ItemPhrase(name: phrase.name, quantity: said, unit: unit() ?? phrase.unit)
            return try run(answer: sentence.replacing("items", with: .items(items)))
        default:
            guard let onYes = question.onYes else { throw CommandError.wrongAnswer(question.kind) }
            let reply = try run(answer: onYes)
            // Confirmed: the line is the household's own example from now on, learned with the change.
            if reply.ok, let learning = question.learning { try household.repository.learn(learning) }
            return reply
        }
    }

    /// Runs the sentence an answer stands for, asking nothing more about it.
    private mutating func run(answer sentence: Parse) throws -> Reply {
        var command = Command(
            parse: sentence, grammar: grammar, grammars: grammars, household: household, user: user,
            conversation: conversation, answered: true)
        let reply = try command.run()
        events += command.events
        channelNews += command.channelNews
        conversation = command.conversation
        return reply
    }

    /// Asks `question` with `reply`, which says what was asked and how to answer.
    private mutating func ask(_ question: PendingQuestion, _ reply: Reply) -> Reply {
        conversation.question = question
        return reply
    }

    // MARK: Confirming what cannot be undone

    /// "delete Groceries" when it has items: asked once, unless this is the answer.
    mutating func confirmingDeletion(of reference: ListReference) throws -> Reply? {
        guard !answered else { return nil }
        return try askingToDelete(reference, as: parse)
    }

    /// "delete Hardware", "удали дачу": no item, but a list of the speaker's
    /// with things on it, said without "list": whether to delete it is
    /// asked, as "delete the list Hardware" asks; nil for an empty one.
    mutating func confirmingDeletion(ofListNamedAsItem name: String) throws -> Reply? {
        let deleting = Parse(intent: IntentName.deleteList.rawValue, slots: [.init(name: "list", value: .list(name: name, spoken: name))])
        return try askingToDelete(.named(name, owner: user.name.value), as: deleting)
    }

    /// Whether to delete the list, with the things on it, asked; `deleting` is what "yes" does. Nil for an empty list.
    private mutating func askingToDelete(_ reference: ListReference, as deleting: Parse) throws -> Reply? {
        let visible = try household.resolve(reference, for: user, needs: .renameOrDelete, creatingDefault: false)
        let count = try household.repository.items(in: visible.list.id).count
        guard count > 0 else { return nil }
        return ask(.confirm(deleting, declined: Replies.kept(visible.list, for: user.name), at: household.now),
                   Replies.confirmDeleting(visible.list, items: count, for: user.name))
    }

    /// "clear the list", "start over": asked once, unless this is the answer;
    /// a list already empty is said to be.
    mutating func confirmingClearing(_ reference: ListReference) throws -> Reply? {
        let visible: Household<Repository>.VisibleList
        do {
            visible = try household.resolve(reference, for: user, needs: .changeItems, creatingDefault: false)
        } catch let error as DomainError where error.isDefaultListNotYetMade(for: reference, named: household.defaultListName) {
            throw DomainError.nothingToClear(list: household.defaultListName.value)
        }
        let count = try household.repository.items(in: visible.list.id).count
        guard count > 0 else { throw DomainError.nothingToClear(list: visible.list.name.value) }
        guard !answered else { return nil }
        return ask(.confirm(parse, declined: Replies.kept(visible.list, for: user.name), at: household.now),
                   Replies.confirmEmptying(visible.list, items: count, for: user.name))
    }

    /// "make that 3" of 750 g of beef: a bare number that in the item's own
    /// unit would be far off (3 g) is asked about in the unit that reads as
    /// a like amount ("3 kg of beef?"); yes sets that.
    mutating func confirmingUnit(of quantity: Quantity) throws -> Reply? {
        guard !answered, unit() == nil else { return nil }
        let reference = try listForItems()
        guard let item = try household.findItem(named: try itemName(), on: reference, for: user).item,
              let likelier = ItemUnit.likelier(for: quantity, replacing: Amount(item.quantity, item.unit)) else { return nil }
        return ask(.confirm(parse.replacing("unit", with: .value(likelier.value)), declined: Replies.nothingDone, at: household.now),
                   Replies.askUnit(quantity, likelier, of: item.name.value))
    }

    /// "2l milk" where the list has 12 milk, counted: two amounts that do
    /// not add up. The family is asked whether the new one replaces the old
    /// ("Groceries already has 12 milk. Make it 2 l?"), which "yes" does.
    mutating func askingToMeasureAnew(after error: DomainError, on target: Household<Repository>.VisibleList) throws -> Reply? {
        guard !answered, case .unitMismatch(let name, _, _, let requested?) = error, case .items(let phrases)? = parse[slot: "items"],
              phrases.count == 1 else { return nil }
        let said = phrases[0].quantity ?? Fraction(1)
        guard let quantity = try? Quantity(said), let found = try household.repository.items(in: target.list.id).first(where: { $0.name.value == name })
        else { return nil }
        let change = Parse(intent: IntentName.updateItem.rawValue, slots: [
            .init(name: "item", value: .text(found.name.value)), .init(name: "quantity", value: .number(said)), .init(name: "unit", value: .value(requested)),
        ] + parse.slots.filter { $0.name == "list" })
        return ask(.confirm(change, declined: Replies.nothingDone, at: household.now),
                   Replies.askMeasureAnew(found, on: target.list, to: quantity, ItemUnit(stored: requested), for: user.name))
    }

    // MARK: Before adding

    /// What an "add" is asked about before its list is even looked up, in
    /// this order: an item that ends with the name of a list ("sunscreen
    /// for Camping"), which is that item on that list, and is asked about
    /// when a known item has the whole name; a name that holds the words of
    /// a sentence ("sour cream for the bbq", "要买酱油"), which is asked
    /// about unless a known food or the household's own item vouches for it;
    /// "several", which is asked how many. Rewrites `parse` when the list was
    /// clear from the words.
    mutating func checkBeforeAdding() throws -> Reply? {
        guard !answered, case .items(var phrases)? = parse[slot: "items"] else { return nil }
        if parse[slot: "list"] == nil, let first = phrases.first, let (list, item) = Self.headedByAList(first.name), try sees(list) {
            // "ghi vào Đi chợ: bí đao, mồng tơi": the list heads the items, set apart by a colon.
            phrases[0] = first.renamed(item)
            parse = parse.replacing("items", with: .items(phrases)).replacing("list", with: list)
        }
        if parse[slot: "list"] == nil, let last = phrases.last {
            // "sunscreen for Camping", and with no word before a list that names no food: "zahnpasta drogerie".
            let bare = grammar.trailingBareLists(in: last.name).filter { _, list in
                guard case .list(let name, _, _) = list else { return false }
                return !grammars.aisles.knows(name, in: grammar.language)
            }
            for (item, list) in grammar.trailingLists(in: last.name) + bare {
                guard !item.isEmpty, try sees(list) else { continue }
                phrases[phrases.count - 1] = last.renamed(item)
                let split = parse.replacing("items", with: .items(phrases)).replacing("list", with: list)
                if try household.knowsItem(named: last.name, for: user) {
                    let target = try household.resolve(reference(to: list), for: user, creatingDefault: false).list
                    return ask(.choice(.listOrItem, yes: split, no: parse, at: household.now),
                               Replies.askListOrItem(item: item, list: target, whole: last.name, for: user.name))
                }
                parse = split
                break
            }
        }
        if parse[slot: "list"] == nil, let last = phrases.last, let (item, _, subject, _) = grammar.purposeSaid(in: last.name),
           let list = try Bot.list(openedBy: subject, among: household.visibleLists(for: user).map(\.list.name.value)) {
            // "Leberkas und Radi fürs Grillen", with a list "Grillen am Samstag": that list.
            phrases[phrases.count - 1] = last.renamed(item)
            parse = parse.replacing("items", with: .items(phrases)).replacing("list", with: .list(name: list, spoken: list))
        }
        let apart = try phrases.map { try purposeApart($0) ?? $0 }
        if apart != phrases {
            // "lollies for the kids party": the thing, with what it is for as its note.
            phrases = apart
            parse = parse.replacing("items", with: .items(phrases))
        }
        if let doubtful = try halfReadName(in: phrases) {
            let target = try household.resolve(try listForItems(), for: user, needs: .changeItems).list
            return ask(.confirm(parse, declined: Replies.nothingDone, at: household.now),
                       Replies.askAddAsWritten(doubtful, to: target, for: user.name))
        }
        if let index = phrases.firstIndex(where: \.asksHowMany) {
            return ask(.howMany(parse, item: index, at: household.now), Replies.askHowMany(phrases[index].name))
        }
        return nil
    }

    /// "lollies for the kids party", where lollies are a food and no list is
    /// called "the kids party": lollies, noted "for the kids party", as if
    /// said in brackets. A name known whole ("sirop pour la toux" on the
    /// household's list, a food of the aisles) stays whole, and so does a
    /// thing neither knows: where such a name ends, nothing tells, unless
    /// the grammar's words say it always ends there ("để làm bánh").
    private func purposeApart(_ phrase: ItemPhrase) throws -> ItemPhrase? {
        guard ItemNote.split(phrase.name).note == nil else { return nil }
        if let forAMember = try forAMember(phrase) { return forAMember }
        guard let (item, purpose, _, sure) = grammar.purposeSaid(in: phrase.name) else { return nil }
        func known(_ name: String) throws -> Bool {
            try grammars.aisles.knows(name, in: grammar.language) || household.knowsItem(named: name, for: user)
        }
        // "kem tươi whipping để làm bánh": a purpose of `purpose always` ends any thing, known or not.
        guard try sure || known(item), try !known(phrase.name) else { return nil }
        return phrase.renamed("\(item) (\(purpose))")
    }

    /// "panadol for mel", "Guetzli für Grosi": a member of the household
    /// after a word that may lead a list is whom the thing is for, and the
    /// thing ends before it, known or not: no product is named after
    /// someone in the family.
    private func forAMember(_ phrase: ItemPhrase) throws -> ItemPhrase? {
        for (item, list) in grammar.trailingLists(in: phrase.name) {
            guard !item.isEmpty, case .list(let name, _, nil) = list, let member = try? UserName(name),
                  try household.isMember(member) else { continue }
            let forWhom = ParsedLine.trimmingSpaces(String(phrase.name.dropFirst(item.count)))
            return phrase.renamed("\(item) (\(forWhom))")
        }
        return nil
    }

    /// "Đi chợ: bí đao": a name that starts with a list's name and a colon, split there.
    private static func headedByAList(_ name: String) -> (list: SlotValue, item: String)? {
        ParsedLine.splitAtColon(name).map { (.list(name: $0.head, spoken: $0.head), $0.rest) }
    }

    /// The first name that holds words of the grammar's sentences (see
    /// `Grammar.halfReadWords(inName:)`) and that nothing vouches for: not
    /// a food or good of the language's aisles, not an item the household has.
    private func halfReadName(in phrases: [ItemPhrase]) throws -> String? {
        for phrase in phrases where !grammar.halfReadWords(inName: phrase.name).isEmpty {
            if !grammar.listsHalfReadWords, grammars.aisles.knows(phrase.name, in: grammar.language) { continue }
            if try household.knowsItem(named: phrase.name, for: user) { continue }
            return phrase.name
        }
        return nil
    }

    /// Names that look like slips for known items ("mlik"): asked about,
    /// with "yes" adding them under the known names and "no" as typed.
    mutating func askDidYouMean(_ typos: [(typed: String, meant: String)]) -> Reply {
        guard case .items(let phrases)? = parse[slot: "items"] else { preconditionFailure("only a sentence with items asks about slips") }
        let corrected = phrases.map { phrase in
            typos.first { $0.typed == phrase.name }.map { phrase.renamed($0.meant) } ?? phrase
        }
        return ask(.choice(.didYouMean, yes: parse.replacing("items", with: .items(corrected)), no: parse, at: household.now),
                   Replies.askDidYouMean(typos))
    }

    /// Whether a `{list}` slot names a list the speaker sees: "my list"
    /// always does, made on first use.
    private func sees(_ list: SlotValue) throws -> Bool {
        if case .defaultList(_, nil) = list { return true }
        do {
            _ = try household.resolve(reference(to: list), for: user, creatingDefault: false)
            return true
        } catch is DomainError {
            return false
        }
    }
}
