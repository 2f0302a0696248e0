import Foundation
import Glibc
import Testing

/// The household's bot on a real IRC server (ngircd), inside `shoptalk
/// serve`: members on IRC and on the LAN share lists and see each other's
/// news, and the bot comes back after the IRC server restarts.
@Suite("The IRC bot against a real IRC server", .enabled(if: IRCServer.shouldRun, "ngircd is not installed here (.ci/run installs it)"))
struct IRCEndToEndTests {
    @Test func membersOnIRCAndTheLANShareListsAndNews() throws {
        let irc = try IRCServer()
        let server = try ServerProcess(
            arguments: ["--irc-server", "127.0.0.1:\(irc.port)", "--irc-nick", "shopbot", "--irc-channels", "#home"]
        ) { database in
            for (member, nick) in [("alice", "alice"), ("bob", "bobby")] {
                let linked = try ShopTalkBinary.run(["users", "link", member, "irc:\(nick)", "--db", database])
                try #require(linked.status == 0, "\(linked.error)")
            }
        }
        #expect(server.waitForLog(containing: "msg=\"IRC ready\"") != nil)
        let alice = try IRCTestClient(port: irc.port, nick: "alice"), bob = try IRCTestClient(port: irc.port, nick: "bobby")
        try alice.join("#home")
        try bob.join("#home")

        // In the channel when addressed, answered there to the asker.
        alice.send("PRIVMSG #home :shopbot: create list Groceries")
        #expect(alice.message(from: "shopbot", to: "#home") == "alice: Created the list Groceries. Say “add eggs to Groceries” to fill it.")
        // In private, answered in private.
        bob.send("PRIVMSG shopbot :add bread")
        #expect(bob.message(from: "shopbot", to: "bobby") == "Added bread to Shopping list.")
        alice.send("PRIVMSG #home :shopbot, share Groceries with bob")
        #expect(alice.message(from: "shopbot", to: "#home")?.hasPrefix("alice: Shared Groceries with bob") == true)
        // News by private message, to the nick the member speaks as.
        #expect(bob.message(from: "shopbot", to: "bobby")?.hasPrefix("alice shared Groceries with you") == true)
        bob.send("PRIVMSG shopbot :accept Groceries")
        #expect(bob.message(from: "shopbot", to: "bobby") == "You now share alice's Groceries (read-write).")
        #expect(alice.message(from: "shopbot", to: "alice") == "bob accepted Groceries.")
        bob.send("PRIVMSG #home :shopbot: add 2 eggs to Groceries")
        #expect(bob.message(from: "shopbot", to: "#home") == "bobby: Added 2 eggs to alice's Groceries.")
        #expect(alice.message(from: "shopbot", to: "alice") == "bob added 2 eggs to Groceries.")

        // A change made on the LAN reaches the IRC member.
        let lan = try LineClient(port: server.port)
        _ = lan.line()
        _ = lan.ask("login alice pw-alice")
        #expect(lan.ask("add milk to Groceries") == "Added milk to Groceries.")
        #expect(bob.message(from: "shopbot", to: "bobby") == "alice added milk to Groceries.")

        // A nick linked to nobody is told once how to link, and acts for no one.
        let stranger = try IRCTestClient(port: irc.port, nick: "carol")
        stranger.send("PRIVMSG shopbot :add milk")
        #expect(stranger.message(from: "shopbot", to: "carol")?.contains("shoptalk users link NAME irc:carol") == true)
        stranger.send("PRIVMSG shopbot :show my lists")
        #expect(stranger.message(from: "shopbot", to: "carol", seconds: 3) == nil)
        #expect(lan.say("what's on Groceries?", lines: 3) == ["Groceries:", "- 2 eggs", "- milk"])
    }

    /// "announce Groceries in #news": the bot tells the channel of every
    /// change to the list, whoever makes it and wherever, joining the channel
    /// when it must: at once for a new announcement, on connecting for the others.
    @Test func aListAnnouncedInAChannelHasItsNewsToldThere() throws {
        let irc = try IRCServer()
        let server = try ServerProcess(arguments: ["--irc-server", "127.0.0.1:\(irc.port)", "--irc-channels", "#home"]) { database in
            _ = try ShopTalkBinary.run(["users", "link", "alice", "irc:alice", "--db", database])
            let chat = try ShopTalkBinary.run(["chat", "--db", database, "--user", "alice"], input: "create list Party\nannounce Party in #party\n")
            try #require(chat.output.contains("News of Party will go to #party too"), "\(chat.output)")
        }
        #expect(server.waitForLog(containing: "msg=\"IRC ready\"") != nil)
        let alice = try IRCTestClient(port: irc.port, nick: "alice")
        try alice.join("#news")
        try alice.join("#party")
        alice.send("PRIVMSG shopbot :create list Groceries")
        #expect(alice.message(from: "shopbot", to: "alice")?.hasPrefix("Created the list Groceries") == true)
        alice.send("PRIVMSG shopbot :announce Groceries in #news")
        #expect(alice.message(from: "shopbot", to: "alice")?.hasPrefix("News of Groceries will go to #news too") == true)

        let lan = try LineClient(port: server.port)
        _ = lan.line()
        _ = lan.ask("login alice pw-alice")
        #expect(lan.ask("add milk to Groceries") == "Added milk to Groceries.")
        #expect(alice.message(from: "shopbot", to: "#news") == "alice added milk to Groceries.")
        #expect(lan.ask("add cake to Party") == "Added cake to Party.")
        #expect(alice.message(from: "shopbot", to: "#party") == "alice added cake to Party.")
        #expect(lan.ask("stop announcing Groceries") == "News of Groceries no longer goes to #news.")
        _ = lan.ask("add tea to Groceries")
        _ = lan.ask("add candles to Party")
        #expect(alice.message(from: "shopbot", to: "#party") == "alice added candles to Party.")
        #expect(alice.message(from: "shopbot", to: "#news", seconds: 2) == nil)
    }

