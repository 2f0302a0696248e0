import Testing

/// Notes on items: said in brackets when adding, or on their own; kept when
/// quantities merge, shown with the list, moved with the item, taken off.
@Suite("Notes on items")
struct NotesChatTests {
    let relay = try! ChatDriver(user: nil, relay: true)

    func household() {
        for name in ["alice", "bob"] { relay.say(":\(name) show my lists") }
        relay.say(":alice create list Groceries")
        relay.say(":alice share Groceries with bob")
        relay.say(":bob accept Groceries")
    }

    @Test func aNoteSaidInBracketsIsKeptShownAndKeptWhenTheQuantityGrows() {
        household()
        #expect(relay.say(":alice add 2 milk (the oat one) to Groceries") == ":alice Added 2 milk to Groceries.\n:bob alice added 2 milk to Groceries.")
        relay.say(":alice add 1 milk to Groceries")
        #expect(relay.say(":bob what's on alice's Groceries?") == ":bob alice's Groceries list:\n:bob - 3 milk — the oat one")
    }

    @Test func aNoteNeedsNoVerbWhenTheItemIsThere() {
        household()
        relay.say(":alice add milk to Groceries")
        #expect(relay.say(":alice milk: lactose free") == ":alice Added a note to the milk: lactose free.\n:bob alice added a note to milk on Groceries: lactose free.")
        #expect(relay.say(":alice what's on Groceries?") == ":alice Groceries:\n:alice - milk — lactose free")
        // Something else with a colon in it is not taken for a note, and changes nothing.
        #expect(relay.say(":alice reminder: call mum").hasPrefix(":alice Sorry, I didn't understand that."))
        #expect(relay.say(":alice what's on Groceries?") == ":alice Groceries:\n:alice - milk — lactose free")
        // Chinese writes its colon wide.
        relay.say(":alice 把牛奶加到Groceries")
        #expect(relay.say(":alice 牛奶：燕麦的").hasPrefix(":alice 已给牛奶加备注"))
    }

    @Test func aNoteIsPutOnChangedAndTakenOffAndMembersAreTold() {
        household()
        relay.say(":alice add milk to Groceries")
        #expect(relay.say(":alice note on milk: lactose free") == ":alice Added a note to the milk: lactose free.\n:bob alice added a note to milk on Groceries: lactose free.")
        #expect(relay.say(":alice what's on Groceries?") == ":alice Groceries:\n:alice - milk — lactose free")
        #expect(relay.say(":bob remove the note on milk") == ":bob Took the note off milk.\n:alice bob took the note off milk on Groceries.")
        #expect(relay.say(":bob remove the note on milk") == ":bob milk has no note.")
        #expect(relay.say(":alice what changed on Groceries?").contains("bob took the note off milk"))
    }

    @Test func aNoteMovesWithItsItem() {
        household()
        relay.say(":alice create list Tools")
        relay.say(":alice add glue (the strong one) to Groceries")
        relay.say(":alice move glue to Tools")
        #expect(relay.say(":alice what's on Tools?") == ":alice Tools:\n:alice - glue — the strong one")
    }

    @Test func badNotesAreClearErrorsThatChangeNothing() {
        household()
        relay.say(":alice add milk to Groceries")
        #expect(relay.say(":alice note on milk: " + String(repeating: "x", count: 201)) == ":alice That note is too long: keep it to 200 characters.")
        #expect(relay.say(":alice note on jam: sweet").hasPrefix(":alice There is no “jam”"))
        #expect(relay.say(":alice note on the big one") == ":alice Say which item the note is for, as in “note on milk: the oat one”.")
        #expect(relay.say(":alice what's on Groceries?") == ":alice Groceries:\n:alice - milk")
        // Read-only members change no notes.
        relay.say(":alice make bob read-only on Groceries")
        #expect(relay.say(":bob note on milk: oat") == ":bob You can see Groceries but not change it: alice shared it read-only.")
    }
}
