import Foundation
import ShopTalkDomain

/// Who may log in and speak for whom: members' passwords and languages,
/// relays, and the identities members have on IRC. What the `users` and
/// `relays` commands and the server's logins need, on either engine.
public protocol AccountBook: AnyObject {
    func accounts() throws -> [Account]
    func account(_ name: UserName) throws -> Account?
    /// Creates the member, or sets the password of an existing one.
    func setPassword(_ hash: String, for name: UserName, at date: Date) throws
    /// False when there is no such member.
    func setLanguage(_ language: String?, for name: UserName) throws -> Bool
    /// Removes a member with their lists and shares; false when there was none.
    func removeAccount(_ name: UserName) throws -> Bool
    func relays() throws -> [RelayRecord]
    func relay(named name: String) throws -> RelayRecord?
    /// Adds or replaces a relay.
    func saveRelay(_ relay: RelayRecord, at date: Date) throws
    func removeRelay(named name: String) throws -> Bool
    func links() throws -> [Link]
    /// False when there is no such member.
    func addLink(_ member: UserName, network: String, name: String, key: String, at date: Date) throws -> Bool
    func removeLink(network: String, key: String) throws -> Bool
    func member(linkedAs key: String, on network: String) throws -> UserName?
    /// What a bot kept under `name` ("matrix.sync"), or nil.
    func botState(_ name: String) throws -> String?
    /// Keeps `value` under `name`, in a transaction of its own.
    func setBotState(_ value: String, for name: String) throws
    /// Keeps a message a bot must still send, in the caller's transaction
    /// when there is one (the change it tells of), else in one of its own; its id.
    func keepOutgoing(_ message: OutgoingMessage) throws -> Int64
    /// The messages `sender` must still send, oldest first.
    func outgoing(from sender: String) throws -> [OutgoingMessage]
    /// A message sent (or given up on): it leaves the store.
    func removeOutgoing(_ id: Int64) throws
    /// Messages to be sent as one: each keeps `transaction`, in a
    /// transaction of its own, so that a restart makes the same one again.
    func batchOutgoing(_ ids: [Int64], transaction: String) throws
}

/// A message a bot on another network must still send (an answer, news),
/// kept in the store until the network confirms it, so a restart sends what
/// a stop left unsent. The transaction ID stays with it: a homeserver that
/// already took it (Matrix deduplicates by it) posts nothing twice.
public struct OutgoingMessage: Hashable, Sendable {
    /// Its row; nil before it is kept.
    public var id: Int64?
    /// The bot: "matrix:@shopbot:example.org".
    public let sender: String
    /// Where it goes: a room's ID or alias.
    public let target: String
    /// What is sent: for Matrix, the event's content as JSON.
    public let body: String
    public var transaction: String

    public init(id: Int64? = nil, sender: String, target: String, body: String, transaction: String) {
        self.id = id
        self.sender = sender
        self.target = target
        self.body = body
        self.transaction = transaction
    }
}

/// A member's login, as stored.
public struct Account: Hashable, Sendable {
    public let name: UserName
    public let passwordHash: String?
    /// The language they chose to be spoken to in; nil: the server's default.
    public let language: String?

    package init(name: UserName, passwordHash: String?, language: String?) {
        self.name = name
        self.passwordHash = passwordHash
        self.language = language
    }
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

/// An identity a member speaks as on another network: "irc:alice".
public struct Link: Hashable, Sendable {
    public let member: UserName
    public let network: String
    public let name: String

    public init(member: UserName, network: String, name: String) {
        self.member = member
        self.network = network
        self.name = name
    }
}

/// What `shoptalk info` tells of a database, SQLite or PostgreSQL, read without writing.
public struct Inspection: Hashable, Sendable {
    public let schemaVersion: Int
    public let members: Int
    public let lists: Int
    public let items: Int

    public init(schemaVersion: Int, members: Int, lists: Int, items: Int) {
        self.schemaVersion = schemaVersion
        self.members = members
        self.lists = lists
        self.items = items
    }
}
