import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkWording

/// Talk around requests: greetings, thanks, help, and the language spoken.
/// Each handler reads its slots, asks the domain, tells the others, and
/// says what happened (the wording is in `Replies+Talk.swift` beside it).
extension Command {
    mutating func greet() throws -> Reply {
        return Replies.greeting
    }

    mutating func acknowledge() throws -> Reply {
        if question.map({ !$0.hasExpired(at: household.now) && $0.onYes != nil }) == true {
            // "ok", "vale", "好的", "được" to "Delete Groceries and its 5 items?" are
            // a yes; "forget it", "算了" a no. Only thanks leaves the question unanswered.
            guard case .value(let said)? = parse[slot: "acknowledgement"], said != "thanks" else {
                return Replies.acknowledged("thanks", lastItem: conversation.lastItem)
            }
            parse = Parse(intent: said == "forget" ? "deny" : "confirm", slots: [])
            return try answer(question)
        }
        let said: String? = if case .value(let said)? = parse[slot: "acknowledgement"] { said } else { nil }
        return Replies.acknowledged(said, lastItem: conversation.lastItem)
    }

    mutating func help() throws -> Reply {
        let topic: String? = if case .value(let topic)? = parse[slot: "topic"] { topic } else { nil }
        return Replies.help(grammar: grammar, topic: topic)
    }

    mutating func setLanguage() throws -> Reply {
        guard case .value(let language)? = parse[slot: "language"] else { throw CommandError.missingSlot("language", intent: parse.intent) }
        guard grammars.languages.contains(language) else { return Replies.languageUnavailable(language, spoken: grammars.languages) }
        try household.chooseLanguage(language, for: user)
        conversation.language = language // the reply, too, is in the new language
        return Replies.languageChosen(language)
    }
}
