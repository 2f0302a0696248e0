import Foundation
import Testing

/// One list, many languages: an item is the same thing whatever language
/// adds it ("leche" is the "Milch" Klaus ticks off), and each member reads
/// it in their own word.
@Suite("One thing in many languages")
struct OneThingManyLanguagesTests {
    let relay: ChatDriver

    init() throws {
        relay = try ChatDriver(user: nil, relay: true)
    }

    /// Ana speaks Spanish, Klaus German, Claire French, Lan Vietnamese and
    /// Olga Russian; Ana's list Casa is shared with all of them.
    func household() {
        for name in ["ana", "klaus", "claire", "lan", "olga"] { relay.say(":\(name) show my lists") }
        relay.say(":ana create list Casa")
        for name in ["klaus", "claire", "lan", "olga"] {
            relay.say(":ana share Casa with \(name)")
            relay.say(":\(name) accept Casa")
        }
    }

    /// The reply to `line`, without the news it sends others.
    func say(_ speaker: String, _ line: String) -> String {
        relay.say(":\(speaker) \(line)").split(separator: "\n").filter { $0.hasPrefix(":\(speaker) ") }
            .map { $0.dropFirst(speaker.count + 2) }.joined(separator: "\n")
    }

    @Test func whatOneMemberAddsAnotherTicksOffInTheirOwnWords() {
        household()
        #expect(say("ana", "añade leche a Casa") == "He añadido leche a Casa.")
        #expect(say("klaus", "hab die Milch") == "Die Milch auf anas Liste Casa abgehakt.")
        // Ana reads the name she typed.
        #expect(say("ana", "qué hay en Casa?") == "Casa:\n- leche ✓")
    }

    @Test func addingWhatIsThereInAnotherLanguageAddsNothingNew() {
        household()
        say("claire", "ajoute du beurre à Casa")
        #expect(say("klaus", "füg Butter zu Casa hinzu") == "Steht schon auf anas Liste Casa: Butter.")
        #expect(say("klaus", "was steht auf Casa?") == "anas Liste Casa:\n- Butter")
        #expect(say("claire", "qu'est-ce qu'il y a sur Casa ?") == "Liste Casa d'Ana :\n- du beurre")
    }

    @Test func aQuestionFindsWhatAnotherLanguageTyped() {
        household()
        say("lan", "thêm trứng vào Casa")
        // Asked about, an item is named in the reader's word and as it was typed.
        #expect(say("olga", "кто добавил яйца?") == "Яйцо (записано как «trứng») в списке ana «Casa» — от lan, только что.")
        #expect(say("klaus", "wer hat die Eier draufgeschrieben?") == "lan hat Ei (geschrieben: „trứng“) gerade eben auf anas Liste Casa gesetzt.")
        #expect(say("claire", "est-ce qu'il y a des œufs ?").contains("œuf (écrit « trứng ») sur la liste Casa d'Ana"))
    }

    @Test func eachMemberReadsTheListInTheirOwnWordsWithQuantities() {
        household()
        say("ana", "añade 6 huevos, 2 litros de leche y pan a Casa")
        #expect(say("klaus", "was steht auf Casa?") == """
            anas Liste Casa:
            Brot und Backwaren:
            - Brot
            Milchprodukte und Eier:
            - 6 Eier
            - 2 l Milch
            """)
        #expect(say("claire", "qu'est-ce qu'il y a sur Casa ?") == """
            Liste Casa d'Ana :
            Boulangerie :
            - du pain
            Crèmerie et œufs :
            - 2 l de lait
            - 6 œufs
            """)
        #expect(say("lan", "Casa có gì?") == """
            Casa của Ana:
            Bánh mì, bánh ngọt:
            - bánh mì
            Sữa, trứng:
            - 2 lít sữa
            - 6 quả trứng
            """)
    }

    @Test func newsReachesEachMemberInTheirWord() {
        household()
        say("klaus", "was steht auf Casa?")
        say("claire", "qu'est-ce qu'il y a sur Casa ?")
        say("lan", "Casa có gì?")
        say("olga", "что в Casa?")
        #expect(relay.say(":ana añade 6 huevos a Casa") == """
            :ana He añadido 6 huevos a Casa.
            :claire Ana a ajouté à la liste Casa : 6 œufs.
            :klaus ana hat 6 Eier auf Casa gesetzt.
            :lan Ana đã thêm 6 quả trứng vào Casa.
            :olga Новое от ana в списке «Casa»: 6 яиц.
            """)
    }

    @Test func aQuestionOrARefusalNamesTheItemInTheReadersWord() {
        household()
        // Two of it, counted: a measure does not add to them. One thing so added is asked about as its new amount…
        say("klaus", "füg 2 Milch zu Casa hinzu")
        #expect(say("olga", "добавь 2 литра молока в Casa") == "В списке ana «Casa» уже есть 2 молока. Поменять на 2 л? Напиши «да» или «нет».")
        say("olga", "нет")
        // …and of several, the one that does not add up is told apart.
        #expect(say("olga", "добавь хлеб и 2 литра молока в Casa")
            == "Добавил в список ana «Casa»: хлеб. В списке «Casa» уже есть молоко, но без единиц; напиши «поменяй молоко на …», чтобы заменить.")
    }

    /// A thing counted more than once is named in its plural where the
    /// reader's word list has one, in the language it was typed in too:
    /// "2 Äpfel", "3 limones", not "2 Apfel", "3 limón"; once, it keeps its word.
    @Test func aThingCountedIsNamedInItsPlural() {
        household()
        #expect(say("klaus", "füg 2 Apfel zu Casa hinzu") == "2 Äpfel auf anas Liste Casa gesetzt.")
        #expect(say("ana", "añade 3 limón a Casa") == "He añadido 3 limones a Casa.")
        let once = say("ana", "añade 1 banana a Casa")
        #expect(once.contains("banana a Casa") && !once.contains("bananas"), "\(once)")
        #expect(say("ana", "qué hay en Casa?").contains("- 3 limones"))
    }

    @Test func aNameNoLanguageKnowsStaysAsTyped() {
        household()
        say("ana", "añade turrón de la abuela a Casa")
        #expect(say("klaus", "was steht auf Casa?") == "anas Liste Casa:\n- turrón de la abuela")
    }

    /// "Pommes" are chips to Klaus and apples to Claire: each line is read
    /// in its own language, so neither takes the other's for theirs.
    @Test func aFalseFriendIsReadInTheLanguageOfTheLine() {
        household()
        say("klaus", "füg Pommes zu Casa hinzu")
        #expect(say("claire", "ajoute des pommes à Casa") == "Ajouté à la liste Casa d'Ana : des pommes.")
        #expect(say("claire", "j'ai pris les pommes") == "J'ai coché les pommes sur la liste Casa d'Ana.")
        #expect(say("klaus", "was steht auf Casa?") == "anas Liste Casa:\n- Pommes\n- [x] Apfel")
        #expect(say("ana", "qué hay en Casa?") == "Casa:\n- patatas congeladas\n- manzana ✓")
    }
}
