/// Matrix users linked to no member who asked to be: the one-time codes
/// the bot gave them (a member confirms one with `link matrix CODE` from a
/// session already logged in), and the rooms they invited the bot to
/// before they were linked, joined once they are. A value: the bridge
/// holding it makes the codes, does the I/O and writes the link.
///
/// The homeserver vouches for who sent a line, so the code only has to
/// say which member: whoever reads it in the room cannot use it, since it
/// links the user who asked, not the one who says it.
public struct MatrixLinkDesk: Sendable {
    /// How long a code waits for its member.
    public static let codeLifetime: Duration = .seconds(600)
    /// Codes waiting at most, all users together: a full desk gives no new
    /// code until one is taken or expires.
    public static let pendingLimit = 64
    /// A user gets at most this many codes in ``requestInterval``.
    public static let requestsPerUser = 3
    public static let requestInterval: Duration = .seconds(300)
    /// Rooms remembered at most per stranger, and strangers at most.
    static let invitesPerUser = 8, invitingUsers = 256

    private var pending: [String: (user: String, until: ContinuousClock.Instant)] = [:]
    private var requests: [String: [ContinuousClock.Instant]] = [:]
    private var invitations: [String: [String]] = [:]

    public init() {}

    /// Whether a line is a request for a code: "link", as on IRC.
    public static func isRequest(_ text: String) -> Bool {
        text.trimmingSpaces.lowercased() == "link"
    }

    /// Whether `user` may have a code now: not too often, and while the
    /// desk has room (their own earlier code is replaced).
    public mutating func mayOffer(to user: String, now: ContinuousClock.Instant) -> Bool {
        pending = pending.filter { $0.value.until > now }
        if requests.count > 1_000 { requests = requests.filter { $0.value.contains { now - $0 < Self.requestInterval } } }
        let recent = (requests[user] ?? []).filter { now - $0 < Self.requestInterval }
        guard recent.count < Self.requestsPerUser else { return false }
        guard pending.values.contains(where: { $0.user == user }) || pending.count < Self.pendingLimit else { return false }
        requests[user] = recent + [now]
        return true
    }

    /// Keeps `code` for `user`, in place of any code they had.
    public mutating func keep(code: String, for user: String, now: ContinuousClock.Instant) {
        pending = pending.filter { $0.value.user != user }
        pending[code.lowercased()] = (user, now + Self.codeLifetime)
    }

    /// The user a code was given to, once: nil for a code unknown or expired.
    public mutating func take(code: String, now: ContinuousClock.Instant) -> String? {
        guard let found = pending.removeValue(forKey: code.lowercased()), found.until > now else { return nil }
        return found.user
    }

    /// A stranger invited the bot to `room`: remembered, to be joined if they are linked.
    public mutating func invited(to room: String, by user: String) {
        guard invitations[user] != nil || invitations.count < Self.invitingUsers else { return }
        var rooms = invitations[user] ?? []
        guard !rooms.contains(room) else { return }
        rooms.append(room)
        invitations[user] = Array(rooms.suffix(Self.invitesPerUser))
    }

    /// The rooms `user` invited the bot to before being linked; forgotten here.
    public mutating func invitations(of user: String) -> [String] {
        invitations.removeValue(forKey: user) ?? []
    }

    /// The strangers whose invitations wait: each is looked up now and
    /// then, since a member may link them from the command line too.
    public var inviters: [String] { invitations.keys.sorted() }

    /// The invitations waiting, one "user TAB room" a line, for the store:
    /// a restart forgets no invitation, which the homeserver sends once.
    public var savedInvitations: String {
        invitations.keys.sorted().flatMap { user in invitations[user]!.map { "\(user)\t\($0)" } }.joined(separator: "\n")
    }

    /// Takes back the invitations ``savedInvitations`` wrote.
    public mutating func restoreInvitations(_ saved: String) {
        for line in saved.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { invited(to: String(parts[1]), by: String(parts[0])) }
        }
    }
}
