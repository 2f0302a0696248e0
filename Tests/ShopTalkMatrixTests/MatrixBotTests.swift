import ShopTalkJSON
import ShopTalkMatrix
import Testing

/// The Matrix bot as a value: what it makes of a sync, without a homeserver.
@Suite("The Matrix bot's protocol")
struct MatrixBotTests {
    static let me = "@shoptalk:home.test"

    static func sync(_ text: String) throws -> MatrixSync { try MatrixSync(JSONReader.parse(text), me: me) }

    static func message(_ id: String, from sender: String, _ body: String, kind: String = "m.text", extra: String = "") -> String {
        #"{"type":"m.room.message","event_id":"\#(id)","sender":"\#(sender)","content":{"msgtype":"\#(kind)","body":"\#(body)"\#(extra)}}"#
    }

    static func room(_ id: String, members: Int? = nil, state: String = "", _ events: [String]) -> String {
        let summary = members.map { #""summary":{"m.joined_member_count":\#($0)},"# } ?? ""
        return #""\#(id)":{\#(summary)"state":{"events":[\#(state)]},"timeline":{"events":[\#(events.joined(separator: ","))]}}"#
    }

    static func batch(_ next: String, rooms: [String] = [], invites: String = "") -> String {
        #"{"next_batch":"\#(next)","rooms":{"join":{\#(rooms.joined(separator: ","))},"invite":{\#(invites)}}}"#
    }

    /// A bot past its first sync, in a room with ana alone (two members) and a family room of four.
    static func started() throws -> MatrixBot {
        var bot = MatrixBot(me: me)
        _ = bot.take(try sync(batch("s1", rooms: [room("!dm:h", members: 2, []), room("!family:h", members: 4, [])])))
        bot.finishBatch()
        return bot
    }

    @Test func whatWasSaidBeforeTheFirstSyncIsHistory() throws {
        var bot = MatrixBot(me: Self.me)
        let actions = bot.take(try Self.sync(Self.batch("s1", rooms: [Self.room("!dm:h", members: 2, [Self.message("$old", from: "@ana:h", "add milk")])])))
        #expect(actions.isEmpty)
        bot.finishBatch()
        #expect(bot.since == "s1")
    }

    @Test func inARoomOfTwoEveryLineIsForTheBotInABiggerOneOnlyWhatAddressesIt() throws {
        var bot = try Self.started()
        let actions = bot.take(try Self.sync(Self.batch("s2", rooms: [
            Self.room("!dm:h", [Self.message("$1", from: "@ana:h", "add milk")]),
            Self.room("!family:h", [
                Self.message("$2", from: "@ben:h", "who's cooking tonight?"),
                Self.message("$3", from: "@ben:h", "shoptalk: add 2 eggs to Groceries"),
                Self.message("$4", from: "@ben:h", "Shoptalk, what's on Groceries?"),
                Self.message("$5", from: "@ana:h", "bread too", extra: #","m.mentions":{"user_ids":["@shoptalk:home.test"]}"#),
                Self.message("$6", from: Self.me, "Added milk to the Shopping list."),
                Self.message("$7", from: "@other-bot:h", "shoptalk: hi", kind: "m.notice"),
            ]),
        ])))
        #expect(actions == [
            .answer(.init(room: "!dm:h", eventID: "$1", sender: "@ana:h", text: "add milk", inPrivate: true)),
            .answer(.init(room: "!family:h", eventID: "$3", sender: "@ben:h", text: "add 2 eggs to Groceries")),
            .answer(.init(room: "!family:h", eventID: "$4", sender: "@ben:h", text: "what's on Groceries?")),
            .answer(.init(room: "!family:h", eventID: "$5", sender: "@ana:h", text: "bread too")),
        ])
    }

