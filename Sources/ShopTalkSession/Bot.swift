import Foundation
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkJSON
import ShopTalkStore

/// Answers lines: parses each with the grammar, applies it to the store in
/// one transaction, and puts the outcome into words.
///
/// Every transport (stdin, relay, TCP) drives the same bot, so a sentence
/// means the same thing everywhere. It owns the store's connection and so
/// belongs to one thread or task at a time.
public final class Bot {
    let grammar: Grammar
    let store: SQLiteStore
    let clock: () -> Date
    private var conversations: [UserName: Conversation] = [:]

    public init(grammar: Grammar, store: SQLiteStore, clock: @escaping () -> Date = Date.init) {
        self.grammar = grammar
        self.store = store
        self.clock = clock
    }

    /// The reply to one line from `speaker` (or, in relay mode, from the line's nick).
    public func respond(to line: InputLine, from speaker: UserName) -> Reply {
        var reply: Reply
        let text = line.text.trimmingCharacters(in: .whitespaces)
        if text.isEmpty {
            reply = Reply(ok: true, intent: nil, text: "")
        } else if let parse = grammar.parse(text) {
            var conversation = conversations[speaker] ?? Conversation(speaker: speaker)
            reply = execute(parse, in: &conversation)
            conversations[speaker] = conversation
        } else {
            reply = Replies.notUnderstood(text, suggestions: Suggestions.closest(to: text, in: grammar))
        }
        reply.label = line.label
        if line.nick != nil { reply.to = speaker.value }
        return reply
    }

    private func execute(_ parse: Parse, in conversation: inout Conversation) -> Reply {
        do {
            let now = clock()
            return try store.write { repository in
                let household = Household(repository: repository, now: now)
                let user = try household.enroll(conversation.speaker)
                var command = Command(parse: parse, grammar: grammar, household: household, user: user, conversation: conversation)
                let reply = try command.run()
                conversation = command.conversation
                return reply
            }
        } catch let error as DomainError {
            return .failure(error.code, error.message, intent: parse.intent)
        } catch CommandError.missingSlot(let slot, let intent) {
            return .failure(.notUnderstood, "I took that as \(intent), but it lacks its {\(slot)}; the grammar needs fixing.", intent: parse.intent)
        } catch {
            return .failure(.storageUnavailable, Replies.storageFailure, intent: parse.intent)
        }
    }
}
