import ShopTalkDomain
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
    }

    /// Applies a parsed line for `speaker` in the next batch and returns
    /// what it left once the batch is committed; nil when the commit failed.
    /// Every transport of the server goes through here (a connection, a
    /// relay, the IRC bot). `checkAccount`: the speaker was named by a relay,
    /// and may not exist. The caller calls `committer.finished()` once the
    /// answer is written.
    func apply(_ parsed: ParsedLine, from speaker: UserName, conversation id: Int, checkAccount: Bool,
               fallbackLanguage: String) async -> Applied? {
        let label = parsed.input.label
        let applied = await committer.value(for: speaker) { bot -> Applied in
            if checkAccount, (try? bot.store.accountBook.account(speaker)) == nil {
                var unknown = Reply.refused(.unknownUser(speaker.value))
                unknown.language = fallbackLanguage
                unknown.to = speaker.value
                unknown.label = label
                return Applied(events: [], reply: unknown, notified: [], channelNews: [])
            }
            let response = bot.respond(to: parsed, from: speaker, conversation: id)
            return Applied(events: response.events, reply: response.reply, notified: response.notified, channelNews: response.channelNews)
        } notify: { $0.notified }
        if let news = applied?.channelNews, !news.isEmpty {
            ircBridge?.announce(news)
            matrixBridge?.announce(news)
        }
        return applied
    }
}
