import ShopTalkDomain
import ShopTalkGrammar

extension Quantity {
    /// A number as the grammar read it ("1.5", "two and a half", "1/0"),
    /// as the domain keeps it, or the domain's reason not to.
    init(_ said: Fraction) throws(DomainError) {
        try self.init(numerator: said.numerator, denominator: said.denominator)
    }
}
