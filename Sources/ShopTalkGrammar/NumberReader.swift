/// Reads a number written as one word: digits with a decimal part or
/// thousands grouped ("3", "1.5", "1,000", "12,345.5"), a fraction ("1/2"),
/// digits with a fraction sign ("1½", "½"), digits of any script ("٣").
///
/// Which mark is the decimal one is the language's (`decimal mark:` in the
/// grammar's `numbers` block): in English "1,000" is a thousand and "1.5"
/// one and a half; in German "1.000" is a thousand and "1,5" one and a half.
/// The other mark groups thousands only before groups of exactly three
/// digits; alone before any other number of digits it can only be a decimal
/// mark, so "1,5" is one and a half in English too. Anything else with marks
/// ("1.2.3", "1,2,3") is a code, not a number.
enum NumberReader {
    /// The value of a word that is a number, or nil.
    static func read(_ word: String, decimalMark: UInt8 = UInt8(ascii: ".")) -> Fraction? {
        guard let first = word.utf8.first, first == UInt8(ascii: "-") || first >= 0x80 || (0x30...0x39).contains(first) else {
            return nil
        }
        // Plain ASCII digits, the usual case: read without looking at characters.
        if word.utf8.count <= 18, word.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return Fraction(word.utf8.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        if word.utf8.contains(UInt8(ascii: "/")), let slash = word.firstIndex(of: "/") {
            guard let top = whole(word[..<slash]), let bottom = whole(word[word.index(after: slash)...]), bottom >= 0 else { return nil }
            return Fraction(top, over: bottom)
        }
        if let last = word.unicodeScalars.last, let fraction = vulgarFractions[last] {
            let digits = word.unicodeScalars.dropLast()
            if digits.isEmpty { return fraction }
            guard let whole = read(String(String.UnicodeScalarView(digits)), decimalMark: decimalMark), whole.isWhole else { return nil }
            return whole.adding(fraction)
        }
        return decimal(word, decimalMark: decimalMark)
    }

    /// "1/2" and the other fraction signs Unicode gives a value.
    private static let vulgarFractions: [Unicode.Scalar: Fraction] = [
        "½": Fraction(1, over: 2), "¼": Fraction(1, over: 4), "¾": Fraction(3, over: 4),
        "⅓": Fraction(1, over: 3), "⅔": Fraction(2, over: 3), "⅕": Fraction(1, over: 5),
        "⅛": Fraction(1, over: 8), "⅜": Fraction(3, over: 8), "⅝": Fraction(5, over: 8), "⅞": Fraction(7, over: 8),
    ]

    /// Digits only, with an optional "-": saturating, so an absurd number
    /// stays absurd for the domain to refuse.
    private static func whole(_ text: Substring) -> Int? {
        var value = 0, negative = false, sawDigit = false
        for (offset, character) in text.enumerated() {
            if offset == 0, character == "-" { negative = true; continue }
            guard let digit = character.wholeNumberValue, character.isNumber, digit < 10 else { return nil }
            sawDigit = true
            let (multiplied, o1) = value.multipliedReportingOverflow(by: 10)
            let (added, o2) = multiplied.addingReportingOverflow(digit)
            value = o1 || o2 ? Int.max : added
        }
        guard sawDigit else { return nil }
        return negative ? (value == Int.max ? Int.min : -value) : value
    }

    private static func decimal(_ word: String, decimalMark: UInt8) -> Fraction? {
        let groupMark: Character = decimalMark == UInt8(ascii: ",") ? "." : ","
        let decimalCharacter = Character(Unicode.Scalar(decimalMark))
        var integer = 0, fraction = 0, fractionDigits = 0, negative = false
        var groups: [Int] = [0] // digits in each group before the decimal mark
        var decimals = 0 // decimal marks seen
        for (offset, character) in word.enumerated() {
            if offset == 0, character == "-" { negative = true; continue }
            if character == groupMark {
                guard decimals == 0, groups.last! > 0 else { return nil }
                groups.append(0)
                continue
            }
            if character == decimalCharacter {
                guard decimals == 0, groups.last! > 0 else { return nil }
                decimals += 1
                continue
            }
            guard let digit = character.wholeNumberValue, character.isNumber, digit < 10 else { return nil }
            if decimals > 0 {
                guard fractionDigits < 18 else { return .huge }
                fraction = fraction * 10 + digit
                fractionDigits += 1
            } else {
                groups[groups.count - 1] += 1
                let (multiplied, o1) = integer.multipliedReportingOverflow(by: 10)
                let (added, o2) = multiplied.addingReportingOverflow(digit)
                integer = o1 || o2 ? Int.max : added
            }
        }
        guard groups.last! > 0 || decimals > 0, decimals == 0 || fractionDigits > 0 else { return nil }
        let groupsOfThree = groups.count > 1 && (1...3).contains(groups[0]) && groups.dropFirst().allSatisfy { $0 == 3 }
        var value: Fraction
        if groups.count == 1 || groupsOfThree {
            value = Fraction(integer)
            if decimals > 0 { value = value.adding(Fraction(fraction, over: power(fractionDigits))) }
        } else if groups.count == 2, decimals == 0 {
            // "1,5" in English, "1.5" in German: one group mark before other than three digits is a decimal mark.
            let lastDigits = groups[1]
            let whole = integer / power(lastDigits), part = integer % power(lastDigits)
            value = Fraction(whole).adding(Fraction(part, over: power(lastDigits)))
        } else {
            return nil
        }
        return negative ? Fraction(-value.numerator, over: value.denominator) : value
    }

    private static func power(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { value, _ in value &* 10 }
    }
}
