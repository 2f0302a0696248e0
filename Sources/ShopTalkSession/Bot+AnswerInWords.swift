import ShopTalkGrammar

extension Bot {
    /// The reading of a line that answers the pending question in more words
    /// than a yes or a no: "sí, bórrala", "yes, delete it", "nein, lass sie",
    /// "好的，删吧", and after "Delete Fiesta and its 2 items?" a bare "delete
    /// it". Read on its own, "bórrala" removes the thing last talked about;
    /// while the bot waits to hear whether to delete or clear, words that take
    /// away "it" are the answer. Nil when the line says something else.
    func answerInWords(_ text: String, to question: PendingQuestion, languages: [String]) -> Parse? {
        guard question.kind != .howMany else { return nil }
        let takingAway = question.onYes.map { Self.takesAway.contains($0.intent) } ?? false
        for grammar in languages.compactMap({ grammars[$0] }) {
            if takingAway, let whole = grammar.parse(text), Self.takesAwayWhatWasAsked(whole) {
                return Parse(intent: IntentName.confirm.rawValue, slots: [])
            }
            guard let (answer, rest) = grammar.leadingAnswer(in: text) else { continue }
            guard let said = grammar.parse(rest) else {
                // "yes please", "no, leave it be": a word or two the grammar does not read, and no number.
                let words = rest.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                return words.count <= 2 && !rest.contains(where: \.isNumber) ? answer : nil
            }
            if said.intent == answer.intent { return answer }
            if answer.intent == IntentName.confirm.rawValue, takingAway, Self.takesAwayWhatWasAsked(said) { return answer }
            return nil
        }
        return nil
    }

    /// The conversation's language, then the line's, then the others, each once.
    func languagesToTry(_ line: ParsedLine, in spoken: String) -> [String] {
        var seen = Set<String>()
        return ([spoken] + [line.language].compactMap { $0 } + grammars.languages).filter { seen.insert($0).inserted }
    }

    /// The sentences "yes" runs only after a question: deleting a list, clearing one.
    private static let takesAway: Set<String> = [IntentName.deleteList.rawValue, IntentName.clearList.rawValue, IntentName.clearChecked.rawValue]

    /// "delete it", "bórrala", "удали его": a sentence that takes away and names neither thing nor list.
    private static func takesAwayWhatWasAsked(_ parse: Parse) -> Bool {
        let removes: Set<String> = [IntentName.removeItem.rawValue, IntentName.deleteList.rawValue, IntentName.clearList.rawValue]
        let naming: Set<String> = ["item", "items", "list", "every"]
        return removes.contains(parse.intent) && !parse.slots.contains { naming.contains($0.name) }
    }
}
