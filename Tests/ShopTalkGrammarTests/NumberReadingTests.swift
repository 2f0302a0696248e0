import ShopTalkGrammar
import Testing

/// Numbers as people write them, read exactly, and lines the fuzzer found.
@Suite("Numbers in sentences")
struct NumberReadingTests {
    static func quantity(_ sentence: String) -> String? {
        guard case .items(let items)? = BuiltInGrammars.english.parse(sentence)?[slot: "items"] else { return nil }
        return items.first?.quantity.map(\.description) ?? "how many?"
    }

    @Test("digits, marks and fractions", arguments: [
        ("add 1.5 kg rice", "1.5"), ("add 1,5 kg rice", "1.5"), ("add 1,000 pins", "1000"), ("add 1,000.5 g salt", "1000.5"),
        ("add 12,345,678 pins", "12345678"), ("add 2 1/2 kg potatoes", "2.5"), ("add 1½ kg flour", "1.5"), ("add 1/3 cake", "1/3"),
        ("add 1.00000000000000000000001 kg rice", "1.000000000000000001"), ("add 1.000000000000000000000 kg rice", "1"),
        ("add several napkins", "how many?"), ("add twenty-five napkins", "25"), ("add nine hundred ninety-nine thousand pins", "999000"),
    ])
    func read(_ row: (String, String)) {
        #expect(Self.quantity(row.0) == row.1)
    }

    /// A mark before 78 digits once made the reader divide by a power of ten that had wrapped to 0.
    @Test func aNumberWithVeryManyDigitsAfterItsMarkIsReadWithoutCrashing() {
        let sentence = "add \u{15}00gJu\u{93}\u{13}5\u{93}\u{13}\u{0}5\u{0},3333333333333," + String(repeating: "3", count: 78) + "\u{0}\n,oel(our[\u{0}#"
        _ = BuiltInGrammars.english.parse(sentence)
        #expect(Self.quantity("add 3333333333333," + String(repeating: "3", count: 78) + " pins") != nil)
    }

    /// A negative number past Int's range once became Int.min, whose absolute value traps.
    @Test func aHugeNegativeFractionIsReadWithoutCrashing() {
        _ = BuiltInGrammars.english.parse("3334\u{8}:-33333333333333333332/33\u{0}32/31\u{0}3")
        #expect(Self.quantity("add -33333333333333333332/33 pins") != nil)
        #expect(Self.quantity("add -99999999999999999999 pins") != nil)
    }
}

