import Foundation
import ShopTalkGrammar
import ShopTalkGrammarFiles
import ShopTalkStore
import Testing

/// Which language a conversation speaks: every grammar is tried, the
/// conversation's own first, and replies are in the language of the line;
/// a member's chosen language words their news.
@Suite("Language choice")
struct LanguageChoiceTests {
    @Test func aLineIsAnsweredInItsOwnLanguage() {
        let chat = try! ChatDriver()
        #expect(chat.say("añade 3 huevos a la lista") == "He añadido 3 huevos a la Lista de la compra.")
        #expect(chat.say("add milk") == "Added milk to Lista de la compra.")
        #expect(chat.say("¿qué hay en la lista?") == "Lista de la compra:\n- 3 huevos\n- leche")
    }

    /// The default list, in the household's language, is only not made yet:
    /// a first line that takes something off it finds it empty, not missing.
    @Test func aDefaultListNotMadeYetIsEmptyInEveryLanguage() {
        let chat = try! ChatDriver()
        #expect(chat.say("quita la leche") == "No hay «leche» en la Lista de la compra.")
        #expect(chat.say("vacía la lista").contains("ya está vacía"))
    }

    @Test func aLineSeveralLanguagesUnderstandStaysInTheLanguageSpoken() {
        let chat = try! ChatDriver()
        // "no" is English and Spanish: the conversation's language decides.
        chat.say("add eggs")
        #expect(chat.say("no") == "There is no question waiting for an answer, so I did nothing.")
        chat.say("añade leche")
        #expect(chat.say("no") == "No te había preguntado nada, así que no he hecho nada.")
        #expect(chat.say("6") == "No te había preguntado nada, así que no he hecho nada.")
        chat.say("what's on my list?")
        #expect(chat.say("6") == "There is no question waiting for an answer, so I did nothing.")
    }

    /// "can" is Vietnamese "cần" typed without its marks, and a Vietnamese
    /// sentence holds "um can you just add like some bread": an English line
    /// all the same, read as English.
    @Test func aLineInTheSpeakersWordsIsNotTakenForAnotherLanguage() {
        let chat = try! ChatDriver()
        chat.say("add eggs")
        #expect(chat.say("um can you just add like some bread") == "Added bread to the Shopping list.")
    }

    @Test func aQuestionAskedInSpanishIsAnsweredInSpanish() {
        let chat = try! ChatDriver()
        chat.say("crea una lista llamada Fiesta")
        chat.say("añade globos y velas a Fiesta")
        #expect(chat.say("borra la lista Fiesta") == "¿Borro Fiesta y las 2 cosas que tiene? Di “sí” para borrarla o “no” para dejarla.")
        #expect(chat.say("sí") == "He borrado Fiesta y las 2 cosas que tenía.")
    }

