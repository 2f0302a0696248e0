import Foundation
import Glibc
import ShopTalkJSON
import Testing

/// The household's bot in Matrix rooms, inside `shoptalk serve`, against a
/// real Synapse: members in a room and on the LAN share lists and see each
/// other's news; a stranger changes nothing; the bot goes on after Synapse
/// (or itself) restarts without answering a line twice; rate limits are
/// waited out. One Synapse at a time: each takes a core to start.
@Suite("The Matrix bot against a real Synapse", .serialized,
       .enabled(if: SynapseServer.shouldRun, "Synapse is not installed here (source scripts/synapse-venv.sh, which .ci/run does)"))
struct MatrixEndToEndTests {
    static let bot = "@shopbot:\(SynapseServer.serverName)"

    /// Synapse with the bot and these people registered, and a server whose
    /// bot logs in there, with `links` (member → Matrix name) made first.
    static func household(people: [String], links: [String: String], options: [String] = []) throws -> (SynapseServer, ServerProcess) {
        let synapse = try SynapseServer()
        try synapse.register("shopbot", password: "pw-shopbot")
        for name in people { try synapse.register(name, password: "pw-\(name)") }
        let folder = synapse.folder.appendingPathComponent("bot-password")
        try "pw-shopbot\n".write(to: folder, atomically: true, encoding: .utf8)
        // The token a login gets is kept in the state folder: this test's own.
        let state = synapse.folder.appendingPathComponent("state").path
        let server = try ServerProcess(arguments: ["--matrix-homeserver", synapse.url, "--matrix-user", bot, "--matrix-password-file", folder.path] + options,
                                       environment: ["XDG_STATE_HOME": state]) { database in
            for (member, name) in links {
                let linked = try ShopTalkBinary.run(["users", "link", member, "matrix:@\(name):\(SynapseServer.serverName)", "--db", database])
                try #require(linked.status == 0, "\(linked.error)")
            }
        }
        #expect(server.waitForLog(containing: "msg=\"Matrix ready\"", seconds: 30) != nil, "\(server.logText())")
        return (synapse, server)
    }

    /// The bot's answers to lines in the room, by the line they answer.
    static func answers(in said: [MatrixTestClient.Said]) -> [String: [String]] {
        var answers: [String: [String]] = [:]
        for message in said where message.sender == bot && message.kind == "m.text" {
            if let line = message.inReplyTo { answers[line, default: []].append(message.body) }
            // Answers to several people's lines sent as one: each line's own answer, its parts joined as they read alone.
            var parts: [(String, [String])] = []
            for answer in message.answers {
                if parts.last?.0 == answer.to { parts[parts.count - 1].1.append(answer.body) } else { parts.append((answer.to, [answer.body])) }
            }
            for (line, bodies) in parts { answers[line, default: []].append(bodies.joined(separator: "\n")) }
        }
        return answers
    }

    /// Waits for the bot's answer to the line `id`; its text.
    static func answer(to id: String, by client: MatrixTestClient, in room: String) throws -> String? {
        try answers(in: client.waitFor(in: room) { answers(in: $0)[id] != nil })[id]?.first
    }

