import ShopTalkIRC
import Testing

/// What the IRC bot tells nicks linked to no one, and the codes it gives them.
@Suite("Linking from IRC")
struct IRCLinkDeskTests {
    let start = ContinuousClock.now

    @Test func aStrangerIsToldHowToLinkOnceInAWhile() {
        var desk = IRCLinkDesk()
        let first = desk.stranger(nick: "carol", account: nil, said: "add milk", inPrivate: true, sharesAChannel: false, now: start)
        let soon = desk.stranger(nick: "CAROL", account: nil, said: "show my lists", inPrivate: false, sharesAChannel: false, now: start + .seconds(60))
        let later = desk.stranger(nick: "carol", account: nil, said: "hello?", inPrivate: true, sharesAChannel: false, now: start + IRCLinkDesk.strangerInterval)
        #expect([first, soon, later] == [.tellUnknown, .nothing, .tellUnknown])
    }

    @Test func linkInPrivateGetsACodeWhenTheNickCanBeTrusted() {
        var desk = IRCLinkDesk()
        #expect(desk.stranger(nick: "carol", account: nil, said: " Link ", inPrivate: true, sharesAChannel: true, now: start) == .offerCode)
        #expect(desk.stranger(nick: "dave", account: "dave", said: "link", inPrivate: true, sharesAChannel: false, now: start) == .offerCode)
        // A nick alone, out of sight: the bot could not tell when it changes hands.
        #expect(desk.stranger(nick: "erin", account: nil, said: "link", inPrivate: true, sharesAChannel: false, now: start) == .joinFirst)
        // Said in a channel, "link" is only talk.
        #expect(desk.stranger(nick: "frank", account: nil, said: "link", inPrivate: false, sharesAChannel: true, now: start) == .tellUnknown)
    }

    @Test func aNickAsksForCodesAFewTimesAWhileAtMost() {
        var desk = IRCLinkDesk()
        let answers = (0..<5).map { _ in desk.stranger(nick: "carol", account: "c", said: "link", inPrivate: true, sharesAChannel: false, now: start) }
        #expect(answers == Array(repeating: .offerCode, count: IRCLinkDesk.linkAnswers) + Array(repeating: .nothing, count: 5 - IRCLinkDesk.linkAnswers))
    }

    @Test func aCodeIsTakenOnceWithinItsLifetime() {
        var desk = IRCLinkDesk()
        desk.keep(code: "AB12CD34", for: "carol", account: "carol", now: start)
        #expect(desk.take(code: "ab12cd34", now: start + .seconds(1))?.account == "carol")
        #expect(desk.take(code: "ab12cd34", now: start + .seconds(2)) == nil)
        desk.keep(code: "late", for: "dave", account: nil, now: start)
        #expect(desk.take(code: "late", now: start + IRCLinkDesk.codeLifetime) == nil)
    }

    @Test func aNewCodeReplacesTheNicksLast() {
        var desk = IRCLinkDesk()
        desk.keep(code: "first", for: "carol", account: nil, now: start)
        desk.keep(code: "second", for: "Carol", account: nil, now: start + .seconds(1))
        #expect(desk.take(code: "first", now: start + .seconds(2)) == nil)
        #expect(desk.take(code: "second", now: start + .seconds(2))?.nick == "Carol")
    }

