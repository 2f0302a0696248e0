import ShopTalkIRC
import Testing

@Suite("The bot's side of an IRC connection")
struct IRCSessionTests {
    func message(_ line: String) -> IRCMessage { IRCMessage(line)! }

    @Test func registersAsksForTagsJoinsAndAnswersPing() {
        var session = IRCSession(nick: "shopbot", channels: ["#home", "#food"])
        #expect(session.start().map(\.serialized) == ["CAP LS 302", "NICK shopbot", "USER shopbot 0 * :ShopTalk shopping lists"])
        #expect(session.receive(message(":irc CAP * LS :multi-prefix account-tag message-tags")) == [.send(IRCMessage("CAP", ["REQ", "account-tag message-tags"]))])
        var extended = IRCSession(nick: "shopbot", channels: [])
        #expect(extended.receive(message(":irc CAP * LS :extended-join sasl")) == [.send(IRCMessage("CAP", ["REQ", "extended-join"]))])
        #expect(session.receive(message(":irc CAP * ACK :account-tag message-tags")) == [.send(IRCMessage("CAP", ["END"]))])
        #expect(session.capabilities == ["account-tag", "message-tags"])
        #expect(session.receive(message(":irc 001 shopbot :Welcome")) == [.registered(nick: "shopbot"), .send(IRCMessage("JOIN", ["#home,#food"]))])
        #expect(session.receive(message("PING :irc.local")) == [.sendFirst(IRCMessage("PONG", ["irc.local"]))])
    }

    @Test func aServerWithoutCapabilitiesIsToldTheEnd() {
        var session = IRCSession(nick: "shopbot", channels: [])
        #expect(session.receive(message(":irc CAP * LS :multi-prefix")) == [.send(IRCMessage("CAP", ["END"]))])
    }

    @Test func aNickInUseIsFollowedByUnderscoresThenDigits() {
        var session = IRCSession(nick: "shopbot", channels: [])
        #expect(session.receive(message(":irc 433 * shopbot :Nickname is already in use")) == [.send(IRCMessage("NICK", ["shopbot_"]))])
        #expect(session.receive(message(":irc 433 * shopbot_ :Nickname is already in use")) == [.send(IRCMessage("NICK", ["shopbot__"]))])
        guard case .send(let third) = session.receive(message(":irc 433 * shopbot__ :in use")).first else {
            Issue.record("no third nick")
            return
        }
        #expect(third.parameters[0].hasPrefix("shopbot") && third.parameters[0].count == 10)
        _ = session.receive(message(":irc 001 \(session.nick) :Welcome"))
        #expect(session.receive(message(":irc 433 * x :in use")).isEmpty, "a nick change after registration is not retried")
    }

    @Test func itAnswersWhenAddressedInAChannelAndAlwaysInPrivate() {
        var session = IRCSession(nick: "shopbot", channels: ["#home"])
        _ = session.receive(message(":irc 001 shopbot :Welcome"))
        #expect(session.receive(message(":alice!a@h PRIVMSG #home :shopbot: add eggs")) == [.request(.init(nick: "alice", account: nil, channel: "#home", text: "add eggs", host: "h"))])
        #expect(session.receive(message(":alice!a@h PRIVMSG #home :ShopBot, what's on Groceries?")) == [.request(.init(nick: "alice", account: nil, channel: "#home", text: "what's on Groceries?", host: "h"))])
        #expect(session.receive(message(":alice!a@h PRIVMSG #home :shopbots are fun")).isEmpty)
        #expect(session.receive(message(":alice!a@h PRIVMSG #home :add eggs")).isEmpty)
        #expect(session.receive(message("@account=alice_acct :alice!a@h PRIVMSG shopbot :add \u{2}milk\u{2}")) == [.request(.init(nick: "alice", account: "alice_acct", channel: nil, text: "add milk", host: "h"))])
    }

