import Foundation

/// A member out shopping for a list: "I'm going shopping at Lidl for Groceries".
public struct Trip: Hashable, Sendable {
    public let id: Int64
    public let listID: ListID
    public let shopper: UserName
    /// Where, when said ("Lidl").
    public let shop: String?
    public let startedAt: Date
    /// When the shopper said "done shopping"; nil while it goes on.
    public var endedAt: Date?

    public init(id: Int64, listID: ListID, shopper: UserName, shop: String?, startedAt: Date, endedAt: Date? = nil) {
        self.endedAt = endedAt
        self.id = id
        self.listID = listID
        self.shopper = shopper
        self.shop = shop
        self.startedAt = startedAt
    }

    /// A trip nobody ended is over this long after it began.
    public static let longest: TimeInterval = 6 * 3600
}