    @Test func membersInARoomAndOnTheLANShareAListAndSeeEachOthersNews() throws {
        let (synapse, server) = try Self.household(people: ["ana", "ben", "eve"], links: ["alice": "ana", "bob": "ben"])
        let ana = try MatrixTestClient(synapse, name: "ana", password: "pw-ana")
        let ben = try MatrixTestClient(synapse, name: "ben", password: "pw-ben")
        let room = try ana.createRoom(inviting: [Self.bot, ben.user])
        try ben.join(room)
        #expect(server.waitForLog(containing: "msg=\"Matrix room joined\"", seconds: 30) != nil)

        // In a room of three, the bot answers what is said to it, as a reply to the line.
        try ana.say("who's cooking tonight?", in: room)
        var line = try ana.say("shopbot: create list Groceries", in: room)
        #expect(try Self.answer(to: line, by: ana, in: room) == "Created the list Groceries. Try “add … to Groceries” to put something on it.")
        line = try ana.say("shopbot: share Groceries with bob", in: room)
        #expect(try Self.answer(to: line, by: ana, in: room)?.hasPrefix("Shared Groceries with bob") == true)
        line = try ana.say("shopbot: share Groceries with carol", in: room)
        #expect(try Self.answer(to: line, by: ana, in: room)?.hasPrefix("Shared Groceries with carol") == true)
        line = try ben.say("shopbot, accept Groceries", in: room)
        #expect(try Self.answer(to: line, by: ben, in: room) == "You’ve joined alice's Groceries list (can edit).")
        // bob's answer told the room he accepted: alice, who reads it there, is not told again (checked below).

        // carol, on the LAN, joins the list and adds to it: alice's news, in the room she speaks in, as a notice, once.
        let lan = try LineClient(port: server.port)
        _ = lan.line()
        _ = lan.ask("login carol pw-carol")
        #expect(lan.line()?.hasPrefix("» alice shared Groceries with you") == true)
        #expect(lan.ask("accept Groceries").hasPrefix("You’ve joined alice's Groceries list"))
        #expect(lan.ask("add milk to Groceries") == "Added milk to alice's Groceries list.")
        var said = try ana.waitFor(in: room) { $0.contains { $0.kind == "m.notice" && $0.body.hasPrefix("carol added milk") } }
        let milk = said.filter { $0.kind == "m.notice" && $0.body.hasPrefix("carol added milk") }
        #expect(milk.count == 1, "one notice for alice and bob, who read the room together: \(said)")

        // bob adds from the room: carol reads it on the LAN.
        line = try ben.say("shopbot: add 2 eggs to Groceries", in: room)
        #expect(try Self.answer(to: line, by: ben, in: room) == "Added 2 eggs to alice's Groceries list.")
        #expect(lan.line() == "» bob added 2 eggs to alice's Groceries list.")

        // Someone linked to no one is told once how to be linked, and changes nothing.
        let eve = try MatrixTestClient(synapse, name: "eve", password: "pw-eve")
        try ana.invite(eve.user, to: room)
        try eve.join(room)
        line = try eve.say("shopbot: add caviar to Groceries", in: room)
        #expect(try Self.answer(to: line, by: eve, in: room)?.contains("I don't know @eve:shoptalk.test yet: say “link” to me") == true)
        let again = try eve.say("shopbot: add champagne to Groceries", in: room)
        let last = try ana.say("shopbot: what's on Groceries?", in: room)
        said = try ana.waitFor(in: room) { Self.answers(in: $0)[last] != nil }
        #expect(Self.answers(in: said)[again] == nil, "\(said)")
        #expect(Self.answers(in: said)[last] == ["Groceries:\n- 2 eggs\n- milk"])
        #expect(lan.say("what's on Groceries?", lines: 3) == ["alice's Groceries list:", "- 2 eggs", "- milk"])

        // A room can hear a list's news, as a channel can on IRC: named by its alias, joined by the bot.
        let news = try ana.createRoom(inviting: [], alias: "groceries-news")
        line = try ana.say("shopbot: announce Groceries in #groceries-news:shoptalk.test", in: room)
        #expect(try Self.answer(to: line, by: ana, in: room)?.hasPrefix("News of Groceries will go to #groceries-news:shoptalk.test too") == true)
        #expect(lan.ask("add bread to Groceries") == "Added bread to alice's Groceries list.")
        said = try ana.waitFor(in: news) { $0.contains { $0.kind == "m.notice" } }
        #expect(said.filter { $0.sender == Self.bot }.map(\.body) == ["carol added bread to Groceries."],
                "\(said) \(server.logText().split(separator: "\n").filter { $0.contains("Matrix") || $0.contains("warning") })")

