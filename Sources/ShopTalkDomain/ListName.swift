import ShopTalkText

/// The name of a shopping list as its owner typed it, trimmed: "Groceries".
///
/// Two names are the same list when their ``key``s are equal, so "groceries"
/// finds "Groceries" and creating "GROCERIES" beside it is a duplicate.
public struct ListName: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 100
    /// The name ShopTalk gave a member's first list before lists were
    /// named in the member's language: a member's own list of this name
    /// is still taken as their default when they have none chosen.
    public static let defaultList = try! ListName("Shopping list")

    public let value: String

    /// A name as typed, trimmed, its compatibility forms folded ("Ｇｒｏｃｅｒｉｅｓ"
    /// is "Groceries"); a word mixing look-alike alphabets is refused.
    public init(_ raw: String) throws(DomainError) {
        let value = TextRules.collapsingWhitespace(LookalikeNames.folded(raw))
        guard !value.isEmpty else { throw .invalidListName(raw, .empty) }
        guard value.count <= Self.maximumLength else { throw .invalidListName(raw, .tooLong) }
        guard TextRules.isPrintable(value) else { throw .invalidListName(raw, .controlCharacters) }
        guard !LookalikeNames.mixesScripts(value) else { throw .invalidListName(raw, .mixedScripts) }
        self.value = value
    }

    /// Whether a reader could take this name for `other`, another list's.
    public func looksLike(_ other: ListName) -> Bool {
        key != other.key && LookalikeNames.skeleton(value) == LookalikeNames.skeleton(other.value)
    }

    /// The case-insensitive identity of the name.
    public var key: String { value.lowercased() }

    /// True when a name said in a sentence names this list: the same key,
    /// or, for a Russian name, the same words in another case ("из списка
    /// продуктов" names "Продукты"). A name said exactly is preferred to
    /// one that only agrees this way (see `ListName.matching`).
    public func isCalled(_ spoken: ListName) -> Bool {
        if key == spoken.key { return true }
        guard RussianStemmer.isCyrillic(value) || RussianStemmer.isCyrillic(spoken.value) else { return false }
        return stems == spoken.stems
    }

    private var stems: [String] { value.split(separator: " ").map { RussianStemmer.stem(String($0)) } }

    /// The key with accents and marks left out: "Nha" typed for "Nhà",
    /// "super" for "Súper", as phones without the keyboard type them.
    var plainKey: String { AccentFolding.folded(key) ?? key }

    /// Of `candidates`, those called exactly `spoken`; when none is, those
    /// it names in another case; when none is, those it names without
    /// their accents ("list Nha" → Nhà). Several found are for the caller
    /// to ask about, never to choose among.
    public static func matching<T>(_ spoken: ListName, in candidates: [T], name: (T) -> ListName) -> [T] {
        let exact = candidates.filter { name($0).key == spoken.key }
        guard exact.isEmpty else { return exact }
        let inflected = candidates.filter { name($0).isCalled(spoken) }
        guard inflected.isEmpty else { return inflected }
        let plain = spoken.plainKey
        return candidates.filter { name($0).plainKey == plain }
    }

    /// Of `candidates`, the one `spoken` names in part, when only one is:
    /// "bbq" or "saturday bbq" for "BBQ on Saturday", "anniv de Léa" for
    /// "Anniversaire de Léa", "ferre" for "Ferretería", "bhx" for "Bách Hóa
    /// Xanh". Each word said is a word of the name, the start of one in four
    /// letters or more, or one with an "s" that joins it to the next
    /// ("Samstagsliste"), or the name's initials, three or four; nil
    /// when two lists would do: choosing between them is the family's.
    public static func partlyNamed<T>(_ spoken: ListName, in candidates: [T], name: (T) -> ListName) -> T? {
        // "saturday's bbq", "l'anniv": a letter alone is an ending or an article, no word of a name.
        let said = words(of: spoken.plainKey).filter { $0.count > 1 }
        guard said.contains(where: { $0.count >= 3 }) else { return nil }
        // "bhx" for "Bách Hóa Xanh": three or four letters, each the first of a word of the one name they fit.
        if said.count == 1, (3...4).contains(said[0].count) {
            let initialled = candidates.filter { candidate in
                let parts = words(of: name(candidate).plainKey)
                return parts.count == said[0].count && String(parts.compactMap(\.first)) == said[0]
            }
            if initialled.count == 1 { return initialled[0] }
        }
        let found = candidates.filter { candidate in
            var unsaid = words(of: name(candidate).plainKey)
            for word in said {
                guard let at = unsaid.firstIndex(where: { $0 == word || word.count >= 4 && $0.hasPrefix(word) || word.count >= 5 && word.last == "s" && $0 == word.dropLast() })
                else { return false }
                unsaid.remove(at: at)
            }
            return true
        }
        return found.count == 1 ? found[0] : nil
    }

    private static func words(of key: String) -> [Substring] {
        key.split { !$0.isLetter && !$0.isNumber }
    }

    /// A name read back from storage, which was checked when it was written.
    public init(stored value: String) {
        self.value = value
    }

    public var description: String { value }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}
