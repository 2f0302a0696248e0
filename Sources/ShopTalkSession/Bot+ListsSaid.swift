import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkText

/// Which of the speaker's lists a line names. A family calls its lists
/// what they are to them: "the bbq list" for BBQ on Saturday, "die
/// Grillliste" for Grillen am Samstag, «с дачи» for Дача, "派对" for 生日派对,
/// "grocereis" for Groceries, "la liste Liste" for a list called Liste.
/// Whoever read the line (a sentence of the grammar or the model), a list
/// said so is the one list of the speaker's it can be; where two could be,
/// the domain's "no list called …" stands, and choosing is the family's.
extension Bot {
    /// The one list of `lists` that `said` means: called so (in any case,
    /// without accents); the head of a word made with the language's ending
    /// for a list ("Drogerieliste"); named in part (see
    /// ``ListName/partlyNamed(_:in:name:)``); ideographs found inside one
    /// name; or one slip from one name (see ``Similarity/typo(of:among:)``).
    /// Nil when none, or several, would do.
    static func listMeant(by said: String, among lists: [String], grammar: Grammar?) -> String? {
        guard let spoken = try? ListName(said) else { return nil }
        let names = lists.map(ListName.init(stored:))
        let whole = ListName.matching(spoken, in: names) { $0 }
        guard whole.isEmpty else { return whole.count == 1 ? whole[0].value : nil }
        if let head = grammar?.listCompoundHead(of: said), let meant = listMeant(by: head, among: lists, grammar: nil) { return meant }
        if let part = ListName.partlyNamed(spoken, in: names, name: { $0 }) { return part.value }
        if let inside = ideographsInsideOneName(said, of: lists) { return inside }
        if let abbreviated = abbreviatingOneName(said, of: lists) { return abbreviated }
        // One slip from one name only: "Costa" between Costco and Costa Rica trip is for the family to say.
        guard let slip = Similarity.typo(of: said, among: lists),
              Similarity.typo(of: said, among: lists.filter { $0 != slip }) == nil else { return nil }
        return slip
    }

    /// The one list of `lists` a short correction names ("no, Costco",
    /// "ko phải, qua bhx"), meant as ``listMeant(by:among:grammar:)`` means
    /// it (see ``Grammar/listCorrection(in:lists:meaning:)``).
    static func listCorrected(by text: String, among lists: [String], grammar: Grammar) -> String? {
        grammar.listCorrection(in: text, lists: lists, meaning: { listMeant(by: $0, among: lists, grammar: grammar) })
    }

    /// "派对" for 生日派对, "超市" for 家乐福超市: ideographs (two or more)
    /// written inside the name of one list, where words have no spaces to
    /// be told apart by.
    private static func ideographsInsideOneName(_ said: String, of lists: [String]) -> String? {
        let scalars = said.unicodeScalars
        guard scalars.count >= 2, scalars.allSatisfy({ $0.properties.isIdeographic }) else { return nil }
        let holding = lists.filter { $0.contains(said) }
        return holding.count == 1 ? holding[0] : nil
    }

    /// «др» for День рождения, "sn bé Na" for Sinh nhật bé Na, "NY" for New
    /// Year: a name with some of its words said by their first letters,
    /// the other words as they are, meaning one list only.
    private static func abbreviatingOneName(_ said: String, of lists: [String]) -> String? {
        func foldedWords(_ name: String) -> [String] {
            name.lowercased().split(separator: " ").map { AccentFolding.folded(String($0)) ?? String($0) }
        }
        let saidWords = foldedWords(said)
        guard saidWords.contains(where: { $0.count >= 2 && $0.count <= 4 && $0.allSatisfy(\.isLetter) }) else { return nil }
        let meant = lists.filter { list in
            let words = foldedWords(list)
            return words.count >= 2 && abbreviates(saidWords[...], words[...])
        }
        return meant.count == 1 ? meant[0] : nil
    }

