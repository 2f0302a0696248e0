import Testing

/// A family calls "BBQ on Saturday" "the bbq list", "Grillen am Samstag"
/// "die Grillliste", "Anniversaire de Léa" "l'anniv de Léa", and types
/// "grocereis": a list named in part, or with a slip, is the one list that
/// fits, whoever read the line (a sentence of the grammar or the model).
@Suite("A list named in part")
struct ListsNamedInPartTests {
    let chat = try! ChatDriver()

    @Test func englishGermanFrenchAndSpanish() {
        chat.say("create a list called BBQ on Saturday")
        #expect(chat.say("add burger patties to bbq") == "Added burger patties to BBQ on Saturday.")
        #expect(chat.say("what's on the saturday bbq list") == "BBQ on Saturday:\n- burger patties")
        // What a thing is for names a list in part too.
        #expect(chat.say("add chips for the saturday bbq") == "Added chips to BBQ on Saturday.")
        chat.say("erstell eine Liste Grillen am Samstag")
        #expect(chat.say("setz Kohle auf die Grillliste") == "Kohle auf Grillen am Samstag gesetzt.")
        #expect(chat.say("was steht auf der Samstagsliste?") == "Grillen am Samstag:\n- Kohle")
        chat.say("crée la liste Anniversaire de Léa")
        #expect(chat.say("ajoute du papier cadeau sur la liste de l'anniversaire") == "Ajouté à la liste Anniversaire de Léa : papier cadeau.")
        chat.say("crea la lista Ferretería")
        #expect(chat.say("añade clavos a la ferre") == "He añadido clavos a Ferretería.")
    }

    /// «др» for День рождения, "sn" for sinh nhật: words of a list's name said by their first letters.
    @Test func aListsNameSaidByItsFirstLettersIsThatList() {
        chat.say("создай список День рождения")
        #expect(chat.say("добавь шарики в др") == "Добавил в список «День рождения»: шарики.")
        chat.say("tạo danh sách Sinh nhật bé Na")
        #expect(chat.say("thêm bóng bay vào sn bé Na") == "Đã thêm bóng bay vào Sinh nhật bé Na.")
        // Letters that could be two lists' are neither.
        chat.say("create a list called New Year")
        chat.say("create a list called Nana's Yard")
        #expect(!chat.say("add sparklers to ny").hasPrefix("Added"))
    }

    @Test func aSlipOfOneListsNameIsThatList() {
        chat.say("create a list called Groceries")
        chat.say("create a list called Costco")
        #expect(chat.say("add eggs to grocereis") == "Added eggs to Groceries.")
        #expect(chat.say("whats on the costo list") == "Costco is empty.")
        // A list being made is never another one of a like name.
        #expect(chat.say("create list Cosco").hasPrefix("Created the list Cosco."))
    }

    /// «на дачу», «в списке продуктов»: a Russian list said in another case
    /// is named as the household calls it («Дача», never «дачу»), whether
    /// the line is asked about or done, and done there.
    @Test func aRussianListInAnotherCaseIsAnsweredByItsName() {
        chat.say("создай список Дача")
        let asked = chat.say("на дачу ещё уголь")
        #expect(asked.contains("«Дача»") && !asked.contains("«дачу»"), "\(asked)")
        chat.say("да")
        let shown = chat.say("покажи дачу")
        #expect(shown.hasPrefix("«Дача»") && shown.contains("уголь"), "\(shown)")
    }

    /// «на дачу уголь», «в продукты ещё молоко»: a list in another case, then
    /// things to buy and nothing else, is those things added to that list.
    @Test(arguments: [("создай список Дача", "на дачу уголь", "покажи дачу", "уголь"),
                      ("создай список Продукты", "в продукты гречку и молоко", "покажи продукты", "гречка")])
    func aRussianListInAnotherCaseTakesTheThingsSaidWithIt(create: String, line: String, show: String, thing: String) {
        chat.say(create)
        let added = chat.say(line)
        #expect(added.hasPrefix("Добавил"), "\(added)")
        let shown = chat.say(show)
        #expect(shown.contains(thing), "\(shown)")
    }

    @Test func aNameThatFitsTwoListsIsTheFamilysToChoose() {
        chat.say("create a list called BBQ on Saturday")
        chat.say("create a list called BBQ on Sunday")
        #expect(chat.say("add buns to bbq").hasPrefix("You have no list called “bbq”."))
        #expect(chat.say("add buns to saturday bbq") == "Added buns to BBQ on Saturday.")
    }

    @Test func emptyingAListNamedInPartAsksAboutThatList() {
        chat.say("create a list called BBQ on Saturday")
        chat.say("add prawns and charcoal to BBQ on Saturday")
        #expect(chat.say("clear out the bbq list") == "Remove all 2 items from BBQ on Saturday? Say yes to empty it, or no to keep them.")
        #expect(chat.say("yes").hasPrefix("Emptied BBQ on Saturday"))
    }

    /// Lines no sentence holds: the model reads where the list stands, and
    /// the bot finds which of the speaker's lists those words mean.
    /// "bhx" for "Bách Hóa Xanh": a family's initials for a list of several words.
    @Test func aListSaidByItsInitialsIsThatList() {
        chat.say("tạo danh sách Bách Hóa Xanh")
        #expect(chat.say("thêm 2 chai nước rửa tay vào bhx") == "Đã thêm 2 chai nước rửa tay vào Bách Hóa Xanh.")
    }

    @Test func theReaderFindsTheListTooInEveryScript() {
        chat.say("create a list called BBQ on Saturday")
        chat.say("add prawns to BBQ on Saturday")
        #expect(chat.say("can we drop the prawns from the bbq list?").contains("BBQ on Saturday"))
        chat.say("crea la lista Cumple de Lucía")
        chat.say("añade hielo a Cumple de Lucía")
        #expect(chat.say("tacha el hielo del cumple").contains("Cumple de Lucía"))
        chat.say("создай список Дача")
        chat.say("добавь морковку в Дача")
        // Done or asked about as the model is sure, the list is the one said in part.
        #expect(chat.say("морковку снимите-ка с дачи").contains("из списка «Дача»"))
    }

    /// A list named whole stays beside one said with a slip: both are the line's.
    @Test func aListNamedWholeBesideOneSaidWithASlip() {
        chat.say("create list Groceries")
        chat.say("create list Costco")
        chat.say("add bread to Groceries")
        let read = chat.say("bread from Groceries over to costo pls")
        #expect(read.contains("Groceries") && read.contains("Costco"), "\(read)")
    }
}
