import ShopTalkDomain
import ShopTalkSession
import ShopTalkTransports

/// What a line a member said to a bot on another network (IRC, Matrix) came to.
enum MemberLineOutcome {
    /// Nothing was applied: this answers it (a refusal, a rate limit, a storage failure).
    case answer(Reply)
    /// Applied and committed: the news kept for the member since they last spoke, and the reply.
    case applied(news: [Event], reply: Reply)
}

extension Server {
    /// A member's stream on a bot: their rules, rate limit and language, as on every transport.
    func botEndpoint(for member: UserName, language: String) -> ConversationEndpoint {
        ConversationEndpoint(speakers: .member(member), grammars: grammars, language: language,
                             rate: (configuration.linesPerSecond, configuration.burst))
    }

    /// A line a linked member said to a bot: taken through their endpoint,
    /// applied through the committer, and handed to `answer` once committed,
    /// before the committer is told the answer is on its way. `keep` runs in
    /// the line's transaction when it is applied (see ``Server/KeepWithLine``).
    func take(_ text: String, through endpoint: inout ConversationEndpoint, conversation: Int, keep: KeepWithLine? = nil,
              answer: (MemberLineOutcome) -> Void) async {
        switch endpoint.take(.line(Array(text.utf8))) {
        case .answer(let refused):
            answer(.answer(refused))
        case .memberQuit:
            break // only on a relay's stream
        case .apply(let line, let speaker, _):
            let applied = await apply(line, from: speaker, conversation: conversation, checkAccount: false, fallbackLanguage: endpoint.language,
                                      keep: keep)
            defer { committer.finished() }
            guard let applied else { return answer(.answer(endpoint.own(.storageFailure, label: nil))) }
            endpoint.answered(speaker, in: applied.reply.language)
            answer(.applied(news: applied.events, reply: applied.reply))
        }
    }
}
