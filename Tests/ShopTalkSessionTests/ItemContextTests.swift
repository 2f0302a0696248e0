import Foundation
import Testing
@testable import ShopTalkSession

/// Which item a family means by part of its name, by "it" and by "and the
/// tim tams", and what "oops 2 lbs" corrects: the thing and the list the
/// line before was about.
@Suite("Which item, and what “that” and “also” mean")
struct ItemContextTests {
    let chat = try! ChatDriver()

    @Test func aPartOfANameFindsTheOneItemAndSeveralAreAskedAbout() {
        chat.say("add baby spinach and chopped tomatoes")
        #expect(chat.say("got the spinach") == "Checked off baby spinach on the Shopping list.")
        #expect(chat.say("remove the tomatoes") == "Removed chopped tomatoes from the Shopping list.")
        chat.say("add light milk, full cream milk")
        #expect(chat.say("tick off the milk") == "Which milk do you mean: light milk or full cream milk?")
        #expect(chat.say("the light one") == "Checked off light milk on the Shopping list.")
        // A line that names none of them drops the question and is read as itself.
        chat.say("tick off the milk")
        #expect(chat.say("add bread") == "Added bread to the Shopping list.")
    }

    /// "the chicken" for the chicken breast, on this list or another: a name
    /// that is a thing of its own stands for an item it is a word of when
    /// the aisles put both in one aisle (meat), never for one they part
    /// ("milk" is no milk chocolate, "tomatoes" no tomato sauce).
    @Test func aThingOfItsOwnFindsAnItemOfTheSameKind() {
        chat.say("add chicken breast, tomato sauce, milk chocolate")
        #expect(chat.say("got the chicken") == "Checked off chicken breast on the Shopping list.")
        #expect(chat.say("got the tomatoes") == "There are no tomatoes on the Shopping list.")
        #expect(chat.say("got the milk").hasPrefix("There is no “milk”"))
        chat.say("create a list called BBQ")
        chat.say("add beef mince to BBQ")
        #expect(chat.say("tick off the beef") == "Checked off beef mince on BBQ.")
        chat.say("add chicken thighs to the shopping list")
        chat.say("uncheck the chicken breast")
        #expect(chat.say("remove the chicken") == "Which chicken do you mean: chicken breast or chicken thighs?")
    }

    /// A thing typed with one slip ("chese", "aciete", "香交" aside) is the one
    /// thing on the speaker's lists it can be: done, and named in the reply;
    /// taking it off is asked about first. A word that is a thing of its own
    /// ("peas" beside pears) is no slip, and nor is one two things are a slip of.
    @Test func aThingTypedWithOneSlipIsTheOneItemItCanBe() {
        chat.say("add cheese, sugar, pears")
        #expect(chat.say("gott the chese") == "Checked off cheese on the Shopping list.")
        #expect(chat.say("remve sugr") == "There is no “sugr” on the Shopping list. Did you mean sugar?")
        #expect(chat.say("change sugr to 2 kg") == "Changed sugar on the Shopping list to 2 kg.")
        #expect(!chat.say("tick off the peas").hasPrefix("Checked"))
        chat.say("add widget blue, widget bleu")
        #expect(!chat.say("tick off the widget bleeu").hasPrefix("Checked"))
        chat.say("añade aceite")
        #expect(chat.say("tacha el aciete") == "He tachado el aceite en Shopping list.")
    }

    /// A line of things alone, each a food or a name the grammar keeps whole
    /// ("salt & vinegar chips"), is things to add, the joiner inside a name
    /// no cut between two.
    @Test func thingsAloneWithANameKeptWholeAreAdded() {
        #expect(chat.say("salt & vinegar chips and dip") == "Added salt & vinegar chips and dip to the Shopping list.")
        #expect(chat.say("salt and pepper squid + chips") == "Added salt and pepper squid and chips to the Shopping list.")
    }

    /// A line the model reads, naming a thing by part of its name and first
    /// ("el oaxaca ya lo compré"), is about the one thing that name is part
    /// of, as a sentence of the grammar would be.
    @Test(arguments: [("añade queso Oaxaca", "el oaxaca ya lo compré", "queso Oaxaca"),
                      ("ajoute des pommes Gala", "les pommes c'est pris", "pommes Gala")])
    func aThingNamedInPartAndFirstIsTheThing(added: String, said: String, thing: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(added)
        let reply = try chat.json(said)
        #expect(reply["intent"] as? String == "check_item", "\(said) → \(reply)")
        #expect(ReplyData.checkedNames(try chat.json("show the list")) == [thing])
    }

