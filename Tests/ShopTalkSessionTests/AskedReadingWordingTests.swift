import ShopTalkGrammar
@testable import ShopTalkSession
import Testing

/// A reading the model is not sure of is asked about in the request's own
/// words, with the thing, the note, the aisle or the member the line named,
/// never as the help's description followed by the slots' raw values (an
/// aisle's English key, "produce", shown to a Chinese reader).
@Suite("Readings asked about, in words")
struct AskedReadingWordingTests {
    static let asked: [(language: String, reading: Parse, question: String)] = [
        ("zh", Parse(intent: "set_note", slots: [.init(name: "item", value: .text("牛奶")), .init(name: "text", value: .text("燕麦的"))]),
         "要给牛奶加个备注“燕麦的”吗？说“是”或“不”。"),
        ("zh", Parse(intent: "put_in_aisle", slots: [.init(name: "item", value: .text("土豆")), .init(name: "aisle", value: .text("produce"))]),
         "要把土豆归到“蔬菜水果”类吗？说“是”或“不”。"),
        ("fr", Parse(intent: "clear_note", slots: [.init(name: "item", value: .text("lait"))]),
         "J'enlève la note de « lait » ? Dis oui et je le fais, ou non."),
        ("es", Parse(intent: "assign_item", slots: [.init(name: "user", value: .text("lucia")), .init(name: "item", value: .text("huevos"))]),
         "¿Apunto que lucia compra los huevos? Di “sí” o “no”."),
        ("ru", Parse(intent: "set_note", slots: [.init(name: "item", value: .text("молоко")), .init(name: "text", value: .text("овсяное"))]),
         "Добавить к молоку заметку «овсяное»? Напиши «да» или «нет»."),
        ("en", Parse(intent: "move_items", slots: [.init(name: "item", value: .text("bread")), .init(name: "to_list", value: .list(name: "Costco", spoken: "Costco"))]),
         "Move bread to Costco? Say yes to do it, or no."),
        ("de", Parse(intent: "my_items", slots: []), "Soll ich dir zeigen, was du holen sollst? Sag ja oder nein."),
    ]

    @Test(arguments: asked)
    func aReadingIsAskedAboutInTheRequestsOwnWords(_ example: (language: String, reading: Parse, question: String)) {
        var reply = Replies.askReading(example.reading, help: "Help text that must not be shown")
        reply.language = example.language
        #expect(reply.error == .question)
        #expect(reply.text(ChatDriver.wording) == example.question)
    }
}
