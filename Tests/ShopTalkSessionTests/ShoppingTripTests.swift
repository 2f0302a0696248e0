import Foundation
import Testing

/// Going shopping so that two people don't buy the same milk.
@Suite("Going shopping")
struct ShoppingTripTests {
    let clock = ChatDriver.Clock()
    let relay: ChatDriver

    init() throws {
        let clock = clock
        relay = try ChatDriver(user: nil, relay: true, clock: { clock.now })
    }

    func household() {
        for name in ["alice", "bob"] { relay.say(":\(name) show my lists") }
        relay.say(":alice create list Groceries")
        relay.say(":alice add eggs, milk and bread to Groceries")
        relay.say(":alice share Groceries with bob")
        relay.say(":bob accept Groceries")
    }

    @Test func aTripMakesTheOpenItemsTheShoppersAndEndsWithWhatWasBought() {
        household()
        #expect(relay.say(":bob bob buys the eggs") == ":bob You're getting the eggs on alice's Groceries list.\n:alice bob is getting the eggs on Groceries.")
        #expect(relay.say(":alice I'm going shopping at Lidl for Groceries") == """
            :alice You're shopping for Groceries at Lidl: 2 items are yours to get. Say “done shopping” when you're back.
            :bob alice is going shopping at Lidl and will get 2 things on Groceries.
            """)
        #expect(relay.say(":alice what am I getting?") == ":alice Yours to get:\n:alice - bread (Groceries)\n:alice - milk (Groceries)")
        #expect(relay.say(":alice what do I need to buy?") == ":alice Yours to get:\n:alice - bread (Groceries)\n:alice - milk (Groceries)")
        #expect(relay.say(":bob what am I getting?") == ":bob Yours to get:\n:bob - eggs (alice's Groceries list)")
        relay.say(":alice got the milk")
        #expect(relay.say(":alice done shopping") == """
            :alice Done shopping for Groceries. Bought: milk. Still to get: bread.
            :bob alice is back from shopping and got milk from Groceries. Still to get: bread.
            """)
        #expect(relay.say(":alice what's on Groceries?") == ":alice Groceries:\n:alice Bakery:\n:alice - bread\n:alice Dairy and eggs:\n:alice - eggs")
        #expect(relay.say(":alice what am I getting?") == ":alice You’ve got nothing to get right now.")
        #expect(relay.say(":alice done shopping") == ":alice You're not out shopping: say “I'm going shopping” first.")
    }

    /// Ticked off and cleared in the shop: bought on the trip all the same.
    @Test func whatTheShopperClearedOnTheWayIsBoughtOnTheTrip() {
        household()
        relay.say(":alice going shopping for Groceries")
        relay.say(":alice got the milk and the eggs")
        relay.say(":alice clear the ticked ones on Groceries")
        relay.say(":alice got the bread")
        #expect(relay.say(":alice done shopping") == """
            :alice Done shopping for Groceries. Bought: bread, eggs and milk.
            :bob alice is back from shopping and got bread, eggs and milk from Groceries.
            """)
    }

    /// Nobody says "I'm going shopping" every time: ticking things off and
    /// then saying you're back ends the trip nobody announced, on the list
    /// ticked, as an announced one ends.
    @Test func ticksThenBackFromTheShopsEndTheTripNobodyAnnounced() {
        household()
        relay.say(":alice got the milk")
        clock.now = ChatDriver.now.addingTimeInterval(20 * 60)
        #expect(relay.say(":alice done shopping") == """
            :alice Done shopping for Groceries. Bought: milk.
            :bob alice is back from shopping and got milk from Groceries.
            """)
        #expect(relay.say(":alice what's on Groceries?") == ":alice Groceries:\n:alice Bakery:\n:alice - bread\n:alice Dairy and eggs:\n:alice - eggs")
        // What was bought is cleared: the next "done shopping" has no trip to end.
        #expect(relay.say(":alice done shopping") == ":alice You're not out shopping: say “I'm going shopping” first.")
    }

    /// Said of no list, "done shopping" is about the default list when it
    /// was ticked on, as every line that names no list; else about the list
    /// ticked on last.
    @Test func aTripNobodyAnnouncedIsOnTheDefaultListFirst() {
        household()
        relay.say(":alice make Groceries my default list")
        relay.say(":alice create list Hardware")
        relay.say(":alice add screws and nails to Hardware")
        relay.say(":alice got the milk")
        relay.say(":alice got the screws")
        #expect(relay.say(":alice done shopping") == """
            :alice Done shopping for Groceries. Bought: milk.
            :bob alice is back from shopping and got milk from Groceries.
            """)
        #expect(relay.say(":alice done shopping") == ":alice Done shopping for Hardware. Bought: screws.")
        #expect(relay.say(":alice done shopping") == ":alice You're not out shopping: say “I'm going shopping” first.")
    }

    /// Only the speaker's own ticks of lately make a trip of theirs.
    @Test func aTripNobodyAnnouncedIsMadeOnlyOfTheSpeakersRecentTicks() {
        household()
        relay.say(":bob got the eggs")
        #expect(relay.say(":alice done shopping") == ":alice You're not out shopping: say “I'm going shopping” first.")
        relay.say(":alice got the milk")
        clock.now = ChatDriver.now.addingTimeInterval(6 * 3600 + 1)
        #expect(relay.say(":alice done shopping") == ":alice You're not out shopping: say “I'm going shopping” first.")
        #expect(relay.say(":alice what's on Groceries?").contains("[x] milk"), "nothing was cleared")
    }

    @Test func aTripLeftOpenIsOverAfterSixHours() {
        household()
        relay.say(":alice I'm going shopping for Groceries")
        clock.now = ChatDriver.now.addingTimeInterval(6 * 3600 + 1)
        #expect(relay.say(":alice what am I getting?") == ":alice You’ve got nothing to get right now.")
        #expect(relay.say(":alice done shopping") == ":alice You're not out shopping: say “I'm going shopping” first.")
        // bob can take everything now.
        #expect(relay.say(":bob I'm going shopping for alice's Groceries").hasPrefix(":bob You're shopping for alice's Groceries list: 3 items are yours"))
    }

    @Test func onlyMembersWhoSeeTheListCanBeGivenItsItems() {
        household()
        relay.say(":carol show my lists")
        #expect(relay.say(":alice carol buys the milk") == ":alice Groceries isn't shared with carol.")
        relay.say(":alice make bob read-only on Groceries")
        #expect(relay.say(":bob I'm going shopping for alice's Groceries") == ":bob You can see Groceries but not change it: alice shared it read-only.")
    }

    @Test func whoIsOutShoppingIsAnsweredForTheListsTheAskerSees() {
        household()
        relay.say(":carol show my lists")
        #expect(relay.say(":bob who's out shopping?") == ":bob Nobody's out shopping right now.")
        relay.say(":alice I'm going shopping at Lidl for Groceries")
        clock.now += 600
        #expect(relay.say(":bob who's out shopping?") == ":bob Out shopping now:\n:bob - alice, at Lidl for alice's Groceries list (started 10 minutes ago)")
        #expect(relay.say(":alice is anyone at the shops") == ":alice Out shopping now:\n:alice - you, at Lidl for Groceries (started 10 minutes ago)")
        // carol does not see Groceries: alice's trip is none of hers.
        #expect(relay.say(":carol who's out shopping?") == ":carol Nobody's out shopping right now.")
        relay.say(":alice done shopping")
        #expect(relay.say(":bob who's shopping") == ":bob Nobody's out shopping right now.")
    }

    @Test("who is out shopping, asked in every language", arguments: [
        ("de", "wer ist gerade einkaufen?"), ("es", "¿quién está en el súper?"), ("fr", "y a quelqu'un qui fait les courses ?"),
        ("ru", "кто сейчас в магазине?"), ("vi", "có ai đang đi chợ không?"), ("zh", "有人在超市吗"), ("en", "anyone out shopping?"),
    ])
    func whoIsOutShoppingInEveryLanguage(language: String, line: String) {
        #expect(ChatDriver.grammars[language]?.parse(line)?.intent == "who_is_shopping", "\(line)")
    }
}
