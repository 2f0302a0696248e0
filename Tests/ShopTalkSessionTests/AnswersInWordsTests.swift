import Foundation
import Testing

/// "Delete Party and its 2 items?" is answered the way people answer: "yes",
/// but also "yes, delete it", "sí, bórrala", "nein, lass sie", or "delete
/// it" alone. Words that take away "it" answer the question; they never
/// remove the thing last talked about.
@Suite("Answers in more words than yes")
struct AnswersInWordsTests {
    private func lists(_ chat: ChatDriver) throws -> [String] {
        let data = try chat.json("show my lists")["data"] as? [String: Any]
        return (data?["lists"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
    }

    @Test(arguments: [
        ("crea la lista Fiesta", "añade pañales y cerveza a Fiesta", "borra la lista Fiesta", "sí, bórrala"),
        ("create a list called Fiesta", "add chips and dip to Fiesta", "delete the list Fiesta", "yes delete it"),
        ("create a list called Fiesta", "add chips and dip to Fiesta", "delete the list Fiesta", "delete it"),
        ("erstelle eine Liste namens Fiesta", "füg Chips und Bier zu Fiesta hinzu", "lösche die Liste Fiesta", "ja, lösch sie"),
        ("crée une liste appelée Fiesta", "ajoute des chips et de la bière à Fiesta", "supprime la liste Fiesta", "oui, supprime-la"),
        ("создай список Fiesta", "добавь чипсы и пиво в Fiesta", "удали список Fiesta", "да, удаляй"),
    ])
    func yesInWordsDeletesTheListAsked(create: String, add: String, delete: String, answer: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(create)
        chat.say(add)
        let asked = try chat.json(delete)
        #expect((asked["data"] as? [String: Any])?["question"] as? String == "confirm", "\(delete) → \(asked)")
        let reply = try chat.json(answer)
        #expect(reply["intent"] as? String == "delete_list", "\(answer) → \(reply)")
        #expect(try !lists(chat).contains("Fiesta"))
    }

    @Test(arguments: [("no, keep it", "en"), ("nein, lass sie", "de"), ("no, déjala", "es"), ("non, garde-la", "fr")])
    func noInWordsKeepsTheListAndItsThings(answer: String, language: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say("create a list called Fiesta")
        chat.say("add chips and dip to Fiesta")
        chat.say("delete the list Fiesta")
        let reply = try chat.json(answer)
        #expect(reply["intent"] as? String == "deny", "\(answer) → \(reply)")
        #expect(ReplyData.items(try chat.json("what's on Fiesta")) == ["chips", "dip"])
    }

    @Test func withNoQuestionWaitingDeleteItStillRemovesTheThingTalkedAbout() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("add chips and dip")
        chat.say("add salsa")
        let reply = try chat.json("delete it")
        #expect(reply["intent"] as? String == "remove_item")
        #expect(ReplyData.items(try chat.json("what's on my list")) == ["chips", "dip"])
    }

    @Test func aYesThatGoesOnToSaySomethingElseIsNoAnswer() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("create a list called Fiesta")
        chat.say("add chips and dip to Fiesta")
        chat.say("delete the list Fiesta")
        // Not an answer in words: the list stays, the eggs are added.
        let reply = try chat.json("yes, add 6 eggs to Fiesta")
        #expect(reply["intent"] as? String == "add_items", "\(reply)")
        #expect(ReplyData.items(try chat.json("what's on Fiesta")).contains("chips"))
    }

    @Test func yesToDidYouMeanAThingRunsTheSentenceWithThatThing() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("añade tomates y azúcar morena")
        // A thing mistyped is the one thing it slips from, never taken for the thing added last.
        let changed = try chat.json("cambia los tomtes a 1 kilo")
        #expect(changed["intent"] as? String == "update_item", "\(changed)")
        #expect(ReplyData.quantities(try chat.json("qué hay en mi lista")).contains(1))
        // Taking it off is asked about first, and "sí" does it.
        let asked = try chat.json("quita los tomtes")
        #expect(asked["error"] as? String == "not_found", "\(asked)")
        let reply = try chat.json("sí")
        #expect(reply["intent"] as? String == "remove_item", "\(reply)")
        #expect(ReplyData.items(try chat.json("qué hay en mi lista")) == ["azúcar morena"])
    }
}
