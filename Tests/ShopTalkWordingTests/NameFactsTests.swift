import ShopTalkWording
import Testing

/// The grammar of a name where a template puts it in: its gender, number,
/// classifier and case forms (`{item.gender, select, …}`, `{item.genitive}`),
/// from what the language files know of the thing, else from the message
/// file's own rules of endings.
@Suite("Facts of names in messages")
struct NameFactsTests {
    let rendering = MessageRenderingTests()

    /// A lexicon of a few things, as the aisle files would give it.
    let things = ThingWords({ _, _, _, _ in nil }, facts: { word, language in
        switch (word.lowercased(), language) {
        case ("lait", "fr"), ("lait d'avoine", "fr"): ["gender": "m"]
        case ("farine", "fr"), ("orange", "fr"): ["gender": "f"]
        case ("chuối", "vi"): ["classifier": "quả"]
        case ("яйца", "ru"): ["gender": "pl", "genitive": "яиц", "genpl": "яиц"]
        default: nil
        }
    })

    @Test func anArticleAgreesWithTheGenderTheLexiconGivesAndANameOfNoKnownGenderNeedsNone() throws {
        let french = try rendering.catalog("fr", settings: "elision: la\n", [
            "goodbye.member": "Tu as coché {item.gender, select, m {le {item}} f {la {item}} none {« {item} »} other {{item}}}.",
        ])
        func checked(_ name: String) -> String {
            french.render(Message(.goodbyeMember, ["item": .thing(name, plural: false, typedIn: "fr")]), things: things)
        }
        #expect(checked("lait") == "Tu as coché le lait.")
        #expect(checked("farine") == "Tu as coché la farine.")
        #expect(checked("orange") == "Tu as coché l'orange.")
        #expect(checked("pq") == "Tu as coché « pq ».")
    }

    /// After a unit a thing is plural where the lexicon has a plural and no
    /// `mass=yes`; with no lexicon, or a name it does not know, as typed.
    @Test func aThingAfterAUnitIsPluralOnlyWhereTheLexiconSaysSo() throws {
        let german = try rendering.catalog("de", ["goodbye.member": "{item.plural, select, yes {die {item}} other {{item}}}"])
        let lexicon = ThingWords({ name, _, plural, _ in plural && name == "Apfel" ? "Äpfel" : plural && name == "Käse" ? "Käse" : nil },
                                 facts: { word, _ in word == "Käse" ? ["mass": "yes"] : nil })
        func measured(_ name: String, _ things: ThingWords?) -> String {
            german.render(Message(.goodbyeMember, ["item": .thing(name, plural: true, typedIn: "de", measured: true)]), things: things)
        }
        #expect(measured("Apfel", lexicon) == "die Apfel", "the fact; the name itself is renamed before rendering")
        #expect(measured("Käse", lexicon) == "Käse", "a mass")
        #expect(measured("Blorb", lexicon) == "Blorb", "a name the lexicon does not know")
        #expect(measured("Apfel", nil) == "Apfel", "no lexicon")
    }

    @Test func aNameTypedInAnotherLanguageHasNoneOfTheReadersFacts() throws {
        let french = try rendering.catalog("fr", ["goodbye.member": "{item.gender, select, m {le {item}} other {« {item} »}}"])
        let typedInEnglish = Message(.goodbyeMember, ["item": .thing("lait", plural: false, typedIn: "en")])
        #expect(french.render(typedInEnglish, things: things) == "« lait »")
    }

    @Test func aClassifierStandsBeforeTheNounAndAnUnknownOneTakesTheTemplatesDefault() throws {
        let vietnamese = try rendering.catalog("vi", ["goodbye.member": "{count} {item.classifier, select, none {} other {{item.classifier} }}{item}"])
        func counted(_ name: String) -> String {
            vietnamese.render(Message(.goodbyeMember, ["count": .number(3), "item": .thing(name, plural: true, typedIn: "vi")]), things: things)
        }
        #expect(counted("chuối") == "3 quả chuối")
        #expect(counted("nước mắm") == "3 nước mắm")
    }

