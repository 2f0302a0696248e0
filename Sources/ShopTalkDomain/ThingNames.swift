/// What the language files say things are, by a key the same in every
/// language (`milk`); nil for a name they do not know.
public protocol ThingLexicon: Sendable {
    /// The thing a name said in `language` is: "Milch" in German is `milk`.
    func thing(said name: String, in language: String) -> String?
    /// The thing an item's stored name is, read in `typedIn` when known, else as `language` reads it.
    func thing(stored name: String, typedIn: String?, readIn language: String) -> String?
    /// Where a thing called `name` in `language` is sold (`meat`, `snacks`): what kind of thing it is.
    func aisle(of name: String, in language: String) -> String?
}

/// How the household's languages name one thing, for a command said in one
/// of them: "hab die Milch" ticks off the "leche" a Spanish member added,
/// and "add milk" where "leche" is already on the list adds nothing new.
///
/// The domain knows no words: the session hands it what a name said and a
/// name stored are, as keys of the language files' lexicon (`milk`), or nil
/// for a name the lexicon does not know, which matches only as typed.
public struct ThingNames: Sendable {
    /// The language of the line: what the names it adds are typed in.
    public let language: String?
    private let lexicon: (any ThingLexicon)?
    /// Whether the line's language puts the thing first in a name ("aceite
    /// de oliva"), so a part of a name stands for it (see ``ItemName/isPart(of:headFirst:)``).
    public let nameHeadFirst: Bool

    public init(language: String, lexicon: any ThingLexicon, nameHeadFirst: Bool = false) {
        self.language = language
        self.lexicon = lexicon
        self.nameHeadFirst = nameHeadFirst
    }

    private init() {
        language = nil
        lexicon = nil
        nameHeadFirst = false
    }

    /// Names match only as typed.
    public static let none = ThingNames()

    /// The thing a name is in the speaker's language.
    private func said(_ name: String) -> String? {
        guard let language, let lexicon else { return nil }
        return lexicon.thing(said: name, in: language)
    }

    /// The thing a stored item's name is, read in the language it was typed in when the store knows it.
    private func stored(_ name: String, _ typedIn: String?) -> String? {
        guard let language, let lexicon else { return nil }
        return lexicon.thing(stored: name, typedIn: typedIn, readIn: language)
    }

    /// The item `name` denotes among `items`: the one of that name
    /// (``ItemName/denotesSameItem(as:)``), or else the one that is the
    /// same thing under another language's name.
    /// A name spelled alike in two languages is two things when the lexicon
    /// says so: German "Pommes" (chips) is not the French "pommes" (apples).
    /// Within one language, names are as typed ("Milch" and "Frischmilch"
    /// stay two items); the lexicon is asked only of items typed in another.
    func index(of name: ItemName, in items: [Item]) -> Int? {
        let first = items.firstIndex { $0.name.denotesSameItem(as: name) }
        // The usual cases, asking no lexicon: the name again, typed in the
        // line's language, or a list with nothing typed in another.
        if let first, items[first].language == nil || items[first].language == language { return first }
        guard items.contains(where: { $0.language != language }) else { return first }
        let thing = said(name.value)
        if first != nil, let index = items.firstIndex(where: {
            $0.name.denotesSameItem(as: name) && !differs($0.name, typedIn: $0.language, from: thing)
        }) {
            return index
        }
        guard let thing else { return nil }
        return items.firstIndex { $0.language != language && stored($0.name.value, $0.language) == thing }
    }

    /// Whether the lexicon knows the name as a thing of its own ("milk",
    /// "chicken"): such a name never stands for another item it is only a
    /// word of ("milk chocolate").
    func isKnownThing(_ name: ItemName) -> Bool {
        said(name.value) != nil
    }

    /// Whether a name the lexicon knows as a thing of its own may stand for
    /// an item it is a word of, not the head: "chicken" for the chicken
    /// breast, both sold as meat; never "milk" for milk chocolate, a sweet,
    /// nor "tomatoes" for tomato sauce.
    func isOfSameKind(as name: ItemName) -> (Item) -> Bool {
        guard let language, let lexicon, let kind = lexicon.aisle(of: name.value, in: language) else { return { _ in false } }
        return { lexicon.aisle(of: $0.name.value, in: $0.language ?? language) == kind }
    }

    /// Whether an item is the thing a name said is, under another of its
    /// names in any language: "сметану" for the «сметанка» on the list,
    /// "loo roll" for the toilet paper. Asked only once no item has the
    /// name as said, so "Milch" and "Frischmilch" added stay two items.
    func isSameThing(as name: ItemName) -> (Item) -> Bool {
        guard let thing = said(name.value) else { return { _ in false } }
        return { self.stored($0.name.value, $0.language) == thing }
    }

    /// Whether an item and a name said denote the same item, by name or as the same thing.
    func match(_ item: Item, _ name: ItemName) -> Bool {
        match(item.name, typedIn: item.language, name)
    }

    /// The same for a name the history keeps, in `typedIn` if known.
    func match(_ storedName: ItemName, typedIn: String? = nil, _ name: ItemName) -> Bool {
        if storedName.denotesSameItem(as: name) {
            return typedIn == nil || typedIn == language || !differs(storedName, typedIn: typedIn, from: said(name.value))
        }
        guard typedIn != language, let thing = said(name.value) else { return false }
        return stored(storedName.value, typedIn) == thing
    }

    /// Whether a stored name typed in another language is known as another thing than `thing`.
    private func differs(_ storedName: ItemName, typedIn: String?, from thing: String?) -> Bool {
        guard let thing, let typedIn, typedIn != language, let other = stored(storedName.value, typedIn) else { return false }
        return other != thing
    }
}

extension Household {
    /// The item of `items` a name said denotes (see ``ThingNames``).
    func item(named name: ItemName, in items: [Item]) -> Item? {
        thingNames.index(of: name, in: items).map { items[$0] }
    }
}
