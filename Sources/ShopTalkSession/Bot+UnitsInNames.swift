import ShopTalkGrammar

/// "bolsas de basura", "rollos de cocina": a thing the language sells whose
/// name begins with a word for a unit. Read as a unit and a thing, the bin
/// bags were stored as «basura» counted in bags.
extension Bot {
    /// `parse` with each thing added that is read as a unit of something the
    /// language does not sell, where the unit's words and the thing together
    /// name something it does, as that thing, counted as said: «2 bolsas de
    /// basura» is two of «bolsas de basura». "a bag of chips" stays chips.
    func unitsBeginningNames(_ parse: Parse, language: String) -> Parse {
        guard parse.intent == IntentName.addItems.rawValue, case .items(let phrases)? = parse[slot: "items"],
              phrases.contains(where: { $0.unit != nil }) else { return parse }
        let aisles = grammars.aisles
        let named = phrases.map { phrase -> ItemPhrase in
            guard phrase.unit != nil, !aisles.knows(phrase.name, in: language),
                  let said = lineText.range(of: phrase.name, options: [.caseInsensitive, .backwards]) else { return phrase }
            let before = lineText[..<said.lowerBound].split(separator: " ")
            // The unit's word, and the word that joins it to the thing ("de", "of") where the language has one.
            for count in [2, 1] where before.count >= count {
                let whole = (before.suffix(count) + [lineText[said]]).joined(separator: " ")
                if aisles.knows(whole, in: language) { return ItemPhrase(name: whole, quantity: phrase.quantity) }
            }
            return phrase
        }
        guard named != phrases else { return parse }
        return Parse(intent: parse.intent, slots: parse.slots.map { $0.name == "items" ? Parse.Slot(name: "items", value: .items(named)) : $0 })
    }
}