    /// Whether `said` is `words`, each said word one of them whole or the first letters of two or more in a row, one at least so.
    private static func abbreviates(_ said: ArraySlice<String>, _ words: ArraySlice<String>, shortened: Bool = false) -> Bool {
        guard let first = said.first else { return words.isEmpty && shortened }
        if let word = words.first, word == first, abbreviates(said.dropFirst(), words.dropFirst(), shortened: shortened) { return true }
        let letters = Array(first)
        guard letters.count >= 2, letters.count <= words.count,
              zip(letters, words.prefix(letters.count)).allSatisfy({ $0 == $1.first }) else { return false }
        return abbreviates(said.dropFirst(), words.dropFirst(letters.count), shortened: true)
    }

    /// `parse` with each list it names, not found by the name said, put as
    /// the one list of `lists` that name means (``listMeant(by:among:grammar:)``);
    /// nil when a list said means none, or several. A list being made, or
    /// copied into anew, is never another list.
    func withListsMeant(_ parse: Parse, among lists: [String], language: String) -> Parse? {
        var slots = parse.slots
        for (index, slot) in parse.slots.enumerated() {
            guard let name = Self.speakersListNamed(by: slot, of: parse), let said = try? ListName(name),
                  ListName.matching(said, in: lists.map(ListName.init(stored:)), name: { $0 }).isEmpty
            else { continue }
            guard let found = Self.listMeant(by: name, among: lists, grammar: grammars[language]) else { return nil }
            slots[index] = Parse.Slot(name: slot.name, value: .list(name: found, spoken: found))
        }
        // "Für Samstag zum Grillen": two pieces of one list's name are that list once; of two lists, neither.
        func listNamed(_ slot: Parse.Slot) -> String? {
            guard slot.name == "list" || slot.name == "to_list", case .list(let name, _, _) = slot.value else { return nil }
            return ListName(stored: name).key
        }
        var kept: [Parse.Slot] = []
        for slot in slots {
            guard let list = listNamed(slot) else { kept.append(slot); continue }
            if let earlier = kept.first(where: { $0.name == slot.name && listNamed($0) != nil }) {
                if listNamed(earlier) != list { return nil }
                continue
            }
            kept.append(slot)
        }
        return Parse(intent: parse.intent, slots: kept)
    }

    /// "add burger patties to bbq", "was steht auf der Samstagsliste?",
    /// "clear out the bbq list": a sentence of the grammar that named a list
    /// not found by the name said, done on the one list that name means.
    /// Tried after the line is read with a list named whole, so that "add
    /// buns to bbq on saturday" is never read as a part of it. A request
    /// that asks before it destroys asks, of the list meant.
    func listNamedInPart(_ parse: Parse, lists: [String], in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        guard let meant = withListsMeant(parse, among: lists, language: conversation.language), meant != parse,
              // "is ther any lettuce on grocries": a thing named with the grammar's own words was read in part
              // (the list found is the household's own name, whatever words it has: «День рождения» for «др»).
              !Self.isHalfRead(meant.without(["list", "to_list"]), in: grammars[conversation.language] ?? grammars.defaultGrammar) else { return nil }
        var tried = conversation
        let done = execute(meant, in: &tried)
        guard done.0.ok || done.0.error == .question else { return nil }
        conversation = tried
        return done
    }

    /// The line read with a list of the speaker's, of several words, named
    /// whole (see `Grammar.wholeListName(in:lists:)`), in the conversation's
    /// language; nil when it names none, or the reading did not go through.
    func readingListWhole(_ text: String, lists: [String], in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        let grammar = grammars[conversation.language] ?? grammars.defaultGrammar
        guard let whole = grammar.wholeListName(in: text, lists: lists), let read = grammar.parse(whole.text),
              IntentName(rawValue: read.intent)?.isTalk == false, let parse = read.puttingBack(whole.list),
              !modelDoubts(parse, of: text, in: conversation.language, conversation: conversation) else { return nil }
        var tried = conversation
        let done = execute(parse, of: nil, in: &tried)
        guard done.0.ok || done.0.error != .notFound else { return nil }
        conversation = tried
        return done
    }

    /// `parse` with each of the speaker's lists it names written as the
    /// household calls it: a question says "Costco", «Дача», not the
    /// "costco" or «дачу» the line happened to put it in.
    static func listsAsCalled(_ parse: Parse, among lists: [String]) -> Parse {
        let names = lists.map(ListName.init(stored:))
        return Parse(intent: parse.intent, slots: parse.slots.map { slot in
            guard let name = speakersListNamed(by: slot, of: parse), let said = try? ListName(name),
                  case let named = ListName.matching(said, in: names, name: { $0 }), named.count == 1
            else { return slot }
            return Parse.Slot(name: slot.name, value: .list(name: named[0].value, spoken: named[0].value))
        })
    }

