import ShopTalkDomain
import ShopTalkGrammar

/// A family calls its lists what they are to them: "the bbq list" for BBQ
/// on Saturday, "die Grillliste" for Grillen am Samstag, «с дачи» for Дача,
/// "派对" for 生日派对, "grocereis" for Groceries. Whoever read the line (a
/// sentence of the grammar or the model), a list said so is the one list of
/// the speaker's it can be; where two could be, the domain's "no list called
/// …" stands, and choosing is the family's.
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
        // One slip from one name only: "Costa" between Costco and Costa Rica trip is for the family to say.
        guard let slip = Similarity.typo(of: said, among: lists),
              Similarity.typo(of: said, among: lists.filter { $0 != slip }) == nil else { return nil }
        return slip
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

    /// `parse` with each list it names, not found by the name said, put as
    /// the one list of `lists` that name means (``listMeant(by:among:grammar:)``);
    /// nil when a list said means none, or several. A list being made, or
    /// copied into anew, is never another list.
    func withListsMeant(_ parse: Parse, among lists: [String], language: String) -> Parse? {
        var slots = parse.slots
        for (index, slot) in parse.slots.enumerated() where slot.name == "list" || slot.name == "to_list" {
            guard case .list(let name, _, nil) = slot.value,
                  !(parse.intent == IntentName.createList.rawValue && slot.name == "list"),
                  !(parse.intent == IntentName.copyList.rawValue && slot.name == "to_list"),
                  let said = try? ListName(name), ListName.matching(said, in: lists.map(ListName.init(stored:)), name: { $0 }).isEmpty
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
              // "is ther any lettuce on grocries": a thing named with the grammar's own words was read in part.
              !Self.isHalfRead(meant, in: grammars[conversation.language] ?? grammars.defaultGrammar) else { return nil }
        var tried = conversation
        let done = execute(meant, in: &tried)
        guard done.0.ok || done.0.error == .question else { return nil }
        conversation = tried
        return done
    }
}
