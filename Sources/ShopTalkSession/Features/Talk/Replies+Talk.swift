import Foundation
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkJSON
import ShopTalkWording

/// What the bot says around requests: greetings, thanks, help, languages, and not understanding.
extension Replies {
    /// What a household does most, in the order a new one does it: what a
    /// bare "help" shows, so that it fits a phone's screen; "help lists",
    /// "help items" and "help sharing" show everything of their topic.
    static let commonest = [
        "create_list", "add_items", "show_list", "remove_item", "check_item",
        "assign_item", "go_shopping", "done_shopping", "share_list", "undo",
    ]

    static func help(grammar: Grammar, topic: String?) -> Reply {
        let topics = grammar.helpTopics.filter { topic == nil || $0.name == topic }
        var lines: [MessageArgument] = []
        var shown: [Grammar.Intent] = []
        func example(_ intent: Grammar.Intent) -> MessageArgument {
            .message(intent.help.map { Message(.helpExample, ["example": .text(intent.examples[0]), "help": .text($0)]) }
                ?? Message(.helpExampleBare, ["example": .text(intent.examples[0])]))
        }
        if topic == nil {
            shown = commonest.compactMap { name in grammar.intents.first { $0.name == name } }
            lines = shown.map(example)
            lines.append(.message(Message(.helpMore)))
        } else {
            for topic in topics {
                let intents = grammar.intents.filter { $0.topic == topic.name }
                guard !intents.isEmpty else { continue }
                lines += intents.map(example)
                shown += intents
            }
        }
        let message = topic == nil
            ? Message(.help, ["lines": .lines(lines)])
            : Message(.helpTopic, ["topic": .text(topics.first?.title.lowercased() ?? topic!), "lines": .lines(lines)])
        return Reply(ok: true, intent: "help", message: message,
                     data: .object([("examples", .array(shown.flatMap { intent in
                         intent.examples.map { JSON.object([("intent", .string(intent.name)), ("example", .string($0))]) }
                     }))]))
    }

    /// "hello": one line, pointing to help.
    static let greeting = Reply(ok: true, intent: "greet", message: Message(.greeting))

    /// "thanks", "ok", "got it": nothing to do. "got it" may also mean the
    /// item just talked about is in the cart, and "forget it" that it is not
    /// wanted after all, which is not guessed: the answer says what to say.
    static func acknowledged(_ said: String?, lastItem: String?) -> Reply {
        let message = switch (said, lastItem) {
        case ("thanks"?, _): Message(.ackThanks)
        case ("got"?, let item?): Message(.ackGot, ["item": .text(item)])
        case ("forget"?, let item?): Message(.ackForget, ["item": .text(item)])
        default: Message(.ackOk)
        }
        return Reply(ok: true, intent: "acknowledge", message: message)
    }

    static func notUnderstood(suggestions: [String]) -> Reply {
        let message = suggestions.isEmpty
            ? Message(.notUnderstood)
            : Message(.notUnderstoodSuggestions, ["suggestions": .list(suggestions.map { .message(Message(.quoted, ["text": .text($0)])) }, .or)])
        return .failure(.notUnderstood, message, data: .object([("suggestions", .array(suggestions.map(JSON.string)))]))
    }

    /// "speak Spanish": said in Spanish, since the reply is in the language chosen.
    static func languageChosen(_ language: String) -> Reply {
        Reply(ok: true, intent: "set_language", message: Message(.languageChosen), data: .object([("lang", .string(language))]))
    }

    /// "speak Russian" to a bot without Russian: refused, naming the languages it has.
    static func languageUnavailable(_ language: String, spoken: [String]) -> Reply {
        .failure(.unavailable, Message(.languageUnavailable, [
            "language": languageName(language),
            "spoken": .list(spoken.map(languageName), .and),
        ]), intent: "set_language", data: .object([("lang", .string(language)), ("spoken", .array(spoken.map(JSON.string)))]))
    }

    /// A language's name as the reader's language says it (`language.es`), by its code.
    static func languageName(_ code: String) -> MessageArgument {
        MessageKey(rawValue: "language.\(code)").map { .message(Message($0)) } ?? .text(code)
    }

    static func notAvailable(intent: String) -> Reply {
        .failure(.unavailable, Message(.notAvailable), intent: intent)
    }
}