    @Test func ctcpVersionIsAnsweredAndOtherCTCPIgnored() {
        var session = IRCSession(nick: "shopbot", channels: [])
        #expect(session.receive(message(":bob!b@h PRIVMSG shopbot :\u{1}VERSION\u{1}")) == [.send(IRCMessage("NOTICE", ["bob", "\u{1}VERSION ShopTalk 0.1.0\u{1}"]))])
        #expect(session.receive(message(":bob!b@h PRIVMSG shopbot :\u{1}ACTION waves\u{1}")).isEmpty)
        #expect(session.receive(message(":bob!b@h PRIVMSG #home :\u{1}PING 123\u{1}")).isEmpty)
    }

    /// With extended-join, the account a nick joined with speaks, even when its messages carry no tag.
    @Test func theAccountANickJoinedWithIsPreferredOverTheNick() {
        var session = IRCSession(nick: "shopbot", channels: ["#home"])
        _ = session.receive(message(":alice!a@h JOIN #home alice_acct :Alice A"))
        _ = session.receive(message(":mallory!m@h JOIN #home * :not logged in"))
        #expect(session.receive(message(":alice!a@h PRIVMSG shopbot :add eggs")) == [.request(.init(nick: "alice", account: "alice_acct", channel: nil, text: "add eggs", host: "h"))])
        #expect(session.receive(message(":mallory!m@h PRIVMSG shopbot :add eggs")) == [.request(.init(nick: "mallory", account: nil, channel: nil, text: "add eggs", host: "h"))])
        // The account follows a nick change, and leaves with its owner.
        _ = session.receive(message(":alice!a@h NICK alice_away"))
        #expect(session.receive(message(":alice_away!a@h PRIVMSG shopbot :hi")) == [.request(.init(nick: "alice_away", account: "alice_acct", channel: nil, text: "hi", host: "h"))])
        _ = session.receive(message(":alice_away!a@h QUIT :bye"))
        _ = session.receive(message(":x!x@h NICK alice_away"))
        #expect(session.receive(message(":alice_away!x@h PRIVMSG shopbot :hi")) == [.request(.init(nick: "alice_away", account: nil, channel: nil, text: "hi", host: "h"))])
    }

    @Test func nickChangesAreFollowed() {
        var session = IRCSession(nick: "shopbot", channels: [])
        #expect(session.receive(message(":alice!a@h NICK :alice_away")) == [.nickChanged(from: "alice", to: "alice_away")])
        _ = session.receive(message(":shopbot!s@h NICK :shopbot2"))
        #expect(session.nick == "shopbot2")
        #expect(session.receive(message(":alice_away!a@h QUIT :bye")) == [.quit(nick: "alice_away")])
    }

    /// The bot sees a nick quit or change only while they share a channel:
    /// who is where comes from NAMES, JOIN, PART, KICK, NICK and QUIT.
    @Test func itKnowsWhoSharesAChannelWithIt() {
        var session = IRCSession(nick: "shopbot", channels: ["#home", "#food"])
        _ = session.receive(message(":irc 001 shopbot :Welcome"))
        _ = session.receive(message(":shopbot!s@h JOIN #home"))
        _ = session.receive(message(":irc 353 shopbot = #home :shopbot @alice +bob"))
        _ = session.receive(message(":shopbot!s@h JOIN #food"))
        _ = session.receive(message(":irc 353 shopbot = #food :shopbot carol"))
        #expect(["alice", "Bob", "carol"].allSatisfy(session.sharesAChannel(with:)))
        #expect(!session.sharesAChannel(with: "dave"))
        _ = session.receive(message(":dave!d@h JOIN #home"))
        #expect(session.sharesAChannel(with: "dave"))
        _ = session.receive(message(":dave!d@h PART #home :later"))
        _ = session.receive(message(":alice!a@h KICK #home bob :out"))
        _ = session.receive(message(":carol!c@h NICK carol2"))
        _ = session.receive(message(":alice!a@h QUIT :gone"))
        #expect(!["dave", "bob", "carol", "alice"].contains(where: session.sharesAChannel(with:)))
        #expect(session.sharesAChannel(with: "carol2"))
        // The bot leaving a channel forgets who was in it.
        _ = session.receive(message(":carol2!c@h KICK #food shopbot :bye"))
        #expect(!session.sharesAChannel(with: "carol2"))
    }

