import Foundation
import Testing

/// Slots filled by evidence, and a question or a refusal instead of a guess:
/// a family trusts a bot that does what it was told or says it did not
/// understand, never one that stores half a sentence as an item or acts on
/// another list than the one named.
@Suite("Understanding by evidence")
struct EvidenceTests {
    private func items(_ reply: [String: Any]) -> [String] { ReplyData.items(reply) }
    private func list(_ reply: [String: Any]) -> String? { ReplyData.list(reply) }

    @Test func aListTheSpeakerHasWinsOverTheWordsForTheDefaultList() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("crea una lista llamada Compra de casa")
        chat.say("añade pan a la lista")
        #expect(list(try chat.json("crea una lista llamada Super")) == "Super")
        // "super" is also Spanish for the shopping list: the list Super is what is named.
        let added = try chat.json("añade huevos a Super")
        #expect(list(added) == "Super")
        #expect(items(added) == ["huevos"])
        let asked = try chat.json("borra la lista Super")
        #expect(asked["error"] as? String == "question")
        #expect(list(asked) == "Super")
        #expect(list(try chat.json("sí")) == "Super")
        // The default list, with its bread, is still there.
        #expect(items(try chat.json("muéstrame la lista")) == ["pan"])
    }

    @Test(arguments: [
        ("fr", "ajoute à la liste du marché 3 pommes"),
        ("de", "füge zu meiner Baumarktliste Eier hinzu"),
        ("ru", "нет ли в списке молока?"),
        ("en", "add to the list 3 apples"),
        ("es", "añade a la lista de Mercadona 3 manzanas"),
    ])
    func aPhraseNamingAListIsNeverStoredAsAnItem(language: String, line: String) throws {
        let chat = try ChatDriver(format: .json)
        let reply = try chat.json(line)
        // "нет ли в списке молока?" asks; nothing is added without a yes, and no thing is named by a word for a list.
        #expect(reply["ok"] as? Bool != true || reply["intent"] as? String == "find_item", "\(line) → \(reply)")
        #expect(items(reply).isEmpty)
        let reading = (reply["data"] as? [String: Any])?["reading"] as? [String: Any]
        let named = ((reading?["slots"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(!named.contains { name in ["list", "liste", "lista", "списк"].contains { name.lowercased().contains($0) } }, "\(line) → \(reply)")
    }

    @Test func leftoverWordsOfPolitenessAndPlaceAreNoPartOfAnItem() throws {
        let chat = try ChatDriver(format: .json)
        #expect(items(try chat.json("also need tortillas")) == ["tortillas"])
        #expect(items(try chat.json("pick up some dog food on the way home")) == ["dog food"])
        #expect(items(try chat.json("thêm giùm em 2 hộp sữa chua")) == ["sữa chua"])
        #expect(items(try chat.json("帮我加个牛奶")) == ["牛奶"])
    }

    @Test func aWordTwoLanguagesShareDoesNotChangeTheLanguage() throws {
        let chat = try ChatDriver(format: .json)
        // "can" is Vietnamese too ("cần"): alone it decides nothing.
        let reply = try chat.json("can u add crisps")
        #expect(reply["lang"] as? String == "en")
        #expect(items(reply) == ["crisps"])
    }

    @Test(arguments: [("zh", "好的"), ("zh", "行"), ("vi", "được"), ("es", "vale"), ("en", "ok"), ("de", "passt")])
    func everydayYesWordsAnswerAQuestion(language: String, yes: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say("create a list called Party")
        chat.say("add balloons and candles to Party")
        #expect(try chat.json("delete the list Party")["error"] as? String == "question")
        let answer = try chat.json(yes)
        #expect(answer["intent"] as? String == "delete_list", "\(yes) → \(answer)")
        #expect(answer["ok"] as? Bool == true)
    }

    @Test func thanksDoesNotAnswerAQuestion() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("create a list called Party")
        chat.say("add balloons to Party")
        chat.say("delete the list Party")
        #expect(try chat.json("thanks")["intent"] as? String == "acknowledge")
        #expect(items(try chat.json("show Party")) == ["balloons"])
    }

    @Test func didYouMeanAListIsAQuestionYesAnswers() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("create a list called Hardware")
        // Two slips: one would be the list itself (see ListsNamedInPartTests).
        let asked = try chat.json("add nails to Hadrwre")
        #expect((asked["text"] as? String)?.contains("Hardware") == true)
        let answered = try chat.json("yes")
        #expect(list(answered) == "Hardware")
        #expect(items(answered) == ["nails"])
    }

    @Test func aListsWordsInsideItsNameAreReadAsTheListTheHouseholdHas() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("create a list called BBQ on Saturday")
        // Read by words alone, "on" could end the item: "sausages to BBQ" on a list "Saturday".
        let added = try chat.json("add sausages to BBQ on Saturday")
        #expect(list(added) == "BBQ on Saturday")
        #expect(items(added) == ["sausages"])
    }

    @Test func itemsAloneAreAddedWhenEveryOneIsSomethingToBuy() throws {
        let chat = try ChatDriver(format: .json)
        #expect(items(try chat.json("milk and bread")) == ["milk", "bread"])
        #expect(items(try chat.json("2 baguettes + butter")) == ["baguettes", "butter"])
        // A line of names no word list knows is not taken for items.
        #expect(try chat.json("salad tonight")["intent"] is NSNull)
        #expect(try chat.json("nice weather today")["intent"] is NSNull)
        // "leche y pan" in an English conversation: Spanish names, read in
        // Spanish, and the same things as the milk and bread already there.
        let spanish = try chat.json("leche y pan")
        #expect(spanish["lang"] as? String == "es")
        #expect(items(spanish) == ["milk", "bread"])
        #expect(spanish["text"] as? String == "Ya hay leche y pan en Shopping list.")
    }

    /// "500 g Käse dazu" typed in an English conversation: English reads a
    /// thing called "Käse dazu", German's "dazu" glued into the name. The
    /// language whose grammar reads those words as its own answers; a name
    /// another language only spells ("pain au chocolat") stays English.
    @Test func wordsOfAnotherLanguageGluedIntoANameMakeTheLineThatLanguages() throws {
        let chat = try ChatDriver(format: .json)
        let cheese = try chat.json("500 g Käse dazu")
        #expect(cheese["lang"] as? String == "de")
        #expect(items(cheese) == ["Käse"])
        let onions = try chat.json("noch 2 Zwiebeln dazu")
        #expect(onions["lang"] as? String == "de")
        #expect(items(onions) == ["Zwiebeln"])
        let english = try ChatDriver(format: .json)
        for (line, name) in [("2 pain au chocolat", "pain au chocolat"), ("3 tins of beans", "beans"), ("500 g dulce de leche", "dulce de leche")] {
            let added = try english.json(line)
            #expect(added["lang"] as? String == "en", "\(line)")
            #expect(items(added).last == name, "\(line)")
        }
    }

    @Test func itemsHeadedByAListsNameGoOnThatList() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("create a list called Hardware")
        let added = try chat.json("Hardware: nails, screws")
        #expect(list(added) == "Hardware")
        #expect(items(added) == ["nails", "screws"])
        chat.say("add milk")
        // No list is called milk: a note on the milk, as before.
        #expect(try chat.json("milk: lactose free")["intent"] as? String == "set_note")
        // Nor Garden: no list is made and nothing is added.
        #expect(try chat.json("Garden: seeds")["intent"] is NSNull)
    }

    @Test func aLineTypedWithCombiningMarksIsTheComposedLine() throws {
        let chat = try ChatDriver(format: .json)
        let decomposed = "thêm sữa".decomposedStringWithCanonicalMapping
        #expect(decomposed.unicodeScalars.count > "thêm sữa".unicodeScalars.count)
        let reply = try chat.json(decomposed)
        #expect(reply["lang"] as? String == "vi")
        #expect(items(reply).map { Array($0.unicodeScalars) } == [Array("sữa".unicodeScalars)])
    }
}
