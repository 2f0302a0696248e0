import Testing

/// "move bread to Tools", "copy Groceries to Party": a removal and an
/// addition under the rules of both lists, told to the members of both.
@Suite("Moving items and copying lists")
struct MovingChatTests {
    let relay = try! ChatDriver(user: nil, relay: true)

    /// alice's Groceries (eggs, bread) and Tools; Groceries shared with bob, who accepted.
    func household() {
        for name in ["alice", "bob", "carol"] { relay.say(":\(name) show my lists") }
        relay.say(":alice create list Groceries")
        relay.say(":alice create list Tools")
        relay.say(":alice add eggs and bread to Groceries")
        relay.say(":alice share Groceries with bob")
        relay.say(":bob accept Groceries")
    }

    @Test func anItemMovesToAnotherListAndTheMembersOfBothHear() {
        household()
        relay.say(":alice share Tools with carol")
        relay.say(":carol accept Tools")
        #expect(relay.say(":alice move bread from Groceries to Tools") == """
            :alice Moved bread from Groceries to Tools.
            :bob alice moved bread from Groceries to Tools.
            :carol alice moved bread from Groceries to Tools.
            """)
        #expect(relay.say(":alice what's on Groceries?") == ":alice Groceries:\n:alice - eggs")
        #expect(relay.say(":alice what's on Tools?") == ":alice Tools:\n:alice - bread")
        #expect(relay.say(":alice who added bread?").contains("alice"))
    }

    @Test func aMovedItemMergesWithItsNamesakeAndKeepsItsAmount() {
        household()
        relay.say(":alice add 2 eggs to Tools")
        relay.say(":alice add 3 eggs to Groceries")
        #expect(relay.say(":alice put the eggs on Tools instead") == ":alice Moved eggs from Groceries to Tools.\n:bob alice moved eggs from Groceries to Tools.")
        #expect(relay.say(":alice what's on Tools?") == ":alice Tools:\n:alice - 6 eggs")
    }

    @Test func movingNeedsTheRightToChangeBothLists() {
        household()
        relay.say(":alice share Tools with bob read-only")
        relay.say(":bob accept Tools")
        #expect(relay.say(":bob move bread from alice's Groceries to alice's Tools")
            == ":bob You can see Tools but not change it: alice shared it read-only.")
        #expect(relay.say(":bob create list Mine") .hasPrefix(":bob Created"))
        relay.say(":alice make bob read-only on Groceries")
        #expect(relay.say(":bob move bread from alice's Groceries to Mine")
            == ":bob You can see Groceries but not change it: alice shared it read-only.")
        // Nothing moved.
        #expect(relay.say(":alice what's on Groceries?") == ":alice Groceries:\n:alice Bakery:\n:alice - bread\n:alice Dairy and eggs:\n:alice - eggs")
        #expect(relay.say(":carol move bread from alice's Groceries to Mine").hasPrefix(":carol You have no list called “Mine”"))
        #expect(relay.say(":carol create list Mine").hasPrefix(":carol Created"))
        #expect(relay.say(":carol move bread from alice's Groceries to Mine") == ":carol alice shares no list called “Groceries” with you.")
    }

    @Test func movingToTheListItIsOnOrOfSomethingMissingIsAClearError() {
        household()
        #expect(relay.say(":alice move bread from Groceries to Groceries") == ":alice bread is on Groceries already.")
        #expect(relay.say(":alice move jam from Groceries to Tools") == ":alice There is no “jam” on Groceries.")
        #expect(relay.say(":alice move bread to Nowhere").hasPrefix(":alice You have no list called “Nowhere”"))
        #expect(relay.say(":alice what's on Groceries?") == ":alice Groceries:\n:alice Bakery:\n:alice - bread\n:alice Dairy and eggs:\n:alice - eggs")
    }

    @Test func aListIsCopiedIntoANewOrExistingList() {
        household()
        relay.say(":alice check off the bread on Groceries")
        #expect(relay.say(":alice copy Groceries to Party") == ":alice Made the list Party and copied 2 items from Groceries into it.")
        #expect(relay.say(":alice what's on Party?") == ":alice Party:\n:alice Bakery:\n:alice - bread\n:alice Dairy and eggs:\n:alice - eggs")
        #expect(relay.say(":alice copy Groceries to Party") == ":alice Copied 2 items from Groceries to Party.")
        #expect(relay.say(":alice what's on Party?") == ":alice Party:\n:alice Bakery:\n:alice - 2 bread\n:alice Dairy and eggs:\n:alice - 2 eggs")
        // bob may copy what he sees into his own list; its members hear what was added.
        #expect(relay.say(":bob copy alice's Groceries to Weekend") == ":bob Made the list Weekend and copied 2 items from alice's Groceries list into it.")
        #expect(relay.say(":alice copy Groceries to Groceries") == ":alice That would copy Groceries onto itself: name another list.")
        #expect(relay.say(":alice copy Tools to Party") == ":alice Tools is already empty.")
    }

    @Test func theMembersOfTheListCopiedIntoHearWhatWasAdded() {
        household()
        #expect(relay.say(":alice copy Tools to Groceries") == ":alice Tools is already empty.")
        relay.say(":alice add hammer to Tools")
        #expect(relay.say(":alice copy Tools to Groceries") == ":alice Copied 1 item from Tools to Groceries.\n:bob alice added hammer to Groceries.")
    }
}