        // bob leaves the room: his news is no longer told there, but kept
        // for his next line, and read when he logs in on the LAN.
        try ben.leave(room)
        #expect(server.waitForLog(containing: "msg=\"Matrix room left: news kept for the next line\"", seconds: 30) != nil)
        #expect(lan.ask("add tea to Groceries") == "Added tea to alice's Groceries list.")
        let bob = try LineClient(port: server.port)
        _ = bob.line()
        #expect(bob.ask("login bob pw-bob").hasPrefix("Hello, bob!"))
        #expect(bob.line() == "» carol added tea to alice's Groceries list.", "kept for him, not told in the room he left")
        said = try ana.waitFor(in: room) { $0.contains { $0.kind == "m.notice" && $0.body == "carol added tea to Groceries." } }
        #expect(!said.contains { $0.body == "carol added tea to alice's Groceries list." }, "\(said)")
        // bob's eggs were answered in the room: alice, reading it there, is not told them again.
        #expect(!said.contains { $0.kind == "m.notice" && ($0.body.contains("added 2 eggs") || $0.body.contains("bob accepted the invite")) }, "\(said)")
    }

    @Test func theBotGoesOnAfterSynapseOrItselfRestartsAndAnswersNoLineTwice() throws {
        let (synapse, server) = try Self.household(people: ["ana"], links: ["alice": "ana"])
        let ana = try MatrixTestClient(synapse, name: "ana", password: "pw-ana")
        let room = try ana.createRoom(inviting: [Self.bot], direct: true)
        #expect(server.waitForLog(containing: "msg=\"Matrix room joined\"", seconds: 30) != nil)

        // In a room of two, every line is for the bot.
        let milk = try ana.say("add milk", in: room)
        #expect(try Self.answer(to: milk, by: ana, in: room) == "Added milk to the Shopping list.")

        // Synapse dies in the middle of the bot's long poll, and comes back.
        synapse.kill()
        try synapse.start()
        let eggs = try ana.say("add 6 eggs", in: room)
        #expect(try Self.answer(to: eggs, by: ana, in: room, seconds: 90) == "Added 6 eggs to the Shopping list.")

        // The bot itself stops and starts again: it goes on from where it was,
        // signed in with the token its first login got, not logging in again.
        #expect(server.logText().contains("token=login"), "\(server.logText())")
        #expect(server.stop() == 0)
        let bread = try ana.say("add bread", in: room) // said while the bot is away
        try server.restart()
        #expect(server.waitForLog(containing: "token=kept", seconds: 30) != nil, "\(server.logText())")
        let jam = try ana.say("add jam", in: room)
        let said = try ana.waitFor(in: room, seconds: 60) { Self.answers(in: $0)[jam] != nil }
        #expect(Self.answers(in: said)[bread] == ["Added bread to the Shopping list."], "a line said while the bot was away is answered: \(said)")
        #expect(Self.answers(in: said)[jam] == ["Added jam to the Shopping list."])
        // Every line answered once, and nothing else said.
        let answers = said.filter { $0.sender == Self.bot }
        #expect(answers.flatMap(\.answered) == [milk, eggs, bread, jam], "\(said)")
    }

    @Test func aRateLimitIsWaitedOutAndEveryLineAnsweredInOrder() throws {
        let (synapse, server) = try Self.household(people: ["ana"], links: ["alice": "ana"])
        // ana may say everything at once; the bot is held to Synapse's limit.
        try synapse.liftRateLimit(of: "@ana:\(SynapseServer.serverName)")
        let ana = try MatrixTestClient(synapse, name: "ana", password: "pw-ana")
        let room = try ana.createRoom(inviting: [Self.bot], direct: true)
        #expect(server.waitForLog(containing: "msg=\"Matrix room joined\"", seconds: 30) != nil)
        let things = ["milk", "eggs", "bread", "jam", "butter", "cheese", "apples", "rice"]
        let lines = try things.map { try ana.say("add \($0)", in: room) }
        let said = try ana.waitFor(in: room, seconds: 60) { Self.answers(in: $0).count == lines.count }
        let answers = said.filter { $0.sender == Self.bot }
        #expect(answers.flatMap(\.answered) == lines, "\(said)")
        #expect(lines.map { Self.answers(in: said)[$0] ?? [] } == things.map { ["Added \($0) to the Shopping list."] })
        // Behind the limit, the answers waiting went out together: fewer messages than lines.
        #expect(answers.count < lines.count, "\(said)")
        // Synapse allows the bot a burst of 4: the rest waited for the homeserver's word.
        #expect(server.logText().contains("msg=\"Matrix rate limit: waiting\""))
    }

    /// The probe: stopped while answers waited behind Synapse's rate limit,
    /// the bot had applied ten lines and answered a few, and never the rest.
    /// Answers wait in the store's outbox from the transaction of their
    /// change: after a SIGTERM (which sends what it can for a few seconds)
    /// and after a SIGKILL, the next start sends the rest, with the same
    /// transaction IDs. Every line is answered once, in order, and applied once.
    @Test(arguments: [SIGTERM, SIGKILL])
    func aStopWhileAnswersWaitLosesNoneAndRepeatsNone(signal: Int32) throws {
        let (synapse, server) = try Self.household(people: ["ana"], links: ["alice": "ana"])
        try synapse.liftRateLimit(of: "@ana:\(SynapseServer.serverName)")
        let ana = try MatrixTestClient(synapse, name: "ana", password: "pw-ana")
        let room = try ana.createRoom(inviting: [Self.bot], direct: true)
        #expect(server.waitForLog(containing: "msg=\"Matrix room joined\"", seconds: 30) != nil)
        let things = ["milk", "eggs", "bread", "jam", "butter", "cheese", "apples", "rice", "tea", "salt"]
        let lines = try things.map { try ana.say("add \($0)", in: room) }
        // The first answers are out, the others wait behind the bot's rate limit: stop now.
        _ = try ana.waitFor(in: room, seconds: 60) { !Self.answers(in: $0).isEmpty }
        #expect(server.waitForLog(containing: "msg=\"Matrix rate limit: waiting\"", seconds: 30) != nil)
        #expect(server.stop(signal: signal, within: 15) != nil)
        try server.restart()
        let said = try ana.waitFor(in: room, seconds: 90) { Self.answers(in: $0).count == lines.count }
        let answers = said.filter { $0.sender == Self.bot }
        #expect(answers.flatMap(\.answered) == lines, "every line answered once, in order: \(said)")
        #expect(lines.map { Self.answers(in: said)[$0] ?? [] } == things.map { ["Added \($0) to the Shopping list."] })
        // Each line applied once: no "2 milk".
        let lan = try LineClient(port: server.port, timeout: 2)
        _ = lan.line()
        _ = lan.ask("login alice pw-alice")
        let list = lan.say("what's on my list?", lines: 30).joined(separator: "\n")
        for thing in things { #expect(list.contains("- \(thing)"), "\(list)") }
        #expect(!list.contains("- 2 "), "\(list)")
    }

    @Test func anInvitationFromAStrangerIsLeftAndAnEncryptedRoomIsToldOnce() throws {
        let (synapse, server) = try Self.household(people: ["ana", "eve"], links: ["alice": "ana"])
        let eve = try MatrixTestClient(synapse, name: "eve", password: "pw-eve")
        let strangers = try eve.createRoom(inviting: [Self.bot], direct: true)
        #expect(server.waitForLog(containing: "msg=\"Matrix invitation from an unlinked user left unanswered\"", seconds: 30) != nil)

        let ana = try MatrixTestClient(synapse, name: "ana", password: "pw-ana")
        let secret = try ana.createRoom(inviting: [Self.bot], direct: true, encrypted: true)
        #expect(server.waitForLog(containing: "msg=\"Matrix room joined\"", seconds: 30) != nil)
        // What an encrypting client sends; the bot cannot read it, and says so once.
        let ciphertext: JSON = .object([("algorithm", .string("m.megolm.v1.aes-sha2")), ("ciphertext", .string("AwgAEn…")),
                                                      ("sender_key", .string("k")), ("session_id", .string("s")), ("device_id", .string("D"))])
        try ana.send(ciphertext, type: "m.room.encrypted", in: secret)
        try ana.send(ciphertext, type: "m.room.encrypted", in: secret)
        let plain = try ana.say("add milk", in: secret)
        let said = try ana.waitFor(in: secret) { Self.answers(in: $0)[plain] != nil }
        let notices = said.filter { $0.sender == Self.bot && $0.kind == "m.notice" }
        #expect(notices.map(\.body) == ["This room is end-to-end encrypted, and I can only read unencrypted rooms: talk to me in a room without encryption."], "\(said)")

        // A member links eve from the command line while the bot is stopped: the
        // invitation she sent before, which the homeserver does not send again, is joined.
        #expect(server.stop() == 0)
        let linked = try ShopTalkBinary.run(["users", "link", "carol", "matrix:\(eve.user)", "--db", server.database])
        try #require(linked.status == 0, "\(linked.error)")
        try server.restart()
        #expect(server.waitForLog(containing: "invited_by=\(eve.user)", seconds: 30) != nil, "\(server.logText())")
        let line = try eve.say("add tea", in: strangers)
        #expect(try Self.answer(to: line, by: eve, in: strangers) == "Added tea to the Shopping list.")
    }
}

