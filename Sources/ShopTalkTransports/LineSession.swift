import ShopTalkDomain
import ShopTalkSession
import ShopTalkWording

/// Turns framed lines into what goes back on one stream (a terminal, a
/// relay, later a connection): checks each line, finds its speaker, asks the
/// bot, and delivers events to the members this stream speaks for.
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
    /// Members this stream has spoken for: their events are delivered here at once.
    private(set) var present: Set<UserName> = []

    public init(bot: Bot, wording: Wording, speaker: UserName?, relay: Bool) {
        self.bot = bot
        self.wording = wording
        self.speaker = speaker
        self.relay = relay
    }

    /// The speaker's waiting events, the reply, then events for the other
    /// members present on this stream whom the line concerned.
    public mutating func respond(to frame: LineFramer.Frame) -> [Output] {
        switch frame {
        case .tooLong(let bytes, let limit, let head):
            return [failure(.tooLong(bytes: bytes, limit: limit), about: head)]
        case .line(let bytes):
            let (_, result) = InputLine.read(bytes, relay: relay)
            switch result {
            case .failure(let problem):
                return [failure(problem, about: bytes)]
            case .success(let line):
                guard let who = line.nick.flatMap({ try? UserName($0) }) ?? speaker else {
                    return [failure(.missingNick, about: bytes)]
                }
                if relay && ProtocolWord.quit.isWholeLine(line.text) { return [memberQuit(who, label: line.label)] }
                present.insert(who)
                let response = bot.respond(to: line, from: who)
                var outputs = response.events.map(Output.event) + [.reply(response.reply)]
                for member in response.notified where member != who && present.contains(member) {
                    outputs += bot.takeEvents(for: member).map(Output.event)
                }
                return outputs
            }
        }
    }

    /// A member of the relay said `quit`: the stream goes on for the others,
    /// this member's conversation is forgotten, and their events wait in the
    /// store for their next line, as on the server.
    private mutating func memberQuit(_ member: UserName, label: String?) -> Output {
        present.remove(member)
        var bye = Reply.goodbye(to: member, label: label)
        bye.language = bot.language(of: member, conversation: 0)
        bot.forget(conversation: 0, speaker: member)
        return .reply(bye)
    }

    /// "Bye." when the stream ends, in the language of the chat's speaker.
    public func goodbye() -> Reply {
        var bye = Reply.goodbye()
        bye.language = speaker.map { bot.language(of: $0, conversation: 0) } ?? bot.grammars.defaultLanguage
        return bye
    }

    /// A line that could not be read, answered with its label and, on a
    /// relay's stream, to the nick it starts with.
    private func failure(_ problem: InputLine.Problem, about line: [UInt8]) -> Output {
        var reply = Reply.problem(problem)
        (reply.label, reply.to) = InputLine.addressee(of: line, relay: relay)
        let reader = reply.to.flatMap { try? UserName($0) } ?? speaker
        reply.language = reader.map { bot.language(of: $0, conversation: 0) } ?? bot.grammars.defaultLanguage
        return .reply(reply)
    }
}
