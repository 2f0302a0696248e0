import ShopTalkDomain
import ShopTalkGrammar

/// Lines no sentence holds, read by the evidence of their words (see
/// `Grammar.readByEvidence`), before the model reads them.
extension Bot {
    /// A line no sentence holds, read by the evidence of every word in it
    /// (see `Grammar.readByEvidence`): the speaker's lists, the things on
    /// them, the language's foods and units, and which requests the
    /// grammar's sentences spell its other words in. The conversation's
    /// language first, then another with words of its own in the line.
    func readByEvidence(_ text: String, in conversation: inout Conversation) -> (Reply, [UserName], [ChannelNews])? {
        let spoken = grammars[conversation.language] ?? grammars.defaultGrammar
        guard let known = try? store.write(VisibleListsAndThings(member: conversation.speaker, now: clock(), defaultListName: defaultListName(in: spoken), withThings: true))
        else { return nil }
        let languages = [conversation.language] + grammars.languages.filter {
            $0 != conversation.language && grammars.wordsOnlyIn($0, not: conversation.language, text) == true
        }
        for language in languages {
            guard let grammar = grammars[language],
                  let parse = grammar.readByEvidence(text, lists: known.lists, things: known.things, aisles: grammars.aisles) else { continue }
            // "Tomaten check": a thing of the household's, with one English word, is no English line.
            if language != conversation.language, !parse.thingNames.allSatisfy({ grammars.aisles.knows($0, in: language) }) { continue }
            if modelDoubts(parse, of: text, in: language, conversation: conversation) { continue }
            if untickingNothingTicked(parse, things: known.things, speaker: conversation.speaker, language: language) { continue }
            conversation.language = language
            return execute(parse, in: &conversation)
        }
        return nil
    }

    /// "Mülltüten wieder weg", "schmeiß die Chips wieder raus": read by its
    /// "wieder" as putting back what was ticked off, a line about things
    /// the speaker has of which none is ticked means something else
    /// (taking them off, here): a reader's next reading is taken instead.
    func untickingNothingTicked(_ parse: Parse, things: [String], speaker: UserName, language: String) -> Bool {
        guard parse.intent == IntentName.uncheckItem.rawValue, case let named = parse.thingNames.compactMap({ try? ItemName($0) }), !named.isEmpty,
              named.allSatisfy({ name in things.contains { (try? ItemName($0))?.denotesSameItem(as: name) == true } }) else { return false }
        let grammar = grammars[language] ?? grammars.defaultGrammar
        guard let ticked = try? store.write(TickedThings(member: speaker, now: clock(), defaultListName: defaultListName(in: grammar)))
        else { return false }
        return !named.contains { name in ticked.contains { (try? ItemName($0))?.denotesSameItem(as: name) == true } }
    }
}
