import Testing

/// Replies put a name or a number into a sentence as each language does:
/// articles by the thing's gender, counting forms and cases, classifiers,
/// halves, capitalised German nouns. The facts come from the aisle files and
/// the message files' rules of endings (Grammar/README.md, "Message files").
@Suite("The grammar of replies, per language")
struct MessageGrammarTests {
    static let examples: [(language: String, typed: String, reply: String)] = [
        // Articles by gender and whether the thing is counted.
        ("fr", "ajoute du lait", "Ajouté à la liste de courses : du lait."),
        ("fr", "ajoute de la farine", "Ajouté à la liste de courses : de la farine."),
        ("fr", "ajoute un demi potiron", "Ajouté à la liste de courses : un demi-potiron."),
        ("es", "añade media calabaza", "He añadido media calabaza a la Lista de la compra."),
        // Russian counting forms.
        ("ru", "добавь 3 яйца", "Добавил в «Список покупок»: 3 яйца."),
        ("ru", "добавь 5 огурцов", "Добавил в «Список покупок»: 5 огурцов."),
        // Classifiers before the noun.
        ("vi", "thêm 3 quả trứng", "Đã thêm 3 quả trứng vào Danh sách đi chợ."),
        ("vi", "thêm 2 ổ bánh mì", "Đã thêm 2 ổ bánh mì vào Danh sách đi chợ."),
        ("zh", "加3个鸡蛋", "已加到「购物清单」：3个鸡蛋。"),
        ("zh", "加两盒牛奶", "已加到「购物清单」：2盒牛奶。"),
        ("zh", "加半个南瓜", "已加到「购物清单」：半个南瓜。"),
        // A tray is a tray, never a pack.
        ("vi", "thêm 1 vỉ trứng", "Đã thêm 1 vỉ trứng vào Danh sách đi chợ."),
        ("zh", "加两板酸奶", "已加到「购物清单」：2板酸奶。"),
        // German nouns with a capital however typed, and plurals after a unit.
        ("de", "füg butter hinzu", "Butter auf die Einkaufsliste gesetzt."),
        ("de", "füg 2 kg Äpfel hinzu", "2 kg Äpfel auf die Einkaufsliste gesetzt."),
        // English halves and agreement.
        ("en", "add half a pumpkin", "Added half a pumpkin to the Shopping list."),
        // After a unit, a counted thing in the plural however typed, a mass in the singular (`mass=yes`).
        ("en", "add 3 kg of potato", "Added 3 kg of potatoes to the Shopping list."),
        ("en", "add 2 packs of sausage", "Added 2 packs of sausages to the Shopping list."),
        ("en", "add 1 kg of pumpkin", "Added 1 kg of pumpkin to the Shopping list."),
        ("en", "add 500 g of cheese", "Added 500 g of cheese to the Shopping list."),
        ("en", "add 2 kg of blorb", "Added 2 kg of blorb to the Shopping list."),
        // Another name of a thing, counted, in the plural its line spells.
        ("en", "add 24 loo roll", "Added 24 loo rolls to the Shopping list."),
        ("en", "add 3 aubergine", "Added 3 aubergines to the Shopping list."),
        ("de", "füg 3 kg Kartoffel hinzu", "3 kg Kartoffeln auf die Einkaufsliste gesetzt."),
        ("de", "füg 500 g Käse hinzu", "500 g Käse auf die Einkaufsliste gesetzt."),
        ("es", "añade 2 kilos de tomate", "He añadido 2 kg de tomates a la Lista de la compra."),
        ("es", "añade 1 kg de queso", "He añadido 1 kg de queso a la Lista de la compra."),
        ("fr", "ajoute 1 kg de pomme", "Ajouté à la liste de courses : 1 kg de pommes."),
        ("fr", "ajoute 500 g de fromage", "Ajouté à la liste de courses : 500 g de fromage."),
        // One container, said with its article as a French family writes it; a weight keeps its figure.
        ("fr", "ajoute une barquette de framboises", "Ajouté à la liste de courses : une barquette de framboises."),
        ("fr", "ajoute un paquet de pâtes", "Ajouté à la liste de courses : un paquet de pâtes."),
        ("fr", "ajoute 2 bouteilles de vin", "Ajouté à la liste de courses : 2 bouteilles de vin."),
        // A thing typed without its accents is shown as the language writes it; a short name, which may be several words so, as typed.
        ("vi", "thêm nuoc mam", "Đã thêm nước mắm vào Danh sách đi chợ."),
        ("es", "añade papel higienico", "He añadido papel higiénico a la Lista de la compra."),
        ("vi", "thêm ta", "Đã thêm ta vào Danh sách đi chợ."),
    ]

    @Test(arguments: examples)
    func aNameAndANumberMeetTheGrammarOfTheSentence(_ example: (language: String, typed: String, reply: String)) throws {
        let chat = try ChatDriver()
        chat.say("speak \(example.language)")
        #expect(chat.say(example.typed) == example.reply)
    }

    /// A thing removed, checked off or moved is the object of a verb, said
    /// with its article or in its case ("le potiron", «тыкву»), never put
    /// after a colon like a label on a form.
    static let objects: [(language: String, added: String, done: String, reply: String)] = [
        ("fr", "ajoute un potiron et de l'eau", "enlève le potiron", "J'ai enlevé le potiron de la liste de courses."),
        ("fr", "ajoute 3 oeufs et de l'eau", "j'ai pris les oeufs et l'eau", "J'ai coché les œufs et l'eau sur la liste de courses."),
        ("es", "añade calabaza", "quita la calabaza", "He quitado la calabaza de la Lista de la compra."),
        ("es", "añade 6 huevos", "tacha los huevos", "He tachado los huevos en la Lista de la compra."),
        ("ru", "добавь тыкву", "убери тыкву", "Убрал тыкву из «Списка покупок»."),
        ("ru", "добавь воду", "отметь воду", "Отметил воду в «Списке покупок»."),
        ("de", "füg Kürbis hinzu", "streich den Kürbis", "Den Kürbis von der Einkaufsliste entfernt."),
        // Not there: "keine Bananen", "keinen Kürbis", as German says what it does not find.
        ("de", "füg Milch hinzu", "streich die Bananen", "Auf der Einkaufsliste finde ich keine Bananen."),
        ("de", "füg Milch hinzu", "streich den Kürbis", "Auf der Einkaufsliste finde ich keinen Kürbis."),
        ("en", "add pumpkin", "remove the pumpkin", "Removed pumpkin from the Shopping list."),
    ]

    @Test(arguments: objects)
    func aThingSomethingWasDoneToIsTheObjectOfTheVerb(_ example: (language: String, added: String, done: String, reply: String)) throws {
        let chat = try ChatDriver()
        chat.say("speak \(example.language)")
        chat.say(example.added)
        #expect(chat.say(example.done) == example.reply)
    }

    @Test func russianSaysWhatIsNotThereInTheGenitive() throws {
        let chat = try ChatDriver()
        chat.say("speak ru")
        chat.say("добавь молоко")
        #expect(chat.say("убери бананы") == "В «Списке покупок» нет бананов.")
    }

    @Test func aVerbAgreesWithWhatItSaysOf() throws {
        let chat = try ChatDriver()
        chat.say("add 3 eggs and milk")
        #expect(chat.say("do we need eggs?") == "Yes, 3 eggs are on the Shopping list.")
        #expect(chat.say("do we need milk?") == "Yes, milk is on the Shopping list.")
    }
}
