import Foundation
import Testing

/// Aisles: a list shown as a shop lays things out, "put milk under dairy",
/// and "sort Groceries for Lidl" after a trip there.
@Suite("Aisles")
struct AislesChatTests {
    let clock = ChatDriver.Clock()
    let relay: ChatDriver

    init() throws {
        let clock = clock
        relay = try ChatDriver(user: nil, relay: true, clock: { clock.now })
    }

    func household() {
        for name in ["alice", "bob", "carol"] { relay.say(":\(name) show my lists") }
        relay.say(":alice create list Groceries")
        relay.say(":alice add apples, milk, bread, 2 cans of tuna, ice cream, nails and a birthday card to Groceries")
        relay.say(":alice share Groceries with bob")
        relay.say(":bob accept Groceries")
        relay.say(":alice share Groceries with carol read-only")
        relay.say(":carol accept Groceries")
    }

    @Test func aListIsShownByAisleInTheOrderShopsAreWalkedWithTheUnknownLast() {
        household()
        #expect(relay.say(":alice show Groceries") == """
            :alice Groceries:
            :alice Fruit and veg:
            :alice - apples
            :alice Bakery:
            :alice - bread
            :alice Dairy and eggs:
            :alice - milk
            :alice Cupboard:
            :alice - 2 cans of tuna
            :alice Household:
            :alice - nails
            :alice Frozen:
            :alice - ice cream
            :alice Other:
            :alice - birthday card
            """)
        // An export stays one item a line, to paste elsewhere.
        #expect(relay.say(":alice export Groceries") == """
            :alice apples
            :alice birthday card
            :alice bread
            :alice ice cream
            :alice milk
            :alice nails
            :alice 2 cans of tuna
            """)
    }

    @Test func aListWhoseItemsAreAllInOneAisleNeedsNoHeading() {
        household()
        relay.say(":alice create list Dairy")
        relay.say(":alice add milk, butter and 6 eggs to Dairy")
        #expect(relay.say(":alice show Dairy") == ":alice Dairy:\n:alice - butter\n:alice - 6 eggs\n:alice - milk")
    }

    @Test func whereTheHouseholdKeepsAThingHoldsForEveryMemberAndEveryListOfTheOwner() {
        household()
        #expect(relay.say(":bob put the birthday card under household on Groceries")
            == ":bob Got it: birthday card goes under Household on alice's lists from now on.")
        relay.say(":alice create list Party")
        relay.say(":alice add birthday cards and crisps to Party")
        // alice's other list, and in the singular or plural alike.
        #expect(relay.say(":alice show Party") == ":alice Party:\n:alice Snacks and sweets:\n:alice - crisps\n:alice Household:\n:alice - birthday cards")
        // Said again, the new aisle replaces the old.
        relay.say(":alice put birthday card under other")
        #expect(relay.say(":alice show Party").hasSuffix(":alice Other:\n:alice - birthday cards"))
    }

    @Test func aReadOnlyMemberCannotMoveThingsBetweenAisles() {
        household()
        #expect(relay.say(":carol put milk under frozen on alice's Groceries")
            == ":carol You can see Groceries but not change it: alice shared it read-only.")
        #expect(relay.say(":alice show Groceries").contains(":alice Dairy and eggs:\n:alice - milk"))
    }

    @Test func aListIsSortedTheWayTheLastTripToAShopWalkedIt() {
        household()
        #expect(relay.say(":alice sort Groceries for Lidl") == """
            :alice Nobody has ticked things off at Lidl for this list yet. Next time say “I'm going shopping at Lidl” and check things off as you go; then I can sort the list that way.
            """)
        relay.say(":bob I'm going shopping at Lidl for alice's Groceries")
        // bob walks Lidl: freezer first, then the tins, then the fruit.
        for item in ["ice cream", "tuna", "apples"] {
            clock.now = clock.now.addingTimeInterval(60)
            relay.say(":bob got the \(item)")
        }
        relay.say(":bob done shopping")
        relay.say(":alice add frozen peas, bananas and salt to Groceries")
        #expect(relay.say(":alice sort Groceries for lidl") == """
            :alice Groceries now follows the way Lidl was walked last time.
            :alice Groceries:
            :alice Frozen:
            :alice - frozen peas
            :alice Cupboard:
            :alice - salt
            :alice Fruit and veg:
            :alice - bananas
            :alice Bakery:
            :alice - bread
            :alice Dairy and eggs:
            :alice - milk
            :alice Household:
            :alice - nails
            :alice Other:
            :alice - birthday card
            """)
        // Kept for everyone, until sorted back.
        #expect(relay.say(":bob show alice's Groceries").hasPrefix(":bob alice's Groceries list:\n:bob Frozen:"))
        #expect(relay.say(":alice sort Groceries by aisle").hasPrefix("""
            :alice Groceries is back in the usual aisle order.
            :alice Groceries:
            :alice Fruit and veg:
            """))
        #expect(relay.say(":carol sort alice's Groceries for Lidl") == ":carol You can see Groceries but not change it: alice shared it read-only.")
    }

    @Test func theDataSaysEachItemsAisle() throws {
        let chat = try ChatDriver(format: .json)
        chat.say("add milk and bread")
        let reply = try chat.json("show my list")
        let aisles = try #require((reply["data"] as? [String: Any])?["aisles"] as? [[String: Any]])
        #expect(aisles.map { $0["aisle"] as? String } == ["bakery", "dairy"])
        #expect(aisles.map { $0["items"] as? [String] } == [["bread"], ["milk"]])
    }

    @Test func aHouseholdInTwoLanguagesSeesEachNameInItsAisleAndTheHeadingsInTheirOwn() {
        household()
        relay.say(":bob habla español")
        relay.say(":bob añade leche de avena y Vollkornbrot a Groceries de alice")
        let shown = relay.say(":bob qué hay en Groceries de alice")
        // alice's bread and milk, read in bob's words.
        #expect(shown.contains(":bob Panadería:\n:bob - pan\n:bob - Vollkornbrot\n"), "\(shown)")
        #expect(shown.contains(":bob Lácteos y huevos:\n:bob - leche\n:bob - leche de avena\n"), "\(shown)")
    }
}
