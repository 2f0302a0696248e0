import Foundation
import Testing

/// A question is answered, or refused; it never changes the list. "хлеб
/// куплен?" asks whether the bread was bought, and "qui prend les
/// ampoules ?" asks who is getting the bulbs: neither ticks, nor gives the
/// bulbs to a member called "qui".
@Suite("Questions are not changes")
struct QuestionsAreNotChangesTests {
    /// Whether each thing on the speaker's list is ticked off.
    private func ticks(_ chat: ChatDriver) throws -> [Bool]? {
        let shown = try chat.json("what's on my list")
        return ((shown["data"] as? [String: Any])?["items"] as? [[String: Any]])?.compactMap { $0["checked"] as? Bool }
    }

    @Test(arguments: [("добавь хлеб", "хлеб куплен?"), ("füg Milch hinzu", "Milch gekauft?")])
    func aThingAskedAboutFirstIsNotTicked(add: String, asked: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(add)
        let reply = try chat.json(asked)
        #expect(reply["intent"] as? String == "find_item", "\(asked) → \(reply)")
        #expect(try ticks(chat) == [false])
    }

    /// "có trứng không?" (any eggs?) is a question: with the eggs ticked, its words
    /// put in another order («không có trứng», got no eggs) must not untick them.
    /// Asked with the particle alone, as often as with "?", it is as much a question.
    @Test(arguments: ["có trứng không?", "có trứng không", "có trứng ko"])
    func aQuestionPutInAnotherOrderIsNoChange(asked: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say("thêm trứng")
        chat.say("đánh dấu trứng")
        let reply = try chat.json(asked)
        #expect(reply["intent"] as? String == "find_item", "\(reply)")
        #expect(try ticks(chat) == [true])
    }

    /// « le thon c'est au rayon conserves ? » asks where the tuna is; said without
    /// the question mark, it files the tuna there.
    @Test func anAisleAskedAboutIsLookedUpNotSet() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("ajoute du thon")
        let asked = try chat.json("le thon c'est au rayon conserves ?")
        #expect(asked["intent"] as? String == "find_item", "\(asked)")
        let said = try chat.json("le thon va au rayon conserves")
        #expect(said["intent"] as? String == "put_in_aisle", "\(said)")
    }

    /// Asked for a yes ("được không", "一下吗"), a request named after its thing is still a request.
    @Test(arguments: [("add milk", "can you tick off the milk?"), ("thêm trứng", "trứng mua rồi, tích giúp được không?"),
                      ("加洗衣液", "洗衣液我买了 能帮我勾一下吗")])
    func aRequestAskedPolitelyStillTicks(add: String, asked: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(add)
        let reply = try chat.json(asked)
        #expect(reply["intent"] as? String == "check_item", "\(asked) → \(reply)")
        #expect(reply["ok"] as? Bool == true)
        #expect(try ticks(chat) == [true])
    }

    @Test(arguments: [("fr", "qui prend les ampoules ?"), ("de", "wer kauft die Glühbirnen?"), ("es", "¿quién compra las bombillas?")])
    func aQuestionWordIsNobodysName(language: String, asked: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(["fr": "ajoute des ampoules", "de": "füg Glühbirnen hinzu", "es": "añade bombillas"][language]!)
        let reply = try chat.json(asked)
        #expect(reply["error"] as? String == "not_understood", "\(asked) → \(reply)")
        #expect(reply["lang"] as? String == language)
    }

    /// Every thing on the speaker's list, with whether it is ticked.
    private func list(_ chat: ChatDriver) throws -> [String] {
        let shown = try chat.json("what's on my list")
        let items = ((shown["data"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        return items.map { "\($0["name"] ?? "?") \($0["checked"] as? Bool == true ? "ticked" : "")" }
    }

    /// "牛奶删了吗" (has the milk been taken off?), "xoá sữa chưa" (taken the
    /// milk off yet?), "trứng mua rồi hả" (eggs bought already?) ask whether
    /// something was done: they are answered, and doing it would answer a
    /// question with a change nobody asked for.
    @Test(arguments: [
        ("加鸡蛋和牛奶", "牛奶删了吗"), ("加鸡蛋和牛奶", "酱油加上了吗"), ("加鸡蛋和牛奶", "鸡蛋买了没"),
        ("加鸡蛋和牛奶", "加了酱油没有"), ("thêm trứng và sữa", "xoá sữa chưa"), ("thêm trứng và sữa", "thêm nước mắm chưa"),
        ("thêm trứng và sữa", "trứng mua rồi hả"), ("thêm trứng và sữa", "mua trứng chưa"), ("thêm trứng và sữa", "đã xoá sữa chưa"),
    ])
    func aQuestionWhetherSomethingWasDoneDoesNotDoIt(add: String, asked: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(add)
        let before = try list(chat)
        let reply = try chat.json(asked)
        #expect(try list(chat) == before, "\(asked) → \(reply)")
        #expect(reply["intent"] as? String == "find_item", "\(asked) → \(reply)")
    }

    /// "能帮我把雪碧删了吗" (could you delete the Sprite?) is a request asked
    /// politely, not a question whether it was deleted.
    @Test(arguments: ["能帮我把雪碧删了吗", "你能把雪碧从清单里删了吗"])
    func aRequestAskedPolitelyIsDone(asked: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say("加雪碧和牛奶")
        let reply = try chat.json(asked)
        #expect(reply["intent"] as? String == "remove_item", "\(asked) → \(reply)")
        #expect(try list(chat).count == 1)
    }
}
