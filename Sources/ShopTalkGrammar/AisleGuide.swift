import ShopTalkText
import Synchronization

/// Where things are in a shop, in every language at once: "show Groceries"
/// groups a list's items by aisle (produce, dairy, bakery, ...), from each
/// language's word list (``AisleWords``).
///
/// A household's lists mix languages ("Milch" beside "eggs"), so a name is
/// looked up in the reader's language first, then in the others; the first
/// that knows it says where it goes. A name none knows goes under `other`.
public struct AisleGuide: Sendable {
    /// What goes under nothing known, last.
    public static let other = "other"

    /// One language's word list, read from its file when first asked: a
    /// line in German needs the German file, not all seven.
    public final class Pending: Sendable {
        public let language: String
        private let read: Once<AisleWords>
        private let readFacts: Once<ThingFacts>
        private let readNames: Once<[String]>

        /// `facts`: the file's facts of names read alone (see ``ThingFacts``);
        /// by default, from the word list once it is read.
        public init(language: String, read: @escaping @Sendable () -> AisleWords, facts: (@Sendable () -> ThingFacts)? = nil) {
            self.language = language
            let words = Once(read)
            self.read = words
            self.readFacts = Once(facts ?? { ThingFacts(source: words.value.source) })
            self.readNames = Once { words.value.names }
        }

        public init(_ words: AisleWords) {
            self.language = words.language
            self.read = Once(value: words)
            self.readFacts = Once { ThingFacts(source: words.source) }
            self.readNames = Once { words.names }
        }

        /// The word list, read now if nobody has yet.
        public var words: AisleWords { read.value }

        /// The facts of its names, read now if nobody has yet.
        public var facts: ThingFacts { readFacts.value }

        /// Every thing's name as a reader is shown it (``AisleWords/names``), found once.
        public var names: [String] { readNames.value }
    }

    /// Every aisle, in the order a shop is usually walked: the first
    /// language's, then any only another language has. Found once, when a
    /// list is first shown by aisle.
    public var aisles: [String] { allAisles.value }

    private let allAisles: Once<[String]>
    let pending: [Pending]
    /// Names looked up already: a household shows the same few names again
    /// and again, and a list is shown on every third line of a busy server.
    private let memo = Memo()
    /// Things looked up already (see `AisleGuide+Lexicon.swift`).
    let things = ThingMemo()

    private final class Memo: Sendable {
        struct Key: Hashable {
            let name: String
            let language: String?
        }

        /// Emptied when it grows past this, so a long-running server's memory stays flat.
        static let capacity = 20_000
        let found = Mutex<[Key: String?]>([:])
    }

    /// `languages`: the default language first.
    public init(_ languages: [AisleWords]) {
        self.init(pending: languages.map(Pending.init))
    }

    /// Word lists each read when first needed; the default language first.
    public init(pending: [Pending]) {
        self.pending = pending
        allAisles = Once {
            var aisles: [String] = []
            for pending in pending {
                for aisle in pending.words.aisles where !aisles.contains(aisle) { aisles.append(aisle) }
            }
            return aisles
        }
    }

    /// A guide that knows no words: everything is `other`, and lists are not grouped.
    public static let none = AisleGuide([])

    /// `language`'s word list, read now if it is not yet; nil when it has none.
    func words(_ language: String) -> AisleWords? {
        pending.first { $0.language == language }?.words
    }

    /// Every language's word list but `language`'s, in order, each read now if it is not yet.
    func words(except language: String?) -> some Sequence<AisleWords> {
        pending.lazy.filter { $0.language != language }.map(\.words)
    }

    /// Reads `language`'s word list if it is not yet, so that no line waits for it.
    public func read(_ language: String) {
        _ = words(language)
    }

    public var isEmpty: Bool { pending.isEmpty }

    /// The aisle of an item called `name`, or nil when no language knows it.
    public func aisle(of name: String, preferring language: String? = nil) -> String? {
        let key = Memo.Key(name: name, language: language)
        if let known = memo.found.withLock({ $0[key] }) { return known }
        let aisle = lookUp(name, preferring: language)
        memo.found.withLock { found in
            if found.count >= Memo.capacity { found.removeAll(keepingCapacity: true) }
            found[key] = aisle
        }
        return aisle
    }