    @Test func theBotComesBackAfterTheIRCServerRestarts() throws {
        let irc = try IRCServer()
        let server = try ServerProcess(arguments: ["--irc-server", "127.0.0.1:\(irc.port)", "--irc-channels", "#home"]) { database in
            _ = try ShopTalkBinary.run(["users", "link", "alice", "irc:alice", "--db", database])
        }
        #expect(server.waitForLog(containing: "msg=\"IRC ready\"") != nil)
        irc.stop()
        #expect(server.waitForLog(containing: "msg=\"IRC connection lost; reconnecting\"") != nil)
        try irc.start()
        let deadline = Date().addingTimeInterval(20)
        while server.logText().components(separatedBy: "msg=\"IRC ready\"").count < 3 && Date() < deadline { usleep(100_000) }
        #expect(server.logText().components(separatedBy: "msg=\"IRC ready\"").count == 3, "the bot did not come back")
        let alice = try IRCTestClient(port: irc.port, nick: "alice")
        alice.send("PRIVMSG shopbot :add jam")
        #expect(alice.message(from: "shopbot", to: "alice") == "Added jam to Shopping list.")
        #expect(server.stop() == 0)
    }

    @Test func theBotSpeaksTLSAndChecksTheServersCertificate() throws {
        let irc = try IRCServer(tls: true)
        let tlsPort = try #require(irc.tlsPort)
        let server = try ServerProcess(arguments: ["--irc-server", "127.0.0.1:\(tlsPort)", "--irc-tls", "--irc-tls-ca", irc.certificate]) { database in
            _ = try ShopTalkBinary.run(["users", "link", "alice", "irc:alice", "--db", database])
        }
        #expect(server.waitForLog(containing: "msg=\"IRC ready\"") != nil)
        let alice = try IRCTestClient(port: irc.port, nick: "alice")
        alice.send("PRIVMSG shopbot :add jam")
        #expect(alice.message(from: "shopbot", to: "alice") == "Added jam to Shopping list.")

        // Without the authority that signed it, the certificate is refused, and nothing is said.
        let trusting = try ServerProcess(arguments: ["--irc-server", "127.0.0.1:\(tlsPort)", "--irc-tls", "--irc-nick", "other"])
        #expect(trusting.waitForLog(containing: "certificate verify failed") != nil)
        #expect(!trusting.logText().contains("IRC ready"))
    }

    @Test func aNickIsLinkedFromIRCWithACodeConfirmedByTheLoggedInMember() throws {
        let irc = try IRCServer()
        let server = try ServerProcess(arguments: ["--irc-server", "127.0.0.1:\(irc.port)"])
        #expect(server.waitForLog(containing: "msg=\"IRC ready\"") != nil)
        let carol = try IRCTestClient(port: irc.port, nick: "carol")
        carol.send("PRIVMSG shopbot :link")
        let offer = try #require(carol.message(from: "shopbot", to: "carol"))
        let code = try #require(offer.components(separatedBy: "“link irc ").dropFirst().first?.prefix { $0 != "”" })
        #expect(code.count == 8)

        let lan = try LineClient(port: server.port)
        _ = lan.line()
        #expect(lan.ask("link irc \(code)").hasPrefix("Please log in first"))
        _ = lan.ask("login carol pw-carol")
        #expect(lan.ask("link irc wrongcode") == "No IRC link is waiting for that code: say “link” to the bot in private on IRC to get a new one.")
        #expect(lan.ask("link irc \(code)") == "Linked irc:carol to you: on IRC, that nick now speaks for you.")
        #expect(carol.message(from: "shopbot", to: "carol") == "Linked: carol now speaks for carol here.")
        carol.send("PRIVMSG shopbot :add milk")
        #expect(carol.message(from: "shopbot", to: "carol") == "Added milk to Shopping list.")
        // A code is good once.
        #expect(lan.ask("link irc \(code)").hasPrefix("No IRC link is waiting"))
        #expect(try ShopTalkBinary.run(["users", "list", "--db", server.database]).output.contains("carol irc:carol"))
    }
}