    /// Strangers asking for codes, 66 of them, never push out the code a
    /// member is about to confirm: a full desk answers "ask again later".
    @Test func strangersAskingForCodesNeverEvictOneThatWaits() {
        var desk = IRCLinkDesk()
        func ask(_ nick: String, from host: String, at second: Int) -> IRCLinkDesk.Answer {
            let answer = desk.stranger(nick: nick, account: nil, said: "link", inPrivate: true, sharesAChannel: true, host: host, now: start + .seconds(second))
            if answer == .offerCode { desk.keep(code: "code-\(nick)", for: nick, account: nil, host: host, now: start + .seconds(second)) }
            return answer
        }
        #expect(ask("alicep", from: "home.example", at: 0) == .offerCode)
        let strangers = (0..<66).map { ask("guest\($0)", from: "host\($0).example", at: 1) }
        #expect(strangers.count { $0 == .offerCode } == IRCLinkDesk.pendingLimit - 1)
        #expect(strangers.suffix(3) == [.busy, .busy, .busy])
        #expect(desk.take(code: "code-alicep", now: start + .seconds(2))?.nick == "alicep")
        // A code taken makes room; an expired one does too.
        #expect(ask("late", from: "late.example", at: 3) == .offerCode)
        #expect(ask("later", from: "later.example", at: 4) == .busy)
        #expect(ask("later", from: "later.example", at: 2 + Int(IRCLinkDesk.codeLifetime.components.seconds)) == .offerCode)
    }

    /// One machine with many nicks holds a few codes at most.
    @Test func oneHostHoldsAFewCodesAtMost() {
        var desk = IRCLinkDesk()
        let answers = (0..<5).map { index -> IRCLinkDesk.Answer in
            let answer = desk.stranger(nick: "bot\(index)", account: nil, said: "link", inPrivate: true, sharesAChannel: true, host: "one.example", now: start)
            if answer == .offerCode { desk.keep(code: "c\(index)", for: "bot\(index)", account: nil, host: "one.example", now: start) }
            return answer
        }
        #expect(answers == Array(repeating: .offerCode, count: IRCLinkDesk.pendingPerHost) + Array(repeating: .busy, count: 5 - IRCLinkDesk.pendingPerHost))
        // Its own nick asking again replaces its code: always room for that.
        #expect(desk.stranger(nick: "bot0", account: nil, said: "link", inPrivate: true, sharesAChannel: true, host: "one.example", now: start) == .offerCode)
    }

    @Test func aLinkByCodeEndsWhenTheNickGoesOrTheConnectionIsNew() {
        var desk = IRCLinkDesk()
        desk.link(nick: "carol", to: "carol")
        #expect(desk.member(linkedByCode: "CAROL") == "carol")
        desk.forget("Carol")
        #expect(desk.member(linkedByCode: "carol") == nil)
        desk.link(nick: "dave", to: "dave")
        desk.keep(code: "waiting", for: "erin", account: nil, now: start)
        desk.newConnection()
        #expect(desk.member(linkedByCode: "dave") == nil)
        #expect(desk.take(code: "waiting", now: start) == nil)
    }
}

/// Where the lines of a reply go on IRC.
@Suite("An IRC reply's lines")
struct IRCReplyLayoutTests {
    static func route(_ count: Int, channel: String?, channelLines: Int = 4, room: Int = 28) -> [IRCReplyLayout.Line] {
        IRCReplyLayout.route((1...count).map { "line \($0)" }, asker: "alice", channel: channel, channelLines: channelLines, room: room,
                             more: { "… and \($0) more" }, restInPrivate: { "alice: the rest is in private" })
    }

    @Test func inPrivateEveryLineGoesToTheAsker() {
        #expect(Self.route(2, channel: nil) == [.init(target: "alice", text: "line 1"), .init(target: "alice", text: "line 2")])
    }

    @Test func inAChannelAShortReplyIsSaidThereAddressedToTheAsker() {
        #expect(Self.route(2, channel: "#home") == [.init(target: "#home", text: "alice: line 1"), .init(target: "#home", text: "line 2")])
    }

    @Test func aLongReplyInAChannelGoesOnInPrivate() {
        let routed = Self.route(6, channel: "#home")
        #expect(routed.map(\.target) == ["#home", "#home", "#home", "#home", "alice", "alice", "alice"])
        #expect(routed[3].text == "alice: the rest is in private")
        #expect(routed[4].text == "line 4")
    }

    @Test func aReplyLongerThanAQueueHoldsEndsWithHowMuchWasLeftOut() {
        let routed = Self.route(10, channel: nil, room: 5)
        #expect(routed.map(\.text) == ["line 1", "line 2", "line 3", "line 4", "… and 6 more"])
    }
}