    /// Whether `language`'s own word list knows `name` as something sold:
    /// evidence that a line of names alone is a line of things to buy. The
    /// whole name must be known ("dog food", not "salad tonight").
    /// Other languages are not asked: "pain" is bread to a French reader only.
    /// With `lookingInside` false, a name of ideographs must be known as
    /// written, not by its ending ("个保鲜袋" is no food, "保鲜袋" is).
    public func knows(_ name: String, in language: String, lookingInside: Bool = true) -> Bool {
        let words = name.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" })
        guard !words.isEmpty, let own = self.words(language) else { return false }
        return own.aisle(ofWords: words, typedWithoutAccents: name.utf8.allSatisfy { $0 < 0x80 }, wholly: true, lookingInside: lookingInside) != nil
    }

    /// The thing `language`'s word list sells whose name `name` is likely
    /// a slip of ("chocolat milk", "Zahnpsta"), by `isSlip` (the domain's
    /// rule for typos); nil when any language's list knows `name` as it is
    /// (a household mixes languages: "piles" is no slip of "pies"), or
    /// nothing is that close. With thousands of names to be near, a short
    /// word is too often another word ("platos", "patos"): only names of
    /// seven letters or more are taken for slips, and of three a doubled
    /// letter typed once ("egs"), which no other word is. Names of ideographs
    /// never are: one character apart, 衛生綿 and 衛生紙 are two things.
    public func slip(of name: String, in language: String, isSlip: (String, [String]) -> String?) -> String? {
        guard name.count >= 7 || name.count == 3, !name.unicodeScalars.contains(where: { $0.properties.isIdeographic }),
              let own = pending.first(where: { $0.language == language }),
              !pending.contains(where: { knows(name, in: $0.language) }) else { return nil }
        return isSlip(name, own.names)
    }

    /// "tomatos", "potatos", "Kartofeln": a name `language`'s word list
    /// knows by its stem but spells otherwise, one letter off (by
    /// `isOneLetterOff`, the domain's rule) one name it lists for the same
    /// thing: that name, as the list spells it, its first letter cased as
    /// typed. The family sees the thing as they would write it, and finds
    /// it by either spelling. Names of ideographs are never respelled:
    /// one character apart, 衛生綿 and 衛生紙 are two things.
    public func listedSpelling(of name: String, in language: String, isOneLetterOff: (String, String) -> Bool) -> String? {
        guard !name.unicodeScalars.contains(where: { $0.properties.isIdeographic }), let own = words(language),
              let spelled = own.listedSpelling(of: name, isOneLetterOff: isOneLetterOff) else { return nil }
        guard let first = name.first, first.isUppercase else { return spelled }
        return spelled.prefix(1).uppercased() + spelled.dropFirst()
    }

    /// «малако», «памидоры», «мармилад»: a Russian name spelled as it
    /// sounds, an unstressed «о» written «а» and «е» written «и», which no
    /// word list knows: the thing `language`'s list sells that it sounds
    /// like, spelled alike but for those vowels. Asked about, as a slip is;
    /// short names too, since the vowels heard are the only difference.
    public func soundAlike(of name: String, in language: String) -> String? {
        guard name.count >= 4, RussianStemmer.isCyrillic(name.lowercased()), let own = pending.first(where: { $0.language == language }),
              !pending.contains(where: { knows(name, in: $0.language) }) else { return nil }
        let heard = Self.asHeard(name)
        return own.names.first { $0.count == name.count && $0.lowercased() != name.lowercased() && Self.asHeard($0) == heard }
    }

    /// A Russian word with the vowels an unstressed syllable blurs made one: о as а, е and ё as и.
    private static func asHeard(_ word: String) -> String {
        String(word.lowercased().map { letter -> Character in
            switch letter {
            case "о": "а"
            case "е", "ё": "и"
            default: letter
            }
        })
    }

    private func lookUp(_ name: String, preferring language: String?) -> String? {
        let words = name.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" })
        guard !words.isEmpty else { return nil }
        let withoutAccents = name.utf8.allSatisfy { $0 < 0x80 }
        if let language, let own = self.words(language),
           let aisle = own.aisle(ofWords: words, typedWithoutAccents: withoutAccents) {
            return aisle
        }
        for other in self.words(except: language) {
            if let aisle = other.aisle(ofWords: words, typedWithoutAccents: withoutAccents) { return aisle }
        }
        return nil
    }
}
