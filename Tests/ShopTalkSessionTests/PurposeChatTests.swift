import Testing
@testable import ShopTalkSession
import ShopTalkStore

/// "coconut milk for the curry", "Zwetschken für an Kuchen", "куру на суп":
/// what a thing is for is said with it, and is no part of its name.
@Suite("What a thing is for")
struct PurposeChatTests {
    let chat = try! ChatDriver()

    @Test func whatAThingIsForIsItsNoteAndItIsFoundByItsOwnName() {
        #expect(chat.say("add 3 cans of coconut milk for the curry") == "Added 3 cans of coconut milk to the Shopping list.")
        #expect(chat.say("show my list").contains("- 3 cans of coconut milk — for the curry"))
        #expect(chat.say("tick off the coconut milk") == "Checked off coconut milk on the Shopping list.")
    }

    @Test func aListOfTheSpeakersAfterForIsWhereTheThingGoes() {
        chat.say("create list camping")
        chat.say("thanks")
        #expect(chat.say("add marshmallows for camping") == "Added marshmallows to camping.")
        #expect(chat.say("show camping") == "camping:\n- marshmallows")
    }

    /// A family names a list by what it is for, and says it by its first word.
    @Test func aPurposeThatOpensAListsNameIsThatList() throws {
        chat.say("create list BBQ on Saturday")
        chat.say("thanks")
        chat.say("add milk")
        #expect(chat.say("add 2 kg of sausages for the bbq") == "Added 2 kg of sausages to BBQ on Saturday.")
        let german = try ChatDriver()
        german.say("erstelle eine Liste Grillen am Samstag")
        german.say("danke")
        german.say("Milch")
        #expect(german.say("Poulet und Peperoni für s Grillen am Samschtig") == "Poulet und Peperoni auf Grillen am Samstag gesetzt.")
        // Two lists that start so: neither is taken for it.
        chat.say("create list BBQ at Tom's")
        chat.say("thanks")
        chat.say("add milk")
        #expect(chat.say("add 2 kg of onions for the bbq") != "Added 2 kg of onions to BBQ on Saturday.")
    }

    /// An owner's name says whose as "the" or "my" would: "for saturday's
    /// bbq" is for the list BBQ on Saturday, "for mum's birthday" a note.
    @Test func aPurposeSaidWithAnOwnersNameIsAPurpose() {
        chat.say("create list BBQ on Saturday")
        chat.say("thanks")
        chat.say("add milk")
        #expect(chat.say("add a carton of beer for saturday's bbq") == "Added a carton of beer to BBQ on Saturday.")
        #expect(chat.say("add candles for mum’s birthday to my list") == "Added candles to the Shopping list.")
        #expect(chat.say("show my list").contains("- candles — for mum’s birthday"))
    }

    /// No product is named after someone in the family: "for mel" is whom
    /// it is for, whatever the thing.
    /// "pour le barbecue de samedi": "samedi" is nobody of the household, so
    /// no list of its; the words are what the charcoal is for.
    @Test func aPurposeNamingSomeoneWhoIsNoMemberIsAPurpose() {
        #expect(chat.say("il faut du charbon pour le barbecue de samedi") == "Ajouté à la liste de courses : du charbon.")
        #expect(chat.say("montre la liste").contains("- du charbon — pour le barbecue de samedi"))
        // Looked at, such a list is not there, and nobody is said to share it.
        #expect(chat.say("what's on saturday's bbq").hasPrefix("You have no list called “saturday's bbq”."))
    }

    @Test func aMemberAfterForIsWhomTheThingIsFor() throws {
        let store = try SQLiteStore(path: ":memory:")
        let alice = try ChatDriver(user: "alice", store: store), mel = try ChatDriver(user: "mel", store: store)
        mel.say("hello")
        #expect(alice.say("get some panadol for mel") == "Added panadol to the Shopping list.")
        #expect(alice.say("add socks for bob") == "Added socks for bob to the Shopping list.")
        let list = alice.say("show my list")
        #expect(list.contains("- panadol — for mel"))
        #expect(list.contains("- socks for bob"))
    }

    /// "for dry hair", "für fettiges Haar": said without an article, the
    /// words say which product, and the name stays whole.
    @Test func aKindOfProductSaidWithForKeepsItsWholeName() {
        #expect(chat.say("add conditioner for curly hair") == "Added conditioner for curly hair to the Shopping list.")
        #expect(chat.say("Entkalker für Kaffeemaschinen") != "Entkalker auf Shopping list gesetzt.")
    }

    /// What a thing is for is kept as notes are: too long a one is refused
    /// as a note, clearly, and nothing is added; the chat goes on.
    @Test func tooLongAPurposeIsRefusedAsANoteAndNothingIsAdded() {
        let purpose = String(repeating: "party ", count: 40)
        #expect(chat.say("add milk for the \(purpose)") == "That note is too long: keep it to 200 characters.")
        #expect(chat.say("show my list") == "The Shopping list is empty.")
        #expect(chat.say("add milk for the party") == "Added milk to the Shopping list.")
    }

    /// A thing nothing knows may end anywhere: its name is left as typed.
    @Test func anUnknownThingKeepsWhatFollowsIt() {
        #expect(chat.say("add wassingue for the kitchen") == "Added wassingue for the kitchen to the Shopping list.")
    }

    /// "để làm bánh" (to make a cake), "về luộc" (to boil at home): Vietnamese
    /// words that say what a thing is for, whatever the thing, known or not.
    @Test(arguments: [
        ("thêm 250ml kem tươi whipping để làm bánh", "kem tươi whipping — để làm bánh"),
        ("mua 1 con gà ta về luộc", "gà ta — về luộc"),
    ])
    func aPurposeThatAlwaysEndsAThingEndsAnUnknownOne(line: String, shown: String) throws {
        let chat = try ChatDriver()
        chat.say(line)
        #expect(chat.say("xem danh sách").contains(shown))
    }

    @Test func aSentenceThatTookThePurposeForAListAddsTheThingWithIt() {
        #expect(chat.say("we need cream for the trifle") == "Added cream to the Shopping list.")
        #expect(chat.say("show my list").contains("cream — for the trifle"))
        // A slip for a list of the speaker's is that list, not what the thing is for.
        chat.say("create list Costco")
        chat.say("thanks")
        #expect(chat.say("we need milk for the Costo") == "Added milk to Costco.")
    }

    @Test func aPurposeThatHeadsTheThingsNotesEachOfThem() {
        #expect(chat.say("for the party: chips and dip") == "Added chips and dip to the Shopping list.")
        let list = chat.say("show my list")
        #expect(list.contains("- chips — for the party"))
        #expect(list.contains("- dip — for the party"))
    }

    @Test(arguments: [
        ("Zwetschken für an Kuchen", "Zwetschken auf die Einkaufsliste gesetzt.", "zeig die Liste", "- Zwetschken – für an Kuchen"),
        ("купи куру на суп", "Добавил в «Список покупок»: кура.", "покажи список", "- кура — на суп"),
        ("achète des lardons pour la quiche", "Ajouté à la liste de courses : des lardons.", "montre ma liste", "- des lardons — pour la quiche"),
        ("compra tomates para la ensalada", "He añadido tomates a la Lista de la compra.", "muéstrame la lista", "- tomates (para la ensalada)"),
    ])
    func everyLanguageSaysWhatAThingIsForInItsOwnWords(line: String, reply: String, show: String, shown: String) throws {
        let chat = try ChatDriver()
        #expect(chat.say(line) == reply)
        #expect(chat.say(show).contains(shown))
    }
}