    @Test func aReplyIsReadWithoutTheQuoteItCarriesAndAnEditIsNotAppliedButAnswered() throws {
        var bot = try Self.started()
        let reply = Self.message("$r", from: "@ana:h", #"> <@shoptalk:home.test> Added milk.\n\nand butter"#,
                                 extra: #","m.relates_to":{"m.in_reply_to":{"event_id":"$x"}}"#)
        let edit = Self.message("$e", from: "@ana:h", "* add cheese", extra: #","m.relates_to":{"rel_type":"m.replace","event_id":"$r"}"#)
        let newContent = Self.message("$f", from: "@ana:h", "* shoptalk: add brie", extra: #","m.new_content":{"msgtype":"m.text","body":"shoptalk: add brie"},"m.relates_to":{"rel_type":"m.replace","event_id":"$q"}"#)
        let talk = Self.message("$g", from: "@ben:h", "* see you at 6", extra: #","m.relates_to":{"rel_type":"m.replace","event_id":"$p"}"#)
        let actions = bot.take(try Self.sync(Self.batch("s2", rooms: [Self.room("!dm:h", [reply, edit]), Self.room("!family:h", [newContent, talk])])))
        #expect(actions == [
            .answer(.init(room: "!dm:h", eventID: "$r", sender: "@ana:h", text: "and butter", inPrivate: true)),
            .refuseEdit(.init(room: "!dm:h", eventID: "$e", sender: "@ana:h", text: "add cheese", inPrivate: true)),
            // In a bigger room, only an edit that addresses the bot is answered.
            .refuseEdit(.init(room: "!family:h", eventID: "$f", sender: "@ana:h", text: "add brie")),
        ])
    }

    /// As phones and bridges send it: the name typed with or without "@",
    /// with ":", ",", or a space after it, the display name, an Element
    /// pill of whatever text; a name alone is an empty line (a hello).
    @Test func aMemberAddressesTheBotAsPeopleTypeIt() throws {
        var bot = try Self.started()
        bot.displayName = "ShopBot"
        let pill = #","format":"org.matrix.custom.html","formatted_body":"<a href=\"https://matrix.to/#/%40shoptalk%3Ahome.test\">Shopping &amp; Co</a>: add tea""#
        let actions = bot.take(try Self.sync(Self.batch("s2", rooms: [Self.room("!family:h", [
            Self.message("$1", from: "@ben:h", "shoptalk add milk"),
            Self.message("$2", from: "@ben:h", "@shoptalk add eggs"),
            Self.message("$3", from: "@ben:h", "@shoptalk:home.test: add jam"),
            Self.message("$4", from: "@ben:h", "shopbot, add bread"),
            Self.message("$5", from: "@ben:h", "Shopping & Co: add tea", extra: pill),
            Self.message("$6", from: "@ben:h", "shoptalkers unite"),
            Self.message("$7", from: "@ben:h", "Shoptalk?"),
            Self.message("$8", from: "@ben:h", "shopping later?"),
        ])])))
        #expect(actions.map { action -> String in
            guard case .answer(let line) = action else { return "\(action)" }
            return "\(line.eventID) \(line.text)"
        } == ["$1 add milk", "$2 add eggs", "$3 add jam", "$4 add bread", "$5 add tea", "$7 "])
    }