extension MatrixEndToEndTests {
    /// What phones and bridges send: the bot's name without a colon or with
    /// an "@", Element's pill, a pasted list of several lines (answered in
    /// one reply), an edit (answered, not applied), and the name alone.
    @Test func theBotIsAddressedAsPhonesAndBridgesDoAndAPastedListIsAnsweredOnce() throws {
        let (synapse, server) = try Self.household(people: ["ana", "ben"], links: ["alice": "ana", "bob": "ben"])
        let ana = try MatrixTestClient(synapse, name: "ana", password: "pw-ana")
        let ben = try MatrixTestClient(synapse, name: "ben", password: "pw-ben")
        let room = try ana.createRoom(inviting: [Self.bot, ben.user])
        try ben.join(room)
        #expect(server.waitForLog(containing: "msg=\"Matrix room joined\"", seconds: 30) != nil)

        var line = try ana.say("shopbot add milk", in: room)
        #expect(try Self.answer(to: line, by: ana, in: room) == "Added milk to the Shopping list.")
        line = try ben.say("@shopbot add 2 eggs", in: room)
        #expect(try Self.answer(to: line, by: ben, in: room) == "Added 2 eggs to the Shopping list.")
        // Element's pill of a bot the room knows by another name: that name in the body, a link to the bot beside it.
        line = try ana.send(.object([("msgtype", .string("m.text")), ("body", .string("Our Shop Bot: add jam")),
                                     ("format", .string("org.matrix.custom.html")),
                                     ("formatted_body", .string("<a href=\"https://matrix.to/#/\(Self.bot)\">Our Shop Bot</a>: add jam")),
                                     ("m.mentions", .object([("user_ids", .array([.string(Self.bot)]))]))]), type: "m.room.message", in: room)
        #expect(try Self.answer(to: line, by: ana, in: room) == "Added jam to the Shopping list.")

        // A list pasted from a phone's notes: each line applied, one reply.
        let pasted = try ana.say("shopbot:\nadd bread\n- add butter\n\nwhat's on Shopping list?\n", in: room)
        let said = try ana.waitFor(in: room) { Self.answers(in: $0)[pasted] != nil }
        #expect(Self.answers(in: said)[pasted] == ["Added bread to the Shopping list.\nAdded butter to the Shopping list.\nShopping list:\nBakery:\n- bread\nDairy and eggs:\n- butter\n- milk\nCupboard:\n- jam"],
                "\(said)")

