/// The plural categories of Unicode CLDR: which form of a word a number takes.
public enum PluralCategory: String, Hashable, Sendable, CaseIterable {
    case zero, one, two, few, many, other
}

/// A number as CLDR's plural rules see it, from the way it is written:
/// `i` the integer digits, `v` how many digits follow the decimal mark
/// (so "1" and "1.5" differ, and a quantity is written without trailing zeros).
public struct PluralOperands: Hashable, Sendable {
    public let i: Int
    public let v: Int
    /// The visible fraction digits as a number ("1.25" → 25).
    public let f: Int

    public init(integer: Int) {
        (i, v, f) = (abs(integer), 0, 0)
    }

    /// A decimal written as "12", "1.5", "0.25" (no grouping, "." as the mark).
    public init(decimal text: String) {
        // Read digit by digit, on the bytes: every amount in every reply comes through here.
        var whole = 0, fraction = 0, fractionDigits = 0, inFraction = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int(byte - UInt8(ascii: "0"))
                if inFraction {
                    fraction = fraction &* 10 &+ digit
                    fractionDigits += 1
                } else {
                    whole = whole &* 10 &+ digit
                }
            case UInt8(ascii: "."): inFraction = true
            default: continue // a sign
            }
        }
        i = whole
        v = fractionDigits
        f = fraction
    }

    /// `n`, the absolute value, is 1 exactly.
    var isExactlyOne: Bool { i == 1 && f == 0 }
}

/// The cardinal plural rules of CLDR for the languages ShopTalk speaks,
/// rewritten from the CLDR tables (the `e` operand, for compact numbers
/// such as "1.2c6", is always 0 here):
///
/// | language | one | few | many |
/// | --- | --- | --- | --- |
/// | en, de | i = 1 and v = 0 | | |
/// | es | n = 1 | | e = 0 and i != 0 and i % 1000000 = 0 and v = 0 |
/// | fr | i = 0,1 | | as es |
/// | ru | v = 0 and i % 10 = 1 and i % 100 != 11 | v = 0 and i % 10 = 2..4 and i % 100 != 12..14 | v = 0 and (i % 10 = 0 or i % 10 = 5..9 or i % 100 = 11..14) |
/// | vi, zh | | | |
///
/// Everything else is `other`.
public enum PluralRule: String, Hashable, Sendable, CaseIterable {
    case english = "en"
    case german = "de"
    case spanish = "es"
    case french = "fr"
    case russian = "ru"
    case vietnamese = "vi"
    case chinese = "zh"

    /// The rule for a language code ("pt-BR" → nothing known: nil).
    public init?(language: String) {
        self.init(rawValue: language)
    }

    /// The categories a message in this language may need to say.
    public var categories: [PluralCategory] {
        switch self {
        case .english, .german: [.one, .other]
        case .spanish, .french: [.one, .many, .other]
        case .russian: [.one, .few, .many, .other]
        case .vietnamese, .chinese: [.other]
        }
    }

    public func category(_ n: PluralOperands) -> PluralCategory {
        let millions = n.v == 0 && n.i != 0 && n.i % 1_000_000 == 0
        switch self {
        case .english, .german:
            return n.i == 1 && n.v == 0 ? .one : .other
        case .spanish:
            if n.isExactlyOne { return .one }
            return millions ? .many : .other
        case .french:
            if n.i == 0 || n.i == 1 { return .one }
            return millions ? .many : .other
        case .russian:
            guard n.v == 0 else { return .other }
            let last = n.i % 10, lastTwo = n.i % 100
            if last == 1 && lastTwo != 11 { return .one }
            if (2...4).contains(last) && !(12...14).contains(lastTwo) { return .few }
            return .many // last digit 0 or 5...9, or 11...14
        case .vietnamese, .chinese:
            return .other
        }
    }
}
