import ShopTalkDomain
import ShopTalkIRC
import ShopTalkStore

/// Who is speaking on IRC, as far as the IRC server vouches for it: always
/// a nick, and a services account where the server tells one (on each
/// message with `account-tag`, or when they joined with `extended-join`).
struct IRCIdentity {
    let nick: String
    let account: String?

    init(_ request: IRCSession.Request) {
        nick = request.nick
        account = request.account
    }

    /// The member the store links this speaker to. With an account, only
    /// links of that account count (and, from before accounts and nicks were
    /// told apart, an `irc:` link of the same name, which its owner made for
    /// them): someone logged in as another account who takes a member's
    /// nick speaks for no one. Without one, a link of the nick alone, which
    /// only an operator who accepted its risk can have made.
    func member(in book: any AccountBook) -> UserName? {
        if let account {
            let key = IRCName.key(account)
            return link(key, .account, in: book) ?? link(key, .nick, in: book)
        }
        return link(IRCName.key(nick), .nick, in: book)
    }

    private func link(_ key: String, _ kind: IRCLinkKind, in book: any AccountBook) -> UserName? {
        (try? book.member(linkedAs: key, on: kind.rawValue)) ?? nil
    }
}
