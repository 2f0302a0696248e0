import ShopTalkDomain
import ShopTalkGrammar

extension ThingNames {
    /// The lexicon of the language files' keyed aisle lines, for a line
    /// said in `language`; the files are read only when a name is looked up.
    init(_ grammars: Grammars, speaking language: String) {
        self.init(
            language: language,
            said: { grammars.aisles.concept(of: $0, saidIn: language) },
            stored: { name, typedIn in grammars.aisles.concept(ofStored: name, typedIn: typedIn, readIn: language) })
    }
}