        // An edit of a line said to the bot is answered, never applied.
        let edit = try ana.send(.object([("msgtype", .string("m.text")), ("body", .string("* shopbot add caviar")),
                                         ("m.new_content", .object([("msgtype", .string("m.text")), ("body", .string("shopbot add caviar"))])),
                                         ("m.relates_to", .object([("rel_type", .string("m.replace")), ("event_id", .string(line))]))]),
                                type: "m.room.message", in: room)
        #expect(try Self.answer(to: edit, by: ana, in: room) == "I don’t act on edits. If you meant “add caviar”, send it as a new message.")
        line = try ben.say("shopbot", in: room)
        #expect(try Self.answer(to: line, by: ben, in: room)?.hasPrefix("Yes? Tell me what to do") == true)
        line = try ana.say("shopbot what's on Shopping list?", in: room)
        #expect(try Self.answer(to: line, by: ana, in: room)?.contains("caviar") == false)
    }

    /// Joining from Matrix, as from IRC: a stranger says "link", a member
    /// confirms the code from a session logged in, and the bot joins the
    /// private chat the stranger had invited it to, and answers there.
    ///
    /// With `--matrix-news-as text`, for bridges that drop notices, what
    /// the bot tells a room is a plain message.
    @Test func aStrangerLinkedFromTheRoomWithAMembersCodeIsAnsweredWhereTheyInvitedTheBot() throws {
        let (synapse, server) = try Self.household(people: ["ana", "eve"], links: ["alice": "ana"], options: ["--matrix-news-as", "text"])
        let eve = try MatrixTestClient(synapse, name: "eve", password: "pw-eve")
        let direct = try eve.createRoom(inviting: [Self.bot], direct: true)
        #expect(server.waitForLog(containing: "msg=\"Matrix invitation from an unlinked user left unanswered\"", seconds: 30) != nil)
        let ana = try MatrixTestClient(synapse, name: "ana", password: "pw-ana")
        let family = try ana.createRoom(inviting: [Self.bot, eve.user])
        try eve.join(family)
        #expect(server.waitForLog(containing: "msg=\"Matrix room joined\"", seconds: 30) != nil)

        let asked = try eve.say("shopbot link", in: family)
        let offer = try #require(try Self.answer(to: asked, by: eve, in: family))
        let code = try #require(offer.split(separator: "“link matrix ").last?.prefix(8), "\(offer)")
        let lan = try LineClient(port: server.port)
        _ = lan.line()
        _ = lan.ask("login carol pw-carol")
        #expect(lan.ask("link matrix wrongcode") == "No Matrix link is waiting for that code: say “link” to the bot in Matrix to get a new one.")
        #expect(lan.ask("link matrix \(code)") == "Linked the Matrix user \(eve.user) to you: what they say to the bot in Matrix speaks for you.")
        #expect(lan.ask("link matrix \(code)").hasPrefix("No Matrix link is waiting"), "a code is used once")
        let said = try eve.waitFor(in: family) { $0.contains { $0.body.hasPrefix("Linked:") } }
        #expect(said.filter { $0.sender == Self.bot && $0.answered.isEmpty }.map { "\($0.kind) \($0.body)" } == ["m.text Linked: \(eve.user) now speaks for carol here."])

        // The private chat eve had invited the bot to is joined, and eve speaks for carol there.
        #expect(server.waitForLog(containing: "invited_by=\(eve.user)", seconds: 30) != nil, "\(server.logText())")
        let line = try eve.say("add milk", in: direct)
        #expect(try Self.answer(to: line, by: eve, in: direct) == "Added milk to the Shopping list.")
        #expect(lan.ask("remove milk") == "Removed milk from the Shopping list.", "the milk is carol's")
    }

    /// A family evening in one room: three members, one of them typing as
    /// a bridged WhatsApp user does (plain text, no pills), 30 lines said
    /// in bursts without waiting, the bot restarted in the middle. Every
    /// line is answered once, in the order said, none refused, and each
    /// change the others hear of is told once.
    @Test func aFamilyEveningOfThirtyLinesWithARestartIsAnsweredOnceInOrder() throws {
        let (synapse, server) = try Self.household(people: ["ana", "ben", "cy"], links: ["alice": "ana", "bob": "ben", "carol": "cy"])
        try synapse.liftRateLimit(of: [Self.bot] + ["ana", "ben", "cy"].map { "@\($0):\(SynapseServer.serverName)" })
        let ana = try MatrixTestClient(synapse, name: "ana", password: "pw-ana")
        let ben = try MatrixTestClient(synapse, name: "ben", password: "pw-ben")
        let cy = try MatrixTestClient(synapse, name: "cy", password: "pw-cy")
        let room = try ana.createRoom(inviting: [Self.bot, ben.user, cy.user])
        try ben.join(room)
        try cy.join(room)
        #expect(server.waitForLog(containing: "msg=\"Matrix room joined\"", seconds: 30) != nil)

        var said: [String] = [] // event IDs, in the order said
        func burst(_ lines: [(MatrixTestClient, String)]) throws {
            for (who, text) in lines { said.append(try who.say(text, in: room)) }
        }
        func waitForAll() throws -> [MatrixTestClient.Said] {
            try ana.waitFor(in: room, seconds: 90) { timeline in Set(said).isSubset(of: Set(Self.answers(in: timeline).keys)) }
        }
        try burst([
            (ana, "shopbot: create list Groceries"), (ana, "shopbot: share Groceries with bob"), (ana, "shopbot: share Groceries with carol"),
            (ben, "@shopbot accept Groceries"), (cy, "shopbot accept Groceries"),
            (ana, "shopbot, add milk to Groceries"), (ben, "shopbot add 2 eggs to Groceries"), (cy, "shopbot add bread to Groceries"),
            (cy, "Shopbot what's on Groceries?"), (ben, "shopbot: add butter to Groceries"),
            (ana, "shopbot: add rice to Groceries"), (cy, "shopbot add apples to Groceries"), (ben, "shopbot: add jam to Groceries"),
            (ana, "shopbot: add cheese to Groceries"), (cy, "shopbot add tea to Groceries"),
        ])
        _ = try waitForAll()
        // The bot stops; five lines are said while it is away; it comes back.
        #expect(server.stop() == 0)
        try burst([(ben, "shopbot: add coffee to Groceries"), (cy, "shopbot add oranges to Groceries"), (ana, "shopbot: add pasta to Groceries"),
                   (cy, "shopbot remove tea from Groceries"), (ben, "shopbot: add flour to Groceries")])
        try server.restart()
        try burst([
            (ana, "shopbot: remove milk from Groceries"), (cy, "shopbot what's on Groceries?"), (ben, "shopbot: add sugar to Groceries"),
            (cy, "shopbot add honey to Groceries"), (ana, "shopbot: add yoghurt to Groceries"), (ben, "shopbot: remove jam from Groceries"),
            (cy, "shopbot add carrots to Groceries"), (ana, "shopbot: add onions to Groceries"), (ben, "shopbot: add lemons to Groceries"),
            (ana, "shopbot: what's on Groceries?"),
        ])
        #expect(said.count == 30)
        let timeline = try waitForAll()
        let answers = Self.answers(in: timeline)
        #expect(said.allSatisfy { answers[$0]?.count == 1 }, "every line answered once: \(timeline)")
        #expect(timeline.filter { $0.sender == Self.bot }.flatMap(\.answered) == said, "in the order said")
        #expect(!answers.values.joined().contains { $0.hasPrefix("Sorry") || $0.contains("didn't understand") }, "\(answers)")
        #expect(answers[said[29]]?.first?.contains("yoghurt") == true && answers[said[29]]?.first?.contains("tea") == false, "\(answers[said[29]] ?? [])")
        // News: each change told once in the room, whoever it was for.
        let notices = timeline.filter { $0.sender == Self.bot && $0.kind == "m.notice" }.map(\.body)
        #expect(Set(notices).count == notices.count, "no notice twice: \(notices)")
        // A change made in the room is answered there: the room is not told it again as news.
        #expect(!notices.contains { $0.contains("added bread") || $0.contains("added 2 eggs") }, "\(notices)")
        // News that speaks to one person names them in a room others read.
        #expect(notices.contains { $0.hasPrefix("bob: alice shared Groceries with you") } && notices.contains { $0.hasPrefix("carol: alice shared Groceries with you") },
                "\(notices)")
    }

    static func answer(to id: String, by client: MatrixTestClient, in room: String, seconds: Double) throws -> String? {
        try answers(in: client.waitFor(in: room, seconds: seconds) { answers(in: $0)[id] != nil })[id]?.first
    }
}
