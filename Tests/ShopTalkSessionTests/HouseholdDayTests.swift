import ShopTalkSession
import Testing

/// A household's ordinary day, where the bot must do what was meant and
/// nothing else: a trip's ticks, names of several words, corrections, and a
/// history of what really happened.
@Suite("A household's day")
struct HouseholdDayTests {
    let chat = try! ChatDriver()

    @Test func whileShoppingTicksAndWhatIsLeftAreAboutTheTripsList() {
        chat.say("create list BBQ")
        chat.say("add coffee, beans and buns to BBQ")
        chat.say("add milk to my list")
        chat.say("im going shopping at aldi for BBQ")
        #expect(chat.say("got the coffee and beans") == "Checked off coffee and beans on BBQ.")
        #expect(chat.say("what's left?") == "Still to get on BBQ:\n- buns")
        // An item only another list has is still found there.
        #expect(chat.say("got the milk") == "Checked off milk on the Shopping list.")
        #expect(chat.say("done shopping") == "Done shopping for BBQ. Bought: beans and coffee. Still to get: buns.")
        // The trip over, a line naming no list is about the conversation's list again.
        chat.say("thanks")
        chat.say("add bread")
        #expect(chat.say("what's left?") == "Still to get on the Shopping list:\n- bread")
    }

    @Test func aListNamedWithSeveralWordsIsFoundWhole() {
        chat.say("create list BBQ on Saturday")
        #expect(chat.say("add buns to bbq on saturday") == "Added buns to BBQ on Saturday.")
        #expect(chat.say("rename bbq on saturday to BBQ") == "Renamed BBQ on Saturday to BBQ.")
        chat.say("create list Pizza and Beer")
        #expect(chat.say("rename “pizza and beer” to Pizza night") == "Renamed Pizza and Beer to Pizza night.")
        #expect(chat.say("show my lists") == "Your lists:\n- BBQ (1 item)\n- Pizza night (empty)")
    }

    @Test func aRenameThatChangesNothingSaysSo() {
        chat.say("create list BBQ")
        #expect(chat.say("rename BBQ to BBQ") == "It is already called BBQ, so nothing changed.")
        chat.say("add milk")
        #expect(chat.say("rename milk to milk") == "It is already called milk, so nothing changed.")
        #expect(chat.say("what changed on BBQ?") == "Latest changes to BBQ:\nJust now:\n- you created the list")
    }

