import Foundation
import ShopTalkStore
import Testing

/// Sharing through relay mode, several members on one stream.
@Suite("Sharing in chat")
struct SharingChatTests {
    let relay = try! ChatDriver(user: nil, relay: true)

    /// Every member speaks once, so they exist and are present on the stream.
    func everyoneSaysHello(_ names: [String] = ["alice", "bob", "carol"]) {
        for name in names { relay.say(":\(name) show my lists") }
    }

    /// alice makes Groceries, with `items` on it, and shares it with bob, who accepts.
    func bobSharesAlicesGroceries(holding items: String? = nil) {
        relay.say(":alice create list Groceries")
        if let items { relay.say(":alice add \(items) to Groceries") }
        relay.say(":alice share Groceries with bob")
        relay.say(":bob accept Groceries")
    }

    @Test func aListSharedWithYouCanBeYourDefaultUntilItIsNoLongerShared() {
        everyoneSaysHello(["alice", "bob"])
        bobSharesAlicesGroceries(holding: "eggs")
        #expect(relay.say(":bob make alice's Groceries my default list")
            == ":bob alice's Groceries list is your default list now: “my list” means it, and sentences that name no list go there.")
        #expect(relay.say(":bob add milk") == ":bob Added milk to alice's Groceries list.\n:alice bob added milk to Groceries.")
        #expect(relay.say(":bob what's on my list?") == ":bob alice's Groceries list:\n:bob - eggs\n:bob - milk")
        relay.say(":alice stop sharing Groceries")
        #expect(relay.say(":bob add tea") == ":bob Added tea to the Shopping list.")
    }

    /// "mute Groceries": no news of it for the member who muted it, and for no one else; the history keeps all.
    @Test func aMutedListSendsItsMemberNoNewsUntilUnmuted() {
        everyoneSaysHello(["alice", "bob", "carol"])
        bobSharesAlicesGroceries(holding: "eggs")
        relay.say(":alice share Groceries with carol")
        relay.say(":carol accept Groceries")
        #expect(relay.say(":bob mute alice's Groceries")
            == ":bob Muted alice's Groceries list: you won't hear its news; its history keeps everything. Say “unmute alice's Groceries list” to hear it again.")
        // carol still hears; bob does not.
        #expect(relay.say(":alice add milk to Groceries") == ":alice Added milk to Groceries.\n:carol alice added milk to Groceries.")
        #expect(relay.say(":bob what changed on alice's Groceries?").contains("alice added milk"))
        #expect(relay.say(":bob unmute alice's Groceries") == ":bob Unmuted alice's Groceries list: you will hear its news again.")
        #expect(relay.say(":alice add tea to Groceries")
            == ":alice Added tea to Groceries.\n:bob alice added tea to Groceries.\n:carol alice added tea to Groceries.")
        // One mutes only what they can see.
        #expect(relay.say(":carol mute bob's Tools").hasPrefix(":carol "))
        #expect(!relay.say(":carol mute bob's Tools").contains("Muted"))
    }

    @Test func deletingASharedListIsConfirmedAndThenToldToItsMembersAtOnce() {
        everyoneSaysHello(["alice", "bob"])
        bobSharesAlicesGroceries(holding: "eggs and milk")
        #expect(relay.say(":bob delete the list Groceries") == ":bob Only alice, who owns Groceries, can rename or delete it.")
        #expect(relay.say(":alice delete the list Groceries") == ":alice Delete Groceries and its 2 items? Say yes to delete it, or no to keep it.")
        #expect(relay.say(":bob yes") == ":bob There is no question waiting for an answer, so I did nothing.") // each member has their own questions
        #expect(relay.say(":alice yes") == ":alice Deleted Groceries and its 2 items.\n:bob alice deleted Groceries.")
        #expect(relay.say(":bob show my lists").hasPrefix(":bob You have no lists yet."))
    }

    @Test func anInvitationReachesAPresentMemberAtOnce() {
        everyoneSaysHello()
        relay.say(":alice create list Groceries")
        #expect(relay.say(":alice share Groceries with bob read-only") == """
            :alice Shared Groceries with bob (view only). They’ll see it once they say “accept Groceries”.
            :bob alice shared Groceries with you (view only). Say “accept Groceries” to add it, or “decline Groceries” if you don't want it.
            """)
        #expect(relay.say(":bob accept Groceries") == """
            :bob You’ve joined alice's Groceries list (view only).
            :alice bob accepted the invite to the Groceries list.
            """)
    }

    @Test func itIsTheListTalkedAboutLast() {
        everyoneSaysHello()
        relay.say(":alice create list Groceries")
        relay.say(":alice add milk and eggs to it")
        #expect(relay.say(":alice share it with bob") == """
            :alice Shared Groceries with bob (can edit). They’ll see it once they say “accept Groceries”.
            :bob alice shared Groceries with you (can edit). Say “accept Groceries” to add it, or “decline Groceries” if you don't want it.
            """)
        relay.say(":bob accept")
        #expect(relay.say(":alice make it read-only for bob") == ":alice bob now has Groceries read-only.\n:bob alice made Groceries view only for you.")
        #expect(relay.say(":alice who can see it?") == ":alice Groceries is yours.\n:alice Shared with:\n:alice - bob (view only)")
        #expect(relay.say(":alice stop sharing it") == ":alice Groceries is no longer shared with anyone.\n:bob alice stopped sharing Groceries with you.")
    }

    @Test func aMemberWhoQuitsGetsTheirNewsWhenTheySpeakAgain() {
        everyoneSaysHello()
        relay.say(":alice create list Groceries")
        #expect(relay.say(":bob QUIT") == ":bob Bye, bob.")
        #expect(relay.say(":alice share Groceries with bob") == ":alice Shared Groceries with bob (can edit). They’ll see it once they say “accept Groceries”.")
        #expect(relay.say(":alice quit") == ":alice Bye, alice.")
        #expect(relay.say(":alice add eggs") == ":alice Added eggs to the Shopping list.") // no current list any more
        #expect(relay.say(":bob show my lists") == """
            :bob alice shared Groceries with you (can edit). Say “accept Groceries” to add it, or “decline Groceries” if you don't want it.
            :bob You have no lists yet. Say “add milk” to start your shopping list, or “create a list called Groceries”.
            """)
    }

    @Test func checkingEverythingOffIsToldLikeAnyOtherCheck() {
        everyoneSaysHello()
        bobSharesAlicesGroceries(holding: "eggs and milk")
        #expect(relay.say(":bob got everything on Groceries") == """
            :bob Checked off eggs and milk on alice's Groceries list.
            :alice bob checked off eggs and milk on Groceries.
            """)
    }

    @Test func whoAddedAnItemIsAnsweredForEveryoneWhoSeesTheList() {
        everyoneSaysHello()
        bobSharesAlicesGroceries()
        relay.say(":bob add jam to Groceries from alice")
        #expect(relay.say(":alice who added jam?") == ":alice bob added jam to Groceries just now.")
        #expect(relay.say(":bob whose is the jam") == ":bob You added jam to alice's Groceries list just now.")
        #expect(relay.say(":carol who added jam?") == ":carol There's no “jam” on any of your lists.")
        relay.say(":alice remove jam")
        #expect(relay.say(":bob who wants jam?") == ":bob None of your lists has “jam”; alice removed it from alice's Groceries list just now.")
        #expect(relay.say(":carol who added jam?") == ":carol There's no “jam” on any of your lists.")
    }

    @Test func changesAreToldToEveryOtherMemberButNotEchoed() {
        everyoneSaysHello()
        relay.say(":alice create list Groceries")
        relay.say(":alice share Groceries with bob and carol")
        relay.say(":bob accept Groceries")
        relay.say(":carol accept Groceries")
        #expect(relay.say(":bob add 2 eggs to Groceries from alice") == """
            :bob Added 2 eggs to alice's Groceries list.
            :alice bob added 2 eggs to Groceries.
            :carol bob added 2 eggs to alice's Groceries list.
            """)
        #expect(relay.say(":carol got the eggs") == """
            :carol Checked off eggs on alice's Groceries list.
            :alice carol checked off eggs on Groceries.
            :bob carol checked off eggs on alice's Groceries list.
            """)
    }

    @Test func aMemberOfAnotherStreamIsToldOnTheirNextLineThere() throws {
        let store = try SQLiteStore(path: ":memory:")
        let first = try ChatDriver(user: nil, relay: true, store: store)
        let second = try ChatDriver(user: nil, relay: true, store: store)
        second.say(":dave show my lists")
        first.say(":alice create list Groceries")
        #expect(first.say(":alice share Groceries with dave") == ":alice Shared Groceries with dave (can edit). They’ll see it once they say “accept Groceries”.")
        #expect(second.say(":dave accept Groceries") == """
            :dave alice shared Groceries with you (can edit). Say “accept Groceries” to add it, or “decline Groceries” if you don't want it.
            :dave You’ve joined alice's Groceries list (can edit).
            """)
    }

    @Test func aListNotSharedIsNotFoundForOthersWordForWord() {
        relay.say(":alice create list Secret")
        let hidden = relay.say(":bob what's on Secret")
        let missing = relay.say(":bob what's on Sekret")
        #expect(hidden == ":bob You have no list called “Secret”. Say “create a list called Secret” to make it, or “show my lists” to see yours.")
        #expect(missing == ":bob You have no list called “Sekret”. Say “create a list called Sekret” to make it, or “show my lists” to see yours.")
        // Named with its owner: the answer speaks of the owner, and still says no more.
        #expect(relay.say(":bob what's on alice's Secret") == ":bob alice shares no list called “Secret” with you.")
        #expect(relay.say(":bob what's on alice's Sekret") == ":bob alice shares no list called “Sekret” with you.")
    }

    @Test func whoCanSeeAList() {
        everyoneSaysHello()
        relay.say(":alice create list Groceries")
        relay.say(":alice share Groceries with bob")
        relay.say(":alice share Groceries with carol read-only")
        relay.say(":bob accept Groceries")
        relay.say(":alice share Groceries by code")
        #expect(relay.say(":bob who can see Groceries?") == """
            :bob Groceries belongs to alice.
            :bob Shared with:
            :bob - bob (can edit)
            :bob Invited, not yet accepted:
            :bob - carol (view only)
            :bob A share code is active.
            """)
    }

    @Test func sameNamesPreferYourOwnAndSaySo() {
        everyoneSaysHello(["alice", "bob"])
        relay.say(":alice create list Groceries")
        relay.say(":bob create list Groceries")
        relay.say(":alice share Groceries with bob")
        relay.say(":bob accept Groceries from alice")
        #expect(relay.say(":bob add milk to Groceries") == """
            :bob Added milk to Groceries.
            :bob (That is your own Groceries; say “Groceries from alice” for alice's.)
            """)
        #expect(relay.say(":bob add jam to alice's Groceries") == """
            :bob Added jam to alice's Groceries list.
            :alice bob added jam to Groceries.
            """)
        #expect(relay.say(":bob show my lists") == """
            :bob Your lists:
            :bob - Groceries (1 item)
            :bob - Groceries (alice's, can edit, 1 item)
            """)
    }

    @Test func deletingASharedListTellsItsMembers() {
        everyoneSaysHello(["alice", "bob"])
        relay.say(":alice create list Party")
        relay.say(":alice share Party with bob")
        relay.say(":bob accept Party")
        #expect(relay.say(":alice delete the Party list") == ":alice Deleted Party.\n:bob alice deleted Party.")
        #expect(relay.say(":bob show my lists") == ":bob You have no lists yet. Say “add milk” to start your shopping list, or “create a list called Groceries”.")
    }

    @Test func aCodeAndJoining() throws {
        let json = try ChatDriver(user: nil, relay: true, format: .json)
        json.say(":alice create list Groceries")
        let created = try json.json(":alice share Groceries by code once")
        let code = try #require((created["data"] as? [String: Any])?["code"] as? String)
        #expect(code.count == 10)
        let lines = json.say(":bob join \(code)").split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""text":"You joined alice's Groceries list (view only).""#))
        #expect(lines[1].hasPrefix(#"{"event":"share_joined","to":"alice","text":"bob joined Groceries with a share code (view only).""#))
        #expect(try json.json(":carol join \(code)")["error"] as? String == "not_found")
    }

    @Test func joiningAListByItsNameAcceptsTheInvitationToIt() {
        everyoneSaysHello(["alice", "bob"])
        relay.say(":alice create list Groceries")
        relay.say(":alice share Groceries with bob")
        #expect(relay.say(":bob join Costco") == ":bob That code is not valid, or it has expired or been used.")
        #expect(relay.say(":bob join Groceries") == ":bob You’ve joined alice's Groceries list (can edit).\n:alice bob accepted the invite to the Groceries list.")
        #expect(relay.say(":bob who's on it?") == ":bob Groceries belongs to alice.\n:bob Shared with:\n:bob - bob (can edit)")
    }

    @Test func someoneElsesDefaultListIsTheirListAndABareAcceptTakesTheInvitation() {
        everyoneSaysHello(["alice", "bob"])
        relay.say(":alice add eggs")
        relay.say(":alice share my list with bob")
        #expect(relay.say(":bob accept") == ":bob You’ve joined alice's Shopping list (can edit).\n:alice bob accepted the invite to the Shopping list.")
        #expect(relay.say(":bob what's on alice's list") == ":bob alice's Shopping list:\n:bob - eggs")
        #expect(relay.say(":alice make bob read-only on my list") == """
            :alice bob now has Shopping list read-only.
            :bob alice made Shopping list view only for you.
            """)
        #expect(relay.say(":bob add milk to alice's shopping list") == ":bob You can see Shopping list but not change it: alice shared it read-only.")
        #expect(relay.say(":alice show my lists") == ":alice Your lists:\n:alice - Shopping list (default, 1 item)")
    }

    @Test func severalItemsChangedAtOnceAreOneEventAndEachHearsOnlyWhatTheyMaySee() {
        everyoneSaysHello()
        bobSharesAlicesGroceries(holding: "eggs, milk, bread and caviar")
        relay.say(":alice share eggs on Groceries with carol")
        relay.say(":carol accept eggs")
        relay.say(":alice share bread on Groceries with carol")
        relay.say(":carol accept bread")
        #expect(relay.say(":bob got eggs and milk") == """
            :bob Checked off eggs and milk on alice's Groceries list.
            :alice bob checked off eggs and milk on Groceries.
            :carol bob checked off eggs on alice's Groceries list.
            """)
        #expect(relay.say(":alice clear checked items on Groceries") == """
            :alice Cleared 2 checked items from Groceries: eggs and milk.
            :bob alice cleared 2 checked items from Groceries.
            :carol alice cleared 1 checked item from Groceries.
            """)
        #expect(relay.say(":alice remove caviar and bread from Groceries") == """
            :alice Removed caviar and bread from Groceries.
            :bob alice removed the caviar and bread from Groceries.
            :carol alice removed the bread from Groceries.
            """)
    }

    @Test func oneItemSharedIsAllTheyCanSee() {
        everyoneSaysHello(["alice", "bob"])
        relay.say(":alice create list Groceries")
        relay.say(":alice add eggs and caviar to Groceries")
        relay.say(":alice share eggs on Groceries with bob")
        relay.say(":bob accept eggs")
        #expect(relay.say(":bob show my lists") == ":bob You have no lists of your own yet.\n:bob Items shared with you:\n:bob - eggs on alice's Groceries list (read-write)")
        #expect(relay.say(":bob got the eggs") == ":bob Checked off eggs on alice's Groceries list.\n:alice bob checked off eggs on Groceries.")
        #expect(relay.say(":bob what's on Groceries").hasPrefix(":bob You have no list called “Groceries”."))
        #expect(relay.say(":bob do we need eggs?") == ":bob eggs are on alice's Groceries list, already checked off.")
        #expect(relay.say(":bob do we need caviar?") == ":bob There's no “caviar” on any of your lists.")
    }
}

@Suite("Events kept for absent members")
struct KeptEventsTests {
    @Test func anAbsentMemberGetsTheirNewsFirstOnTheirNextLine() throws {
        let store = try SQLiteStore(path: ":memory:")
        let aliceChat = try ChatDriver(user: "alice", store: store)
        let bobChat = try ChatDriver(user: "bob", store: store)
        bobChat.say("hello")
        aliceChat.say("create list Groceries")
        aliceChat.say("share Groceries with bob")
        #expect(bobChat.say("accept Groceries") == """
            » alice shared Groceries with you (can edit). Say “accept Groceries” to add it, or “decline Groceries” if you don't want it.
            You’ve joined alice's Groceries list (can edit).
            """)
        for index in 0..<55 { aliceChat.say("add item\(index) to Groceries") }
        let news = bobChat.say("show my lists").split(separator: "\n")
        #expect(news.count == 50 + 2)
        #expect(news.first == "» alice added item5 to Groceries.")
        #expect(news[49] == "» alice added item54 to Groceries.")
        #expect(bobChat.say("show my lists").split(separator: "\n").count == 2)
    }
}
