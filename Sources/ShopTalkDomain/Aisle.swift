/// Where something is in a shop: "dairy", "produce". A key, the same in
/// every language; each language's files say its words and its name.
public struct AisleName: Hashable, Sendable, CustomStringConvertible {
    public let value: String

    /// Lowercase letters and "_", as the aisle files write them.
    public init(_ raw: String) throws(DomainError) {
        guard !raw.isEmpty, raw.count <= 30, raw.allSatisfy({ ("a"..."z").contains($0) || $0 == "_" }) else {
            throw .invalidAisle(raw)
        }
        value = raw
    }

    public var description: String { value }
}

/// "put milk under dairy": where the household keeps a thing, whatever the
/// word lists say. Kept for every list of one owner, so everyone who shares
/// the household's lists sees it.
public struct AisleChoice: Hashable, Sendable {
    public let name: ItemName
    public let aisle: AisleName

    public init(name: ItemName, aisle: AisleName) {
        self.name = name
        self.aisle = aisle
    }
}

/// How a member last walked a shop: what they checked off there, in order,
/// on their last trip ("sort Groceries for Lidl" orders the aisles so).
public struct ShopWalk: Hashable, Sendable {
    public let shop: String
    public let checkedInOrder: [ItemName]

    public init(shop: String, checkedInOrder: [ItemName]) {
        self.shop = shop
        self.checkedInOrder = checkedInOrder
    }
}