    @Test func aCaseFormComesFromTheLexiconElseFromTheEndingsElseIsTheNameItself() throws {
        let russian = try rendering.catalog("ru", settings: "form genpl: ая → ых, ка → ек, а → -\nform genitive: ая → ой, а → ы, ка → ки, о → а\nguess gender: а → f, о → n\n", [
            "goodbye.member": "нет {item.genitive} ({item.gender, select, f {ж} n {с} pl {мн} other {?}})",
            "goodbye": "много {item.genpl}",
        ])
        func none(_ name: String) -> String {
            russian.render(Message(.goodbyeMember, ["item": .thing(name, plural: false, typedIn: "ru")]), things: things)
        }
        func many(_ name: String) -> String {
            russian.render(Message(.goodbye, ["item": .thing(name, plural: true, typedIn: "ru")]), things: things)
        }
        #expect(none("зубная паста") == "нет зубной пасты (ж)")
        #expect(many("зубная паста") == "много зубных паст")
        #expect(none("гречка") == "нет гречки (ж)")
        #expect(many("ложка") == "много ложек")
        #expect(none("молоко") == "нет молока (с)")
        #expect(none("яйца") == "нет яиц (мн)")
        #expect(many("яйца") == "много яиц")
        // No rule for the ending: the name as it is.
        #expect(none("хлеб") == "нет хлеб (?)")
    }

    @Test func aPluralItemAndAValueThatStartsWithAVowelOrACapitalAreFactsToo() throws {
        let french = try rendering.catalog("fr", [
            "goodbye.member": "{actor.capitalised} a pris {item.plural, select, yes {les} other {{item.vowel, select, yes {l'} other {le }}}}{item.plural, select, yes { } other {}}{item}.",
        ])
        func took(_ name: String, plural: Bool) -> String {
            french.render(Message(.goodbyeMember, ["actor": .text("claire"), "item": .thing(name, plural: plural, typedIn: "fr")]), things: things)
        }
        #expect(took("œufs", plural: true) == "Claire a pris les œufs.")
        #expect(took("ananas", plural: false) == "Claire a pris l'ananas.")
        #expect(took("pain", plural: false) == "Claire a pris le pain.")
    }

    /// "Ajouté à la liste de courses": a guess may go by a name's last words, never by part of one.
    @Test func aGuessMayGoByTheLastWordsOfAName() throws {
        let french = try rendering.catalog("fr", settings: "guess kind: liste de courses → own\n", [
            "goodbye.member": "Ajouté à {list.kind, select, own {la liste de courses} other {{list}}}.",
        ])
        func added(_ list: String) -> String { french.render(Message(.goodbyeMember, ["list": .text(list)])) }
        #expect(added("Liste de courses") == "Ajouté à la liste de courses.")
        #expect(added("Ma liste  de courses") == "Ajouté à la liste de courses.")
        #expect(added("Courses") == "Ajouté à Courses.")
        #expect(added("Autreliste de courses") == "Ajouté à Autreliste de courses.")
    }

    @Test func germanNounsAreShownCapitalisedAsTypedOrNot() throws {
        let german = try rendering.catalog("de", settings: "nouns: capitalised\n", ["goodbye.member": "1 Packung {item}"])
        func pack(_ name: String, typedIn: String? = "de") -> String {
            german.render(Message(.goodbyeMember, ["item": .thing(name, plural: false, typedIn: typedIn)]))
        }
        #expect(pack("butter") == "1 Packung Butter")
        #expect(pack("frische butter") == "1 Packung frische Butter")
        #expect(pack("Milch") == "1 Packung Milch")
        // A name typed in another language is shown as typed.
        #expect(pack("butter", typedIn: "en") == "1 Packung butter")
    }

    @Test func aRuleOfEndingsThatIsNoListOfPairsIsAMistakeOfTheFile() {
        #expect(throws: MessageFileError.self) { try rendering.catalog("ru", settings: "form genitive: а ы\n", [:]) }
        #expect(throws: MessageFileError.self) { try rendering.catalog("ru", settings: "guess gender: а → \n", [:]) }
        #expect(throws: MessageFileError.self) { try rendering.catalog("de", settings: "nouns: shouting\n", [:]) }
    }
}

extension NameFactsTests {
    @Test func anAmountHasTheFactsOfItsThingAndSeveralThingsArePlural() throws {
        let french = try rendering.catalog("fr", [
            "goodbye.member": "{item.gender, select, m {le} f {la} other {?}} / {item.plural, select, yes {plusieurs} other {un}}",
            "amount.item": "{quantity} {name}",
        ])
        func facts(_ item: MessageArgument) -> String {
            french.render(Message(.goodbyeMember, ["item": item]), things: things)
        }
        let milk = MessageArgument.message(Message(.amountItem, ["quantity": .decimal("2"), "name": .thing("lait", plural: true, typedIn: "fr")]))
        #expect(facts(milk) == "le / plusieurs")
        #expect(facts(.list([.thing("farine", plural: false, typedIn: "fr")], .and)) == "la / un")
        #expect(facts(.list([.thing("farine", plural: false, typedIn: "fr"), .thing("lait", plural: false, typedIn: "fr")], .and)) == "? / plusieurs")
    }
}
