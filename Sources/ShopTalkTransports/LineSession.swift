import ShopTalkDomain
import ShopTalkSession

/// Turns framed lines into replies for one connection or one terminal:
/// checks each line, finds its speaker, and asks the bot.
public struct LineSession {
    public let bot: Bot
    /// Who speaks when the line does not say: the chat's `--user`.
    public let speaker: UserName?
    /// True when every line starts with `:NICK `, spoken by that user.
    public let relay: Bool

    public init(bot: Bot, speaker: UserName?, relay: Bool) {
        self.bot = bot
        self.speaker = speaker
        self.relay = relay
    }

    public func respond(to frame: LineFramer.Frame) -> Reply {
        switch frame {
        case .tooLong(let bytes):
            return failure(InputLine.Problem.tooLong(bytes: bytes), label: nil)
        case .line(let bytes):
            let (label, result) = InputLine.read(bytes, relay: relay)
            switch result {
            case .failure(let problem):
                return failure(problem, label: label)
            case .success(let line):
                guard let who = line.nick.flatMap({ try? UserName($0) }) ?? speaker else {
                    return failure(.missingNick, label: label)
                }
                return bot.respond(to: line, from: who)
            }
        }
    }

    private func failure(_ problem: InputLine.Problem, label: String?) -> Reply {
        var reply = Reply.problem(problem)
        reply.label = label
        return reply
    }
}