    /// A pasted list, or a line with a newline after it: a line each,
    /// bullets and numbers dropped, blank lines gone, the last marked so
    /// the answers go out together; after a restart, only what was left.
    @Test func aMessageOfSeveralLinesIsALineEach() throws {
        var bot = try Self.started()
        let pasted = Self.batch("s2", rooms: [Self.room("!dm:h", [
            Self.message("$1", from: "@ana:h", #"add milk\n- eggs\n\n2) bread\n"#),
            Self.message("$2", from: "@ana:h", #"what's on the list?\n"#),
        ])])
        let actions = bot.take(try Self.sync(pasted))
        #expect(actions == [
            .answer(.init(room: "!dm:h", eventID: "$1", sender: "@ana:h", text: "add milk", part: 0, isLast: false, inPrivate: true)),
            .answer(.init(room: "!dm:h", eventID: "$1", sender: "@ana:h", text: "eggs", part: 1, isLast: false, inPrivate: true)),
            .answer(.init(room: "!dm:h", eventID: "$1", sender: "@ana:h", text: "bread", part: 2, isLast: true, inPrivate: true)),
            .answer(.init(room: "!dm:h", eventID: "$2", sender: "@ana:h", text: "what's on the list?", inPrivate: true)),
        ])
        guard case .answer(let first) = actions[0], case .answer(let second) = actions[1] else { return }
        bot.answered(first)
        bot.answered(second)
        var again = MatrixBot(me: Self.me, saved: bot.saved)
        #expect(again.take(try Self.sync(pasted)).map { action -> String in
            guard case .answer(let line) = action else { return "\(action)" }
            return line.id
        } == ["$1#2", "$2"])
    }

    /// Membership followed: one who left (or was kicked or banned) gets news
    /// there no longer; one who left and came back in the same answer is in.
    @Test func whoLeftARoomAndARoomTheBotLeftAreTold() throws {
        var bot = try Self.started()
        let member = { (user: String, membership: String) in
            #"{"type":"m.room.member","event_id":"$m\#(user)\#(membership)","sender":"\#(user)","state_key":"\#(user)","content":{"membership":"\#(membership)"}}"#
        }
        let text = #"{"next_batch":"s2","rooms":{"join":{"#
            + Self.room("!family:h", [member("@ben:h", "leave"), member("@cy:h", "ban"), member("@di:h", "leave"), member("@di:h", "join")])
            + #"},"leave":{"!old:h":{"timeline":{"events":[]}}}}}"#
        #expect(bot.take(try Self.sync(text)) == [
            .left(room: "!old:h", user: Self.me),
            .left(room: "!family:h", user: "@ben:h"),
            .left(room: "!family:h", user: "@cy:h"),
        ])
    }

    /// When the bot is behind, answers to several people's lines go out as
    /// one message: each named once before their answers, all mentioned,
    /// and which line each answer is to kept for programs that read the room.
    @Test func answersToSeveralPeoplesLinesGoOutAsOneMessageThatNamesThem() {
        let ana = MatrixBot.Line(room: "!family:h", eventID: "$1", sender: "@ana:h", text: "")
        let ben = MatrixBot.Line(room: "!family:h", eventID: "$2", sender: "@ben:h", text: "")
        let also = MatrixBot.Line(room: "!family:h", eventID: "$3", sender: "@ben:h", text: "")
        let joined = MatrixBot.joined([MatrixBot.reply("Added milk.", to: ana), MatrixBot.reply("Groceries:\n- milk", to: ben), MatrixBot.reply("Added jam.", to: also)])
        #expect(joined["body"] == .string("ana › Added milk.\nben › Groceries:\n  - milk\n  Added jam."))
        #expect(joined["m.mentions"]?["user_ids"] == .array([.string("@ana:h"), .string("@ben:h")]))
        #expect(joined["m.relates_to"] == nil)
        #expect(joined["org.shoptalk.answers"]?.arrayValue.compactMap { $0["event_id"]?.stringValue } == ["$1", "$2", "$3"])
        // A name is made safe as the answers are.
        let odd = MatrixBot.Line(room: "!family:h", eventID: "$5", sender: "@x\u{1B}[2J\u{202E}:h", text: "")
        #expect(MatrixBot.joined([MatrixBot.reply("Added milk.", to: ana), MatrixBot.reply("Added tea.", to: odd)])["body"]
                == .string("ana › Added milk.\nx[2J › Added tea."))
        // One person's lines: no names.
        let alone = MatrixBot.joined([MatrixBot.reply("Added milk.", to: ana), MatrixBot.reply("Added eggs.", to: .init(room: "!family:h", eventID: "$4", sender: "@ana:h", text: ""))])
        #expect(alone["body"] == .string("Added milk.\nAdded eggs."))
    }

    @Test func newsForOnePersonInAGroupRoomNamesAndMentionsThem() {
        let named = MatrixBot.naming("@ben:h", shown: "bob", in: MatrixBot.notice("alice shared Groceries with you (can edit)."))
        #expect(named["body"] == .string("bob: alice shared Groceries with you (can edit)."))
        #expect(named["m.mentions"]?["user_ids"] == .array([.string("@ben:h")]))
        #expect(named["msgtype"] == .string("m.notice"))
    }

    @Test func theAnswersToOneMessageGoOutAsOneReply() {
        let lines = ["Added milk.", "Added eggs.", "Added bread."].enumerated().map { part, text in
            MatrixBot.reply(text, to: .init(room: "!dm:h", eventID: "$1", sender: "@ana:h", text: "", part: part, isLast: part == 2))
        }
        let joined = MatrixBot.joined(lines)
        #expect(joined["body"] == .string("Added milk.\nAdded eggs.\nAdded bread."))
        #expect(MatrixBot.answered(by: joined) == "$1")
        #expect(MatrixBot.answered(by: MatrixBot.notice("ben added eggs.")) == nil)
    }

    @Test func anInvitationIsPassedOnWithItsInviter() throws {
        var bot = try Self.started()
        let invite = #""!new:h":{"invite_state":{"events":[{"type":"m.room.member","state_key":"@shoptalk:home.test","sender":"@ana:h","content":{"membership":"invite"}}]}}"#
        #expect(bot.take(try Self.sync(Self.batch("s2", invites: invite))) == [.join(room: "!new:h", inviter: "@ana:h")])
    }

    @Test func anEncryptedRoomIsToldOnceThatTheBotCannotReadIt() throws {
        var bot = try Self.started()
        let encryption = #"{"type":"m.room.encryption","state_key":"","sender":"@ana:h","content":{"algorithm":"m.megolm.v1.aes-sha2"}}"#
        let secret = #"{"type":"m.room.encrypted","event_id":"$s","sender":"@ana:h","content":{"ciphertext":"…"}}"#
        #expect(bot.take(try Self.sync(Self.batch("s2", rooms: [Self.room("!dm:h", state: encryption, [secret])]))) == [.tellEncrypted(room: "!dm:h")])
        bot.finishBatch()
        #expect(bot.take(try Self.sync(Self.batch("s3", rooms: [Self.room("!dm:h", [secret])]))).isEmpty)
    }

    @Test func aBotRestartedInTheMiddleOfABatchAnswersOnlyWhatWasLeft() throws {
        var bot = try Self.started()
        let lines = Self.batch("s2", rooms: [Self.room("!dm:h", [Self.message("$1", from: "@ana:h", "add milk"), Self.message("$2", from: "@ana:h", "add jam")])])
        guard case .answer(let first) = bot.take(try Self.sync(lines)).first else { Issue.record("no answer"); return }
        bot.answered(first)
        let kept = bot.saved
        // The process ends here; the next one starts from what was kept.
        var again = MatrixBot(me: Self.me, saved: kept)
        #expect(again.since == "s1")
        #expect(again.take(try Self.sync(lines)) == [.answer(.init(room: "!dm:h", eventID: "$2", sender: "@ana:h", text: "add jam", inPrivate: true))])
        again.finishBatch()
        #expect(MatrixBot(me: Self.me, saved: again.saved).since == "s2")
        #expect(again.saved.contains(#""handled":[]"#))
    }

    @Test func aRoomWhoseSizeTheBotForgotIsAskedAbout() throws {
        var bot = MatrixBot(me: Self.me, saved: #"{"since":"s1"}"#)
        let sync = try Self.sync(Self.batch("s2", rooms: [Self.room("!dm:h", [Self.message("$1", from: "@ana:h", "add milk")]), Self.room("!quiet:h", [])]))
        #expect(bot.roomsOfUnknownSize(in: sync) == ["!dm:h"])
        bot.roomHas("!dm:h", members: 2)
        #expect(bot.take(sync) == [.answer(.init(room: "!dm:h", eventID: "$1", sender: "@ana:h", text: "add milk", inPrivate: true))])
    }

    @Test func aStrangerIsToldOnce() {
        var bot = MatrixBot(me: Self.me)
        let first = bot.shouldTellStranger("@eve:h"), again = bot.shouldTellStranger("@eve:h"), other = bot.shouldTellStranger("@mallory:h")
        #expect(first && !again && other)
    }

    @Test func anAnswerIsAReplyElementShowsAndNewsIsANotice() throws {
        let line = MatrixBot.Line(room: "!dm:h", eventID: "$1", sender: "@ana:h", text: "add milk")
        let reply = MatrixBot.reply("Added milk.\nAnd \u{1B}[31mred\u{202E}.", to: line)
        #expect(reply["msgtype"] == .string("m.text"))
        #expect(reply["body"] == .string("Added milk.\nAnd [31mred."), "lines kept, controls and direction overrides dropped")
        #expect(reply["m.relates_to"]?["m.in_reply_to"]?["event_id"] == .string("$1"))
        #expect(MatrixBot.notice("ben added eggs.")["msgtype"] == JSON.string("m.notice"))
    }
}

