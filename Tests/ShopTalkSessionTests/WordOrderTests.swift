import Foundation
import Testing

/// Any constituent order, and a question before a half-read name is stored:
/// families name the list first, name the thing and point back at it, wrap
/// a request in a clause of their own — and a name that holds the words of
/// a sentence is asked about, not kept.
@Suite("Word order and half-read names")
struct WordOrderTests {
    private func items(_ reply: [String: Any]) -> [String] { ReplyData.items(reply) }
    private func list(_ reply: [String: Any]) -> String? { ReplyData.list(reply) }

    private func household(_ lists: String...) throws -> ChatDriver {
        let chat = try ChatDriver(format: .json)
        for name in lists { chat.say("create a list called \(name)") }
        return chat
    }

    @Test(arguments: [
        ("to costco add paper towels", "Costco", "paper towels"),
        ("Costco, add paper towels", "Costco", "paper towels"),
        ("on the costco list put 2 bags of coffee", "Costco", "coffee"),
        ("Auf Baumarkt füg noch Schrauben hinzu", "Baumarkt", "Schrauben"),
        ("в дачу добавь хлеб", "Дача", "хлеб"),
    ])
    func aListNamedBeforeTheRestIsTheListMeant(line: String, listName: String, item: String) throws {
        let chat = try household("Costco", "Baumarkt", "Дача")
        let reply = try chat.json(line)
        #expect(reply["intent"] as? String == "add_items", "\(line) → \(reply)")
        #expect(list(reply) == listName)
        #expect(items(reply) == [item])
    }

    @Test func aListTakenOutOfPlaceIsOnlyEverOneTheSpeakerHas() throws {
        let chat = try household("Costco")
        // "Walmart" is no list of theirs: nothing is added anywhere.
        let reply = try chat.json("to walmart add paper towels")
        #expect(items(reply).isEmpty, "\(reply)")
        #expect(items(try chat.json("show Costco")).isEmpty)
    }

    @Test func aThingNamedFirstIsWhatThePronounPointsAt() throws {
        let chat = try household()
        chat.say("add crisps and bananas")
        let who = try chat.json("the crisps, who added those?")
        #expect(who["intent"] as? String == "who_added", "\(who)")
        #expect((who["text"] as? String)?.contains("crisps") == true)
        let ticked = try chat.json("bananas, got them")
        #expect(ticked["intent"] as? String == "check_item", "\(ticked)")
        #expect((ticked["text"] as? String)?.contains("bananas") == true)
    }

    /// Put back in order, a thing said first must be read whole, and a list
    /// the line names must stay a list: with a list called Compra, "leche a
    /// Compra" is no "a" who buys milk, nor "leche" a list of its own.
    @Test(arguments: ["2 litros de leche a Compra", "leche a Compra", "2 litros de leche para Compra"])
    func aThingSaidFirstIsReadWholeAndTheListStaysAList(line: String) throws {
        let chat = try household("Compra")
        let reply = try chat.json(line)
        #expect(reply["intent"] as? String == "add_items", "\(line) → \(reply)")
        #expect(list(reply) == "Compra", "\(line) → \(reply)")
        #expect(items(reply) == ["leche"], "\(line) → \(reply)")
    }

    @Test func aThingSaidBeforeTheVerbIsWhatTheVerbActsOn() throws {
        let chat = try household()
        let added = try chat.json("some bread we need")
        #expect(added["intent"] as? String == "add_items", "\(added)")
        #expect(items(added) == ["bread"])
        // A word moved that is no known thing to buy adds nothing: "q" is "qué", typed short.
        #expect(items(try chat.json("q falta en el super")).isEmpty)
        chat.say("добавь хлеб")
        let bought = try chat.json("хлеб купил")
        #expect(bought["intent"] as? String == "check_item", "\(bought)")
        #expect(bought["ok"] as? Bool == true)
    }

    @Test func aClauseAroundTheRequestIsLeftOutButNeverOneNamingAListOrANumber() throws {
        let chat = try household("Costco")
        chat.say("add jam to my list")
        let removed = try chat.json("take the jam off, there's heaps in the pantry")
        #expect(removed["intent"] as? String == "remove_item", "\(removed)")
        #expect(removed["ok"] as? Bool == true)
        // The clause left out would have said where: not read at all.
        chat.say("add milk to my list")
        let kept = try chat.json("take the milk off, the one on costco")
        #expect(kept["intent"] as? String != "remove_item" || kept["ok"] as? Bool == false, "\(kept)")
    }

    @Test func aClausePointingBackTakesOffWhatTheLineNames() throws {
        let chat = try household()
        chat.say("add rice and eggs")
        // "it" is the rice the line names, not whatever was talked about last.
        let reply = try chat.json("we've got plenty of rice, take it off")
        #expect(reply["intent"] as? String == "remove_item", "\(reply)")
        #expect(items(try chat.json("show my list")) == ["eggs"])
    }

    @Test(arguments: [
        ("en", "add milk pls thanks and also eggs"),
        ("zh", "记一下要买酱油"),
    ])
    func aNameHoldingTheWordsOfASentenceIsAskedAboutNotStored(language: String, line: String) throws {
        let chat = try ChatDriver(format: .json)
        let asked = try chat.json(line)
        #expect(asked["error"] as? String == "question", "\(line) → \(asked)")
        #expect(items(asked).isEmpty)
        let declined = try chat.json(language == "zh" ? "不" : language == "de" ? "nein" : "no")
        #expect(declined["ok"] as? Bool == true)
        #expect(items(try chat.json(language == "zh" ? "看看清单" : language == "de" ? "zeig mir die Liste" : "show my list")).isEmpty)
    }

    @Test func yesStoresTheNameAsWritten() throws {
        let chat = try ChatDriver(format: .json)
        #expect(try chat.json("add what we need for the cake")["error"] as? String == "question")
        #expect(items(try chat.json("yes")) == ["what we need for the cake"])
    }

    @Test(arguments: ["add cream of tartar", "add food for the dog", "add 2 milk (the oat one)", "añade aceite de oliva", "ajoute de la confiture de fraises", "thêm bóng bay", "加衛生紙"])
    func namesOfTheirOwnWordsAreAddedWithoutAQuestion(line: String) throws {
        let chat = try ChatDriver(format: .json)
        let reply = try chat.json(line)
        #expect(reply["ok"] as? Bool == true, "\(line) → \(reply)")
        #expect(items(reply).count == 1)
    }

    @Test func aNameTheHouseholdAlreadyHasIsNotAskedAboutAgain() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("add what we need for the cake")
        chat.say("yes")
        chat.say("got what we need for the cake")
        let again = try chat.json("add what we need for the cake")
        #expect(again["ok"] as? Bool == true, "\(again)")
    }
}
