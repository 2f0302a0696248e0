import ShopTalkDomain
import ShopTalkGrammar
@testable import ShopTalkSession
import Testing

/// "Sorry, I didn't understand that. You could try …": what a refusal
/// suggests, its examples in the speaker's own names, the requests the
/// model thinks nearest first.
@Suite("What a refusal suggests")
struct RefusalSuggestionsTests {
    private let english = ChatDriver.english

    @Test func theModelsNearestRequestsFollowTheExampleSharingMostWords() throws {
        // "ad" is "add" mistyped: the words find the add; the model's two nearest come next, whatever their words.
        let suggested = Suggestions.closest(to: "ad eggs to Costco", in: english, lists: ["Costco"], nearest: ["uncheck_item", "find_item"])
        let intents = suggested.compactMap { english.parse($0)?.intent }
        #expect(intents == ["add_items", "uncheck_item", "find_item"], "\(suggested)")
        // In the speaker's names: the household has a Costco, and no list of the example's.
        #expect(suggested.first == "add 3 eggs to Costco")
        // A line sharing hardly a word with any example still gets the model's nearest.
        let unknown = Suggestions.closest(to: "blorp the frobnitz", in: english, nearest: ["uncheck_item"])
        let firstTwo = Array(unknown.compactMap { english.parse($0)?.intent }.prefix(2))
        #expect(firstTwo.contains("uncheck_item"), "\(unknown)")
    }

    /// A member the line did not name is no one the household may have: "make bob an admin" is never suggested to a household without him.
    @Test func anExampleNamingAMemberIsSuggestedOnlyWhenTheLineNamesThem() {
        let suggested = Suggestions.closest(to: "blah admin of Costco", in: english, lists: ["Costco"], nearest: ["make_admin"])
        #expect(!suggested.contains { $0.contains("bob") || $0.contains("alice") }, "\(suggested)")
        let named = Suggestions.closest(to: "blah admin of Costco for sam", in: english, lists: ["Costco"])
        #expect(!named.contains { $0.contains("bob") }, "\(named)")
    }

    /// "untick the milk" to a household with no milk suggests what it cannot do; one with nothing yet learns from it.
    @Test func anExampleAboutOneThingIsSuggestedOnlyWhenTheHouseholdHasIt() {
        let lines = ["blorp the milk", "untik teh milk", "who adde the milk"]
        for line in lines {
            let without = Suggestions.closest(to: line, in: english, lists: ["Costco"], things: ["bread"], nearest: ["uncheck_item", "who_added"])
            let mentioned = without.filter { english.parse($0).map { [ "uncheck_item", "who_added" ].contains($0.intent) } == true }
            #expect(mentioned.allSatisfy { $0.contains("milk") || $0.contains("bread") }, "\(without)")
        }
        let suggested = Suggestions.closest(to: "blorp", in: english, lists: ["Costco"], things: ["bread"], nearest: ["uncheck_item", "who_added"])
        for example in suggested {
            guard case .text(let thing)? = english.parse(example)?[slot: "item"] else { continue }
            #expect(thing == "bread", "\(suggested)")
        }
        #expect(!Suggestions.closest(to: "blorp", in: english, nearest: ["uncheck_item"]).isEmpty)
    }

    /// The speaker's lists stand in for the example's, each where it fits:
    /// a move goes to a second list of theirs, and a list called "Shopping
    /// list" is not "the Shopping list list".
    @Test func anExampleTakesTheSpeakersListsAsTheyAreCalled() {
        #expect(Suggestions.inSpeakersWords("delete the Groceries list", typed: "blah", lists: ["Shopping list"], grammar: english)
            == "delete the Shopping list")
        #expect(Suggestions.inSpeakersWords("move the bread to Costco", typed: "blah", lists: ["Shopping list", "Aldi"], grammar: english)
            == "move the bread to Shopping list")
        #expect(Suggestions.inSpeakersWords("move the bread to Costco", typed: "blah", lists: [], grammar: english) == nil)
    }

    @Test func withoutTheModelTheWordsTheLineSharesDecide() {
        let suggested = Suggestions.closest(to: "untik the egs", in: english)
        #expect(suggested.first.flatMap { english.parse($0)?.intent } == "uncheck_item", "\(suggested)")
    }

    @Test func aLineTheModelReadsAsNoRequestGetsNoNearestRequests() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("add milk")
        let reply = try chat.json("what's the weather like tomorrow")
        #expect(reply["error"] as? String == "not_understood", "\(reply)")
        let bot = chat.session.bot
        let conversation = Conversation(speaker: try UserName("alice"), language: "en")
        #expect(bot.nearestRequests("what's the weather like tomorrow", in: "en", conversation: conversation).isEmpty)
        #expect(bot.nearestRequests("scrap the milk, we have heaps", in: "en", conversation: conversation).first == "remove_item")
    }
}
