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
        /// The host it asked from, which bounds how many codes one machine holds.
        public var host = ""
    }

    /// How long a code waits for its member.
    public static let codeLifetime: Duration = .seconds(600)
    /// An unlinked nick is told it is unknown at most once in this time, and
    /// answered about links at most `linkAnswers` times in it.
    public static let strangerInterval: Duration = .seconds(300)
    public static let linkAnswers = 3
    /// Codes waiting at most, all nicks together. A full desk gives no new
    /// code until one is taken or expires: a code waiting for its member is
    /// never pushed out by strangers asking for theirs.
    public static let pendingLimit = 64
    /// Codes waiting at most for the nicks of one host (one machine, many nicks).
    public static let pendingPerHost = 3

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
        /// To ask again later: as many codes wait as the desk holds (or as the host may hold).
        case busy
        /// Nothing: they were told already.
        case nothing
    }

    /// A nick linked to no one said `text`: "link" in private asks for a
    /// code; anything else is told how to link, now and then.
    public mutating func stranger(nick: String, account: String?, said text: String, inPrivate: Bool, sharesAChannel: Bool,
                                  host: String = "", now: ContinuousClock.Instant) -> Answer {
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
            guard account != nil || sharesAChannel else { return .joinFirst }
            return hasRoom(for: nick, host: host, now: now) ? .offerCode : .busy
        }
        if let last = toldStrangers[key], now - last < Self.strangerInterval { return .nothing }
        toldStrangers[key] = now
        return .tellUnknown
    }

    /// Whether a code for `nick` from `host` fits: its own earlier code is
    /// replaced, so it always does when it has one; otherwise the desk and
    /// the host must have room. Expired codes make room.
    private mutating func hasRoom(for nick: String, host: String, now: ContinuousClock.Instant) -> Bool {
        pending = pending.filter { $0.value.until > now }
        let key = IRCName.key(nick)
        if pending.values.contains(where: { IRCName.key($0.nick) == key }) { return true }
        let fromHost = host.isEmpty ? 0 : pending.values.count { $0.host == host }
        return pending.count < Self.pendingLimit && fromHost < Self.pendingPerHost
    }

    /// Keeps a code given to `nick`, replacing one it had. Codes are made
    /// only after ``stranger(nick:account:said:inPrivate:sharesAChannel:host:now:)``
    /// answered ``Answer/offerCode``, so there is room: none waiting is ever pushed out.
    public mutating func keep(code: String, for nick: String, account: String?, host: String = "", now: ContinuousClock.Instant) {
        pending = pending.filter { $0.value.until > now && IRCName.key($0.value.nick) != IRCName.key(nick) }
        guard pending.count < Self.pendingLimit else { return }
        pending[code.lowercased()] = PendingLink(nick: nick, account: account, until: now + Self.codeLifetime, host: host)
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
