import Foundation
import ShopTalkSession
import Testing

/// What a person sees in `shoptalk chat`, word for word.
@Suite("Chatting in text")
struct ChatTests {
    let chat = try! ChatDriver()

    @Test func keepingAShoppingListWithoutReadingTheDocs() {
        #expect(chat.say("add milk") == "Added milk to the Shopping list.")
        #expect(chat.say("add 3 eggs") == "Added 3 eggs to the Shopping list.")
        #expect(chat.say("add 2 more eggs") == "Added 2 eggs (5 now) to the Shopping list.")
        #expect(chat.say("add another egg") == "Added eggs (6 now) to the Shopping list.")
        #expect(chat.say("what's on my list?") == "Shopping list:\n- 6 eggs\n- milk")
    }

    /// Saying an item again is no order for more: a number, "more" or
    /// "another" is; what was bought comes back.
    @Test func anItemSaidAgainIsNotCountedUp() {
        chat.say("add a dozen eggs")
        #expect(chat.say("add eggs") == "The Shopping list already has 12 eggs.")
        #expect(chat.say("grab some eggs and bananas") == "Added bananas to the Shopping list. The Shopping list already has 12 eggs.")
        #expect(chat.say("we need an egg") == "The Shopping list already has 12 eggs.")
        #expect(chat.say("add 6 eggs") == "Added 6 eggs (18 now) to the Shopping list.")
        #expect(chat.say("add another banana") == "Added bananas (2 now) to the Shopping list.")
        chat.say("got the bananas")
        #expect(chat.say("add bananas") == "Added bananas to the Shopping list.")
        #expect(chat.say("what's on my list?") == "Shopping list:\nFruit and veg:\n- bananas\nDairy and eggs:\n- 18 eggs")
    }

    @Test func aListIsCreatedFilledShownAndCleared() {
        #expect(chat.say("create a list called Groceries") == "Created the list Groceries. Try “add … to Groceries” to put something on it.")
        #expect(chat.say("add 3 eggs to Groceries") == "Added 3 eggs to Groceries.")
        #expect(chat.say("add eggs, milk and 2 loaves of bread to it") == "Added milk and 2 loaves of bread to Groceries. Groceries already has 3 eggs.")
        #expect(chat.say("got the milk") == "Checked off milk on Groceries.")
        #expect(chat.say("show me the groceries list") == "Groceries:\nBakery:\n- 2 loaves of bread\nDairy and eggs:\n- 3 eggs\n- [x] milk")
        #expect(chat.say("clear checked items from Groceries") == "Cleared 1 checked item from Groceries: milk.")
        #expect(chat.say("show my lists") == "Your lists:\n- Groceries (2 items)")
    }

    /// "export Groceries": the items alone, a line each, to paste into another app.
    @Test func aListIsExportedAsPlainLines() {
        _ = chat.say("create a list called Groceries")
        _ = chat.say("add 2 eggs, 1.5 kg of flour and milk to Groceries")
        _ = chat.say("got the milk")
        #expect(chat.say("export Groceries") == "2 eggs\n1.5 kg of flour\nmilk ✓")
        // Read in Spanish, each thing in the reader's word, in the order of their words.
        #expect(chat.say("exporta Groceries como texto") == "1,5 kg de harina\n2 huevos\nleche ✓")
        #expect(chat.say("create list Empty") == "Created the list Empty. Try “add … to Empty” to put something on it.")
        #expect(chat.say("export Empty") == "Empty is empty.")
    }

    @Test func aListWithoutANameIsAskedForNotInvented() {
        let ask = "What should the new list be called? Say, for example, “create a list called Groceries”."
        #expect(chat.say("create a list") == ask)
        #expect(chat.say("make a new list") == ask)
        #expect(chat.say("show my lists").hasPrefix("You have no lists yet."))
    }

    @Test func oneLineCanCheckUncheckOrRemoveSeveralItems() {
        chat.say("add eggs, bread, milk and pasta")
        chat.say("rename pasta to mac and cheese")
        #expect(chat.say("got eggs and bread") == "Checked off eggs and bread on the Shopping list.")
        #expect(chat.say("got the milk and the eggs") == "Checked off milk on the Shopping list. eggs was already checked off.")
        #expect(chat.say("got the mac and cheese") == "Checked off mac and cheese on the Shopping list.")
        #expect(chat.say("put eggs and milk back") == "Put eggs and milk back on the Shopping list.")
        #expect(chat.say("remove bread and pepper") == "Removed bread from the Shopping list. There is no “pepper” on the Shopping list.")
        #expect(chat.say("remove eggs and pepper and salt") == "Removed eggs from the Shopping list. There is no “pepper” on the Shopping list. There is no “salt” on the Shopping list.")
        #expect(chat.say("remove pepper and salt") == "There is no “pepper” on the Shopping list.")
        #expect(chat.say("what's on my list?") == "Shopping list:\nDairy and eggs:\n- milk\nCupboard:\n- [x] mac and cheese")
    }

