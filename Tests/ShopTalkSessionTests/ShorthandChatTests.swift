import Testing

/// Words typed in a hurry and particles hung on a word, as each language's
/// family types them: read whole, so the thing stored is the thing meant.
@Suite("What a family types in a hurry")
struct ShorthandChatTests {
    let chat = try! ChatDriver()

    @Test func vietnameseShorthandIsReadWhole() {
        chat.say("thêm trứng, khổ qua")
        #expect(chat.say("thêm nc giặt vs nc xả") == "Đã thêm nước giặt và nước xả vào Danh sách đi chợ.")
        #expect(chat.say("khổ qua hông cần nữa") == "Đã xoá khổ qua khỏi Danh sách đi chợ.")
        #expect(chat.say("ko cần trứng nữa") == "Đã xoá trứng khỏi Danh sách đi chợ.")
        #expect(chat.say("xem ds") == "Danh sách đi chợ:\n- nước giặt\n- nước xả")
        // Southern "dô" is "vô".
        #expect(chat.say("ghi dô 1 chục trứng vịt") == "Đã thêm 10 quả trứng vịt vào Danh sách đi chợ.")
    }

    @Test func russianParticlesAfterAHyphenAreTakenOff() {
        chat.say("добавь печенье, молоко")
        // A thing named first and asked about asks whether it was bought: nothing is ticked.
        #expect(chat.say("молоко-то купили?") == "Да, в «Списке покупок» есть молоко.")
        #expect(chat.say("отметь молоко") == "Отметил молоко в «Списке покупок».")
        #expect(chat.say("добавь-ка гречку") == "Добавил в «Список покупок»: гречка.")
        #expect(chat.say("печенье-то удали") == "Убрал печенье из «Списка покупок».")
        // "что-то" is a word of its own: the particle stays.
        #expect(chat.say("купи что-то к чаю").contains("«что-то к чаю»"))
    }

    @Test func englishShorthand() {
        chat.say("add tomatoes")
        #expect(chat.say("add milk n bread") == "Added milk and bread to the Shopping list.")
        #expect(chat.say("remove tomatos frm the list") == "Removed tomatoes from the Shopping list.")
    }

    @Test func frenchShorthand() {
        #expect(chat.say("ajoute du beurre") == "Ajouté à la liste de courses : du beurre.")
        #expect(chat.say("des piles pr la télécommande") == "Ajouté à la liste de courses : des piles.")
        #expect(chat.say("ajt 2 pqt de cafe") == "Ajouté à la liste de courses : 2 paquets de cafe.")
    }

    @Test func spanishShorthand() {
        #expect(chat.say("añade leche") == "He añadido leche a la Lista de la compra.")
        #expect(chat.say("q falta en la lista").hasPrefix("Lo que falta en la Lista de la compra:"))
    }

    /// Shorthand belongs to the language tried first, and a line another
    /// language reads as typed is left as typed: a German speaker's English
    /// "is" is no German "ist".
    @Test func anotherLanguagesLineKeepsItsWords() {
        chat.say("füg Milch hinzu")
        #expect(chat.say("Milch brauchen wir nich") == "Die Milch von der Einkaufsliste entfernt.")
        chat.say("füg Milch hinzu")
        #expect(chat.say("what is on the list").hasPrefix("Einkaufsliste:\n- "))
    }
}

/// French names the thing first and points back at it after the verb's
/// hyphen: "le jambon, ôte-le", "des bananes, rajoutes-en 6".
@Suite("A pronoun after a hyphen")
struct PronounAfterHyphenChatTests {
    let chat = try! ChatDriver()

    @Test func theThingNamedFirstIsTheOneMeant() {
        chat.say("ajoute du jambon, des lardons, du beurre")
        #expect(chat.say("le jambon, ôte-le") == "J'ai enlevé le jambon de la liste de courses.")
        #expect(chat.say("les lardons, enlève-les de la liste") == "J'ai enlevé les lardons de la liste de courses.")
        #expect(chat.say("des bananes, rajoute-en 6") == "Ajouté à la liste de courses : 6 bananes.")
        // "rajoutes" for "rajoute" is a slip, put right as well.
        #expect(chat.say("du beurre, rajoutes-en 2") == "Ajouté à la liste de courses : 2 beurre (3 en tout).")
        #expect(chat.say("mets-nous 2 packs d'eau") == "Ajouté à la liste de courses : 2 packs d'eau.")
        // "donc", "en fait" after the verb say nothing of the thing.
        chat.say("ajoute du sucre")
        chat.say("coche le sucre")
        #expect(chat.say("le sucre, décoche-le en fait") == "J'ai décoché le sucre sur la liste de courses.")
        #expect(chat.say("le beurre, ôte-le donc") == "J'ai enlevé le beurre de la liste de courses.")
    }
}
