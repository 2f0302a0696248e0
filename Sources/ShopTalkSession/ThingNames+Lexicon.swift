import ShopTalkDomain
import ShopTalkGrammar

/// The lexicon of the language files' keyed aisle lines, which the domain
/// matches names through (see ``ThingNames``): one for the bot, so that a
/// line's ``ThingNames`` costs no allocation, and the files are read only
/// when a name is looked up.
final class GrammarsLexicon: ThingLexicon {
    let grammars: Grammars

    init(_ grammars: Grammars) {
        self.grammars = grammars
    }

    func thing(said name: String, in language: String) -> String? {
        grammars.aisles.concept(of: name, saidIn: language)
    }

    func thing(stored name: String, typedIn: String?, readIn language: String) -> String? {
        grammars.aisles.concept(ofStored: name, typedIn: typedIn, readIn: language)
    }

    func aisle(of name: String, in language: String) -> String? {
        grammars.aisles.aisle(of: name, preferring: language)
    }
}

extension Command {
    /// A list in the order its reader reads it: by each item's name in the
    /// speaker's language, as the lexicon words it, where anything on it was
    /// typed in another.
    func inReadersWords(_ contents: ListContents) -> ListContents {
        let language = grammar.language
        guard contents.items.contains(where: { $0.language != nil && $0.language != language }) else { return contents }
        let aisles = grammars.aisles
        return contents.ordered { item in
            aisles.word(for: item.name.value, in: language, plural: false, typedIn: item.language) ?? item.name.value
        }
    }
}
