import Foundation
import Testing

/// Evidence read at the edges of a line: the marks families put on a list,
/// a list named after the things or before a colon, a shop that is one of
/// the speaker's lists, a name typed without its accents, and a thing not
/// found that was never a name at all.
@Suite("Evidence at the edges of a line")
struct EvidenceAtTheEdgesTests {
    private func items(_ reply: [String: Any]) -> [String] { ReplyData.items(reply) }
    private func list(_ reply: [String: Any]) -> String? { ReplyData.list(reply) }

    @Test(arguments: [("ru", "добавь кефир", "- кефир"), ("zh", "加芹菜", "-芹菜"), ("en", "add kefir", "−kefir")])
    func aDashBeforeAThingTakesItOff(language: String, add: String, marked: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(add)
        let reply = try chat.json(marked)
        #expect(reply["intent"] as? String == "remove_item", "\(marked) → \(reply)")
        #expect(reply["lang"] as? String == language)
        #expect(items(try chat.json("what's on my list")).isEmpty)
    }

    @Test func aDashWithANumberTakesOffThatMany() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("ajoute 3 baguettes")
        let reply = try chat.json("-1 baguette")
        #expect(reply["intent"] as? String == "remove_item")
        #expect(ReplyData.quantities(try chat.json("what's on my list")) == [2])
    }

    @Test(arguments: ["鸡蛋 √", "✓ eggs", "eggs ✅", "got the eggs ✅", "Eier erledigt ✅"])
    func aTickBesideAThingTicksItOff(marked: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(marked.contains("鸡蛋") ? "加鸡蛋" : marked.contains("Eier") ? "füg Eier hinzu" : "add eggs")
        let reply = try chat.json(marked)
        #expect(reply["intent"] as? String == "check_item", "\(marked) → \(reply)")
        #expect(reply["ok"] as? Bool == true)
    }

    @Test func aMarkedThingNotOnTheListChangesNothing() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("add eggs")
        let reply = try chat.json("- milk")
        #expect(reply["error"] as? String == "not_found")
        #expect(items(try chat.json("what's on my list")) == ["eggs"])
        // A separator line is no mark.
        #expect(try chat.json("--")["intent"] is NSNull)
    }

    @Test func aListNamedAfterTheThingsIsTheirList() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("erstelle eine Liste namens Drogerie")
        chat.say("erstelle eine Liste namens Baumarkt")
        let bare = try chat.json("brauchen noch Zahnpasta Drogerie")
        #expect(list(bare) == "Drogerie")
        #expect(items(bare) == ["Zahnpasta"])
        let led = try chat.json("wir brauchen Glühbirnen aus dem Baumarkt")
        #expect(list(led) == "Baumarkt")
        #expect(items(led) == ["Glühbirnen"])
    }

    @Test func aFoodAtTheEndOfANameStaysPartOfIt() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("create a list called Soup")
        chat.say("thanks") // not just after naming Soup, where things added would go
        // "soup" is a food: "chicken soup" is one thing, not chicken on Soup.
        let reply = try chat.json("add chicken soup")
        #expect(items(reply) == ["chicken soup"])
        #expect(list(reply) != "Soup")
    }

    /// "宝宝用品加奶粉，快没了": the verb «加» is no part of a thing's name, and the list before it is where the thing goes.
    @Test func aVerbIsNoPartOfAThingsName() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("新建清单宝宝用品")
        let reply = try chat.json("宝宝用品加奶粉，快没了")
        #expect(list(reply) == "宝宝用品")
        #expect(items(reply) == ["奶粉"])
    }

    @Test func aListBeforeAColonHeadsTheThings() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("tạo danh sách Siêu thị")
        let reply = try chat.json("ghi vào Siêu thị: bí đao, mồng tơi")
        #expect(list(reply) == "Siêu thị")
        #expect(items(reply) == ["bí đao", "mồng tơi"])
    }

    @Test(arguments: [("fr", "crée une liste appelée Marché", "je vais au marché", "Marché"),
                      ("es", "crea una lista llamada Super", "me voy al súper", "Super"),
                      ("vi", "tạo danh sách Siêu thị", "đi siêu thị đây nha", "Siêu thị"),
                      ("vi", "tạo danh sách Chợ", "ra chợ đây", "Chợ"),
                      ("en", "create a list called Chemist", "popping to the chemist", "Chemist"),
                      ("zh", "新建清单超市", "我去超市了", "超市")])
    func aTripToAShopThatIsAListIsForThatList(language: String, create: String, trip: String, name: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(create)
        let reply = try chat.json(trip)
        #expect(reply["intent"] as? String == "go_shopping")
        #expect(list(reply) == name)
    }

    /// "me voy al lidl a comprar para Compra casa": the shop is Lidl, never «lidl a comprar», and the list the one named.
    @Test func aTripsShopIsTheShopsNameAlone() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("crea la lista Compra casa")
        let reply = try chat.json("me voy al lidl a comprar para compra casa")
        #expect(reply["intent"] as? String == "go_shopping")
        #expect(list(reply) == "Compra casa")
        #expect((reply["data"] as? [String: Any])?["shop"] as? String == "lidl")
    }

    @Test func aListTypedWithoutItsAccentsIsFound() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("tạo danh sách Nhà")
        chat.say("cảm ơn")
        chat.say("thêm bánh mì")
        let reply = try chat.json("thêm bánh mì vào Nha")
        #expect(list(reply) == "Nhà")
        // "nha" is also a chat particle: after the list word, it is the list Nhà.
        let removed = try chat.json("bo banh mi ra khoi list Nha")
        #expect(removed["intent"] as? String == "remove_item")
        #expect(list(removed) == "Nhà")
        // The default list keeps its own bread.
        #expect(items(try chat.json("xem danh sách đi chợ")) == ["bánh mì"])
    }

    @Test func aThingNotFoundNamedWithTheGrammarsOwnWordsIsNotUnderstood() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("add milk")
        let reply = try chat.json("we've got plenty of rice, take it off")
        #expect(reply["error"] as? String == "not_understood", "\(reply)")
        #expect(items(try chat.json("what's on my list")) == ["milk"])
    }

    @Test func theGrammarsOwnWordsForARequestAreAskedAboutNotReadAsAThing() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("add milk")
        chat.say("tick off milk")
        // Not "there is no “the ticked ones”": the request those words make, asked before it is done.
        let reply = try chat.json("clear off the ticked ones")
        #expect(reply["error"] as? String == "question", "\(reply)")
        #expect(reply["intent"] as? String == "clear_checked", "\(reply)")
        #expect(reply["ok"] as? Bool == false, "asked, nothing done yet")
        #expect(try chat.json("yes")["intent"] as? String == "clear_checked")
        #expect(items(try chat.json("what's on my list")).isEmpty)
    }

    @Test func aNameNotFoundIsStillSaidToBeMissing() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("add milk")
        #expect(try chat.json("remove the sprouts")["error"] as? String == "not_found")
    }

    @Test(arguments: [("es", "añade detergente", "¿todavía necesitamos detergente?"), ("ru", "добавь порошок", "порошок еще нужен?")])
    func stillNeedingSomethingAskedIsAQuestion(language: String, add: String, asked: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(add)
        let reply = try chat.json(asked)
        #expect(reply["intent"] as? String == "find_item", "\(asked) → \(reply)")
    }

    @Test func theShoppingListNamesAListCalledShopping() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("create list Groceries")
        chat.say("make Groceries my default list")
        chat.say("create list Shopping")
        #expect(list(try chat.json("add socks to the shopping list")) == "Shopping")
        // "my list" is still the default.
        #expect(list(try chat.json("add milk to my list")) == "Groceries")
    }

    @Test func aNewNameMayHoldWordsThatLeadToAList() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("create list BBQ")
        let reply = try chat.json("rename BBQ to BBQ on Saturday")
        #expect(reply["intent"] as? String == "rename_list", "\(reply)")
        #expect(list(reply) == "BBQ on Saturday")
    }
}
