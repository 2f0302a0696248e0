import Testing

/// A family calls "BBQ on Saturday" "the bbq list", "Grillen am Samstag"
/// "die Grillliste", "Anniversaire de Léa" "l'anniv de Léa": a list named
/// in part is the one list that fits.
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
}
