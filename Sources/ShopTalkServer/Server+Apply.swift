import ShopTalkDomain
import ShopTalkStore
import ShopTalkSession

extension Server {
    /// What applying a line left: the speaker's waiting events, the reply,
    /// and the members whose events it stored (for live delivery).
    struct Applied: Sendable {
        let events: [Event]
        let reply: Reply
        let notified: [UserName]
        /// Said in the channels by the IRC bot, and in Matrix rooms by the Matrix bot, once committed; already on its way when returned.
        let channelNews: [ChannelNews]
        /// The Matrix rooms' share of `channelNews`, kept in the store's outbox with the change.
        var keptAnnouncements: [OutgoingMessage] = []
    }

    /// Something a bot keeps in the store in the transaction that applies a
    /// line (its answer, in its outbox; the line marked answered): it is
    /// there exactly when the change is.
    typealias KeepWithLine = @Sendable (Bot, _ news: [Event], _ reply: Reply) -> Void

    /// Applies a parsed line for `speaker` in the next batch and returns
    /// what it left once the batch is committed; nil when the commit failed.
    /// Every transport of the server goes through here (a connection, a
    /// relay, the IRC bot). `checkAccount`: the speaker was named by a relay,
    /// and may not exist. The caller calls `committer.finished()` once the
    /// answer is written.
    func apply(_ parsed: ParsedLine, from speaker: UserName, conversation id: Int, checkAccount: Bool,
               fallbackLanguage: String, keep: KeepWithLine? = nil) async -> Applied? {
        let matrix = matrixBridge
        let label = parsed.input.label
        let applied = await committer.value(for: speaker) { bot -> Applied in
            if checkAccount, (try? bot.accountBook.account(speaker)) == nil {
                var unknown = Reply.refused(.unknownUser(speaker.value))
                unknown.language = fallbackLanguage
                unknown.to = speaker.value
                unknown.label = label
                return Applied(events: [], reply: unknown, notified: [], channelNews: [])
            }
            let response = bot.respond(to: parsed, from: speaker, conversation: id)
            keep?(bot, response.events, response.reply)
            return Applied(events: response.events, reply: response.reply, notified: response.notified, channelNews: response.channelNews,
                           keptAnnouncements: matrix?.keep(announcements: response.channelNews, in: bot) ?? [])
        } notify: { $0.notified }
        if let applied, !applied.channelNews.isEmpty {
            ircBridge?.announce(applied.channelNews)
            matrix?.send(applied.keptAnnouncements)
        }
        return applied
    }
}
