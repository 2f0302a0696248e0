/// The IRC bot's bookkeeping of nicks linked to no one, as a value: the
/// one-time codes it gave (a member confirms one with `link irc CODE`), the
/// nicks linked with a code while they stay in sight, and who was told
/// what, so that a chatty stranger (or twenty) gets a line now and then,
/// not one per line. The bridge holding it does the I/O and the store.
public struct IRCLinkDesk: Sendable {
    /// A code given to a nick, and the services account it spoke with, if any.
    public struct PendingLink: Sendable, Equatable {
        public var nick: String
        public var account: String?
        public var until: ContinuousClock.Instant
    }

    /// How long a code waits for its member.
    public static let codeLifetime: Duration = .seconds(600)
    /// An unlinked nick is told it is unknown at most once in this time, and
    /// answered about links at most `linkAnswers` times in it.
    public static let strangerInterval: Duration = .seconds(300)
    public static let linkAnswers = 3
    /// Codes waiting at most, all nicks together.
    public static let pendingLimit = 64

    private var pending: [String: PendingLink] = [:]
    /// Nicks linked with a code on this connection (by ``IRCName/key(_:)``), and the member each speaks for.
    private var linkedByCode: [String: String] = [:]
    private var toldStrangers: [String: ContinuousClock.Instant] = [:]
    private var linkRequests: [String: [ContinuousClock.Instant]] = [:]

    public init() {}

    /// What to say to a nick linked to no one.
    public enum Answer: Equatable, Sendable {
        /// How to link: once every ``strangerInterval``.
        case tellUnknown
        /// A code, which the bridge makes and gives to ``keep(code:for:account:now:)``.
        case offerCode
        /// To join the bot's channel first: a nick without an account is trusted only in sight.
        case joinFirst
        /// Nothing: they were told already.
        case nothing
    }

    /// A nick linked to no one said `text`: "link" in private asks for a
    /// code; anything else is told how to link, now and then.
    public mutating func stranger(nick: String, account: String?, said text: String, inPrivate: Bool, sharesAChannel: Bool,
                                  now: ContinuousClock.Instant) -> Answer {
        let key = IRCName.key(nick)
        if toldStrangers.count + linkRequests.count > 1_000 {
            toldStrangers = toldStrangers.filter { now - $0.value < Self.strangerInterval }
            linkRequests = linkRequests.filter { !$0.value.allSatisfy { now - $0 >= Self.strangerInterval } }
        }
        let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        if inPrivate, trimmed.lowercased() == "link" {
            let recent = (linkRequests[key] ?? []).filter { now - $0 < Self.strangerInterval }
            guard recent.count < Self.linkAnswers else { return .nothing }
            linkRequests[key] = recent + [now]
            return account != nil || sharesAChannel ? .offerCode : .joinFirst
        }
        if let last = toldStrangers[key], now - last < Self.strangerInterval { return .nothing }
        toldStrangers[key] = now
        return .tellUnknown
    }

    /// Keeps a code given to `nick`, replacing one it had; the oldest goes when too many wait.
    public mutating func keep(code: String, for nick: String, account: String?, now: ContinuousClock.Instant) {
        pending = pending.filter { $0.value.until > now && IRCName.key($0.value.nick) != IRCName.key(nick) }
        if pending.count >= Self.pendingLimit, let oldest = pending.min(by: { $0.value.until < $1.value.until }) {
            pending[oldest.key] = nil
        }
        pending[code.lowercased()] = PendingLink(nick: nick, account: account, until: now + Self.codeLifetime)
    }

    /// The link a code was given for, once: nil for a code unknown or expired.
    public mutating func take(code: String, now: ContinuousClock.Instant) -> PendingLink? {
        guard let link = pending.removeValue(forKey: code.lowercased()), link.until > now else { return nil }
        return link
    }

    /// `nick` speaks for `member` while it stays in sight.
    public mutating func link(nick: String, to member: String) { linkedByCode[IRCName.key(nick)] = member }

    /// The member a nick linked with a code speaks for.
    public func member(linkedByCode nick: String) -> String? { linkedByCode[IRCName.key(nick)] }

    /// `nick` changed or quit: whoever takes it next is someone else, so its link by code ends and its codes go.
    public mutating func forget(_ nick: String) {
        let key = IRCName.key(nick)
        linkedByCode[key] = nil
        pending = pending.filter { IRCName.key($0.value.nick) != key }
    }

    /// A new connection: nicks may have changed hands while the bot was away.
    public mutating func newConnection() {
        linkedByCode = [:]
        pending = [:]
    }
}