/// Linking from Matrix: codes for strangers who ask, confirmed by a member.
@Suite("The Matrix bot's link codes")
struct MatrixLinkDeskTests {
    @Test func aCodeIsTakenOnceAndOnlyInItsTime() {
        var desk = MatrixLinkDesk()
        let now = ContinuousClock.now
        #expect(MatrixLinkDesk.isRequest("  Link ") && !MatrixLinkDesk.isRequest("link milk"))
        #expect(desk.mayOffer(to: "@eve:h", now: now) == true)
        desk.keep(code: "ab12cd34", for: "@eve:h", now: now)
        #expect(desk.take(code: "AB12CD34", now: now + .seconds(60)) == "@eve:h")
        #expect(desk.take(code: "ab12cd34", now: now + .seconds(61)) == nil, "once")
        desk.keep(code: "late0000", for: "@eve:h", now: now)
        #expect(desk.take(code: "late0000", now: now + MatrixLinkDesk.codeLifetime + .seconds(1)) == nil, "expired")
    }

    @Test func aNewCodeReplacesTheOldAndAUserAsksOnlySoOften() {
        var desk = MatrixLinkDesk()
        let now = ContinuousClock.now
        for second in 0..<MatrixLinkDesk.requestsPerUser {
            #expect(desk.mayOffer(to: "@eve:h", now: now + .seconds(second)) == true)
            desk.keep(code: "code\(second)", for: "@eve:h", now: now)
        }
        #expect(desk.mayOffer(to: "@eve:h", now: now + .seconds(10)) == false)
        #expect(desk.mayOffer(to: "@eve:h", now: now + MatrixLinkDesk.requestInterval + .seconds(3)) == true)
        #expect(desk.take(code: "code0", now: now) == nil && desk.take(code: "code2", now: now) == "@eve:h")
    }

