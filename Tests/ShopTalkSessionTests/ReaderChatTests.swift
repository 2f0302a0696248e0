import Foundation
import Testing

/// Lines no sentence of the grammar holds, read by the language's model:
/// what a family sees of the one decision (act, ask, refuse), and how a
/// household's "yes" teaches the reader its way of saying things.
@Suite("The reader in chat")
struct ReaderChatTests {
    private func items(_ reply: [String: Any]) -> [String] {
        ((reply["data"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test func anUnsureReadingIsAskedAndAYesDoesIt() throws {
        let chat = try ChatDriver(format: .json)
        let asked = try chat.json("bung 2 tins of beans on the list")
        #expect(asked["error"] as? String == "question", "\(asked)")
        #expect(asked["intent"] as? String == "add_items", "\(asked)")
        #expect(items(try chat.json("show my list")).isEmpty, "nothing is added before a yes")
        // The question lapsed with that line: asked again, then answered.
        _ = try chat.json("bung 2 tins of beans on the list")
        #expect(try chat.json("yes")["ok"] as? Bool == true)
        #expect(items(try chat.json("show my list")) == ["beans"])
    }

    @Test func aConfirmedPhrasingIsActedOnNextTimeUntilForgotten() throws {
        let chat = try ChatDriver(format: .json)
        _ = try chat.json("bung 2 tins of beans on the list")
        #expect(try chat.json("yes")["ok"] as? Bool == true)
        // The household said yes to this way of saying it: the same words with another thing are done at once.
        let again = try chat.json("bung 3 tins of tomatoes on the list")
        #expect(again["ok"] as? Bool == true, "\(again)")
        #expect(Set(items(try chat.json("show my list"))) == ["beans", "tomatoes"])
        #expect(try chat.json("forget what you learned")["ok"] as? Bool == true)
        let forgotten = try chat.json("bung 2 tins of corn on the list")
        #expect(forgotten["error"] as? String == "question", "\(forgotten)")
        #expect(Set(items(try chat.json("show my list"))) == ["beans", "tomatoes"])
    }

    @Test func whatOneMemberTaughtTheHouseholdsReaderKnows() throws {
        let chat = try ChatDriver(relay: true, format: .json)
        _ = chat.say(":alice bung 2 tins of beans on the list")
        _ = chat.say(":alice yes")
        chat.say(":alice share Shopping list with bob")
        chat.say(":bob accept Shopping list")
        // One household, one reader: alice's yes taught it for bob too, on his own list.
        let bobs = try chat.json(":bob bung 2 tins of corn on the list")
        #expect(bobs["ok"] as? Bool == true, "\(bobs)")
    }

    @Test(arguments: [
        "lol who ate all the biscuits",
        "what's the weather like tomorrow",
        "tell me a joke about shopping lists",
    ])
    func aLineThatAsksForNothingChangesNothing(line: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say("add biscuits")
        let reply = try chat.json(line)
        // Refused, or at most asked about: never acted on.
        #expect(reply["ok"] as? Bool != true, "\(reply)")
        #expect(items(try chat.json("show my list")) == ["biscuits"])
    }

    @Test func smallTalkIsRefusedNotGuessed() throws {
        let chat = try ChatDriver(format: .json)
        let reply = try chat.json("what's the weather like tomorrow")
        #expect(reply["error"] as? String == "not_understood", "\(reply)")
    }

    @Test func aListNamedByTheGrammarThatIsNotThereIsSaidToBeMissing() {
        let chat = try! ChatDriver()
        #expect(chat.say("go to Groceries").hasPrefix("You have no list called “Groceries”."))
    }
}