    @Test func theHistoryHoldsOnlyWhatHappened() {
        chat.say("add coffee")
        #expect(chat.say("uncheck coffee") == "coffee is not checked off on the Shopping list.")
        chat.say("got the coffee")
        #expect(chat.say("got the coffee") == "coffee was already checked off on the Shopping list.")
        #expect(chat.say("history") == """
            Latest changes to the Shopping list:
            Just now:
            - you checked off coffee
            - you added coffee
            - you created the list
            """)
        // "undo" takes back the tick, the last thing that happened.
        #expect(chat.say("undo") == "Undone: coffee is back to get on the Shopping list.")
    }

    /// A bare number in a far-off amount of the item's unit is asked about
    /// in the unit that reads as meant.
    @Test func aCorrectionInAnotherUnitIsAskedAbout() {
        chat.say("add 750 g of beef")
        #expect(chat.say("no wait, make that 3") == "Did you mean 3 kg of beef? Say yes, or say it with its unit.")
        #expect(chat.say("yes") == "Changed beef on the Shopping list to 3 kg.")
        #expect(chat.say("make it 2") == "Changed beef on the Shopping list to 2 kg.")
        chat.say("add 2 litres of milk")
        #expect(chat.say("make it 500") == "Did you mean 500 ml of milk? Say yes, or say it with its unit.")
        #expect(chat.say("no") == "OK, I left everything as it was.")
        #expect(chat.say("what's on my list?") == "Shopping list:\nMeat:\n- 2 kg of beef\nDairy and eggs:\n- 2 litres of milk")
    }

    /// Over a relay, another member's news in between does not change what
    /// "make that" points at: the speaker's own last item.
    @Test func aCorrectionIsAboutTheSpeakersOwnLastItem() throws {
        let relay = try ChatDriver(user: "relay", relay: true)
        relay.say(":alice create list Groceries")
        relay.say(":alice share Groceries with bob")
        relay.say(":bob accept Groceries")
        relay.say(":alice add 500 g of noodles to Groceries")
        relay.say(":bob add 2 kg of rice to alice's Groceries")
        #expect(relay.say(":alice make that 3 kg") == ":alice Changed noodles on Groceries to 3 kg.")
    }

    /// Setting an amount to what it already is changes nothing: said so,
    /// and no news of it for the others.
    @Test func anAmountSetToWhatItIsIsNoNews() throws {
        let relay = try ChatDriver(relay: true)
        relay.say(":bob hello")
        relay.say(":alice create list Groceries")
        relay.say(":alice share Groceries with bob")
        relay.say(":bob accept Groceries")
        relay.say(":alice add 6 eggs to Groceries")
        // Whatever news a line causes comes with its answer or the next one.
        let unchanged = relay.say(":alice make it 6 eggs") + relay.say(":alice show Groceries")
        #expect(unchanged.contains(":alice Nothing changed: eggs on Groceries are already at 6.") && !unchanged.contains("alice changed eggs"), "\(unchanged)")
        let changed = relay.say(":alice make it 8 eggs") + relay.say(":alice show Groceries")
        #expect(changed.contains(":bob alice changed eggs on Groceries to 8"), "\(changed)")
        // The same note, or the same buyer, again: news once.
        var said = ""
        for line in [":alice note on eggs: free range", ":alice note on eggs: free range", ":alice bob gets the eggs", ":alice bob gets the eggs",
                     ":alice show Groceries"] {
            said += relay.say(line)
        }
        #expect(said.components(separatedBy: ":bob alice added a note").count == 2, "\(said)")
        #expect(said.components(separatedBy: ":bob alice asked you to get").count == 2, "\(said)")
    }

    @Test("corrections in every language", arguments: [
        ("de", "füge 500 g Nudeln hinzu", "nein warte, 700 g", "Nudeln auf der Einkaufsliste: jetzt 700 g."),
        ("es", "añade 2 tomates", "mejor que sean 3", "He cambiado los tomates de la Lista de la compra a 3."),
        ("vi", "thêm 5 quả trứng", "đổi trứng thành 10 quả", "Đã sửa số trứng trong Danh sách đi chợ thành 10 quả."),
        ("zh", "加三个苹果", "把苹果改成五个", "已把「购物清单」里的苹果改成5个。"),
    ])
    func correctionsInEveryLanguage(_ example: (language: String, add: String, correction: String, reply: String)) throws {
        let chat = try ChatDriver()
        chat.say("speak \(example.language)")
        chat.say(example.add)
        #expect(chat.say(example.correction) == example.reply)
    }
}

/// Trips said as families say them: where to, and back.
@Suite("Trips in everyday words")
struct TripWordsTests {
    static let goings: [(String, String, String?)] = [
        ("en", "heading to aldi", "aldi"), ("en", "going to aldi now", "aldi"), ("en", "im at tesco now", "tesco"),
        ("en", "off to the shops", nil), ("en", "popping to Lidl for groceries", "Lidl"),
        ("es", "voy al Mercadona", "Mercadona"), ("es", "me voy al súper", nil), ("es", "salgo al mercado", nil),
        ("fr", "je vais chez Leclerc", "Leclerc"), ("fr", "je pars au Carrefour", "Carrefour"), ("fr", "je vais au supermarché", nil),
        ("de", "ich geh jetzt zum Hofer", "Hofer"), ("de", "ich fahr noch schnell zu Aldi", "Aldi"), ("de", "ich geh jetzt einkaufen", nil),
        ("ru", "я иду в магазин", nil), ("ru", "я пошла в Пятёрочку", "Пятёрочку"), ("ru", "еду в Ленту", "Ленту"),
        ("vi", "mình đi chợ đây", nil), ("vi", "em ra chợ nha", nil),
        ("zh", "我去超市了", nil), ("zh", "我去菜市场一趟", nil),
    ]

    static let backs: [(String, String)] = [
        ("en", "back from the shops"), ("en", "im back"), ("es", "ya terminé"), ("es", "ya volví del súper"),
        ("fr", "j'ai fini"), ("fr", "je suis rentrée"), ("de", "bin wieder da"), ("de", "fertig mit einkaufen"),
        ("ru", "я вернулась"), ("ru", "закончила покупки"), ("vi", "mình về rồi"), ("vi", "đi chợ về rồi"), ("zh", "我回来了"), ("zh", "买完了"),
    ]

    @Test("going shopping", arguments: goings)
    func going(_ example: (language: String, line: String, shop: String?)) throws {
        let parse = try #require(ChatDriver.grammars[example.language]?.parse(example.line), "not understood")
        #expect(parse.intent == "go_shopping")
        let shop: String? = if case .text(let shop)? = parse[slot: "text"] { shop } else { nil }
        #expect(shop == example.shop)
    }

    @Test("back from shopping", arguments: backs)
    func back(_ example: (language: String, line: String)) throws {
        #expect(ChatDriver.grammars[example.language]?.parse(example.line)?.intent == "done_shopping")
    }

    /// A plan to buy something is no trip to a shop named after it.
    @Test func aShopIsNeverAPhraseOfTheGrammarsOwnWords() {
        let planning = try! ChatDriver()
        planning.say("add milk")
        let plan = planning.say("im going to buy milk")
        #expect(!plan.contains("at buy milk") && !plan.contains("(buy milk)"), "\(plan)")
        let chat = try! ChatDriver()
        chat.say("add milk")
        #expect(chat.say("heading to aldi") == "You're shopping for the Shopping list at aldi: 1 item is yours to get. Say “done shopping” when you're back.")
        #expect(chat.say("back from the shops") == "Done shopping for the Shopping list. Bought: nothing. Still to get: milk.")
    }
}

/// The questions a family asks about an item: which list, which aisle,
/// whether someone got it, what its note says — answered with the list
/// that has it, its aisle and its note, never a bare "yes".
@Suite("Questions about an item")
struct ItemQuestionTests {
    @Test func whereAnItemIsAndWhatItsNoteSays() {
        let chat = try! ChatDriver()
        chat.say("create list BBQ")
        chat.say("add coffee to BBQ")
        chat.say("add milk (oat) to my list")
        chat.say("add bread")
        chat.say("got the bread")
        #expect(chat.say("which list is the coffee on?") == "coffee is on BBQ. It's under Drinks.")
        #expect(chat.say("which aisle is the milk in?") == "milk is on the Shopping list. It's under Dairy and eggs. Note: oat.")
        #expect(chat.say("what's the note on milk?") == "milk is on the Shopping list. It's under Dairy and eggs. Note: oat.")
        #expect(chat.say("did anyone get bread?") == "bread is on the Shopping list, already checked off. It's under Bakery.")
        #expect(chat.say("is the milk ticked?") == "milk is on the Shopping list. It's under Dairy and eggs. Note: oat.")
        #expect(chat.say("show groceries by aisle").hasPrefix("You have no list called “groceries”."))
        #expect(chat.say("show my list by aisle") == "Shopping list:\nBakery:\n- [x] bread\nDairy and eggs:\n- milk — oat")
    }

    @Test func whatWasJustAddedAndTakingItOffAgain() {
        let chat = try! ChatDriver()
        #expect(chat.say("what did I just add?") == "I can't find anything you added.")
        chat.say("add eggs and milk")
        chat.say("remove the eggs")
        #expect(chat.say("what did I just add?") == "You last added eggs and milk to the Shopping list (just now).")
        #expect(chat.say("take it off") == "Removed milk from the Shopping list.")
        for (language, line) in [("es", "¿qué acabo de añadir?"), ("fr", "qu'est-ce que je viens d'ajouter ?"), ("de", "was hab ich gerade hinzugefügt?"),
                                 ("ru", "что я только что добавила?"), ("vi", "mình vừa thêm gì vậy?"), ("zh", "我刚才加了什么？")] {
            let parse = ChatDriver.grammars[language]?.parse(line)
            #expect(parse?.intent == "last_removed" && parse?[slot: "change"] == .value("added"), "\(language): \(line)")
        }
    }

    /// History is kept for as many days as the server is told, counted on
    /// the bot's clock; what is on the lists stays, and so does who added it.
    @Test func historyPastItsDaysIsForgottenOnTheBotsClock() throws {
        let clock = ChatDriver.Clock()
        let chat = try ChatDriver(clock: { clock.now })
        chat.say("add milk")
        chat.say("add jam")
        #expect(try chat.session.bot.pruneHistory(olderThanDays: 30, limit: 500) == 0)
        clock.now = clock.now.addingTimeInterval(31 * 86_400)
        #expect(try chat.session.bot.pruneHistory(olderThanDays: 30, limit: 1) == 1)
        #expect(try chat.session.bot.pruneHistory(olderThanDays: 30, limit: 500) >= 1)
        #expect(chat.say("what changed on Shopping list?") == "Nothing has changed on the Shopping list yet.")
        #expect(chat.say("who added the milk?").hasPrefix("You added milk to the Shopping list"))
    }

    @Test func whatTheSpeakerAddedInAPeriodLeavesOutEveryoneElses() throws {
        let clock = ChatDriver.Clock()
        let relay = try ChatDriver(user: nil, relay: true, clock: { clock.now })
        relay.say(":ana create list Groceries")
        relay.say(":ana share Groceries with bob")
        relay.say(":bob accept Groceries")
        relay.say(":ana add eggs to Groceries")
        relay.say(":bob add chips to Groceries")
        relay.say(":ana remove the eggs from Groceries")
        relay.say(":ana add milk to Groceries")
        let asked = relay.say(":ana what did I add to Groceries today?")
        #expect(asked.contains("you added milk") && asked.contains("you added eggs"), "\(asked)")
        #expect(!asked.contains("chips") && !asked.contains("removed"), "\(asked)")
        for (language, line) in [("en", "what did I add yesterday?"), ("es", "¿qué añadí ayer?"), ("fr", "qu'est-ce que j'ai ajouté hier ?"),
                                 ("de", "was hab ich gestern hinzugefügt?"), ("ru", "что я вчера добавила?"), ("vi", "hôm qua mình thêm gì?"), ("zh", "我昨天加了什么？")] {
            let parse = ChatDriver.grammars[language]?.parse(line)
            #expect(parse?.intent == "show_activity" && parse?[slot: "change"] == .value("added") && parse?[slot: "since"] == .value("yesterday"), "\(language): \(line)")
        }
    }

    @Test("asked in every language", arguments: [
        ("en", "which aisle is ketchup in?"), ("en", "did anyone get bread?"), ("en", "is the milk ticked?"), ("en", "which list has the coffee?"),
        ("es", "¿en qué pasillo está el ketchup?"), ("es", "¿alguien compró pan?"), ("es", "¿ya está tachada la leche?"), ("es", "¿en qué lista está el café?"),
        ("fr", "dans quel rayon est le ketchup ?"), ("fr", "quelqu'un a acheté du pain ?"), ("fr", "c'est quoi la note sur le lait ?"),
        ("de", "in welchem Gang ist der Ketchup?"), ("de", "hat wer das Brot geholt?"), ("de", "ist die Milch schon abgehakt?"),
        ("ru", "в каком отделе кетчуп?"), ("ru", "кто-нибудь купил хлеб?"), ("ru", "молоко уже куплено?"),
        ("vi", "tương cà ở khu nào?"), ("vi", "có ai mua bánh mì chưa?"), ("vi", "rau muống mua chưa?"),
        ("zh", "番茄酱在哪个区？"), ("zh", "有人买了面包吗？"), ("zh", "牛奶的备注是什么？"),
    ])
    func askedInEveryLanguage(_ example: (language: String, line: String)) throws {
        let parse = try #require(ChatDriver.grammars[example.language]?.parse(example.line), "not understood")
        #expect(parse.intent == "find_item")
        #expect(parse[slot: "question"] == .value("where"))
    }
}