    /// The name of the speaker's own list `slot` names in `parse`; nil for
    /// any other slot, another member's list, and a list being made or
    /// copied into anew, which is never one the speaker has.
    private static func speakersListNamed(by slot: Parse.Slot, of parse: Parse) -> String? {
        guard slot.name == "list" || slot.name == "to_list", case .list(let name, _, nil) = slot.value,
              !(parse.intent == IntentName.createList.rawValue && slot.name == "list"),
              !(parse.intent == IntentName.copyList.rawValue && slot.name == "to_list") else { return nil }
        return name
    }

    /// "bo banh mi ra khoi list Nha", where the speaker has a list Nhà: read
    /// as "list" (the default) with "nha" left out as a chat particle, the
    /// line names a list of the speaker's right after its words for the
    /// default list, and that list is what it means. Only a line with words
    /// after them pays for the look ("what's on my list" does not).
    func listAfterAListWord(_ parse: Parse, in text: String, language: String, conversation: Conversation) -> Parse {
        guard let index = parse.slots.firstIndex(where: { $0.name == "list" }), case .defaultList(let spoken, nil) = parse.slots[index].value,
              let said = text.range(of: spoken, options: [.caseInsensitive, .backwards]),
              text[said.upperBound...].contains(where: \.isLetter) else { return parse }
        let lists = speakersLists(in: conversation).map(ListName.init(stored:))
        func list(_ words: Substring) -> ListName? {
            let name = words.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
            return (try? ListName(name)).flatMap { spoken in ListName.matching(spoken, in: lists, name: { $0 }).first }
        }
        // "xoá danh sách Danh sách đi chợ": a list named with the words for a list is that list, not "Đi chợ".
        guard let named = list(text[said.lowerBound...]) ?? list(text[said.upperBound...]) else { return parse }
        var slots = parse.slots
        slots[index] = .init(name: "list", value: .list(name: named.value, spoken: named.value))
        return Parse(intent: parse.intent, slots: slots)
    }

    /// "partage Liste avec Claire", "was steht auf Liste?", where the speaker
    /// has a list called Liste: the language's word for the list, said bare,
    /// names the speaker's list so called; with an article ("sur la liste",
    /// "auf die Liste") it is still the default. Sharing or showing the
    /// default list instead of the one named would act on another list.
    /// Only a line with such a bare word pays for the look.
    func listCalledByAListWord(_ parse: Parse, in text: String, language: String, conversation: Conversation) -> Parse {
        guard let index = parse.slots.firstIndex(where: { $0.name == "list" }), case .defaultList(let spoken, nil) = parse.slots[index].value,
              // A phrase of several words ("my list", "la lista de la compra") is no bare word.
              !spoken.contains(" "),
              let said = text.range(of: spoken, options: [.caseInsensitive, .backwards]),
              let grammar = grammars[language], !grammar.saysArticle(before: said.lowerBound, in: text),
              let named = speakersLists(in: conversation).first(where: { $0.compare(spoken, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }),
              // The bot's own name for a first list ("Shopping list") is found by its phrase already.
              named.compare(grammar.defaultListName, options: [.caseInsensitive]) != .orderedSame
        else { return parse }
        var slots = parse.slots
        slots[index] = .init(name: "list", value: .list(name: named, spoken: spoken))
        return Parse(intent: parse.intent, slots: slots)
    }

    /// The speaker's lists, and with `withThings` the things on them (for a refusal's suggestions).
    func speakersListsAndThings(in conversation: Conversation, withThings: Bool = true) -> (lists: [String], things: [String]) {
        let grammar = grammars[conversation.language] ?? grammars.defaultGrammar
        return (try? store.write(VisibleListsAndThings(member: conversation.speaker, now: clock(), defaultListName: defaultListName(in: grammar),
                                                       withThings: withThings))) ?? ([], [])
    }

    func speakersLists(in conversation: Conversation) -> [String] {
        speakersListsAndThings(in: conversation, withThings: false).lists
    }
}
