import Testing

/// "undo", "oops": a member's own last change taken back, then the one
/// before; never over someone else's work.
@Suite("Undo in chat")
struct UndoChatTests {
    let relay = try! ChatDriver(user: nil, relay: true)

    func household() {
        for name in ["alice", "bob"] { relay.say(":\(name) show my lists") }
        relay.say(":alice create list Groceries")
        relay.say(":alice add 3 eggs to Groceries")
        relay.say(":alice share Groceries with bob")
        relay.say(":bob accept Groceries")
    }

    @Test func undoTakesBackTheSpeakersChangesOneAfterAnother() {
        household()
        relay.say(":alice add milk to Groceries")
        relay.say(":alice got the eggs")
        #expect(relay.say(":alice oops") == ":alice Undone: eggs are back to get on Groceries.\n:bob alice undid a change: eggs are back to get on Groceries.")
        #expect(relay.say(":alice undo") == ":alice Undone: took milk off Groceries again.\n:bob alice undid a change and took milk off Groceries again.")
        #expect(relay.say(":alice what's on Groceries?") == ":alice Groceries:\n:alice - 3 eggs")
        // The history tells what the undos did.
        let history = relay.say(":alice what changed on Groceries?")
        #expect(history.contains("you removed milk"))
        #expect(history.contains("you unchecked eggs"))
    }

    @Test func theOthersHearWhatCameBack() {
        household()
        relay.say(":alice remove the eggs from Groceries")
        #expect(relay.say(":alice undo") == ":alice Undone: put 3 eggs back on Groceries.\n:bob alice undid a change and put 3 eggs back on Groceries.")
        relay.say(":alice remove the eggs from Groceries")
        relay.say(":alice add milk and bread to Groceries")
        #expect(relay.say(":alice undo") == ":alice Undone: took milk and bread off Groceries again.\n:bob alice undid a change and took milk and bread off Groceries again.")
    }

    @Test func whatAnUndoPutsBackStaysTheItemOfWhoeverAddedIt() {
        household()
        relay.say(":bob got the eggs")
        relay.say(":bob done shopping")
        relay.say(":bob remove the eggs from Groceries")
        relay.say(":bob undo")
        let history = relay.say(":alice what changed on Groceries?")
        #expect(history.contains("bob put 3 eggs back (undo)"), "\(history)")
        #expect(!history.contains("bob added"), "\(history)")
        #expect(relay.say(":alice who added the eggs?").hasPrefix(":alice You added eggs to Groceries"))
    }

    @Test func aDeletedListComesBackWithItsItemsAndShares() {
        household()
        relay.say(":alice delete the list Groceries")
        relay.say(":alice yes")
        #expect(relay.say(":alice undo") == ":alice Undone: Deleted Groceries and the one item on it.\n:bob alice undid their last change to Groceries.")
        #expect(relay.say(":alice what's on Groceries?") == ":alice Groceries:\n:alice - 3 eggs")
        #expect(relay.say(":bob what's on alice's Groceries?") == ":bob alice's Groceries list:\n:bob - 3 eggs")
    }

    @Test func aDeletedListComesBackMutedAnnouncedAndTheDefaultItWas() {
        household()
        relay.say(":alice make Groceries my default list")
        relay.say(":bob mute alice's Groceries")
        relay.say(":alice announce Groceries in #home")
        relay.say(":alice delete the list Groceries")
        relay.say(":alice yes")
        relay.say(":alice undo")
        // Still alice's default list: "add" with no list goes there.
        #expect(relay.say(":alice add bread") == ":alice Added bread to Groceries.")
        // Still muted for bob: alice's change reached nobody.
        #expect(relay.say(":alice add jam to Groceries") == ":alice Added jam to Groceries.")
        // Still announced in #home.
        #expect(relay.say(":alice stop announcing Groceries in #home") == ":alice News of Groceries no longer goes to #home.")
    }

    @Test func aChangeSomeoneElseHasChangedSinceIsLeftAloneAndLetGo() {
        household()
        relay.say(":alice add milk to Groceries")
        relay.say(":bob got the milk")
        #expect(relay.say(":alice undo")
            == ":alice I can't undo that: bob has changed milk since, so I left everything as it is. Say “undo” again to go further back.")
        #expect(relay.say(":alice what's on Groceries?") == ":alice Groceries:\n:alice - 3 eggs\n:alice - [x] milk")
        // Each member undoes only their own.
        #expect(relay.say(":bob undo") == ":bob Undone: milk is back to get on alice's Groceries list.\n:alice bob undid a change: milk is back to get on Groceries.")
    }

    /// The others hear what an undo did, not that "a change" was undone.
    @Test func newsOfAnUndoSaysWhatItSetBack() {
        household()
        relay.say(":alice make it 6 eggs on Groceries")
        #expect(relay.say(":alice undo") == ":alice Undone: Groceries has 3 eggs again.\n:bob alice undid a change: Groceries has 3 eggs again.")
        relay.say(":alice got the eggs")
        relay.say(":alice untick the eggs")
        #expect(relay.say(":alice undo") == ":alice Undone: eggs are ticked off again on Groceries.\n:bob alice undid a change: eggs are ticked off again on Groceries.")
    }

    @Test func nothingToUndoIsAClearErrorThatChangesNothing() {
        relay.say(":carol show my lists")
        #expect(relay.say(":carol undo") == ":carol There is nothing of yours left to undo.")
        #expect(relay.say(":carol show my lists").hasPrefix(":carol You have no lists yet."))
    }

    @Test func anInvitationIsTakenBackUntilItIsAccepted() {
        for name in ["alice", "bob"] { relay.say(":\(name) show my lists") }
        relay.say(":alice create list Tools")
        relay.say(":alice share Tools with bob")
        #expect(relay.say(":alice undo").hasPrefix(":alice Undone: Shared Tools with bob"))
        #expect(relay.say(":bob accept Tools") == ":bob Nobody has shared “Tools” with you.")
    }

    @Test func whatWasJustRemovedIsAnsweredFromTheHistory() {
        household()
        #expect(relay.say(":alice what did I just remove?") == ":alice I can't find anything you removed.")
        relay.say(":alice add milk and bread to Groceries")
        relay.say(":alice remove milk and bread from Groceries")
        relay.say(":bob remove eggs from alice's Groceries")
        #expect(relay.say(":alice what did I just remove?")
            == ":alice You last took milk and bread off Groceries (just now). Say “add milk to Groceries” to put it back.")
    }

    /// Sharing changes are in the list's history, as its items' are.
    @Test func sharingIsToldInTheHistory() {
        household()
        relay.say(":alice make bob read-only on Groceries")
        relay.say(":bob leave alice's Groceries")
        #expect(relay.say(":alice what changed on Groceries?") == """
            :alice Latest changes to Groceries:
            :alice Just now:
            :alice - bob left the list
            :alice - you made it view only for bob
            :alice - bob joined the list (can edit)
            :alice - you shared it with bob (can edit)
            :alice - you added 3 eggs
            :alice - you created the list
            """)
    }
}
