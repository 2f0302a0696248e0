/// A number as a person said or wrote it, kept exactly: "1.5" is 3/2,
/// "2 1/2" is 5/2, "half" is 1/2, "a hundred and fifty" is 150.
///
/// The grammar reads numbers; what may be stored (how many decimals, how
/// large) is the domain's to decide, so a fraction such as 1/3 or 1/0 is
/// read as written and refused there, with a reason. Arithmetic saturates:
/// a number too large for any quantity stays too large, never wraps.
public struct Fraction: Hashable, Sendable, CustomStringConvertible {
    public let numerator: Int
    /// Above 0, except for a fraction written over 0 ("1/0").
    public let denominator: Int

    public init(_ whole: Int) {
        self.numerator = max(whole, -Int.max)
        self.denominator = 1
    }

    /// Reduced to lowest terms, so equal numbers are equal values.
    public init(_ numerator: Int, over denominator: Int) {
        // Int.min has no positive twin: it stands for the most negative number there is.
        let (numerator, denominator) = (max(numerator, -Int.max), max(denominator, -Int.max))
        guard denominator != 0 else {
            (self.numerator, self.denominator) = (numerator, 0)
            return
        }
        let divisor = Self.gcd(abs(numerator), abs(denominator))
        let sign = denominator < 0 ? -1 : 1
        self.numerator = sign * numerator / max(divisor, 1)
        self.denominator = sign * denominator / max(divisor, 1)
    }

    /// Larger than any quantity: what an overflowing sum or product becomes.
    static let huge = Fraction(Int.max)

    public static let zero = Fraction(0)
    public static let one = Fraction(1)

    public var isWhole: Bool { denominator == 1 }

    /// Between 0 and 1: "half", "a quarter", "1/2".
    var isProperFraction: Bool { denominator > 1 && numerator > 0 && numerator < denominator }

    func adding(_ other: Fraction) -> Fraction {
        guard denominator != 0, other.denominator != 0 else { return Fraction(1, over: 0) }
        let (left, o1) = numerator.multipliedReportingOverflow(by: other.denominator)
        let (right, o2) = other.numerator.multipliedReportingOverflow(by: denominator)
        let (sum, o3) = left.addingReportingOverflow(right)
        let (bottom, o4) = denominator.multipliedReportingOverflow(by: other.denominator)
        return o1 || o2 || o3 || o4 ? .huge : Fraction(sum, over: bottom)
    }

    func multiplied(by factor: Int) -> Fraction {
        guard denominator != 0 else { return self }
        let (product, overflow) = numerator.multipliedReportingOverflow(by: factor)
        return overflow ? .huge : Fraction(product, over: denominator)
    }

    /// Compares two fractions with positive denominators.
    func isLess(than other: Fraction) -> Bool {
        let (left, o1) = numerator.multipliedReportingOverflow(by: other.denominator)
        let (right, o2) = other.numerator.multipliedReportingOverflow(by: denominator)
        if o1 || o2 { return Double(numerator) / Double(denominator) < Double(other.numerator) / Double(other.denominator) }
        return left < right
    }

    /// The number as a decimal, when one writes it exactly ("1.5", "0.125",
    /// "3"); nil for a fraction no decimal ends (1/3) or one over 0.
    public var decimal: String? {
        guard denominator > 0 else { return nil }
        var bottom = denominator, twos = 0, fives = 0
        while bottom % 2 == 0 { bottom /= 2; twos += 1 }
        while bottom % 5 == 0 { bottom /= 5; fives += 1 }
        guard bottom == 1 else { return nil }
        let places = max(twos, fives)
        guard places > 0 else { return String(numerator) }
        // numerator / denominator = numerator × (10^places / denominator) / 10^places
        var scale = 1
        for _ in 0..<places {
            let (next, overflow) = scale.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            scale = next
        }
        let (scaled, overflow) = numerator.multipliedReportingOverflow(by: scale / denominator)
        if overflow { return nil }
        let sign = scaled < 0 ? "-" : ""
        let digits = String(abs(scaled))
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        return sign + padded.dropLast(places) + "." + padded.suffix(places)
    }

    /// "1.5", or "1/3" where no decimal writes it.
    public var description: String { decimal ?? "\(numerator)/\(denominator)" }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
