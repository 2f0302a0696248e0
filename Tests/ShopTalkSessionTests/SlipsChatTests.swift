import Testing

/// A word of a command typed with one slip ("ad", "remvoe", "sahre"), in a
/// line nothing else reads, is read as the word meant: when one word of the
/// grammar is that near, and the line then says one thing.
@Suite("Command words typed with a slip")
struct SlipsChatTests {
    let chat = try! ChatDriver()

    @Test func englishSlipsAreReadAsTheWordMeant() {
        #expect(chat.say("ad milk") == "Added milk to the Shopping list.")
        chat.say("add eggs, bread")
        #expect(chat.say("remvoe the eggs") == "Removed eggs from the Shopping list.")
        #expect(chat.say("tke the bread off the list") == "Removed bread from the Shopping list.")
        #expect(chat.say("shw me the list") == "Shopping list:\n- milk")
    }

    @Test func aRussianSlip() {
        #expect(chat.say("добаь молоко") == "Добавил в «Список покупок»: молоко.")
    }

    @Test func aSpanishSlip() {
        #expect(chat.say("añdir pan") == "He añadido pan a la Lista de la compra.")
    }

    /// A letter held down ("jaaa", "siii", «дааа») is the word meant: a yes
    /// answers the question it was typed for.
    @Test(arguments: [("add eggs", "remove egs", "yesss", "Removed eggs from the Shopping list."),
                      ("añade leche", "quita lehce", "siii", "He quitado la leche de la Lista de la compra."),
                      ("добавь молоко", "убери малоко", "дааа", "Убрал молоко из «Списка покупок».")])
    func aLetterHeldDownIsTheWordMeant(added: String, asking: String, answer: String, done: String) {
        chat.say(added)
        chat.say(asking)
        #expect(chat.say(answer) == done)
    }

    /// A word near two of the grammar's, or a line that a slip does not make
    /// a sentence of, is not guessed at: the bot says it did not understand.
    @Test func aSlipThatLeavesAGuessIsNotRead() {
        #expect(chat.say("ad").hasPrefix("Sorry, I didn't understand that."))
        #expect(chat.say("remvoe").hasPrefix("Sorry, I didn't understand that."))
        // Two words with slips: the second is a guess too.
        #expect(chat.say("ad tht 2").hasPrefix("Sorry, I didn't understand that."))
    }

    /// A word the grammar does not know is not always a slip: «докинь» (add
    /// more) is one letter from «покинь» (leave), and the model, which finds
    /// adding likelier by the line's words, keeps it from being read as leaving.
    @Test func aRealWordIsNotTakenForASlipAgainstTheModel() {
        #expect(!chat.say("докинь пару кочанов капусты").contains("списка «пару"))
        #expect(!chat.say("ils avaient plus de chicons au Delhaize, remets-les").contains("pas de liste"))
    }
}
