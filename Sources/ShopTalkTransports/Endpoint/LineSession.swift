import ShopTalkDomain
import ShopTalkSession
import ShopTalkWording
import ShopTalkLineIO

/// The terminal chat's (and a piped chat's) stream: its lines go through a
/// ``ConversationEndpoint`` like every transport's, and are applied with the
/// bot at once, in this process. Events go to the members this stream has
/// spoken for.
public struct LineSession {
    /// One line written back.
    public enum Output: Hashable, Sendable {
        case reply(Reply)
        case event(Event)
    }

    public let bot: Bot
    /// How replies and events are worded, each in its reader's language.
    public let wording: Wording
    /// Who speaks when the line does not say: the chat's `--user`.
    public let speaker: UserName?
    /// True when every line starts with `:NICK `, spoken by that user.
    public let relay: Bool
    /// The rules every transport shares; nil for a chat with neither a user nor relay mode.
    private var endpoint: ConversationEndpoint?
    /// Members this stream has spoken for: their events are delivered here at once.
    private(set) var present: Set<UserName> = []

    public init(bot: Bot, wording: Wording, speaker: UserName?, relay: Bool) {
        self.bot = bot
        self.wording = wording
        self.speaker = speaker
        self.relay = relay
        // The chat's relay mode is the household's own tool, on its own machine: it speaks for anyone.
        let speakers: ConversationEndpoint.Speakers? = relay ? .relay(speaksFor: nil) : speaker.map { .member($0) }
        endpoint = speakers.map { speakers in
            ConversationEndpoint(speakers: speakers, grammars: bot.grammars,
                                 language: speaker.map { bot.language(of: $0) } ?? bot.grammars.defaultLanguage)
        }
    }

    /// The speaker's waiting events, the reply, then events for the other
    /// members present on this stream whom the line concerned.
    public mutating func respond(to frame: LineFramer.Frame) -> [Output] {
        guard endpoint != nil else {
            var refused = Reply.problem(.missingNick)
            refused.language = bot.grammars.defaultLanguage
            return [.reply(refused)]
        }
        switch endpoint!.take(frame) {
        case .answer(let reply):
            return [.reply(reply)]
        case .memberQuit(let member, let goodbye):
            present.remove(member)
            bot.forget(conversation: 0, speaker: member)
            return [.reply(goodbye)]
        case .apply(let line, let who, _):
            present.insert(who)
            let response = bot.respond(to: line, from: who)
            endpoint!.answered(who, in: response.reply.language)
            var outputs = response.events.map(Output.event) + [.reply(response.reply)]
            for member in response.notified where member != who && present.contains(member) {
                outputs += bot.takeEvents(for: member).map(Output.event)
            }
            return outputs
        }
    }

    /// "Bye." when the stream ends, in the language of the chat's speaker.
    public func goodbye() -> Reply {
        endpoint?.goodbye() ?? {
            var bye = Reply.goodbye()
            bye.language = bot.grammars.defaultLanguage
            return bye
        }()
    }
}
