import ShopTalkText
import Synchronization

/// One thing, whatever language names it: the aisle files' keyed lines
/// (`milk = Milch`) make a lexicon, so "leche" on a Spanish member's list is
/// the "Milch" a German member ticks off, and each reader is shown their
/// own word for it.
extension AisleGuide {
    /// The thing a name said in `language` is: "Milch" said in German is
    /// `milk`. Only the speaker's language is asked, so a word that means
    /// another thing in another language ("pain", "lard") is taken as the
    /// speaker means it. The whole name must be keyed: "Schokomilch" is no milk.
    public func concept(of name: String, saidIn language: String) -> String? {
        things.remembered(.said(name, language)) {
            guard let words = Self.words(of: name), let own = self.words(language) else { return nil }
            return own.concept(of: words, typedWithoutAccents: name.utf8.allSatisfy { $0 < 0x80 })
        }
    }

    /// The thing an item's name is: by the file of the language it was
    /// typed in, when the store knows it (`typedIn`), as the line that added
    /// it meant it; for an item older than that, by the reader's file when
    /// it knows the name, else by the other languages when they agree on one thing.
    public func concept(ofStored name: String, typedIn: String?, readIn language: String?) -> String? {
        if let typedIn { return concept(of: name, saidIn: typedIn) }
        return concept(ofStored: name, readIn: language)
    }

    private func concept(ofStored name: String, readIn language: String?) -> String? {
        things.remembered(.stored(name, language ?? "")) {
            guard let words = Self.words(of: name) else { return nil }
            let plain = name.utf8.allSatisfy { $0 < 0x80 }
            if let language, let own = self.words(language) {
                if let key = own.concept(of: words, typedWithoutAccents: plain) { return key }
                // A word the reader's language has without a key is theirs, not another language's.
                if own.knowsWholly(words, typedWithoutAccents: plain) { return nil }
            }
            var found: String?
            for other in self.words(except: language) {
                guard let key = other.concept(of: words, typedWithoutAccents: plain) else { continue }
                if let found, found != key { return nil }
                found = key
            }
            return found
        }
    }

    /// The reader's word for an item typed in another language: "Milch" for
    /// "leche" to a German reader, "Eier" for more than one; nil when the
    /// name is the reader's own word already or the lexicon does not know it.
    /// A name typed in the reader's language, counted more than once, is
    /// its plural where the lexicon has one ("2 Apfel" reads "2 Äpfel").
    /// `typedIn`: the language the name was typed in, when the store knows it.
    public func word(for name: String, in language: String, plural: Bool, typedIn: String? = nil) -> String? {
        guard typedIn != language else { return (plural ? pluralOfOwnWord(name, in: language) : nil) ?? accented(name, in: language, plural: plural) }
        return things.remembered(.word(name, language, plural, typedIn ?? "")) {
            guard let key = concept(ofStored: name, typedIn: typedIn, readIn: language),
                  let own = self.words(language),
                  let words = Self.words(of: name) else { return nil }
            if own.concept(of: words, typedWithoutAccents: name.utf8.allSatisfy { $0 < 0x80 }) == key {
                return accented(name, in: language, plural: plural)
            }
            return own.word(for: key, plural: plural)
        }
    }

    /// The reader's own word typed without its accents, as the file spells
    /// it: "nước mắm" for "nuoc mam", "papel higiénico" for "papel
    /// higienico"; nil for any other name. Only a name of five letters or
    /// more, as a short one without its marks may be several words ("ta":
    /// tã, tá, ta), and only where the word with its accents takes them
    /// off letter for letter.
    private func accented(_ name: String, in language: String, plural: Bool) -> String? {
        guard name.utf8.count >= 5, name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return things.remembered(.accented(name, language, plural)) {
            guard let own = self.words(language), !own.foldedIndex.isEmpty, let words = Self.words(of: name),
                  let key = own.concept(of: words, typedWithoutAccents: true),
                  let word = own.word(for: key, plural: plural),
                  AccentFolding.folded(word.lowercased()) == name.lowercased() else { return nil }
            return name.first?.isUppercase == true ? word.prefix(1).uppercased() + word.dropFirst() : word
        }
    }

    /// The plural of `name`, a singular of `language`'s lexicon with a plural
    /// of its own, or another name of the thing whose plural the file spells
    /// ("loo roll[s]"); nil for any other name, which is shown as typed.
    private func pluralOfOwnWord(_ name: String, in language: String) -> String? {
        things.remembered(.word(name, language, true, language)) {
            guard let own = self.words(language), let words = Self.words(of: name),
                  let key = own.concept(of: words, typedWithoutAccents: name.utf8.allSatisfy { $0 < 0x80 }),
                  let singular = own.word(for: key, plural: false) else { return nil }
            // A plural typed ("Äpfel") is shown as typed.
            guard singular.lowercased() == name.lowercased() else {
                return own.word(for: key, plural: true)?.lowercased() == name.lowercased() ? nil : own.spelledPlural(of: name, key: key)
            }
            guard let plural = own.word(for: key, plural: true), plural != singular else { return nil }
            return plural
        }
    }

    /// What a reply in `language` needs to know to put `word`, a name in
    /// that language, in a sentence: its gender, its classifier, a case form
    /// (see ``ThingFacts``); nil when the file knows none. Only the facts are
    /// read, not the whole file.
    public func facts(of word: String, in language: String) -> [String: String]? {
        pending.first { $0.language == language }?.facts.facts(of: word)
    }

    private static func words(of name: String) -> [Substring]? {
        let words = name.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" })
        return words.isEmpty ? nil : words
    }
}

/// Lexicon answers already found, for the few names a household says again and again.
final class ThingMemo: Sendable {
    enum Key: Hashable {
        case said(String, String)
        case stored(String, String)
        case word(String, String, Bool, String)
        case accented(String, String, Bool)
    }

    /// Emptied when it grows past this, so a long-running server's memory stays flat.
    static let capacity = 20_000
    private let found = Mutex<[Key: String?]>([:])

    func remembered(_ key: Key, _ lookUp: () -> String?) -> String? {
        if let known = found.withLock({ $0[key] }) { return known }
        let value = lookUp()
        found.withLock { found in
            if found.count >= Self.capacity { found.removeAll(keepingCapacity: true) }
            found[key] = value
        }
        return value
    }
}