    @Test func aFullDeskOffersNoNewCode() {
        var desk = MatrixLinkDesk()
        let now = ContinuousClock.now
        for number in 0..<MatrixLinkDesk.pendingLimit {
            #expect(desk.mayOffer(to: "@u\(number):h", now: now) == true)
            desk.keep(code: "c\(number)", for: "@u\(number):h", now: now)
        }
        #expect(desk.mayOffer(to: "@late:h", now: now) == false)
        #expect(desk.mayOffer(to: "@u1:h", now: now) == true, "one who has a code may have it replaced")
        #expect(desk.mayOffer(to: "@late:h", now: now + MatrixLinkDesk.codeLifetime + .seconds(1)) == true, "expired codes make room")
    }

    @Test func roomsAStrangerInvitedTheBotToAreKeptUntilTheyAreLinked() {
        var desk = MatrixLinkDesk()
        desk.invited(to: "!a:h", by: "@eve:h")
        desk.invited(to: "!b:h", by: "@eve:h")
        desk.invited(to: "!a:h", by: "@eve:h")
        #expect(desk.invitations(of: "@eve:h") == ["!a:h", "!b:h"])
        #expect(desk.invitations(of: "@eve:h").isEmpty)
    }

    /// The homeserver sends an invitation once: a restart reads back the ones still waiting.
    @Test func invitationsWaitingOutlastARestart() {
        var desk = MatrixLinkDesk()
        desk.invited(to: "!a:h", by: "@eve:h")
        desk.invited(to: "!b:h", by: "@eve:h")
        desk.invited(to: "!c:h", by: "@zed:h")
        var restarted = MatrixLinkDesk()
        restarted.restoreInvitations(desk.savedInvitations)
        #expect(restarted.inviters == ["@eve:h", "@zed:h"])
        #expect(restarted.invitations(of: "@eve:h") == ["!a:h", "!b:h"])
        #expect(restarted.inviters == ["@zed:h"])
        restarted.restoreInvitations("scribbled\n\n")
        #expect(restarted.inviters == ["@zed:h"])
    }
}

/// A join is lost unless it is repeated: the invitation comes in one sync answer.
@Suite("Trying a join again")
struct MatrixRetryTests {
    @Test func aRateLimitIsWaitedOutAsTheHomeserverSays() {
        #expect(MatrixOutcome.retryDelay(after: .rateLimited(milliseconds: 1_200), attempt: 1) == .milliseconds(1_200))
        #expect(MatrixOutcome.retryDelay(after: .rateLimited(milliseconds: 0), attempt: 2) == .milliseconds(50))
    }

    @Test func aServerErrorOrNoAnswerIsTriedAgainAfterAPauseThatDoubles() {
        let pauses = (1...5).map { MatrixOutcome.retryDelay(after: .failed(status: 502, code: "", message: "Bad Gateway"), attempt: $0) }
        #expect(pauses == [.milliseconds(500), .milliseconds(1_000), .milliseconds(2_000), .milliseconds(4_000), .milliseconds(8_000)])
        #expect(MatrixOutcome.retryDelay(after: nil, attempt: 1) == .milliseconds(500))
    }

    @Test func successARefusalAndTheLastTryAreFinal() {
        #expect(MatrixOutcome.retryDelay(after: .ok(.object([])), attempt: 1) == nil)
        #expect(MatrixOutcome.retryDelay(after: .failed(status: 403, code: "M_FORBIDDEN", message: "not invited"), attempt: 1) == nil)
        #expect(MatrixOutcome.retryDelay(after: .loggedOut, attempt: 1) == nil)
        #expect(MatrixOutcome.retryDelay(after: .rateLimited(milliseconds: 100), attempt: 6) == nil)
        #expect(MatrixOutcome.retryDelay(after: nil, attempt: 6, attempts: 6) == nil)
    }
}
