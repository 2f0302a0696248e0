/// How many of an item: a whole number from 1 to 1,000,000.
public struct Quantity: Hashable, Sendable, Comparable, CustomStringConvertible {
    public static let range = 1...1_000_000
    public static let one = Quantity(unchecked: 1)

    public let value: Int

    public init(_ value: Int) throws(DomainError) {
        guard Self.range.contains(value) else { throw .quantityOutOfRange(value) }
        self.value = value
    }

    init(unchecked value: Int) { self.value = value }

    /// A quantity read back from storage, where a CHECK constraint keeps it in range.
    public init(stored value: Int) { self.value = value }

    public var description: String { String(value) }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
}
