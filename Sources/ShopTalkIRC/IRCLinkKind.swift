/// How an IRC identity is linked to a member: as `shoptalk users link`
/// names it (`irc-account:NAME`, `irc:NICK`), and as the store keeps it (the
/// raw value is the link's network).
///
/// A link must rest on something an outsider cannot take. A services
/// account can only be used by whoever knows its password; a nick, on a
/// network without accounts, by anyone who picks it while its owner is
/// away. So a nick is linked for good only when the operator says they
/// accept that; otherwise it is linked with a one-time code, and only for
/// as long as the bot sees it stay (see docs/irc.md).
public enum IRCLinkKind: String, Sendable, CaseIterable {
    /// `irc-account:NAME`: the services account NAME (IRCv3 `account-tag` or `extended-join`).
    case account = "irc-account"
    /// `irc:NICK`: the nick alone.
    case nick = "irc"

    /// "irc-account:alice" → (.account, "alice"), "irc:bob" → (.nick, "bob");
    /// nil for anything else or a name no IRC server accepts.
    public static func parse(_ identity: String) -> (kind: IRCLinkKind, name: String)? {
        for kind in [IRCLinkKind.account, .nick] where identity.hasPrefix(kind.rawValue + ":") {
            let name = String(identity.dropFirst(kind.rawValue.count + 1))
            guard IRCName.isNick(name) else { return nil }
            return (kind, name)
        }
        return nil
    }
}