    /// One thing has several names in one language: the one on the list is
    /// found by any of them, and asked about by any of them too.
    @Test func anotherNameOfTheSameThingFindsTheItem() {
        chat.say("add toilet paper and 2 capsicums")
        #expect(chat.say("tick off the loo roll") == "Checked off toilet paper on the Shopping list.")
        #expect(chat.say("is there bell pepper?") == "Yes, 2 capsicums are on the Shopping list.")
        chat.say("добавь сметанку")
        #expect(chat.say("убери сметану") == "Убрал сметанку из списка «Shopping list».")
    }

    @Test func aCorrectionChangesWhatWasJustAdded() {
        chat.say("add 2 cans of tuna")
        #expect(chat.say("sorry, 4 cans not 2") == "Changed tuna on the Shopping list to 4 cans.")
        chat.say("add 1 lb bacon")
        #expect(chat.say("oops 2 lbs") == "Changed bacon on the Shopping list to 2 lb.")
        chat.say("add 3 bags of ice")
        #expect(chat.say("no make it 5") == "Changed ice on the Shopping list to 5 bags.")
    }

    /// "no, Costco" right after adding: the things just added go to the list
    /// meant instead, in any language, whichever list the "no" names to take back.
    @Test(arguments: [
        ("add milk and bread to Groceries", "no, Costco", ["bread", "milk"]),
        ("setz Sirup uf Migros", "nei doch nöd Migros, Costco", ["Sirup"]),
        ("ajoute du ketchup à Groceries", "non, à Costco", ["ketchup"]),
        ("добавь арбуз в Groceries", "не, в Costco", ["арбуз"]),
    ])
    func aNoNamingAListRightAfterAddingMovesWhatWasAdded(added: String, corrected: String, things: [String]) throws {
        let chat = try ChatDriver(format: .json)
        for list in ["Groceries", "Costco", "Migros"] { chat.say("create a list called \(list)") }
        chat.say(added)
        let reply = try chat.json(corrected)
        #expect(reply["intent"] as? String == "move_items", "\(corrected) → \(reply)")
        #expect(ReplyData.items(try chat.json("show Costco")) == things)
        #expect(ReplyData.items(try chat.json("show Groceries")) == [])
    }

    /// The list meant may be named as the family shortens it: by its
    /// initials («bhx» for Bách Hóa Xanh) or by the start of a word.
    @Test(arguments: [
        ("thêm sữa vào Co.op", "ko phải, qua bhx", ["sữa"]),
        ("add milk to Co.op", "no, the bhx one", ["milk"]),
        ("añade leche a Co.op", "no, a la bách", ["leche"]),
    ])
    func aNoNamingAListByPartOfItsNameMovesWhatWasAdded(added: String, corrected: String, things: [String]) throws {
        let chat = try ChatDriver(format: .json)
        for list in ["Co.op", "Bách Hóa Xanh", "Big C"] { chat.say("create a list called \(list)") }
        chat.say(added)
        let reply = try chat.json(corrected)
        #expect(reply["intent"] as? String == "move_items", "\(corrected) → \(reply)")
        #expect(ReplyData.items(try chat.json("show Bách Hóa Xanh")) == things)
    }

