import Foundation
import Testing

/// A question is answered, or refused; it never changes the list. "хлеб
/// куплен?" asks whether the bread was bought, and "qui prend les
/// ampoules ?" asks who is getting the bulbs: neither ticks, nor gives the
/// bulbs to a member called "qui".
@Suite("Questions are not changes")
struct QuestionsAreNotChangesTests {
    @Test(arguments: [("добавь хлеб", "хлеб куплен?"), ("füg Milch hinzu", "Milch gekauft?")])
    func aThingAskedAboutFirstIsNotTicked(add: String, asked: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(add)
        let reply = try chat.json(asked)
        #expect(reply["intent"] as? String == "find_item", "\(asked) → \(reply)")
        let shown = try chat.json("what's on my list")
        let checked = ((shown["data"] as? [String: Any])?["items"] as? [[String: Any]])?.compactMap { $0["checked"] as? Bool }
        #expect(checked == [false])
    }

    @Test func aRequestAskedPolitelyStillTicks() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("add milk")
        let reply = try chat.json("can you tick off the milk?")
        #expect(reply["intent"] as? String == "check_item")
        #expect(reply["ok"] as? Bool == true)
    }

    @Test(arguments: [("fr", "qui prend les ampoules ?"), ("de", "wer kauft die Glühbirnen?"), ("es", "¿quién compra las bombillas?")])
    func aQuestionWordIsNobodysName(language: String, asked: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(["fr": "ajoute des ampoules", "de": "füg Glühbirnen hinzu", "es": "añade bombillas"][language]!)
        let reply = try chat.json(asked)
        #expect(reply["error"] as? String == "not_understood", "\(asked) → \(reply)")
        #expect(reply["lang"] as? String == language)
    }
}
