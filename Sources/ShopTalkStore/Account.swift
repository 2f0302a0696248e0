import ShopTalkDomain

/// A member's login, as stored.
public struct Account: Hashable, Sendable {
    public let name: UserName
    public let passwordHash: String?
    /// The language they chose to be spoken to in; nil: the server's default.
    public let language: String?
}

/// A relay allowed to speak for some members, or for any.
public struct RelayRecord: Hashable, Sendable {
    public let name: String
    public let tokenHash: String
    public let anyUser: Bool
    public let users: [UserName]

    public init(name: String, tokenHash: String, anyUser: Bool, users: [UserName]) {
        self.name = name
        self.tokenHash = tokenHash
        self.anyUser = anyUser
        self.users = users
    }

    /// Whether the relay may speak for this member.
    public func speaks(for member: UserName) -> Bool { anyUser || users.contains(member) }
}