    /// A nick that shares no channel with the bot any more is out of its
    /// sight: the bot would not see it quit or change, so a link that
    /// trusts the nick must end then (PART, KICK, or the bot leaving).
    @Test func aNickLeavingTheLastChannelItSharesLeavesSight() {
        var session = IRCSession(nick: "shopbot", channels: ["#home", "#food"])
        _ = session.receive(message(":irc 001 shopbot :Welcome"))
        _ = session.receive(message(":shopbot!s@h JOIN #home"))
        _ = session.receive(message(":irc 353 shopbot = #home :shopbot alicep bob"))
        _ = session.receive(message(":shopbot!s@h JOIN #food"))
        _ = session.receive(message(":irc 353 shopbot = #food :shopbot @bob carol"))
        #expect(session.receive(message(":alicep!a@h PART #home :bye")) == [.leftSight(nick: "alicep")])
        #expect(session.receive(message(":bob!b@h PART #home")) == [], "bob is still in #food")
        #expect(session.receive(message(":carol!c@h KICK #food bob :out")) == [.leftSight(nick: "bob")])
        #expect(session.receive(message(":op!o@h KICK #food shopbot :bye")) == [.leftSight(nick: "carol")])
        #expect(session.receive(message(":shopbot!s@h PART #home")) == [])
    }
}

@Suite("IRC text")
struct IRCTextTests {
    @Test func formattingCodesAndControlsNeverReachAName() {
        #expect(IRCText.plain("\u{2}bold\u{2} \u{3}04,12red\u{3} \u{1D}it\u{1F}u\u{F} \u{3}5five") == "bold red itu five")
        #expect(IRCText.plain("\u{4}FF0000hex\u{16}x\u{11}m\u{1E}s") == "hexxms")
        #expect(IRCText.plain("\u{3},5 comma kept") == ",5 comma kept")
    }

    /// Controls that are not formatting stay, for the conversation to refuse
    /// the line as it does on every transport, rather than storing what is
    /// left of an escape sequence ("31mred[0m milk").
    @Test func otherControlsAreLeftForTheConversationToRefuse() {
        #expect(IRCText.plain("a\u{0}b\u{7}c\u{1B}[31md\u{7F}\u{9B}") == "a\u{0}b\u{7}c\u{1B}[31md\u{7F}\u{9B}")
    }

    @Test func aLineThatIsNotUTF8IsReadAsLatin1() {
        #expect(IRCText.decode(Array("café".utf8)) == "café")
        #expect(IRCText.decode([0x63, 0x61, 0x66, 0xE9]) == "café")
        #expect(IRCText.decode([0x4D, 0xFC, 0x6C, 0x6C]) == "Müll")
    }

    @Test func longTextIsCutAtSpacesWithinTheLimitAndNeverInsideACharacter() {
        let words = Array(repeating: "pomme", count: 100).joined(separator: " ")
        let pieces = IRCText.pieces(of: words, maximumBytes: 50)
        #expect(pieces.allSatisfy { $0.utf8.count <= 50 && !$0.hasPrefix(" ") && !$0.hasSuffix(" ") })
        #expect(pieces.joined(separator: " ") == words)
        let wide = String(repeating: "牛奶", count: 40)
        let cut = IRCText.pieces(of: wide, maximumBytes: 50)
        #expect(cut.allSatisfy { $0.utf8.count <= 50 } && cut.joined() == wide)
        #expect(IRCText.pieces(of: "one\ntwo\n\nthree", maximumBytes: 50) == ["one", "two", "three"])
    }
}

@Suite("Flood control")
struct SendQueueTests {
    func say(_ text: String, to target: String) -> IRCMessage { IRCMessage("PRIVMSG", [target, text]) }

