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
        return negative ? -value : value // saturated at ±Int.max: never Int.min, which has no positive twin
    }

    private static func decimal(_ word: String, decimalMark: UInt8) -> Fraction? {
        let groupMark: Character = decimalMark == UInt8(ascii: ",") ? "." : ","
        let decimalCharacter = Character(Unicode.Scalar(decimalMark))
        var negative = false
        var groups: [[Int]] = [[]] // digits before the decimal mark, between group marks
        var fraction: [Int]?
        for (offset, character) in word.enumerated() {
            if offset == 0, character == "-" { negative = true; continue }
            if character == groupMark {
                guard fraction == nil, !groups[groups.count - 1].isEmpty else { return nil }
                groups.append([])
            } else if character == decimalCharacter {
                guard fraction == nil, !groups[groups.count - 1].isEmpty else { return nil }
                fraction = []
            } else {
                guard let digit = character.wholeNumberValue, character.isNumber, digit < 10 else { return nil }
                if fraction != nil { fraction!.append(digit) } else { groups[groups.count - 1].append(digit) }
            }
        }
        guard !groups[groups.count - 1].isEmpty, fraction?.isEmpty != true else { return nil }
        var integer = groups[0]
        if groups.count > 1 {
            if (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }) {
                integer = groups.flatMap { $0 } // "1,000", "12,345.5"
            } else if groups.count == 2, fraction == nil {
                fraction = groups[1] // "1,5" in English, "1.5" in German: the only mark can only be a decimal one
            } else {
                return nil // "1,2,3": a code, not a number
            }
        }
        var value = Fraction(integer.reduce(0) { whole, digit in
            let (shifted, o1) = whole.multipliedReportingOverflow(by: 10)
            let (added, o2) = shifted.addingReportingOverflow(digit)
            return o1 || o2 ? Int.max : added
        })
        if let fraction { value = value.adding(decimalPart(fraction)) }
        return negative ? Fraction(-value.numerator, over: value.denominator) : value
    }

    /// Digits after a decimal mark as a fraction: 18 of them exactly; when
    /// more follow and any is not 0, a trace more, so the number is still
    /// refused as having too many decimal places, never taken as rounded.
    private static func decimalPart(_ digits: [Int]) -> Fraction {
        let kept = digits.prefix(18)
        var part = Fraction(kept.reduce(0) { $0 * 10 + $1 }, over: power(kept.count))
        if digits.dropFirst(18).contains(where: { $0 != 0 }) {
            part = part.adding(Fraction(1, over: power(18)))
        }
        return part
    }

    private static func power(_ exponent: Int) -> Int {
        (0..<exponent).reduce(1) { value, _ in value &* 10 }
    }
}