    /// "no, 5" right after adding 4, with no question waiting: the amount meant.
    @Test(arguments: [("add 4 peppers", "no, 5", [5.0]), ("добавь 1000 кг муки", "нет, 1 кг конечно", [1.0]),
                      ("füg 4 Peperoni hinzu", "ähm nei, föif", [5.0])])
    func aNoWithTheAmountMeantRightAfterAddingCorrectsIt(added: String, corrected: String, quantities: [Double]) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(added)
        let reply = try chat.json(corrected)
        #expect(reply["intent"] as? String == "update_item", "\(corrected) → \(reply)")
        #expect(ReplyData.quantities(try chat.json("what's on my list")) == quantities)
    }

    /// "no, add 2 bananas": a "no" before a whole request is that request,
    /// never the last thing's amount changed to the request's number.
    @Test(arguments: [("add milk", "no, add 2 bananas"), ("añade leche", "no, añade 2 plátanos"), ("füg Milch hinzu", "nein, füg 2 Bananen hinzu")])
    func aNoBeforeARequestIsThatRequest(added: String, then: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(added)
        let reply = try chat.json(then)
        #expect(reply["intent"] as? String == "add_items", "\(then) → \(reply)")
        #expect(ReplyData.quantities(try chat.json("what's on my list")).sorted() == [1.0, 2.0])
    }

    /// A "no" long after, or after another line, takes nothing anywhere.
    @Test func aNoNamingAListAfterAnotherLineMovesNothing() throws {
        let chat = try ChatDriver()
        for list in ["Groceries", "Costco"] { chat.say("create a list called \(list)") }
        chat.say("add milk to Groceries")
        chat.say("what's on Groceries?")
        #expect(!chat.say("no, Costco").hasPrefix("Moved"))
        #expect(chat.say("show Groceries") == "Groceries:\n- milk")
    }

    /// "4 conchas" right after "6 bolillos": another thing, with its count,
    /// never a correction of the bolillos, though no word says conchas are food.
    @Test func aCountAndAThingNobodyKnowsAfterAnAdditionIsNoCorrection() {
        chat.say("añade 6 bolillos")
        #expect(!chat.say("4 conchas").contains("bolillos"))
        #expect(chat.say("muéstrame la lista").contains("6 bolillos"))
    }

    /// "ko, 1 ký cơ" (no, 1 kg, I said) and «không phải, 1 ký» (not that, 1 kg):
    /// a "no" before the amount meant, and a word of insistence after it.
    @Test(arguments: ["ko, 1 ký cơ", "không phải, 1 ký", "ko, 1 ký mới đúng"])
    func aVietnameseNoBeforeTheAmountMeantCorrectsIt(corrected: String) {
        chat.say("mua nửa ký nho")
        #expect(chat.say(corrected) == "Đã sửa nho trong Danh sách đi chợ thành 1 kg.")
    }

    /// "actually we need 12 eggs" after adding 6 puts the number right: 12 eggs, not 18, in every language.
    @Test(arguments: [("add 6 eggs", "actually we need 12 eggs"), ("füg 6 Eier hinzu", "eigentlich brauchen wir 12 Eier"),
                      ("ajoute 6 oeufs", "en fait il faut 12 oeufs"), ("добавь 6 яиц", "вообще-то нужно 12 яиц"),
                      ("thêm 6 quả trứng", "thật ra cần 12 quả trứng"), ("加6个鸡蛋", "其实要12个鸡蛋")])
    func aNeedSaidAgainAsACorrectionSetsTheNumber(added: String, corrected: String) throws {
        let chat = try ChatDriver(format: .json)
        chat.say(added)
        let reply = try chat.json(corrected)
        #expect(reply["intent"] as? String == "update_item", "\(corrected) → \(reply)")
        #expect(ReplyData.quantities(try chat.json("what's on my list")) == [12])
    }

    /// "lorne sausage, 1lb" right after adding eggs says a thing of its own: added, the eggs left alone.
    @Test func aThingWithItsAmountIsNoCorrectionOfTheLastThing() {
        chat.say("add eggs")
        #expect(chat.say("lorne sausage, 1lb") == "Added 1 lb of lorne sausage to the Shopping list.")
        #expect(chat.say("sucre blanc 2kg") == "Added 2 kg of sucre blanc to the Shopping list.")
        #expect(chat.say("what's on my list?").contains("- eggs"))
    }

    @Test func aCorrectionAMinuteLaterChangesNothing() throws {
        var now = ChatDriver.now
        let chat = try ChatDriver(clock: { now })
        chat.say("add 1 lb bacon")
        now += Conversation.workingMinute + 1
        #expect(!chat.say("oops 2 lbs").hasPrefix("Changed"))
        #expect(chat.say("what's on my list?") == "Shopping list:\n- 1 lb of bacon")
    }

    @Test func andTooAndAsWellDoTheLineBeforeAgain() {
        chat.say("create list Woolies")
        chat.say("add tim tams, dishwasher tablets and muesli bars to Woolies")
        chat.say("add juice to Woolies")
        #expect(chat.say("tick off dishwasher tablets") == "Checked off dishwasher tablets on Woolies.")
        #expect(chat.say("and the tim tams") == "Checked off tim tams on Woolies.")
        #expect(chat.say("take muesli bars off Woolies") == "Removed muesli bars from Woolies.")
        #expect(chat.say("juice as well") == "Removed juice from Woolies.")
        #expect(chat.say("add pasta to Woolies") == "Added pasta to Woolies.")
        #expect(chat.say("and pasta sauce") == "Added pasta sauce to Woolies.")
    }

    @Test func itAndThatAreTheThingJustNamed() {
        chat.say("create list Costco")
        chat.say("add a leg of ham to Costco")
        #expect(chat.say("put a note on that: bone in, about 5kg") == "Added a note to the leg of ham: bone in, about 5kg.")
    }

    @Test func aThingNamedBeforeThePronounIsWhatItPointsAt() {
        chat.say("add limes, feta and spring onions")
        // The spring onions were touched last; the line names the limes.
        #expect(chat.say("limes all good, tick em off pls") == "Checked off limes on the Shopping list.")
        #expect(chat.say("show my list").contains("[x] limes"))
        #expect(!chat.say("show my list").contains("[x] spring onions"))
        // Nothing named before it: the thing touched last.
        #expect(chat.say("add bread").hasPrefix("Added bread"))
        #expect(chat.say("actually take it off") == "Removed bread from the Shopping list.")
    }

    @Test func aThingIsNamedAsAListIsInAnyCaseAndOnceWhereALongerNameHoldsIt() throws {
        let english = ChatDriver.english
        #expect(english.thingsNamed(in: "the Oat Milk, not the milk", among: ["milk", "oat milk", "bread"]) == ["oat milk", "milk"])
        #expect(english.thingsNamed(in: "the oat milk", among: ["milk", "oat milk"]) == ["oat milk"])
        let russian = try #require(ChatDriver.grammars["ru"])
        #expect(russian.thingsNamed(in: "молока больше нет", among: ["молоко", "хлеб"]) == ["молоко"])
    }

    @Test func thingsWithTheirAmountsAndNoVerbAreAdded() {
        chat.say("create list camping")
        chat.say("thanks")
        #expect(chat.say("3 bags of ice") == "Added 3 bags of ice to the Shopping list.")
        #expect(chat.say("carton of VB for camping") == "Added a carton of VB to camping.")
    }

    /// A word for a unit that begins the name of something sold is part of
    /// that name: «bolsas de basura» are bin bags, never «basura» in bags;
    /// a bag of something sold is still that many bags of it.
    @Test func aUnitThatBeginsAThingsNameIsPartOfIt() throws {
        let spanish = try ChatDriver(format: .json)
        let added = try spanish.json("añade lejía, suavizante y 2 bolsas de basura")
        #expect(ReplyData.items(added).sorted() == ["bolsas de basura", "lejía", "suavizante"], "\(added)")
        let bags = ((added["data"] as? [String: Any])?["items"] as? [[String: Any]])?.first { $0["name"] as? String == "bolsas de basura" }
        #expect(bags?["quantity"] as? Int == 2 && bags?["unit"] is NSNull, "\(added)")
        #expect(chat.say("add a bag of chips") == "Added a bag of chips to the Shopping list.")
    }

    /// An emoji closing a line is how the speaker feels: never part of the
    /// thing, never what turns an add into something else. A food drawn as
    /// an emoji may be the thing itself, and a tick still ticks off.
    @Test func anEmojiClosingALineIsNoPartOfTheThing() throws {
        let chat = try ChatDriver(format: .json)
        #expect(ReplyData.items(try chat.json("Nutella!!! 😍")) == ["Nutella"])
        #expect(ReplyData.items(try chat.json("加薯片！！😋")) == ["薯片"])
        #expect(ReplyData.items(try chat.json("add sun cream for the hols ☀️🏖️")) == ["sun cream"])
        #expect(ReplyData.items(try chat.json("add 🥚")) == ["🥚"])
        #expect(try chat.json("sun cream ✓")["intent"] as? String == "check_item")
        // A line of emoji alone is not emptied into a line of nothing.
        #expect(try chat.json("🎉")["error"] as? String == "not_understood")
    }
}

@Suite("Notes in brackets")
struct BracketNoteTests {
    @Test(arguments: [
        ("add yoghurt (greek, the big tub)", "show my list", "yoghurt — greek, the big tub"),
        ("добавь йогурт (греческий, без сахара)", "покажи мой список", "йогурт — греческий, без сахара"),
    ])
    func aBracketHoldsOneNote(_ row: (String, String, String)) throws {
        let chat = try ChatDriver()
        chat.say(row.0)
        #expect(chat.say(row.1).contains(row.2))
    }

    @Test func aBracketNoteDoesNotStopTheNextThing() throws {
        let chat = try ChatDriver()
        #expect(chat.say("add snags (beef, thick ones) and bread") == "Added snags and bread to the Shopping list.")
    }

    @Test func fullWidthBracketsHoldANoteToo() throws {
        let chat = try ChatDriver(format: .json)
        let added = try chat.json("加纸尿裤（L号）")
        #expect(ReplyData.items(added) == ["纸尿裤"])
    }
}
