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
        #expect(session.receive(message(":alice!a@h PRIVMSG #home :shopbot: add eggs")) == [.request(.init(nick: "alice", account: nil, channel: "#home", text: "add eggs"))])
        #expect(session.receive(message(":alice!a@h PRIVMSG #home :ShopBot, what's on Groceries?")) == [.request(.init(nick: "alice", account: nil, channel: "#home", text: "what's on Groceries?"))])
        #expect(session.receive(message(":alice!a@h PRIVMSG #home :shopbots are fun")).isEmpty)
        #expect(session.receive(message(":alice!a@h PRIVMSG #home :add eggs")).isEmpty)
        #expect(session.receive(message("@account=alice_acct :alice!a@h PRIVMSG shopbot :add \u{2}milk\u{2}")) == [.request(.init(nick: "alice", account: "alice_acct", channel: nil, text: "add milk"))])
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
        #expect(session.receive(message(":alice!a@h PRIVMSG shopbot :add eggs")) == [.request(.init(nick: "alice", account: "alice_acct", channel: nil, text: "add eggs"))])
        #expect(session.receive(message(":mallory!m@h PRIVMSG shopbot :add eggs")) == [.request(.init(nick: "mallory", account: nil, channel: nil, text: "add eggs"))])
        // The account follows a nick change, and leaves with its owner.
        _ = session.receive(message(":alice!a@h NICK alice_away"))
        #expect(session.receive(message(":alice_away!a@h PRIVMSG shopbot :hi")) == [.request(.init(nick: "alice_away", account: "alice_acct", channel: nil, text: "hi"))])
        _ = session.receive(message(":alice_away!a@h QUIT :bye"))
        _ = session.receive(message(":x!x@h NICK alice_away"))
        #expect(session.receive(message(":alice_away!x@h PRIVMSG shopbot :hi")) == [.request(.init(nick: "alice_away", account: nil, channel: nil, text: "hi"))])
    }

    @Test func nickChangesAreFollowed() {
        var session = IRCSession(nick: "shopbot", channels: [])
        #expect(session.receive(message(":alice!a@h NICK :alice_away")) == [.nickChanged(from: "alice", to: "alice_away")])
        _ = session.receive(message(":shopbot!s@h NICK :shopbot2"))
        #expect(session.nick == "shopbot2")
    }
}

@Suite("IRC text")
struct IRCTextTests {
    @Test func formattingCodesAndControlsNeverReachAName() {
        #expect(IRCText.plain("\u{2}bold\u{2} \u{3}04,12red\u{3} \u{1D}it\u{1F}u\u{F} \u{3}5five") == "bold red itu five")
        #expect(IRCText.plain("\u{4}FF0000hex\u{16}x\u{11}m\u{1E}s") == "hexxms")
        #expect(IRCText.plain("a\u{0}b\u{7}c\u{1B}[31md") == "abc[31md")
        #expect(IRCText.plain("\u{3},5 comma kept") == ",5 comma kept")
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
    @Test func aBurstOfFourThenOneASecond() {
        var queue = SendQueue(rate: 1, burst: 4, bytesPerSecond: 10_000)
        for index in 0..<10 { queue.append("PRIVMSG #home :line \(index)") }
        #expect(queue.due(at: 0).count == 4)
        #expect(queue.due(at: 0.5).isEmpty)
        #expect(queue.due(at: 1.01).count == 1)
        #expect(queue.due(at: 3.02).count == 2)
        #expect(queue.wait(at: 3.02)! > 0.9)
    }

    @Test func bytesAreLimitedToo() {
        var queue = SendQueue(rate: 100, burst: 4, bytesPerSecond: 100)
        for _ in 0..<4 { queue.append(String(repeating: "x", count: 98)) }
        #expect(queue.due(at: 0).count == 4) // the burst's 400 bytes
        queue.append(String(repeating: "y", count: 98))
        #expect(queue.due(at: 0.5).isEmpty)
        #expect(queue.due(at: 1.0).count == 1)
    }

    @Test func pongGoesFirst() {
        var queue = SendQueue()
        queue.append("PRIVMSG a :1")
        queue.appendUrgent("PONG :x")
        #expect(queue.due(at: 0).first == "PONG :x")
    }
}
