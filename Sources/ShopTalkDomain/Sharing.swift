import Foundation

public typealias ShareID = Int64

/// What a participant may do with what was shared with them.
public enum Permission: String, Hashable, Sendable, CaseIterable, Comparable {
    /// See it.
    case readOnly = "read-only"
    /// See it and change its items.
    case readWrite = "read-write"
    /// Change items, and invite, remove and change participants; never rename or delete the list.
    case admin

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
    private var rank: Int { Self.allCases.firstIndex(of: self)! }
}

/// How much a member may do with a list: its owner, or a participant with a permission.
public enum Access: Hashable, Sendable, Comparable {
    case participant(Permission)
    case owner

    public var canChangeItems: Bool { self >= .participant(.readWrite) }
    public var canManageSharing: Bool { self >= .participant(.admin) }
    public var canRenameOrDelete: Bool { self == .owner }

    /// "owner", "admin", "read-write", "read-only": the protocol's names.
    public var name: String {
        switch self {
        case .owner: "owner"
        case .participant(let permission): permission.rawValue
        }
    }
}

/// A list, or one item of it, shared with one participant: invited (pending)
/// until they accept, as a CloudKit share participant is.
public struct Share: Hashable, Sendable {
    public let id: ShareID
    public let listID: ListID
    /// The one item shared, for an item share; nil when the whole list is shared.
    public let itemID: ItemID?
    public let participant: UserName
    public var permission: Permission
    public var isAccepted: Bool
    public let invitedBy: UserName
    public let createdAt: Date

    public init(
        id: ShareID, listID: ListID, itemID: ItemID?, participant: UserName, permission: Permission,
        isAccepted: Bool, invitedBy: UserName, createdAt: Date
    ) {
        self.id = id
        self.listID = listID
        self.itemID = itemID
        self.participant = participant
        self.permission = permission
        self.isAccepted = isAccepted
        self.invitedBy = invitedBy
        self.createdAt = createdAt
    }
}

/// A share not yet stored.
public struct NewShare: Hashable, Sendable {
    public let listID: ListID
    public let itemID: ItemID?
    public let participant: User
    public let permission: Permission
    public let isAccepted: Bool
    public let invitedBy: UserName
    public let createdAt: Date
}

/// "Anyone with the code": a short code that makes whoever says it a participant.
public struct ShareCode: Hashable, Sendable {
    public static let lifetime: TimeInterval = 7 * 24 * 3600

    public let code: String
    public let listID: ListID
    public let permission: Permission
    /// Ends after its first use; otherwise it works until it expires.
    public let singleUse: Bool
    public let expiresAt: Date
    public let createdBy: UserName

    public init(code: String, listID: ListID, permission: Permission, singleUse: Bool, expiresAt: Date, createdBy: UserName) {
        self.code = code
        self.listID = listID
        self.permission = permission
        self.singleUse = singleUse
        self.expiresAt = expiresAt
        self.createdBy = createdBy
    }
}
