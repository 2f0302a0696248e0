import Foundation
import Testing

/// Some lines mean two requests as often as one: "no more yoghurt" takes
/// the yoghurt off, or says it ran out; "keine Bananen mehr" says the
/// bananas ran out, or that nobody wants more. Their sentences are written
/// `ask:`: the bot asks before doing what it read, and "yes" does it.
@Suite("Sentences asked about first")
struct SentencesAskedFirstTests {
    private func names(_ chat: ChatDriver) throws -> [String] {
        let shown = try chat.json("what's on my list")
        return (((shown["data"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
    }

    @Test func aThingThatMayHaveRunOutIsAskedAboutBeforeItIsTakenOff() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("add yoghurt and milk")
        let asked = try chat.json("no more yoghurt")
        #expect(asked["error"] as? String == "question", "\(asked)")
        let reading = (asked["data"] as? [String: Any])?["reading"] as? [String: Any]
        #expect(reading?["intent"] as? String == "remove_item")
        #expect(try names(chat).sorted() == ["milk", "yoghurt"])
        chat.say("no more yoghurt")
        let done = try chat.json("yes")
        #expect(done["intent"] as? String == "remove_item" && done["ok"] as? Bool == true, "\(done)")
        #expect(try names(chat) == ["milk"])
    }

    /// Nothing to take off: asking would only lead to "there is none".
    @Test func aThingNotThereIsSaidToBeNotThere() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("add milk")
        let reply = try chat.json("no more ketchup")
        #expect(reply["error"] as? String == "not_found", "\(reply)")
    }

    @Test func aGermanRunOutIsAskedAboutBeforeItIsAdded() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("füg Milch hinzu")
        let asked = try chat.json("keine Bananen mehr")
        #expect(asked["error"] as? String == "question", "\(asked)")
        #expect(try names(chat) == ["Milch"])
        // Said whole, the line is no longer two things.
        let said = try chat.json("wir haben keine Bananen mehr")
        #expect(said["intent"] as? String == "add_items" && said["ok"] as? Bool == true, "\(said)")
    }

    /// Asked about right after things went on another list than the default,
    /// the answer "ja" puts them where the line would have, done at once.
    @Test func aConfirmedAdditionGoesOnTheListWorkedOn() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("erstelle eine Liste namens Markt")
        chat.say("setz Käse auf Markt")
        let asked = try chat.json("keine Bananen mehr")
        #expect(asked["error"] as? String == "question", "\(asked)")
        let done = try chat.json("ja")
        #expect(ReplyData.list(done) == "Markt", "\(done)")
    }
}
