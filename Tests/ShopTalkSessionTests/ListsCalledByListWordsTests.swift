import Foundation
import Testing

/// The bot names a first list with the language's own words for a list
/// ("Shopping list", "Einkaufsliste", "Список покупок", "Danh sách đi
/// chợ"). Once another list became the default, those words still name the
/// list so called, never the new default, nor a list named by their last words.
@Suite("A list called by the words for a list")
struct ListsCalledByListWordsTests {
    private func lists(_ chat: ChatDriver, _ line: String) throws -> [String] {
        let data = try chat.json(line)["data"] as? [String: Any]
        return (data?["lists"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
    }

    @Test(arguments: [
        ("füg Milch hinzu", "erstelle eine Liste namens Geburtstag", "mach Geburtstag zu meiner Hauptliste",
         "was steht auf der Einkaufsliste?", "Einkaufsliste"),
        ("добавь молоко", "создай список Продукты", "сделай Продукты основным", "что в списке Список покупок?", "Список покупок"),
        ("add milk", "create a list called Groceries", "make Groceries my default list", "what's on the shopping list?", "Shopping list"),
    ])
    func theFirstListIsStillReachedByItsName(add: String, create: String, makeDefault: String, show: String, first: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(add)
        chat.say(create)
        chat.say(makeDefault)
        let reply = try chat.json(show)
        #expect(ReplyData.list(reply) == first, "\(show) → \(reply)")
    }

    @Test func deletingTheListCalledByListWordsDeletesThatList() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("добавь молоко")
        chat.say("создай список Продукты")
        chat.say("сделай Продукты основным")
        chat.say("добавь хлеб")
        chat.say("удали список Список покупок")
        chat.say("да")
        #expect(try lists(chat, "мои списки") == ["Продукты"])
    }

    @Test func aListNamedByTheLastWordsOfTheDefaultsNameIsAnotherList() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("thêm sữa")
        chat.say("tạo danh sách Đi chợ")
        chat.say("thêm trứng vào Đi chợ")
        let copied = try chat.json("chép Danh sách đi chợ sang Đi chợ")
        #expect(copied["ok"] as? Bool == true, "\(copied)")
        chat.say("xoá danh sách Danh sách đi chợ")
        chat.say("có")
        #expect(try lists(chat, "danh sách của mình") == ["Đi chợ"])
    }

    @Test(arguments: [
        ("crée une liste Liste", "ajoute des ampoules à Liste", "montre-moi Liste", "ampoules"),
        ("erstelle eine Liste namens Liste", "setz Batterien auf Liste", "was steht auf Liste?", "Batterien"),
    ])
    func theWordForAListSaidBareIsTheListSoCalled(create: String, add: String, show: String, thing: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(create)
        let added = try chat.json(add)
        #expect(ReplyData.list(added) == "Liste", "\(add) → \(added)")
        let shown = try chat.json(show)
        #expect(ReplyData.list(shown) == "Liste", "\(show) → \(shown)")
        let items = (shown["data"] as? [String: Any])?["items"] as? [[String: Any]]
        #expect(items?.compactMap { $0["name"] as? String } == [thing])
    }

    @Test func theWordForAListStillMeansMyListBesideAListCalledSo() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("erstelle eine Liste namens Einkauf")
        chat.say("mach Einkauf zu meiner Hauptliste")
        chat.say("erstelle eine Liste namens Liste")
        let reply = try chat.json("Butter auf die Liste setzen")
        #expect(ReplyData.list(reply) == "Einkauf", "\(reply)")
    }
}
