import ShopTalkDomain
import ShopTalkGrammarFiles
import ShopTalkSession
import ShopTalkStore
import Testing

/// "announce Groceries in #home": a list's news told in a chat channel as
/// well, worded as its owner reads it, in the announcer's language, only by
/// those who may manage the list's sharing.
@Suite("Announcing a list in a channel")
struct AnnouncementTests {
    let bot = Bot(grammars: ChatDriver.grammars, store: Store(try! SQLiteStore(path: ":memory:")), clock: { ChatDriver.now })

    @discardableResult
    func say(_ speaker: String, _ text: String) -> Response {
        guard case .success(let line) = InputLine.read(Array(text.utf8), relay: false).result else { fatalError("unreadable test line") }
        return bot.respond(to: line, from: try! UserName(speaker))
    }

    func text(_ response: Response) -> String { response.reply.text(ChatDriver.wording) }

    func news(_ response: Response) -> [String] {
        response.channelNews.map { "\($0.channel) \($0.event.text(ChatDriver.wording))" }
    }

    /// alice's Groceries, shared read-write with bob, who accepted; carol has spoken too.
    func groceriesSharedWithBob() {
        for member in ["alice", "bob", "carol"] { say(member, "show my lists") }
        say("alice", "create list Groceries")
        say("alice", "share Groceries with bob")
        say("bob", "accept Groceries")
    }

    @Test func changesByAnyMemberAreToldInTheChannelUntilItStops() {
        groceriesSharedWithBob()
        #expect(text(say("alice", "announce Groceries in #home"))
            == "News of Groceries will go to #home too, so everyone there can read it. Say “stop announcing Groceries” to end that.")
        #expect(news(say("bob", "add 2 eggs to alice's Groceries")) == ["#home bob added 2 eggs to Groceries."])
        #expect(news(say("alice", "add milk to Groceries")) == ["#home alice added milk to Groceries."])
        #expect(news(say("bob", "check off the eggs on alice's Groceries")) == ["#home bob checked off eggs on Groceries."])
        #expect(news(say("alice", "show Groceries")).isEmpty) // reading tells no one
        #expect(text(say("alice", "stop announcing Groceries")) == "News of Groceries no longer goes to #home.")
        #expect(news(say("bob", "add tea to alice's Groceries")).isEmpty)
    }

    @Test func onlyThoseWhoManageSharingMayAnnounce() {
        groceriesSharedWithBob()
        let refused = say("bob", "announce alice's Groceries in #home")
        #expect(refused.reply.ok == false)
        #expect(refused.reply.error == .forbidden)
        #expect(news(say("bob", "add tea to alice's Groceries")).isEmpty)
        #expect(say("carol", "announce alice's Groceries in #home").reply.error == .notFound) // carol cannot see it at all
        say("alice", "make bob an admin of Groceries")
        #expect(say("bob", "announce alice's Groceries in #home").reply.ok)
        #expect(news(say("alice", "add coffee to Groceries")) == ["#home alice added coffee to Groceries."])
    }

    @Test func theNewsIsWordedInTheAnnouncersLanguageWhoeverMakesTheChange() {
        groceriesSharedWithBob()
        say("alice", "speak Spanish")
        #expect(say("alice", "anuncia Groceries en #casa").reply.ok)
        let spanish = news(say("bob", "add 2 eggs to alice's Groceries"))
        #expect(spanish.count == 1)
        #expect(spanish.first?.hasPrefix("#casa bob") == true)
        #expect(spanish.first?.contains("Groceries") == true)
        #expect(spanish.first?.contains("added") == false)
    }

    @Test func deletingTheListIsToldAndEndsTheAnnouncement() {
        groceriesSharedWithBob()
        say("alice", "announce Groceries in #home")
        say("alice", "announce Groceries in #kitchen")
        say("alice", "add eggs to Groceries")
        say("alice", "delete the list Groceries")
        #expect(news(say("alice", "yes")) == ["#home alice deleted Groceries.", "#kitchen alice deleted Groceries."])
        say("alice", "create list Groceries")
        #expect(news(say("alice", "add eggs to Groceries")).isEmpty)
    }

    @Test func badChannelsAndStoppingWhatNeverStartedAreClearErrors() {
        groceriesSharedWithBob()
        let noHash = say("alice", "announce Groceries in home")
        #expect(noHash.reply.error == .invalid)
        #expect(text(noHash) == "“home” is not a channel: a channel's name starts with # (like #home).")
        #expect(text(say("alice", "stop announcing Groceries")) == "Groceries is not announced in any channel.")
        #expect(say("alice", "stop announcing Groceries").reply.error == .notFound)
        say("alice", "announce Groceries in #home")
        #expect(text(say("alice", "stop announcing Groceries in #kitchen")) == "Groceries is not announced in #kitchen.")
        #expect(text(say("alice", "stop announcing Groceries in #HOME")) == "News of Groceries no longer goes to #home.")
    }

    @Test func channelNamesFollowIRCRulesOrAreMatrixAliases() throws {
        #expect(try ChannelName("#home").value == "#home")
        #expect(try ChannelName("&family") == ChannelName("&FAMILY"))
        #expect(try ChannelName("#home").isMatrixRoom == false)
        #expect(try ChannelName("#family:example.org").isMatrixRoom)
        #expect(try ChannelName("#" + String(repeating: "x", count: 60) + ":example.org").isMatrixRoom, "longer than IRC allows")
        for bad in ["home", "#", "#a b", "#a,b", "&a:b", "#a:b:c", "#:b", "#a:", "#a b:c", "#\u{7}bell", "#" + String(repeating: "x", count: 50)] {
            #expect(throws: DomainError.invalidChannel(bad)) { try ChannelName(bad) }
        }
    }
}
