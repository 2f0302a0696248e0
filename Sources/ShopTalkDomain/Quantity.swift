/// How much of an item: more than 0 and at most 1,000,000, with at most
/// three decimal places ("1.5", "0.25", "1000").
///
/// Kept exactly, as a whole number of thousandths, never as binary floating
/// point: 1.5 kg and 500 g add up to 2 kg, not to 1.9999999.
public struct Quantity: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The most of anything, in whole units.
    public static let maximum = 1_000_000
    /// Thousandths in one whole unit.
    public static let scale = 1_000
    static let thousandthsRange = 1...(maximum * scale)
    public static let one = Quantity(thousandths: scale)

    /// The amount in thousandths: 1.5 is 1,500.
    public let thousandths: Int

    /// A whole number of units.
    public init(_ whole: Int) throws(DomainError) {
        let (thousandths, overflow) = whole.multipliedReportingOverflow(by: Self.scale)
        try self.init(checking: overflow ? .max : thousandths)
    }

    /// An exact fraction, as a person says or writes it: 3/2 for "1.5" or
    /// "one and a half", 5/2 for "2 1/2". Refused when the bottom is 0, when
    /// it needs more than three decimal places (1/3, "1.2345"), and out of range.
    public init(numerator: Int, denominator: Int) throws(DomainError) {
        guard denominator != 0 else { throw .invalidQuantity(.zeroDenominator) }
        let (scaled, overflow) = numerator.multipliedReportingOverflow(by: Self.scale)
        if overflow { throw .invalidQuantity(.outOfRange) }
        guard scaled % denominator == 0 else {
            // Past the range anyway: that is the clearer thing to say.
            if abs(numerator / denominator) > Self.maximum { throw .invalidQuantity(.outOfRange) }
            throw .invalidQuantity(.tooPrecise)
        }
        try self.init(checking: scaled / denominator)
    }

    private init(checking thousandths: Int) throws(DomainError) {
        guard Self.thousandthsRange.contains(thousandths) else { throw .invalidQuantity(.outOfRange) }
        self.thousandths = thousandths
    }

    init(thousandths: Int) { self.thousandths = thousandths }

    /// A quantity read back from storage, where a CHECK constraint keeps it in range.
    public init(storedThousandths thousandths: Int) { self.thousandths = thousandths }

    /// Thousandths that may be out of range, as a sum can be; nil when they are.
    static func checked(thousandths: Int) -> Quantity? {
        thousandthsRange.contains(thousandths) ? Quantity(thousandths: thousandths) : nil
    }

    public var isWhole: Bool { thousandths % Self.scale == 0 }

    /// Exactly one, the only amount English (and most languages) says in the singular.
    public var isOne: Bool { thousandths == Self.scale }

    /// "2", "1.5", "0.25": no trailing zeros, no noise.
    public var description: String {
        Self.decimal(thousandths)
    }

    /// Thousandths written as a decimal with a point and no trailing zeros.
    public static func decimal(_ thousandths: Int) -> String {
        let whole = thousandths / scale, fraction = abs(thousandths % scale)
        guard fraction != 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(thousandths < 0 && whole == 0 ? "-" : "")\(whole).\(digits)"
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.thousandths < rhs.thousandths }
}
