import ShopTalkText

/// The name of an item on a list, as typed: "eggs", "Paper towels".
///
/// Two names denote the same item when they agree ignoring case, accents and
/// the usual singular/plural endings of English, Spanish, German and French ("egg" = "eggs", "loaf" = "loaves", "berry" =
/// "berries"), or, in Russian, every word's case and number ("гречку" =
/// "гречка", "молока" = "молоко"), so adding "eggs" to a list that has "egg"
/// adds to its quantity.
public struct ItemName: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 100

    public let value: String

    public init(_ raw: String) throws(DomainError) {
        let value = TextRules.collapsingWhitespace(raw)
        guard !value.isEmpty else { throw .invalidItemName(raw, .empty) }
        guard value.count <= Self.maximumLength else { throw .invalidItemName(raw, .tooLong) }
        guard TextRules.isPrintable(value) else { throw .invalidItemName(raw, .controlCharacters) }
        self.value = value
    }

    /// A name read back from storage, which was checked when it was written.
    public init(stored value: String) {
        self.value = value
    }

    public var description: String { value }

    /// True when both names denote the same item.
    public func denotesSameItem(as other: ItemName) -> Bool {
        // Every singular form is at most two characters shorter than its word
        // and keeps at least its first two, so ASCII names whose lengths differ
        // by more than two, or names that start with different ASCII letters,
        // cannot match: the usual case, checked before anything is lowercased.
        let lhsBytes = value.utf8, rhsBytes = other.value.utf8
        // The same name again, the most common case of all ("add eggs" with eggs on the list):
        // equal bytes, ASCII letters compared without their case, with nothing allocated.
        if lhsBytes.count == rhsBytes.count, lhsBytes.elementsEqual(rhsBytes, by: { $0 == $1 || ($0 | 0x20 == $1 | 0x20 && ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A) }) {
            return true
        }
        if abs(lhsBytes.count - rhsBytes.count) > 2, lhsBytes.allSatisfy({ $0 < 0x80 }), rhsBytes.allSatisfy({ $0 < 0x80 }) {
            return false
        }
        if let lhsFirst = lhsBytes.first, let rhsFirst = rhsBytes.first, lhsFirst < 0x80, rhsFirst < 0x80,
           lhsFirst | 0x20 != rhsFirst | 0x20 {
            return false
        }
        // Russian names change with case in every word: "туалетную бумагу" is "туалетная бумага".
        if RussianStemmer.isCyrillic(value) || RussianStemmer.isCyrillic(other.value) {
            return Self.russianStems(value) == Self.russianStems(other.value)
        }
        // Accents are let go only when one name was typed without any: "cafe"
        // is "café", but "bơ" (butter) and "bò" (beef), both typed with
        // theirs, are two things, as "año" and "ano" would be.
        let ignoringAccents = lhsBytes.allSatisfy({ $0 < 0x80 }) || rhsBytes.allSatisfy({ $0 < 0x80 })
        // "hòa quả" and "hoà quả": one word with its tone on either vowel.
        let lhsName = VietnameseTones.canonical(value) ?? value, rhsName = VietnameseTones.canonical(other.value) ?? other.value
        for lhs in Self.matchingForms(lhsName, ignoringAccents: ignoringAccents) {
            for rhs in Self.matchingForms(rhsName, ignoringAccents: ignoringAccents) where Self.sameItem(lhs, rhs) { return true }
        }
        return false
    }

    /// True when this name is a part of `whole` that may stand for it: its
    /// head, the words that say what the thing is, with what kind of it
    /// left unsaid. "spinach" is "baby spinach", "Spinat" is "Babyspinat",
    /// "牛奶" is "全脂牛奶", and where names put the thing first
    /// (`headFirst`), "aceite" is "aceite de oliva". "milk" is not "milk
    /// chocolate", nor "leche" "chocolate con leche": there the word says
    /// what kind, not what thing.
    ///
    /// `anywhere`: any of its words will do ("the wholemeal" for wholemeal
    /// bread), which the household decides only for a word that names no
    /// thing of its own.
    public func isPart(of whole: ItemName, headFirst: Bool, anywhere: Bool = false) -> Bool {
        let said = value.lowercased(), full = whole.value.lowercased()
        guard said.count >= 2, full.count > said.count else { return false }
        let saidWords = said.split(separator: " "), fullWords = full.split(separator: " ")
        if fullWords.count > saidWords.count {
            if anywhere {
                return (0...(fullWords.count - saidWords.count)).contains { start in
                    ItemName(stored: fullWords[start..<(start + saidWords.count)].joined(separator: " ")).denotesSameItem(as: self)
                }
            }
            let head = headFirst ? fullWords.prefix(saidWords.count) : fullWords.suffix(saidWords.count)
            return ItemName(stored: head.joined(separator: " ")).denotesSameItem(as: self)
        }
        // One word each: a compound that ends with the thing ("Babyspinat"), or a name in a script written without spaces.
        guard saidWords.count == 1, fullWords.count == 1 else { return false }
        let unspaced = said.unicodeScalars.first.map { (0x3000...0x9FFF).contains($0.value) || (0xF900...0xFAFF).contains($0.value) } ?? false
        guard unspaced || full.count - said.count >= 3 else { return false }
        return anywhere ? full.contains(said) : !headFirst && full.hasSuffix(said)
    }

    /// Each word's stem (see `RussianStemmer`).
    private static func russianStems(_ name: String) -> [String] {
        name.split(separator: " ").map { RussianStemmer.stem(String($0)) }
    }

    private static func sameItem(_ lhs: String, _ rhs: String) -> Bool {
        let (lhsHead, lhsLast) = split(lhs)
        let (rhsHead, rhsLast) = split(rhs)
        guard lhsHead == rhsHead else { return false }
        if lhsLast == rhsLast { return true }
        // One word must be a plural of the other: "box" and "bon" both shorten
        // to "bo", "corn" and "core" to "cor", and are two things all the same.
        return PluralEndings.singularForms(of: lhsLast).contains(rhsLast) || PluralEndings.singularForms(of: rhsLast).contains(lhsLast)
    }

    /// Lowercased and, when `ignoringAccents`, without them: "Café" and
    /// "cafe" are one item, as a person typing in a hurry means them to be;
    /// a name with German umlauts also with them spelled out, so "Äpfel" is
    /// both "apfel" and "aepfel".
    private static func matchingForms(_ name: String, ignoringAccents: Bool) -> [String] {
        let lowered = name.lowercased()
        guard ignoringAccents else { return [lowered] }
        let folded = AccentFolding.folded(lowered) ?? lowered
        guard let spelled = AccentFolding.umlautsSpelledOut(lowered) else { return [folded] }
        return [folded, AccentFolding.folded(spelled) ?? spelled]
    }

    /// The words before the last, and the last word, which carries the plural.
    private static func split(_ name: String) -> (head: Substring, last: Substring) {
        guard let space = name.lastIndex(of: " ") else { return ("", name[...]) }
        return (name[..<space], name[name.index(after: space)...])
    }
}
