import ShopTalkWording
import Testing

/// CLDR's cardinal plural rules, at the numbers where languages differ.
@Suite("Plural rules")
struct PluralRuleTests {
    static let edges = [0, 1, 2, 4, 5, 11, 12, 21, 22, 25, 101, 111]

    func categories(_ rule: PluralRule) -> [PluralCategory] {
        Self.edges.map { rule.category(PluralOperands(integer: $0)) }
    }

    @Test func englishAndGermanSayOneForOneAlone() {
        let expected: [PluralCategory] = [.other, .one, .other, .other, .other, .other, .other, .other, .other, .other, .other, .other]
        #expect(categories(.english) == expected)
        #expect(categories(.german) == expected)
        #expect(PluralRule.english.category(PluralOperands(decimal: "1.5")) == .other)
        #expect(PluralRule.english.category(PluralOperands(decimal: "1.0")) == .other) // "1.0 items": v is not 0
    }

    @Test func spanishSaysOneForOneAndManyForMillions() {
        #expect(categories(.spanish) == [.other, .one, .other, .other, .other, .other, .other, .other, .other, .other, .other, .other])
        #expect(PluralRule.spanish.category(PluralOperands(integer: 1_000_000)) == .many)
        #expect(PluralRule.spanish.category(PluralOperands(integer: 2_000_000)) == .many)
        #expect(PluralRule.spanish.category(PluralOperands(integer: 1_000_001)) == .other)
        #expect(PluralRule.spanish.category(PluralOperands(decimal: "1.0")) == .one) // n = 1
    }

    @Test func frenchSaysOneForZeroAndOneAndTheirDecimals() {
        #expect(categories(.french) == [.one, .one, .other, .other, .other, .other, .other, .other, .other, .other, .other, .other])
        #expect(PluralRule.french.category(PluralOperands(decimal: "1.5")) == .one)
        #expect(PluralRule.french.category(PluralOperands(decimal: "0.5")) == .one)
        #expect(PluralRule.french.category(PluralOperands(decimal: "2.5")) == .other)
        #expect(PluralRule.french.category(PluralOperands(integer: 3_000_000)) == .many)
    }

    @Test func russianTellsOneFewAndManyByTheLastDigits() {
        #expect(categories(.russian) == [.many, .one, .few, .few, .many, .many, .many, .one, .few, .many, .one, .many])
        #expect(PluralRule.russian.category(PluralOperands(integer: 14)) == .many)
        #expect(PluralRule.russian.category(PluralOperands(integer: 1_001)) == .one)
        #expect(PluralRule.russian.category(PluralOperands(decimal: "1.5")) == .other)
        #expect(PluralRule.russian.category(PluralOperands(decimal: "2.5")) == .other)
    }

    @Test func vietnameseAndChineseHaveOneFormOnly() {
        #expect(categories(.vietnamese).allSatisfy { $0 == .other })
        #expect(categories(.chinese).allSatisfy { $0 == .other })
        #expect(PluralRule.chinese.categories == [.other])
    }
}