    @Test func severalItemsOnSeveralListsAreEachReportedTruthfully() {
        chat.say("create list Food")
        chat.say("add apples to Food")
        chat.say("add onions and bread to my list")
        #expect(chat.say("got apples, onions and cheese")
            == "Checked off apples on Food and onions on the Shopping list. There is no “cheese” on the Shopping list.")
        #expect(chat.say("remove apples and onions") == "Removed apples from Food and onions from the Shopping list.")
        #expect(chat.say("what's on my list?") == "Shopping list:\n- bread")
        chat.say("add 2 kg of flour")
        #expect(chat.say("add eggs, 2 bottles of flour and milk")
            == "Added eggs and milk to the Shopping list. The Shopping list already has flour measured in kg; say “change flour to …” to replace it.")
    }

    /// "2l milk" where the list has 12 milk: the amounts do not add up, so
    /// the bot asks whether the new one replaces the old, in the speaker's words.
    @Test func anAmountThatDoesNotAddUpIsAskedAboutAsTheNewAmount() {
        chat.say("add 12 milk and 2 kg of flour")
        #expect(chat.say("2l milk") == "The Shopping list already has 12 milk. Make it 2 litres instead? Say yes to do it, or no.")
        #expect(chat.say("yes") == "Changed milk on the Shopping list to 2 litres.")
        #expect(chat.say("add 2 bags of flour") == "The Shopping list already has 2 kg of flour. Make it 2 bags instead? Say yes to do it, or no.")
        #expect(chat.say("no") == "OK, I left everything as it was.")
        #expect(chat.say("what's on my list?") == "Shopping list:\nDairy and eggs:\n- 2 litres of milk\nCupboard:\n- 2 kg of flour")
        chat.say("erstell die Liste Einkauf")
        chat.say("setz 6 Eier auf Einkauf")
        #expect(chat.say("1 kg Eier auf Einkauf") == "Auf Einkauf steht schon: 6 Eier. Soll ich das auf 1 kg ändern? Sag ja oder nein.")
    }

    /// "add eggs", then "6 eggs": the thing just put down, said again with
    /// an amount and no verb, is how many of it; "add" with a verb adds.
    @Test func theThingJustAddedSaidAgainWithAnAmountIsHowManyOfIt() {
        chat.say("add eggs")
        #expect(chat.say("6 eggs") == "Changed eggs on the Shopping list to 6.")
        #expect(chat.say("add 2 eggs") == "Added 2 eggs (8 now) to the Shopping list.")
        #expect(chat.say("what's on my list?") == "Shopping list:\n- 8 eggs")
    }

    /// "deodorant asap", "Germ no" (Austrian "noch"), "Schlagobers brauch
    /// ma no": words a line ends with are never part of the last thing.
    @Test(arguments: [
        ("need toothpaste n deodorant asap", "Added toothpaste and deodorant to the Shopping list."),
        ("add bin bags when you get a chance", "Added bin bags to the Shopping list."),
        ("grab some milk if you can", "Added milk to the Shopping list."),
        ("add batteries urgently", "Added batteries to the Shopping list."),
        ("A Packerl Germ no", "1 Packung Germ auf die Einkaufsliste gesetzt."),
        ("an Becher Schlagobers brauch ma no", "1 Becher Schlagobers auf die Einkaufsliste gesetzt."),
        ("Milch bräuchten wir noch", "Milch auf die Einkaufsliste gesetzt."),
        ("Klopapier dringend", "Klopapier auf die Einkaufsliste gesetzt."),
    ])
    func wordsALineEndsWithAreNoPartOfTheThing(line: String, reply: String) throws {
        let chat = try ChatDriver()
        // A German family's chat is German from its first line: "Servus" says so.
        if reply.hasSuffix("gesetzt.") { chat.say("Servus") }
        #expect(chat.say(line) == reply)
    }

    /// "e Büchse Thon", "5 dl Vollmilch": a Swiss line of things alone, its
    /// article one and its container or decilitres said back as such.
    @Test(arguments: [
        ("e Büchse Thon", "1 Dose Thon auf die Einkaufsliste gesetzt."),
        ("5 dl Vollmilch", "5 dl Vollmilch auf die Einkaufsliste gesetzt."),
        ("drü Päckli Hörnli", "3 Packungen Hörnli auf die Einkaufsliste gesetzt."),
    ])
    func aSwissLineOfThingsAloneIsAdded(line: String, reply: String) throws {
        let chat = try ChatDriver()
        chat.say("Grüezi")
        #expect(chat.say(line) == reply)
    }

    @Test func everythingCanBeCheckedOffAndPutBackAtOnce() {
        #expect(chat.say("got everything") == "Nothing on the Shopping list is left to check off.")
        chat.say("add eggs, milk and bread")
        chat.say("got the milk")
        #expect(chat.say("I got everything") == "Checked off bread and eggs on the Shopping list.")
        #expect(chat.say("check off all") == "Nothing on the Shopping list is left to check off.")
        #expect(chat.say("put everything back on the list") == "Put bread, eggs and milk back on the Shopping list.")
        #expect(chat.say("uncheck all items") == "Nothing on the Shopping list is checked off.")
        #expect(chat.say("remove everything") == "Remove all 3 items from the Shopping list? Say yes to empty it, or no to keep them.")
        #expect(chat.say("no") == "OK, Shopping list stays as it is.")
        #expect(chat.say("what's on my list?") == "Shopping list:\nBakery:\n- bread\nDairy and eggs:\n- eggs\n- milk")
    }

    @Test func removingANumberLeavesTheRest() {
        chat.say("add 6 eggs and 2 kg of flour")
        #expect(chat.say("remove 1 egg") == "Removed 1 egg from the Shopping list: 5 eggs left.")
        #expect(chat.say("take 2 eggs off my list") == "Removed 2 eggs from the Shopping list: 3 eggs left.")
        #expect(chat.say("remove 1 kg of flour") == "Removed 1 kg of flour from the Shopping list: 1 kg of flour left.")
        let outOfRange = "A quantity must be more than 0 and at most 1,000,000."
        #expect(chat.say("remove 0 eggs") == outOfRange)
        #expect(chat.say("remove 99999999 eggs") == outOfRange)
        #expect(chat.say("remove 500 g of flour") == "Removed 500 g of flour from the Shopping list: 500 g of flour left.")
        // Ounces are no whole number of grams: what is left is rounded to three figures.
        #expect(chat.say("remove 2 oz of flour") == "Removed 2 oz of flour from the Shopping list: 443 g of flour left.")
        #expect(chat.say("remove 2 bags of flour") == "The Shopping list already has flour measured in g; say “change flour to …” to replace it.")
        #expect(chat.say("what's on my list?") == "Shopping list:\nDairy and eggs:\n- 3 eggs\nCupboard:\n- 443 g of flour")
        #expect(chat.say("remove 3 eggs") == "Removed eggs from the Shopping list.")
        #expect(chat.say("remove 0.5 kg of flour") == "Removed flour from the Shopping list.")
        #expect(chat.say("what's on my list?") == "The Shopping list is empty.")
    }

    @Test func quantitiesAsPeopleTypeThem() {
        #expect(chat.say("add 500g flour") == "Added 500 g of flour to the Shopping list.")
        #expect(chat.say("add 1kg flour") == "Added 1 kg of flour (1.5 kg now) to the Shopping list.")
        #expect(chat.say("remove 200g flour") == "Removed 200 g of flour from the Shopping list: 1.3 kg of flour left.")
        #expect(chat.say("add tomatoes x3, 2x lemons and 7up") == "Added 3 tomatoes, 2 lemons and 7up to the Shopping list.")
        #expect(chat.say("remove tomatoes x 2") == "Removed 2 tomatoes from the Shopping list: 1 left.")
        #expect(chat.say("add lemons ×2") == "Added 2 lemons (4 now) to the Shopping list.")
        #expect(chat.say("add 999999 kg flour") == "That would make 1000000.3 kg of flour on the Shopping list; the most is 1,000,000.")
        #expect(chat.say("add 1.5kg rice") == "Added 1.5 kg of rice to the Shopping list.")
        #expect(chat.say("what's on my list?") == "Shopping list:\nFruit and veg:\n- 4 lemons\n- tomatoes\nCupboard:\n- 1.3 kg of flour\n- 1.5 kg of rice\nDrinks:\n- 7up")
        #expect(chat.say("add milk 2l, WD 40 and soap 2") == "Added 2 litres of milk, WD 40 and 2 soap to the Shopping list.")
        #expect(chat.say("remove flour 300 g") == "Removed 300 g of flour from the Shopping list: 1 kg of flour left.")
        #expect(chat.say("add rice 500g") == "Added 500 g of rice (2 kg now) to the Shopping list.")
    }

    @Test func thanksAndOkAreAnsweredAndChangeNothing() {
        #expect(chat.say("thanks") == "You're welcome.")
        #expect(chat.say("ok") == "OK.")
        #expect(chat.say("ok thanks") == "You're welcome.")
        #expect(chat.say("got it") == "OK.")
        chat.say("add nails")
        #expect(chat.say("got it") == "OK. If you mean you got the nails, say “check them off”.")
        #expect(chat.say("never mind") == "OK.")
        #expect(chat.say("forget it") == "OK. If you want the nails off the list, say “remove them”.")
        #expect(chat.say("what's on my list?") == "Shopping list:\n- nails")
    }

    @Test func moreOfTheLastItemNeedsNoName() {
        #expect(chat.say("add 2 more") == "Which item do you mean? Say its name, as in “check off milk” or “make milk 2”.")
        chat.say("add 2 kg of flour")
        #expect(chat.say("add 1 more kg") == "Added 1 kg of flour (3 kg now) to the Shopping list.")
        #expect(chat.say("add 2 more") == "Added 2 kg of flour (5 kg now) to the Shopping list.")
        #expect(chat.say("add 500 g more") == "Added 500 g of flour (5.5 kg now) to the Shopping list.")
        chat.say("add milk")
        #expect(chat.say("2 more please") == "Added 2 milk (3 now) to the Shopping list.")
        #expect(chat.say("add another one") == "Added milk (4 now) to the Shopping list.")
        #expect(chat.say("add 0 more") == "A quantity must be more than 0 and at most 1,000,000.")
        #expect(chat.say("add 1.5 more") == "Added 1.5 milk (5.5 now) to the Shopping list.")
        #expect(chat.say("what's on my list?") == "Shopping list:\nDairy and eggs:\n- 5.5 milk\nCupboard:\n- 5.5 kg of flour")
    }

    @Test func runningOutAddsAndNeverMindRemoves() {
        #expect(chat.say("we ran out of sugar and tea") == "Added sugar and tea to the Shopping list.")
        #expect(chat.say("never mind the tea") == "Removed tea from the Shopping list.")
        #expect(chat.say("what's on my list?") == "Shopping list:\n- sugar")
    }

    @Test func askingWhetherSomethingIsOnTheListAnswersFromAnyOfYourLists() {
        chat.say("add 3 eggs and milk")
        chat.say("create a list called Party")
        chat.say("add chips to Party")
        #expect(chat.say("do we need eggs?") == "Yes, 3 eggs are on the Shopping list.")
        #expect(chat.say("make it 4") == "Changed eggs on the Shopping list to 4.")
        #expect(chat.say("is bread on the party list?") == "No, there is no “bread” on Party.")
        #expect(chat.say("how many chips do we need?") == "chips are on Party.")
        #expect(chat.say("check off milk on my list") == "Checked off milk on the Shopping list.")
        #expect(chat.say("is there any milk?") == "milk is on the Shopping list, already checked off.")
        #expect(chat.say("do we need salsa?") == "There's no “salsa” on any of your lists.")
        #expect(chat.say("do we need egs on my list") == "No, there are no egs on the Shopping list. Did you mean eggs?")
        #expect(chat.say("is milk on Costco?").hasPrefix("You have no list called “Costco”."))
        #expect(chat.say("do we have chips on the list?") == "No, there are no chips on the Shopping list.")
        chat.say("what's on Party?")
        #expect(chat.say("do we have chips on the list?") == "Yes, chips are on Party.")
        #expect(chat.say("has anyone put salsa on Party yet?") == "No, there is no “salsa” on Party.")
        // Without "on the list", a thing the household has, asked about, is looked for on its lists.
        #expect(chat.say("do we have chips?") == "Yes, chips are on Party.")
    }

    @Test func howManyIsAnsweredForTheItemNamedOrTalkedAboutTheListOrTheLists() {
        #expect(chat.say("how many do we need?") == "Which item do you mean? Say its name, as in “check off milk” or “make milk 2”.")
        #expect(chat.say("remind me to buy 3 avocados") == "Added 3 avocados to the Shopping list.")
        #expect(chat.say("how many do we need?") == "3 avocados are on the Shopping list.")
        #expect(chat.say("how many avocados?") == "3 avocados are on the Shopping list.")
        #expect(chat.say("how many things do we need?") == "The Shopping list has 1 item:\n- 3 avocados")
        chat.say("add lemons")
        chat.say("got the avocados")
        #expect(chat.say("how many items are on my list?") == "The Shopping list has 2 items, 1 to get:\n- lemons\n- [x] 3 avocados")
        chat.say("create a list called Party")
        #expect(chat.say("how many lists do we have?") == "You have 2 lists:\n- Party (empty)\n- Shopping list (default, 2 items, 1 to get)")
        #expect(chat.say("how many lists?") == "You have 2 lists:\n- Party (empty)\n- Shopping list (default, 2 items, 1 to get)")
        #expect(chat.say("what's still needed on my list?") == "Still to get on the Shopping list:\n- lemons")
    }

    @Test func deletingAListWithoutANameAsksWhichAndDeletesNothing() {
        chat.say("add eggs")
        let ask = "Which list should I delete? Say “delete” and the list's name."
        #expect(chat.say("delete a list") == ask)
        #expect(chat.say("delete list") == ask)
        #expect(chat.say("what's on my list?") == "Shopping list:\n- eggs")
    }

    @Test func switchingListsChangesWhereSentencesWithoutAListGo() {
        chat.say("create list Costco")
        #expect(chat.say("switch to my list") == "Switched to the Shopping list; “add eggs” now adds to it.")
        #expect(chat.say("add milk") == "Added milk to the Shopping list.")
        #expect(chat.say("use the Costco list") == "Switched to Costco; “add eggs” now adds to it.")
        #expect(chat.say("add rice") == "Added rice to Costco.")
        #expect(chat.say("go to Groceries").hasPrefix("You have no list called “Groceries”."))
        #expect(chat.say("add salt") == "Added salt to Costco.")
    }

    @Test func aListNamedOnceIsActedOnWithoutMovingTheConversation() {
        chat.say("create a list called Food")
        chat.say("create a list called Party")
        #expect(chat.say("switch to Food") == "Switched to Food; “add eggs” now adds to it.")
        #expect(chat.say("what's on Party?") == "Party is empty.")
        #expect(chat.say("add chips to Party") == "Added chips to Party.")
        #expect(chat.say("who can see Food?").hasPrefix("Food is yours."))
        #expect(chat.say("add milk") == "Added milk to Food.")
        #expect(chat.say("create a list called Camping") == "Created the list Camping. Try “add … to Camping” to put something on it.")
        #expect(chat.say("what lists do I have?").hasPrefix("Your lists:"))
        #expect(chat.say("we're out of bread") == "Added bread to Food.")
        #expect(chat.say("what's on my list?") == "The Shopping list is empty.")
        #expect(chat.say("thanks").isEmpty == false)
        #expect(chat.say("add salt") == "Added salt to Food.")
    }

    /// "add milk to Aldi", then "and bread", "eggs too": what is added on the
    /// very next lines, within a minute, goes where the speaker is working,
    /// and the reply says where; a line about something else, or a minute
    /// gone, and lines go to the conversation's list again.
    @Test func thingsAddedRightAfterNamingAListGoThere() throws {
        var now = ChatDriver.now
        let chat = try ChatDriver(clock: { now })
        chat.say("create a list called Aldi")
        #expect(chat.say("add milk to Aldi") == "Added milk to Aldi.")
        #expect(chat.say("and bread") == "Added bread to Aldi.")
        now += 20
        #expect(chat.say("eggs too") == "Added eggs to Aldi.")
        now += Conversation.workingMinute
        #expect(chat.say("add jam") == "Added jam to the Shopping list.")
        #expect(chat.say("show Aldi").hasPrefix("Aldi:"))
        #expect(chat.say("add butter") == "Added butter to Aldi.")
        #expect(chat.say("what lists do I have?").hasPrefix("Your lists:"))
        #expect(chat.say("add honey") == "Added honey to the Shopping list.")
        // Looking for a thing is not adding one: it is found where it is.
        chat.say("add salt to Aldi")
        #expect(chat.say("got the jam") == "Checked off jam on the Shopping list.")
    }

    @Test func itAndThisListAreTheListTalkedAboutLast() {
        chat.say("create a list called Costco")
        #expect(chat.say("add rice to it") == "Added rice to Costco.")
        #expect(chat.say("rename this list to Warehouse") == "Renamed Costco to Warehouse.")
        #expect(chat.say("what's on this list?") == "Warehouse:\n- rice")
        #expect(chat.say("add salt") == "Added salt to the Shopping list.")
        #expect(chat.say("what's on it") == "Shopping list:\n- salt")
        #expect(chat.say("show Warehouse") == "Warehouse:\n- rice")
        chat.say("delete this list")
        #expect(chat.say("yes") == "Deleted Warehouse and the one item on it.")
        #expect(chat.say("add milk to this list") == "Added milk to the Shopping list.")
        #expect(chat.say("show my lists") == "Your lists:\n- Shopping list (default, 2 items)")
    }

    @Test func myListIsTheDefaultListWhateverItIsCalled() {
        chat.say("add milk")
        #expect(chat.say("rename Shopping list to Weekly") == "Renamed Shopping list to Weekly.")
        #expect(chat.say("what's on my list?") == "Weekly:\n- milk")
        #expect(chat.say("add eggs") == "Added eggs to Weekly.")
        chat.say("create a list called Food")
        #expect(chat.say("make Food my default list")
            == "Food is your default list now: “my list” means it, and sentences that name no list go there.")
        #expect(chat.say("add bread") == "Added bread to Food.")
        #expect(chat.say("show my lists") == "Your lists:\n- Food (default, 1 item)\n- Weekly (2 items)")
        chat.say("delete the list Food")
        #expect(chat.say("yes") == "Deleted Food and the one item on it.")
        #expect(chat.say("add jam to my list") == "Added jam to the Shopping list.")
        #expect(chat.say("show my lists") == "Your lists:\n- Shopping list (default, 1 item)\n- Weekly (2 items)")
    }

    @Test func aListCalledShoppingListBesideTheDefaultIsFoundByItsName() {
        chat.say("add milk")
        chat.say("rename my list to Weekly")
        chat.say("create a list called Shopping list")
        #expect(chat.say("add tea to Shopping list") == "Added tea to the Shopping list.")
        #expect(chat.say("what's on my list?") == "Weekly:\n- milk")
    }

    @Test func aRenamedListIsStillTheOneTheConversationIsOn() {
        chat.say("create list Hardware")
        chat.say("switch to Hardware")
        #expect(chat.say("rename Hardware to Tools") == "Renamed Hardware to Tools.")
        #expect(chat.say("add nails") == "Added nails to Tools.")
    }

    @Test func itemsTalkedAboutKeepTheirListForItAndMore() {
        chat.say("create list Hardware")
        chat.say("add nails to Hardware")
        chat.say("add nails to my list")
        chat.say("add screws to Hardware")
        #expect(chat.say("make it 40") == "Changed screws on Hardware to 40.")
        #expect(chat.say("actually, make that 50") == "Changed screws on Hardware to 50.")
        #expect(chat.say("no, 45") == "Changed screws on Hardware to 45.")
        #expect(chat.say("add nails to it") == "Hardware already has nails.")
        #expect(chat.say("2 more") == "Added 2 nails (3 now) to Hardware.")
        #expect(chat.say("what's on it") == "Hardware:\n- 3 nails\n- 45 screws")
        #expect(chat.say("what's on my list") == "Shopping list:\n- nails")
    }

    @Test func anItemOnlyAnotherListHasIsChangedThereWithoutLeavingTheCurrentList() {
        for list in ["Hardware", "Tools", "Groceries"] { chat.say("create list \(list)") }
        chat.say("add nails and hammer to Hardware")
        chat.say("add nails to Tools")
        chat.say("add milk to Groceries")
        chat.say("switch to Groceries")
        #expect(chat.say("got the hammer") == "Checked off hammer on Hardware.")
        #expect(chat.say("make it 2") == "Changed hammer on Hardware to 2.")
        #expect(chat.say("add bread") == "Added bread to Groceries.")
        #expect(chat.say("remove the nails") == "“nails” is on more than one of your lists: Hardware, Tools. Say which, as in “nails on Hardware”.")
        #expect(chat.say("remove the nails on Tools") == "Removed nails from Tools.")
        #expect(chat.say("remove the screws") == "There are no screws on Groceries.")
    }

    @Test func whereIsAnItemNamesEveryListThatHasItWithoutLeavingTheCurrentList() {
        for list in ["Hardware", "Tools", "Groceries"] { chat.say("create list \(list)") }
        chat.say("add 3 nails and tape to Hardware")
        chat.say("add 10 nails to Tools")
        chat.say("add milk to Groceries")
        #expect(chat.say("where are the nails?") == "Hardware has 3 nails and Tools has 10 nails.")
        #expect(chat.say("do we need nails?") == "Yes: Hardware has 3 nails and Tools has 10 nails.")
        #expect(chat.say("check it off") == "“nails” is on more than one of your lists: Hardware, Tools. Say which, as in “nails on Hardware”.")
        #expect(chat.say("which list has the tape?") == "tape is on Hardware. It's under Household.")
        #expect(chat.say("check it off") == "Checked off tape on Hardware.")
        #expect(chat.say("add bread") == "Added bread to the Shopping list.")
        chat.say("got the nails on Tools")
        chat.say("switch to Tools")
        #expect(chat.say("where are the nails") == "Tools has 10 nails (checked off) and Hardware has 3 nails.")
        #expect(chat.say("where are the nails on Tools") == "10 nails are on Tools, already checked off. It's under Household.")
    }

    @Test func itMeansTheItemTalkedAboutLastAndIsAskedAboutBeforeThat() {
        let ask = "Which item do you mean? Say its name, as in “check off milk” or “make milk 2”."
        #expect(chat.say("make it 2") == ask)
        #expect(chat.say("check it off") == ask)
        #expect(chat.say("remove it") == ask)
        chat.say("add milk")
        #expect(chat.say("check it off") == "Checked off milk on the Shopping list.")
        #expect(chat.say("put it back") == "Put milk back on the Shopping list.")
        #expect(chat.say("remove that") == "Removed milk from the Shopping list.")
        #expect(chat.say("what's on my list") == "The Shopping list is empty.")
    }

    @Test func theListIsTheOneTalkedAboutLast() {
        chat.say("create a list called Hardware")
        chat.say("add nails to it")
        #expect(chat.say("add glue to the list") == "Added glue to Hardware.")
        #expect(chat.say("remove nails from the list") == "Removed nails from Hardware.")
        #expect(chat.say("what's on the list called Hardware") == "Hardware:\n- glue")
        #expect(chat.say("what's on my lists") == "Your lists:\n- Hardware (1 item)")
        #expect(chat.say("add tape") == "Added tape to the Shopping list.")
    }

    /// "delete hardware" names no item but a list: deleting it is asked
    /// about, as "delete the list Hardware" asks; an empty one is said to
    /// be a list, and how to delete it.
    @Test func aListNamedAsIfAnItemIsAskedAboutBeforeItGoes() {
        chat.say("create a list called Hardware")
        chat.say("add nails to Hardware")
        #expect(chat.say("delete hardware") == "Delete Hardware and the one item on it? Say yes to delete it, or no to keep it.")
        #expect(chat.say("no") == "OK, Hardware stays as it is.")
        #expect(chat.say("show my lists") == "Your lists:\n- Hardware (1 item)")
        chat.say("delete hardware")
        #expect(chat.say("yes") == "Deleted Hardware and the one item on it.")
        chat.say("create a list called Tools")
        #expect(chat.say("delete tools")
            == "Tools is a list, not an item. To delete the list and everything on it, say “delete the list Tools”.")
        #expect(chat.say("show my lists") == "Your lists:\n- Tools (empty)")
    }

    @Test func theDefaultListBeforeItIsMadeIsEmptyNotMissing() {
        #expect(chat.say("remove milk") == "There is no “milk” on the Shopping list.")
        #expect(chat.say("check off the milk") == "There is no “milk” on the Shopping list.")
        #expect(chat.say("make milk 2") == "There is no “milk” on the Shopping list.")
        #expect(chat.say("show my lists") == "You have no lists yet. Say “add milk” to start your shopping list, or “create a list called Groceries”.")
    }

    @Test func themMeansEveryItemTheLastItemCommandTouched() {
        #expect(chat.say("check them off") == "Which item do you mean? Say its name, as in “check off milk” or “make milk 2”.")
        chat.say("add eggs and milk")
        #expect(chat.say("check them off") == "Checked off eggs and milk on the Shopping list.")
        #expect(chat.say("put both back") == "Put eggs and milk back on the Shopping list.")
        #expect(chat.say("make it 3") == "Changed milk on the Shopping list to 3.")
        #expect(chat.say("remove them") == "Removed milk from the Shopping list.")
        #expect(chat.say("what's on my list") == "Shopping list:\n- eggs")
    }

    @Test func dozensAreCountedSoTheyAddUpHoweverTheyAreSaid() {
        #expect(chat.say("add a dozen eggs") == "Added 12 eggs to the Shopping list.")
        #expect(chat.say("add 2 dozen eggs") == "Added 24 eggs (36 now) to the Shopping list.")
        #expect(chat.say("remove 1 dozen eggs") == "Removed 12 eggs from the Shopping list: 24 eggs left.")
        #expect(chat.say("make it half a dozen") == "Changed eggs on the Shopping list to 6.")
    }

    @Test func aNearMissAsksInsteadOfGuessing() {
        chat.say("add eggs")
        #expect(chat.say("remove egs") == "There are no egs on the Shopping list. Did you mean eggs?")
        #expect(chat.say("remove egg") == "Removed eggs from the Shopping list.")
        #expect(chat.say("show the list") == "The Shopping list is empty.")
    }

    @Test func renamingAnItemThatIsNotAList() {
        chat.say("add milk")
        #expect(chat.say("rename milk to oat milk") == "Renamed milk to oat milk on the Shopping list.")
        // "milk" is the thing oat milk is, and nothing else on the list is a milk: it is the oat milk.
        #expect(chat.say("change milk to 2 litres") == "Changed oat milk on the Shopping list to 2 litres.")
        #expect(chat.say("change oat milk to 3 litres") == "Changed oat milk on the Shopping list to 3 litres.")
        chat.say("add milk chocolate")
        #expect(chat.say("got the chocolate") == "Checked off milk chocolate on the Shopping list.")
        chat.say("add dark chocolate")
        #expect(chat.say("remove the chocolate") == "Which chocolate do you mean: milk chocolate or dark chocolate?")
        #expect(chat.say("the dark one") == "Removed dark chocolate from the Shopping list.")
        // "milk" is never the milk chocolate: there the milk says what kind.
        chat.say("remove the oat milk")
        #expect(chat.say("got the milk").hasPrefix("There is no “milk” on the Shopping list."))
    }

    @Test func listNamesIgnoreCaseArticlesAndTheWordList() {
        chat.say("create a list called Hardware store")
        #expect(chat.say("add nails to the hardware store list") == "Added nails to Hardware store.")
        #expect(chat.say("what's on my HARDWARE STORE list") == "Hardware store:\n- nails")
    }

    @Test func aListWhoseNameEndsInListIsFoundToo() {
        #expect(chat.say("create a list called Party list") == "Created the list Party list. Try “add … to Party list” to put something on it.")
        #expect(chat.say("add balloons to the party list") == "Added balloons to Party list.")
    }

    @Test func mistakesAreExplained() {
        #expect(chat.say("add eggs to Narnia") == "You have no list called “Narnia”. Say “create a list called Narnia” to make it, or “show my lists” to see yours.")
        chat.say("create list Groceries")
        #expect(chat.say("create list groceries") == "You already have a list called groceries.")
        #expect(chat.say("add 0 eggs") == "A quantity must be more than 0 and at most 1,000,000.")
        #expect(chat.say("add 99999999999999999999 eggs") == "A quantity must be more than 0 and at most 1,000,000.")
        #expect(chat.say("share Groceries with bob") == "Nobody called “bob” has joined yet.")
    }

    @Test func decimalsAndFractionsAreKeptExactly() {
        #expect(chat.say("add 1.5 l of juice") == "Added 1.5 litres of juice to the Shopping list.")
        #expect(chat.say("add 1,5 kg of rice") == "Added 1.5 kg of rice to the Shopping list.")
        #expect(chat.say("add half a kilo of cheese") == "Added 0.5 kg of cheese to the Shopping list.")
        #expect(chat.say("add 2 1/2 kg potatoes") == "Added 2.5 kg of potatoes to the Shopping list.")
        #expect(chat.say("add a quarter pound of butter") == "Added 0.25 lb of butter to the Shopping list.")
        #expect(chat.say("add 1½ kg of flour and 0.1 kg of flour") == "Added 1.5 kg of flour and 0.1 kg of flour (1.6 kg now) to the Shopping list.")
        #expect(chat.say("add 0.2 l of juice") == "Added 0.2 litres of juice (1.7 litres now) to the Shopping list.")
        #expect(chat.say("change rice to 2.25") == "Changed rice on the Shopping list to 2.25 kg.")
        #expect(chat.say("what's on my list?") == """
            Shopping list:
            Fruit and veg:
            - 2.5 kg of potatoes
            Dairy and eggs:
            - 0.25 lb of butter
            - 0.5 kg of cheese
            Cupboard:
            - 1.6 kg of flour
            - 2.25 kg of rice
            Drinks:
            - 1.7 litres of juice
            """)
    }

    @Test func numbersAreReadAsPeopleSayThem() {
        #expect(chat.say("add twenty-five napkins") == "Added 25 napkins to the Shopping list.")
        #expect(chat.say("add a hundred and fifty grams of yeast") == "Added 150 g of yeast to the Shopping list.")
        #expect(chat.say("add two and a half kilos of flour and milk") == "Added 2.5 kg of flour and milk to the Shopping list.")
        #expect(chat.say("add a couple of lemons and a few apples") == "Added 2 lemons and 3 apples to the Shopping list.")
        #expect(chat.say("add two thousand three hundred and forty five paper clips") == "Added 2345 paper clips to the Shopping list.")
        #expect(chat.say("add nine hundred ninety-nine thousand nine hundred ninety-nine pins") == "Added 999999 pins to the Shopping list.")
        #expect(chat.say("add half a dozen eggs") == "Added 6 eggs to the Shopping list.")
        #expect(chat.say("add one and a half dozen eggs") == "Added 18 eggs (24 now) to the Shopping list.")
        #expect(chat.say("add milk 2 and eggs x2") == "Added 2 milk (3 now) and 2 eggs (26 now) to the Shopping list.")
        #expect(chat.say("add several napkins") == "How many napkins? Say a number, as in “6”.")
        #expect(chat.say("ten") == "Added 10 napkins (35 now) to the Shopping list.")
    }

    @Test func aQuantityThatCannotBeKeptIsRefusedAndChangesNothing() {
        chat.say("add 2 milk")
        #expect(chat.say("add 1/0 eggs") == "A fraction can't have 0 below the line.")
        #expect(chat.say("add 1.2345 kg of rice and bread")
            == "I keep quantities to three decimal places (as in 1.125); for a third of a kilo, say 333 g.")
        #expect(chat.say("change milk to 1/3") == "I keep quantities to three decimal places (as in 1.125); for a third of a kilo, say 333 g.")
        #expect(chat.say("add 1000000.5 pins") == "A quantity must be more than 0 and at most 1,000,000.")
        #expect(chat.say("show the list") == "Shopping list:\n- 2 milk")
        #expect(chat.say("add 1,500 g rice") == "Added 1500 g of rice to the Shopping list.")
    }

    @Test func deletingAListWithItemsIsConfirmedFirstAndNoKeepsIt() {
        chat.say("create list Party")
        #expect(chat.say("delete the Party list") == "Deleted Party.") // empty: nothing to lose, nothing asked
        chat.say("create list Party")
        chat.say("add chips and dip to Party")
        #expect(chat.say("delete the Party list") == "Delete Party and its 2 items? Say yes to delete it, or no to keep it.")
        #expect(chat.say("no") == "OK, Party stays as it is.")
        #expect(chat.say("yes") == "There is no question waiting for an answer, so I did nothing.")
        chat.say("delete the Party list")
        #expect(chat.say("add salsa to Party") == "Added salsa to Party.") // another line drops the question
        #expect(chat.say("yes") == "There is no question waiting for an answer, so I did nothing.")
        #expect(chat.say("show my lists") == "Your lists:\n- Party (3 items)")
    }

    @Test func aQuestionExpiresAfterFiveMinutes() throws {
        var clock = ChatDriver.now
        let chat = try ChatDriver(clock: { clock })
        chat.say("create list Party")
        chat.say("add chips to Party")
        chat.say("delete the Party list")
        clock += PendingQuestion.lifetime + 1
        #expect(chat.say("yes") == "That question has expired, so I did nothing. Please say again what you want.")
        #expect(chat.say("what's on Party?") == "Party:\n- chips")
    }

    @Test func emptyingAListIsConfirmedFirst() {
        #expect(chat.say("clear the list") == "The Shopping list is already empty.")
        chat.say("add eggs, milk and bread")
        chat.say("got the milk")
        #expect(chat.say("start over") == "Remove all 3 items from the Shopping list? Say yes to empty it, or no to keep them.")
        #expect(chat.say("yeah") == "Emptied Shopping list: removed 3 items.")
        #expect(chat.say("what's on my list?") == "The Shopping list is empty.")
        #expect(chat.say("what changed?").contains("Just now:\n- you emptied the list (3 items): bread, eggs and milk"))
    }

    @Test func partsOfAListCheckedOrStillToGet() {
        #expect(chat.say("what did we get?") == "Nothing on the Shopping list is checked off yet.")
        chat.say("add eggs, milk and bread")
        chat.say("got the milk and bread")
        #expect(chat.say("what's left to buy?") == "Still to get on the Shopping list:\n- eggs")
        #expect(chat.say("show checked items") == "Checked off on the Shopping list:\nBakery:\n- bread\nDairy and eggs:\n- milk")
        chat.say("got eggs")
        #expect(chat.say("what's left?") == "Nothing is left to get on the Shopping list: it is all checked off.")
    }

    @Test func aLikelyTypoOfAKnownItemIsAskedAbout() {
        chat.say("add milk and bread")
        #expect(chat.say("add mlik") == "Did you mean milk? Say yes, or no to add “mlik” as you wrote it.")
        #expect(chat.say("yes") == "The Shopping list already has milk.")
        #expect(chat.say("add bred and cheese") == "Did you mean bread? Say yes, or no to add “bred” as you wrote it.")
        #expect(chat.say("no") == "Added bred and cheese to the Shopping list.")
        #expect(chat.say("add beef") == "Added beef to the Shopping list.") // a short word one letter from "beer" is not asked about
        for thing in ["ham", "gin", "cod", "fig", "rum"] { #expect(chat.say("add \(thing)") == "Added \(thing) to the Shopping list.") }
        chat.say("got the cheese")
        chat.say("clear checked items")
        #expect(chat.say("add chese") == "Did you mean cheese? Say yes, or no to add “chese” as you wrote it.")
        #expect(chat.say("2") == "Please say yes or no.")
        #expect(chat.say("y") == "Added cheese to the Shopping list.")
        #expect(chat.say("add kiwis") == "Added kiwis to the Shopping list.") // new words are added as typed
    }

    /// A slip of a thing the language sells is asked about too, when the
    /// household has nothing that close: yes adds the thing meant.
    @Test(arguments: [
        ("speak English", "add chocolat milk", "Did you mean chocolate milk? Say yes, or no to add “chocolat milk” as you wrote it.",
         "yes", "Added chocolate milk to the Shopping list."),
        ("speak French", "mets du papier toillette", "Tu voulais dire papier toilette ? Dis oui, ou non pour ajouter « papier toillette » comme tu l'as écrit.",
         "non", "Ajouté à la liste de courses : papier toillette."),
        ("speak Russian", "добавь сметанну", "Может, сметана? Напиши «да» или «нет», чтобы добавить «сметанна» так, как написано.",
         "да", "Добавил в «Список покупок»: сметана."),
        // Spelled as it sounds: an unstressed «о» written «а», however short the word.
        ("speak Russian", "добавь малако", "Может, молоко? Напиши «да» или «нет», чтобы добавить «малако» так, как написано.",
         "да", "Добавил в «Список покупок»: молоко."),
        // Three letters: only a doubled letter typed once is a slip; "ham", "gin" and "cod" are things of their own.
        ("speak English", "add egs", "Did you mean eggs? Say yes, or no to add “egs” as you wrote it.", "yes", "Added eggs to the Shopping list."),
    ])
    func aLikelySlipOfAThingTheLanguageSellsIsAskedAbout(language: String, line: String, question: String, answer: String, done: String) throws {
        let chat = try ChatDriver()
        chat.say(language)
        #expect(chat.say(line) == question)
        #expect(chat.say(answer) == done)
    }

    /// A plural typed a letter off the one the language lists ("tomatos",
    /// which the word list knows by its stem) is stored as the list spells
    /// it, with nothing to ask: it is that thing, said in its own number.
    @Test func aKnownThingTypedALetterOffIsStoredAsTheListSpellsIt() throws {
        let chat = try ChatDriver()
        #expect(chat.say("add 2 kg potatos and tomatos") == "Added 2 kg of potatoes and tomatoes to the Shopping list.")
        #expect(chat.say("add tomato") == "The Shopping list already has tomatoes.")
        #expect(chat.say("remove the tomatos") == "Removed tomatoes from the Shopping list.")
    }

    /// One ideograph apart, two names are two things (衛生綿, 衛生紙); a
    /// word a language sells as it is typed is never asked about.
    @Test func whatIsNoSlipIsAddedAsTyped() throws {
        let chat = try ChatDriver()
        chat.say("speak Chinese")
        #expect(chat.say("加一包衛生綿") == "已加到「购物清单」：1包衛生綿。")
        chat.say("speak English")
        #expect(chat.say("add tomatoes and kiwis") == "Added tomatoes and kiwis to 购物清单.")
        #expect(chat.say("add paper clips") == "Added paper clips to 购物清单.") // two slips from "paper cups": another thing
        #expect(chat.say("add piles and platos") == "Added piles and platos to 购物清单.") // French batteries; a short word is another word
    }

    @Test func severalIsAskedHowMany() {
        #expect(chat.say("add eggs and several napkins") == "How many napkins? Say a number, as in “6”.")
        #expect(chat.say("yes") == "Please say how many, as in “6”, or no to add nothing.")
        #expect(chat.say("a dozen") == "Added eggs and 12 napkins to the Shopping list.")
        #expect(chat.say("add several candles") == "How many candles? Say a number, as in “6”.")
        #expect(chat.say("no") == "OK, I left everything as it was.")
        #expect(chat.say("what's on my list?") == "Shopping list:\nDairy and eggs:\n- eggs\nHousehold:\n- 12 napkins")
    }

    @Test func anItemNeverSwallowsTheNameOfAListYouSee() {
        chat.say("create list Camping")
        chat.say("create list Tools")
        #expect(chat.say("remember sunscreen for Camping") == "Added sunscreen to Camping.")
        #expect(chat.say("I need batteries on Tools please") == "Added batteries to Tools.")
        #expect(chat.say("we're out of 2 bottles of water for the camping list") == "Added 2 bottles of water to Camping.")
        chat.say("thanks") // a line between: the next adds go to the conversation's list again
        #expect(chat.say("add food for the dog") == "Added food for the dog to the Shopping list.") // no list called "dog"
        #expect(chat.say("don't forget tea for my list") == "Added tea to the Shopping list.")
        chat.say("create list Dog")
        #expect(chat.say("add food for the dog") == "Do you mean food on Dog? Say yes, or no to add “food for the dog” as one item.")
        #expect(chat.say("no") == "The Shopping list already has food for the dog.")
        chat.say("add food for the dog")
        #expect(chat.say("yes") == "Added food to Dog.")
    }

    /// Two slipped words are not guessed at (one is read as meant: see ``SlipsChatTests``).
    @Test func aSentenceItDoesNotKnowGetsSuggestions() {
        #expect(chat.say("ad egs to grocreies").hasPrefix("Sorry, I didn't understand that. You could try “add 3 eggs to Groceries”"))
        #expect(chat.say("shar Groceries wiht bob").hasPrefix("Sorry, I didn't understand that. You could try “share Groceries with bob”"))
        #expect(chat.say("xyzzy") == "Sorry, I didn't understand that. Say “help” to see what I understand.")
    }

    @Test func suggestionsNameTheSpeakersOwnListsAndNoStranger() {
        chat.say("create list Costco")
        #expect(chat.say("ad egs to costco").hasPrefix("Sorry, I didn't understand that. You could try “add 3 eggs to Costco”"))
        #expect(chat.say("shar Costco wiht bob").hasPrefix("Sorry, I didn't understand that. You could try “share Costco with bob”"))
        let shared = chat.say("shar Costco wiht jess")
        #expect(shared.hasPrefix("Sorry, I didn't understand that. You could try “"), "\(shared)")
        #expect(!shared.contains("bob"), "\(shared)")
    }

    @Test func helpComesFromTheGrammarsExamples() {
        let help = chat.say("help sharing")
        #expect(help.hasPrefix("Here's what you can say about sharing:\n- “share Groceries with bob”: Invite members"))
        #expect(!help.contains("add 3 eggs"))
        #expect(chat.say("help").contains("- “add 3 eggs to Groceries”: Add things to a list"))
    }

    @Test func aBareHelpShowsTheTenCommonestThingsAndSaysWhereTheRestIs() {
        let help = chat.say("help").split(separator: "\n")
        #expect(help.count == 12)
        #expect(help.dropFirst().first == "- “make a list called Groceries”: Start a new list.")
        #expect(help.contains("- “undo”: Take back your last change (say it again to go further back)."))
        #expect(!help.contains { $0.contains("announce") })
        #expect(help.last?.contains("help sharing") == true)
    }

    @Test func aHelloIsAnsweredInOneLineThatPointsToHelp() {
        #expect(chat.say("hello there") == "Hi! Say “help” to see what I can do, or try “add eggs” to put something on your shopping list.")
        #expect(chat.say("hey, add milk") == "Added milk to the Shopping list.")
        #expect(chat.say("ok, what's on my list?") == "Shopping list:\n- milk")
    }

    /// A time is said once, over the changes made then, as a family would
    /// write it: "(just now)" after every line reads as a form.
    @Test func historySaysEachTimeOnceOverWhatWasDoneThen() throws {
        let clock = ChatDriver.Clock()
        let chat = try ChatDriver(clock: { clock.now })
        chat.say("create list Groceries")
        chat.say("add milk to Groceries")
        clock.now = ChatDriver.now.addingTimeInterval(2 * 3600 + 60)
        chat.say("add bread to Groceries")
        chat.say("tick off milk on Groceries")
        #expect(chat.say("what changed on Groceries?") == """
            Latest changes to Groceries:
            Just now:
            - you checked off milk
            - you added bread
            2 hours ago:
            - you added milk
            - you created the list
            """)
    }

    @Test func historyShowsWhoDidWhat() {
        chat.say("create list Groceries")
        chat.say("add 3 eggs to Groceries")
        #expect(chat.say("what changed on Groceries?") == "Latest changes to Groceries:\nJust now:\n- you added 3 eggs\n- you created the list")
        #expect(chat.say("what changed on Groceries today?") == "Changes to Groceries today:\nJust now:\n- you added 3 eggs\n- you created the list")
        #expect(chat.say("show the history of Groceries this week") == "Changes to Groceries in the last 7 days:\nJust now:\n- you added 3 eggs\n- you created the list")
        #expect(chat.say("what changed on it since yesterday?") == "Changes to Groceries since yesterday:\nJust now:\n- you added 3 eggs\n- you created the list")
        #expect(chat.say("what changed on Groceries yesterday?") == "Nothing changed on Groceries yesterday.")
        #expect(chat.say("what changed yesterday?") == "Nothing changed on the Shopping list yesterday.")
    }

    @Test func whoAddedSomethingOrTookItOff() {
        #expect(chat.say("who added it?") == "Which item do you mean? Say its name, as in “check off milk” or “make milk 2”.")
        chat.say("add jam")
        #expect(chat.say("who added it?") == "You added jam to the Shopping list just now.")
        chat.say("create list Tools")
        chat.say("switch to Tools")
        chat.say("add nails")
        chat.say("add jam")
        #expect(chat.say("who put jam on the list?") == "You added jam to Tools just now.")
        #expect(chat.say("who added jam?") == "You added jam to Tools just now and you added jam to the Shopping list just now.")
        chat.say("remove jam from Shopping list")
        #expect(chat.say("who wants jam on Shopping list?") == "There is no “jam” on the Shopping list; you removed it just now.")
        #expect(chat.say("who wants cheese?") == "There's no “cheese” on any of your lists.")
        chat.say("got the nails")
        chat.say("clear checked items from Tools")
        #expect(chat.say("who added nails?") == "None of your lists has “nails”; you removed them from Tools just now.")
    }

    @Test func historyWordsEachChangeAsTheRepliesDid() {
        chat.say("add 2 litres of milk")
        chat.say("rename milk to oat milk")
        chat.say("change oat milk to 3 cartons")
        chat.say("got the oat milk")
        chat.say("clear checked items")
        #expect(chat.say("what changed?") == """
            Latest changes to the Shopping list:
            Just now:
            - you cleared 1 checked item: oat milk
            - you checked off oat milk
            - you changed oat milk to 3 cartons
            - you renamed milk to oat milk
            - you added 2 litres of milk
            - you created the list
            """)
    }

    @Test func deletingAListForgetsItAsTheCurrentOne() {
        chat.say("create list Party")
        chat.say("add cake to Party")
        #expect(chat.say("delete the party list") == "Delete Party and the one item on it? Say yes to delete it, or no to keep it.")
        #expect(chat.say("yes") == "Deleted Party and the one item on it.")
        #expect(chat.say("add milk") == "Added milk to the Shopping list.")
    }
}