    @Test func aLineNoGrammarUnderstandsIsAnsweredInTheConversationsLanguage() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("añade leche")
        let reply = try chat.json("cuéntame un chiste de listas")
        #expect(reply["lang"] as? String == "es")
        #expect(reply["error"] as? String == "not_understood")
        #expect((reply["text"] as? String)?.hasPrefix("Perdona, no te he entendido.") == true)
        // The examples come from the Spanish grammar.
        let suggestions = try #require((reply["data"] as? [String: Any])?["suggestions"] as? [String])
        #expect(!suggestions.isEmpty)
        #expect(suggestions.allSatisfy { !$0.hasPrefix("add ") })
        chat.say("add milk")
        #expect(try chat.json("blah blah blah")["lang"] as? String == "en")
    }

    @Test func jsonRepliesSayTheirLanguage() throws {
        let chat = try ChatDriver(format: .json)
        #expect(try chat.json("añade pan")["lang"] as? String == "es")
        #expect(try chat.json("add bread")["lang"] as? String == "en")
    }

    @Test func speakingALanguageIsKeptForTheMemberAcrossConversations() throws {
        let store = try SQLiteStore(path: ":memory:")
        let first = try ChatDriver(store: store)
        #expect(first.say("speak Spanish") == "Vale, a partir de ahora te hablo en español.")
        // A new chat of the same member starts in Spanish: "no" is answered in it.
        let second = try ChatDriver(store: store)
        #expect(second.say("no") == "No te había preguntado nada, así que no he hecho nada.")
        #expect(second.say("háblame en inglés") == "OK, I'll speak English with you from now on.")
        let third = try ChatDriver(store: store)
        #expect(third.say("no") == "There is no question waiting for an answer, so I did nothing.")
    }

    @Test func aLanguageTheBotLacksIsRefusedNamingTheOnesItHas() throws {
        // Every built-in language is loaded by default: a bot given four of them lacks the others.
        let four = Grammars(try ["en", "es", "ru", "vi"].map { try LanguageFiles.builtIn.grammar($0) }, defaultLanguage: "en")
        let chat = try ChatDriver(format: .json, grammars: four)
        let reply = try chat.json("speak Chinese")
        #expect(reply["error"] as? String == "not_available")
        #expect(reply["text"] as? String == "I can't speak Chinese yet. I speak English, Spanish, Russian and Vietnamese.")
        #expect(try chat.json("habla alemán")["text"] as? String == "Todavía no hablo alemán. Hablo inglés, español, ruso y vietnamita.")
        #expect(try chat.json("говори по-китайски")["text"] as? String
            == "Я пока не говорю по-китайски. Я говорю по-английски, по-испански, по-русски и по-вьетнамски.")
        #expect(try chat.json("nói tiếng Trung")["text"] as? String
            == "Mình chưa nói được tiếng Trung. Mình nói được tiếng Anh, tiếng Tây Ban Nha, tiếng Nga và tiếng Việt.")
        #expect(try chat.json("говори по-русски")["text"] as? String == "Хорошо, теперь говорю с тобой по-русски.")
    }

    @Test func everyBuiltInLanguageCanBeChosen() throws {
        let chat = try ChatDriver()
        #expect(chat.say("说中文") == "好的，以后我跟你说中文。")
        #expect(chat.say("speak German") == "Alles klar, ab jetzt spreche ich Deutsch mit dir.")
    }

    /// A Spanish and an English member share a list: each reads replies and
    /// news in their own language, whoever made the change.
    @Test func aMixedHouseholdReadsNewsInEachMembersLanguage() throws {
        let relay = try ChatDriver(user: nil, relay: true)
        relay.say(":ana habla español")
        relay.say(":bob show my lists")
        relay.say(":ana crea una lista llamada Mercadona")
        #expect(relay.say(":ana comparte Mercadona con bob") == """
            :ana He compartido Mercadona con bob (puede editarla). La verá cuando diga “acepta Mercadona”.
            :bob ana shared Mercadona with you (can edit). Say “accept Mercadona” to add it, or “decline Mercadona” if you don't want it.
            """)
        #expect(relay.say(":bob accept Mercadona") == """
            :bob You’ve joined ana's Mercadona list (can edit).
            :ana bob ha aceptado la invitación a Mercadona.
            """)
        #expect(relay.say(":bob add 2 litres of milk to ana's Mercadona") == """
            :bob Added 2 litres of milk to ana's Mercadona list.
            :ana bob ha añadido 2 litros de leche a Mercadona.
            """)
        #expect(relay.say(":ana tacha la milk en Mercadona") == """
            :ana He tachado la leche en Mercadona.
            :bob ana checked off milk on Mercadona.
            """)
    }
}

/// The household of the issue: a Spanish and a German member on one relay.
@Suite("A Spanish and a German member")
struct SpanishAndGermanHouseholdTests {
    @Test func eachReadsRepliesAndNewsInTheirOwnLanguage() throws {
        let relay = try ChatDriver(user: nil, relay: true)
        #expect(relay.say(":ana habla español") == ":ana Vale, a partir de ahora te hablo en español.")
        #expect(relay.say(":jonas sprich Deutsch") == ":jonas Alles klar, ab jetzt spreche ich Deutsch mit dir.")
        relay.say(":ana crea una lista llamada Casa")
        #expect(relay.say(":ana comparte Casa con jonas") == """
            :ana He compartido Casa con jonas (puede editarla). La verá cuando diga “acepta Casa”.
            :jonas ana hat die Liste Casa mit dir geteilt (du darfst sie bearbeiten). Schreib „nimm Casa an“, um sie anzunehmen, oder „lehne Casa ab“.
            """)
        #expect(relay.say(":jonas nimm Casa an") == """
            :jonas Du hast jetzt die Liste Casa von ana (du darfst sie bearbeiten).
            :ana jonas ha aceptado la invitación a Casa.
            """)
        #expect(relay.say(":jonas füge 2 Liter Milch zu Casa von ana hinzu") == """
            :jonas 2 l Milch auf anas Liste Casa gesetzt.
            :ana jonas ha añadido 2 litros de leche a Casa.
            """)
        #expect(relay.say(":ana ya tengo la Milch") == """
            :ana He tachado la leche en Casa.
            :jonas ana hat die Milch auf Casa abgehakt.
            """)
    }
}

/// Four members, four languages, one list on one relay: each reads the
/// others' changes in their own language.
@Suite("A household of four languages")
struct FourLanguageHouseholdTests {
    @Test func everyMemberReadsEveryChangeInTheirOwnLanguage() throws {
        let relay = try ChatDriver(user: nil, relay: true)
        relay.say(":ana habla español")
        relay.say(":jonas sprich Deutsch")
        relay.say(":olga говори по-русски")
        #expect(relay.say(":lan noi tieng viet") == ":lan Ok, từ giờ mình nói tiếng Việt với bạn nha.")
        relay.say(":ana crea una lista llamada Casa")
        relay.say(":ana comparte Casa con jonas, olga y lan")
        relay.say(":jonas nimm Casa an")
        relay.say(":olga прими Casa")
        relay.say(":lan nhận Casa")
        #expect(relay.say(":lan them nuoc mam vao Casa cua ana") == """
            :lan Đã thêm nước mắm vào Casa của Ana.
            :ana lan ha añadido salsa de pescado a Casa.
            :jonas lan hat Fischsoße auf anas Liste Casa gesetzt.
            :olga Новое от lan в списке ana «Casa»: nuoc mam.
            """)
        #expect(relay.say(":ana ya tengo el nước mắm") == """
            :ana He tachado la salsa de pescado en Casa.
            :jonas ana hat die Fischsoße auf Casa abgehakt.
            :lan Ana đã mua nước mắm trong Casa.
            :olga ana отмечает nuoc mam в списке «Casa» как купленное.
            """)
    }
}

/// Three languages on one relay: a Russian member joins the Spanish and the German one.
@Suite("A Spanish, a German and a Russian member")
struct ThreeLanguageHouseholdTests {
    @Test func eachReadsTheOthersChangesInTheirOwnLanguage() throws {
        let relay = try ChatDriver(user: nil, relay: true)
        relay.say(":ana habla español")
        relay.say(":jonas sprich Deutsch")
        #expect(relay.say(":olga говори по-русски") == ":olga Хорошо, теперь говорю с тобой по-русски.")
        relay.say(":ana crea una lista llamada Casa")
        relay.say(":ana comparte Casa con jonas y olga")
        relay.say(":jonas nimm Casa an")
        #expect(relay.say(":olga прими Casa") == """
            :olga Теперь у тебя есть «Casa» от ana (можно редактировать).
            :ana olga ha aceptado la invitación a Casa.
            :jonas olga hat die Einladung zur Liste Casa angenommen.
            """)
        #expect(relay.say(":olga добавь 2 литра молока в Casa от ana") == """
            :olga Добавил в список ana «Casa»: 2 л молока.
            :ana olga ha añadido 2 litros de leche a Casa.
            :jonas olga hat 2 l Milch auf anas Liste Casa gesetzt.
            """)
        #expect(relay.say(":jonas füge Brot zu Casa von ana hinzu") == """
            :jonas Brot auf anas Liste Casa gesetzt.
            :ana jonas ha añadido pan a Casa.
            :olga Новое от jonas в списке ana «Casa»: хлеб.
            """)
        #expect(relay.say(":ana ya tengo el молоко") == """
            :ana He tachado la leche en Casa.
            :jonas ana hat die Milch auf Casa abgehakt.
            :olga ana отмечает молоко в списке «Casa» как купленное.
            """)
    }
}

/// Names that hold the words which join a name to a list or an owner.
@Suite("Names with joining words")
struct JoiningWordTests {
    @Test func anItemWhoseNameHoldsTheListWordIsFoundWhole() {
        let chat = try! ChatDriver()
        chat.say("añade aceite de oliva y pan de molde")
        #expect(chat.say("quita el aceite de oliva") == "He quitado el aceite de oliva de la Lista de la compra.")
        #expect(chat.say("ya tengo el pan de molde") == "He tachado el pan de molde en la Lista de la compra.")
        chat.say("add eggs from the farm")
        #expect(chat.say("remove eggs from the farm") == "Removed eggs from the farm from Lista de la compra.")
        // A list that does not exist, with no such item either, is still said to be missing.
        #expect(chat.say("remove eggs from Narnia").hasPrefix("You have no list called “Narnia”."))
    }

    @Test func aListNameThatLooksLikeAnOwnerIsKeptWhole() {
        let chat = try! ChatDriver()
        #expect(chat.say("create a list called Gifts from grandma") == "Created the list Gifts from grandma. Try “add … to Gifts from grandma” to put something on it.")
        #expect(chat.say("add socks to Gifts from grandma") == "Added socks to Gifts from grandma.")
        #expect(chat.say("crea una lista llamada Cosas de casa") == "Lista Cosas de casa creada. Para llenarla, di “añade … a Cosas de casa”.")
        #expect(chat.say("añade velas a Cosas de casa") == "He añadido velas a Cosas de casa.")
    }
}

/// A member's news comes in the language they type, learned from their
/// lines: no one in this household ever says which language they speak.
@Suite("The language a member types")
struct LearnedLanguageTests {
    @Test func newsReachesEachMemberInTheLanguageTheyType() throws {
        let relay = try ChatDriver(user: nil, relay: true)
        #expect(relay.say(":jonas füg Milch hinzu") == ":jonas Milch auf die Einkaufsliste gesetzt.")
        relay.say(":ana crea una lista llamada Casa")
        #expect(relay.say(":ana comparte Casa con jonas") == """
            :ana He compartido Casa con jonas (puede editarla). La verá cuando diga “acepta Casa”.
            :jonas ana hat die Liste Casa mit dir geteilt (du darfst sie bearbeiten). Schreib „nimm Casa an“, um sie anzunehmen, oder „lehne Casa ab“.
            """)
        #expect(relay.say(":jonas nimm Casa an") == """
            :jonas Du hast jetzt die Liste Casa von ana (du darfst sie bearbeiten).
            :ana jonas ha aceptado la invitación a Casa.
            """)
    }

    @Test func talkTeachesNothingAndSeveralLinesInAnotherLanguageChangeIt() throws {
        let relay = try ChatDriver(user: nil, relay: true)
        relay.say(":jonas ok")
        relay.say(":ana crea una lista llamada Casa")
        // "ok" said no language: the news is in the bot's own.
        #expect(relay.say(":ana comparte Casa con jonas").hasSuffix(
            ":jonas ana shared Casa with you (can edit). Say “accept Casa” to add it, or “decline Casa” if you don't want it."))
        relay.say(":jonas accept Casa")
        #expect(relay.say(":ana añade pan a Casa").hasSuffix(":jonas ana added bread to Casa."))
        // A first line in a language other than the bot's own sets it…
        relay.say(":jonas füg Milch hinzu")
        #expect(relay.say(":ana añade queso a Casa").hasSuffix(":jonas ana hat Käse auf Casa gesetzt."))
        // …and it takes three in a row in another to change it.
        relay.say(":jonas show my lists")
        relay.say(":jonas what's on Casa?")
        #expect(relay.say(":ana añade sal a Casa").hasSuffix(":jonas ana hat Salz auf Casa gesetzt."))
        relay.say(":jonas add eggs")
        #expect(relay.say(":ana añade arroz a Casa").hasSuffix(":jonas ana added rice to Casa."))
    }
}