    @Test func aBurstOfFourThenOneASecond() {
        var queue = SendQueue(rate: 1, burst: 4, bytesPerSecond: 10_000)
        for index in 0..<10 { queue.append(say("line \(index)", to: "#home")) }
        #expect(queue.due(at: 0).count == 4)
        #expect(queue.due(at: 0.5).isEmpty)
        #expect(queue.due(at: 1.01).count == 1)
        #expect(queue.due(at: 3.02).count == 2)
        #expect(queue.wait(at: 3.02)! > 0.9)
    }

    @Test func bytesAreLimitedToo() {
        var queue = SendQueue(rate: 100, burst: 4, bytesPerSecond: 100)
        for _ in 0..<4 { queue.append(say(String(repeating: "x", count: 84), to: "#h")) }
        #expect(queue.due(at: 0).count == 4) // the burst's 400 bytes
        queue.append(say(String(repeating: "y", count: 84), to: "#h"))
        #expect(queue.due(at: 0.5).isEmpty)
        #expect(queue.due(at: 1.0).count == 1)
    }

    @Test func pongGoesFirstThenTheBotsOwnCommands() {
        var queue = SendQueue()
        queue.append(say("1", to: "a"))
        queue.append(IRCMessage("JOIN", ["#home"]))
        queue.appendUrgent(IRCMessage("PONG", ["x"]))
        #expect(queue.due(at: 0) == ["PONG x", "JOIN #home", "PRIVMSG a 1"])
    }

    /// A long list for one member never holds up another's answer.
    @Test func targetsTakeTurns() {
        var queue = SendQueue(rate: 100, burst: 100, bytesPerSecond: 100_000)
        for index in 0..<5 { queue.append(say("list \(index)", to: "alice")) }
        queue.append(say("done", to: "bob"))
        queue.append(say("hi", to: "#home"))
        #expect(queue.due(at: 0) == ["PRIVMSG alice :list 0", "PRIVMSG bob done", "PRIVMSG #home hi", "PRIVMSG alice :list 1",
                                     "PRIVMSG alice :list 2", "PRIVMSG alice :list 3", "PRIVMSG alice :list 4"])
    }

    /// Twenty unlinked nicks saying five things each: a member is answered first.
    @Test func membersGoBeforeStrangers() {
        var queue = SendQueue()
        for nick in 0..<20 {
            for line in 0..<5 { queue.append(say("who are you? \(line)", to: "stranger\(nick)"), priority: .stranger) }
        }
        #expect(queue.due(at: 0).count == 4)
        queue.append(say("Added milk.", to: "alice"))
        #expect(queue.due(at: 1.01) == ["PRIVMSG alice :Added milk."])
    }

    @Test func aTargetsQueueIsBounded() {
        var queue = SendQueue(linesPerTarget: 3)
        var accepted: [Bool] = []
        for index in 0..<5 { accepted.append(queue.append(say("\(index)", to: "alice"))) }
        #expect(accepted == [true, true, true, false, false])
        let bobsLine = queue.append(say("x", to: "bob"))
        #expect(bobsLine)
        #expect(queue.count(for: "alice") == 3 && queue.count == 4)
    }

    /// A nick that quit: whoever takes it next must not read what waited.
    @Test func linesForANickThatQuitAreDropped() {
        var queue = SendQueue(rate: 1, burst: 1, bytesPerSecond: 10_000)
        for index in 0..<3 { queue.append(say("\(index)", to: "bob")) }
        queue.append(say("x", to: "carol"))
        #expect(queue.due(at: 0) == ["PRIVMSG bob 0"])
        #expect(queue.dropLines(to: "BOB") == 2)
        #expect(queue.due(at: 10) == ["PRIVMSG carol x"])
        #expect(queue.count == 0)
    }

    /// A nick change: the same person, so what waits follows them.
    @Test func linesFollowANickChange() {
        var queue = SendQueue(rate: 100, burst: 100, bytesPerSecond: 10_000)
        queue.append(say("1", to: "bob"))
        queue.append(say("2", to: "bob"))
        queue.retarget(from: "bob", to: "bob_away")
        #expect(queue.due(at: 0) == ["PRIVMSG bob_away 1", "PRIVMSG bob_away 2"])
    }
}
