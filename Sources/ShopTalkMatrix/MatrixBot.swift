import ShopTalkJSON

/// The household's bot on Matrix as a value: it takes what the homeserver
/// said (``MatrixSync``) and returns what to do — join a room, answer a
/// line, tell a room once that it is encrypted, remember where to go on
/// from. It does no I/O and knows no member: the transport that holds it
/// (the server's `MatrixBridge`) asks the store who a Matrix user is, sends
/// requests, and waits out rate limits.
public struct MatrixBot: Sendable {
    /// The bot's own user ID, "@shoptalk:example.org".
    public let me: String
    /// The name the room shows for the bot ("ShopBot"), which people type
    /// and Element puts in a pill; nil until the homeserver has said.
    public var displayName: String?
    /// Where the next `/sync` goes on from; nil before the first.
    public private(set) var since: String?
    /// Lines of the batch after `since` already answered: after a restart
    /// in the middle of one, they are not answered again.
    public private(set) var handled: Set<String>
    private var rooms: [String: RoomState] = [:]
    private var toldStrangers: Set<String> = []

    private struct RoomState {
        var joinedMembers: Int?
        var encrypted = false
        var toldEncrypted = false
    }

    /// Where the batch being answered leads; `since` once it is done.
    private var next: String?

    public init(me: String, since: String? = nil, handled: Set<String> = []) {
        self.me = me
        self.since = since
        self.handled = handled
    }

    /// A bot that goes on where one that kept ``saved`` stopped: from the
    /// same sync, past the lines it answered, knowing how big each room is
    /// (a later sync tells that only when it changes).
    public init(me: String, saved: String?) {
        let json = saved.flatMap { try? JSONReader.object($0) }
        self.init(me: me, since: json?["since"]?.stringValue, handled: Set(json?["handled"]?.arrayValue.compactMap(\.stringValue) ?? []))
        for (room, members) in json?["rooms"]?.objectMembers ?? [] {
            rooms[room] = RoomState(joinedMembers: members.intValue)
        }
    }

    /// What a restart needs, as one text to keep.
    public var saved: String {
        JSON.object([
            ("since", JSON(since)),
            ("handled", .array(handled.sorted().map(JSON.string))),
            ("rooms", .object(rooms.compactMap { room, state in state.joinedMembers.map { (room, .int($0)) } }.sorted { $0.0 < $1.0 })),
        ]).serialized
    }

    /// A line said to the bot.
    public struct Line: Equatable, Sendable {
        public var room: String
        public var eventID: String
        public var sender: String
        /// What was said, without the bot's name when it was addressed by
        /// name; empty when the name was all ("shopbot?").
        public var text: String
        /// Which line of a message of several (a pasted list) this is, from 0.
        public var part: Int
        /// Whether it is the message's last line: the answers to all its
        /// lines go out together, as one message.
        public var isLast: Bool
        /// Said in a room of the sender and the bot alone.
        public var inPrivate: Bool

        public init(room: String, eventID: String, sender: String, text: String, part: Int = 0, isLast: Bool = true, inPrivate: Bool = false) {
            self.room = room
            self.eventID = eventID
            self.sender = sender
            self.text = text
            self.part = part
            self.isLast = isLast
            self.inPrivate = inPrivate
        }

        /// The line's own ID: its message's, and its place after "#" past the first line.
        public var id: String { part == 0 ? eventID : "\(eventID)#\(part)" }
    }

    public enum Action: Equatable, Sendable {
        /// Join this room if `inviter` speaks for a member.
        case join(room: String, inviter: String)
        /// Apply the line for the member `sender` is linked to, and answer it.
        case answer(Line)
        /// Tell the room once that the bot reads no encrypted messages.
        case tellEncrypted(room: String)
        /// A line said to the bot was edited (`m.replace`): the edit is not
        /// applied, and its sender is told to send it again.
        case refuseEdit(Line)
        /// `user` is no longer in `room` (nor, when `user` is the bot, is
        /// anyone it knows): news goes there no longer.
        case left(room: String, user: String)
    }

    /// What to do about a sync answer. A first sync (no `since`) answers
    /// nothing: what was said before the bot started is history. Lines are
    /// answered when said to the bot: every line in a room with one person
    /// and the bot, and in a bigger room those that mention it or begin
    /// with its name ("shoptalk: add milk"), as in an IRC channel.
    public mutating func take(_ sync: MatrixSync) -> [Action] {
        var actions: [Action] = sync.invites.map { .join(room: $0.room, inviter: $0.inviter) }
        let first = since == nil
        for room in sync.roomsLeft {
            rooms[room] = nil
            if !first { actions.append(.left(room: room, user: me)) }
        }
        for update in sync.rooms {
            var room = rooms[update.id] ?? RoomState()
            if let count = update.joinedMembers { room.joinedMembers = count }
            if update.encrypted { room.encrypted = true }
            defer { rooms[update.id] = room }
            guard !first else { continue }
            if room.encrypted && !room.toldEncrypted {
                room.toldEncrypted = true
                actions.append(.tellEncrypted(room: update.id))
            }
            actions += update.left.filter { $0 != me }.map { .left(room: update.id, user: $0) }
            let direct = (room.joinedMembers ?? 3) <= 2
            for message in update.events where message.sender != me && message.kind == "m.text" {
                if message.isEdit {
                    var edited = message
                    edited.body = message.editedBody ?? String(message.body.trimmingPrefix("* "))
                    if !handled.contains(message.eventID), let text = addressedText(edited, inDirectRoom: direct) {
                        actions.append(.refuseEdit(Line(room: update.id, eventID: message.eventID, sender: message.sender, text: text, inPrivate: direct)))
                    }
                    continue
                }
                guard let text = addressedText(message, inDirectRoom: direct) else { continue }
                let lines = Self.lines(of: text)
                for (part, line) in lines.enumerated() {
                    let said = Line(room: update.id, eventID: message.eventID, sender: message.sender, text: line, part: part,
                                    isLast: part == lines.count - 1, inPrivate: direct)
                    if !handled.contains(said.id) { actions.append(.answer(said)) }
                }
            }
        }
        next = sync.nextBatch
        return actions
    }

    /// The rooms of `sync` with lines in them whose size the bot does not
    /// know (the homeserver tells it only when it changes): ask, and tell
    /// ``roomHas(_:members:)``, before ``take(_:)``.
    public func roomsOfUnknownSize(in sync: MatrixSync) -> [String] {
        guard since != nil else { return [] }
        return sync.rooms.filter { !$0.events.isEmpty && $0.joinedMembers == nil && rooms[$0.id]?.joinedMembers == nil }.map(\.id)
    }

    public mutating func roomHas(_ room: String, members: Int) { rooms[room, default: RoomState()].joinedMembers = members }

    /// A line is answered: after a restart it is not answered again. Keep ``saved`` after it.
    public mutating func answered(_ line: Line) { handled.insert(line.id) }

    /// Everything the last answer asked for is done: the next sync goes on
    /// after it. Keep ``saved`` after it.
    public mutating func finishBatch() {
        guard let next else { return }
        since = next
        handled = []
        self.next = nil
    }

    /// Whether to tell `user`, who speaks for no member, how to be linked:
    /// once, not on every line.
    public mutating func shouldTellStranger(_ user: String) -> Bool {
        if toldStrangers.count > 1_000 { toldStrangers = [] }
        return toldStrangers.insert(user).inserted
    }

    /// The text of a message said to the bot, or nil for talk among the
    /// room's people: what follows the bot's name at its start (typed, or
    /// a pill), or, in a room of two or where it mentions the bot, all of it.
    func addressedText(_ message: MatrixSync.Message, inDirectRoom: Bool) -> String? {
        let body = message.body.trimmingSpaces
        var names = [me, String(me.dropFirst().prefix { $0 != ":" })] + (displayName.map { [$0] } ?? [])
        if let pill = message.formattedBody.flatMap({ Self.pillText(in: $0, linking: me) }) { names.append(pill) }
        if let rest = Self.afterName(names, in: body) { return rest }
        if inDirectRoom || message.mentions.contains(me) { return body }
        return nil
    }

    /// "shoptalk: add milk", "@shoptalk add milk", "ShopBot, add milk" →
    /// "add milk": one of `names` at the start, with or without "@", then
    /// ":", ",", a space, a line's end, or nothing more ("shoptalk?" → "").
    static func afterName(_ names: [String], in body: String) -> String? {
        let lowered = body.lowercased()
        for name in names.map({ $0.lowercased() }).sorted(by: { $0.count > $1.count }) where !name.isEmpty {
            for typed in name.hasPrefix("@") ? [name] : ["@" + name, name] where lowered.hasPrefix(typed) {
                let rest = body.dropFirst(typed.count)
                guard let mark = rest.first else { return "" }
                guard isMarkAfterName(mark) else { continue }
                return String(rest.drop(while: isMarkAfterName)).trimmingSpaces
            }
        }
        return nil
    }

    /// What may follow the bot's name: "shopbot: …", "shopbot, …", "shopbot?", "shopbot add …".
    private static func isMarkAfterName(_ mark: Character) -> Bool {
        mark == ":" || mark == "," || mark == "?" || mark == "!" || mark.isWhitespace
    }

    /// The text of a pill that starts `html` and links `user` (Element's
    /// `<a href="https://matrix.to/#/@shopbot:example.org">ShopBot</a>: …`),
    /// which the plain body starts with.
    static func pillText(in html: String, linking user: String) -> String? {
        let html = html.trimmingSpaces
        guard html.hasPrefix("<a href=\""), let close = html.firstIndex(of: ">") else { return nil }
        let href = html[html.index(html.startIndex, offsetBy: 9)..<close].prefix { $0 != "\"" }
        guard let end = html[close...].split(separator: "</a>", maxSplits: 1, omittingEmptySubsequences: false).first.map({ $0.endIndex }),
              end != html.endIndex else { return nil }
        let target = percentDecoded(href)
        guard target.hasSuffix("/#/" + user) || target.hasSuffix("/#/" + user + "/") else { return nil }
        var text = String(html[html.index(after: close)..<end])
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.split(separator: entity, omittingEmptySubsequences: false).joined(separator: character)
        }
        return text.isEmpty ? nil : text
    }

    /// "%40shopbot%3Aexample.org" → "@shopbot:example.org"; a "%" not
    /// followed by two hex digits is kept as it is.
    static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.index(after: utf8.startIndex)]) {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The lines of a message: a pasted list is a line each, without its
    /// bullets ("- milk", "• eggs", "2) bread"); blank lines go. A message of
    /// the name alone is one empty line, which is answered with a hello.
    static func lines(of text: String) -> [String] {
        let lines = text.split(whereSeparator: \.isNewline).map { line -> String in
            var line = Substring(line.trimmingSpaces)
            for bullet in ["- ", "* ", "• ", "– ", "· "] where line.hasPrefix(bullet) { line = line.dropFirst(bullet.count) }
            if let mark = line.firstIndex(where: { $0 == "." || $0 == ")" }), mark != line.startIndex,
               line[..<mark].allSatisfy({ ("0"..."9").contains($0) }), line[line.index(after: mark)...].first == " " {
                line = line[line.index(after: mark)...]
            }
            return String(line).trimmingSpaces
        }.filter { !$0.isEmpty }
        return lines.isEmpty ? [""] : lines
    }

    // MARK: What the bot says

    /// An answer to `line`, shown by Element as a reply to it.
    public static func reply(_ text: String, to line: Line) -> JSON {
        .object([
            ("msgtype", .string("m.text")),
            ("body", .string(safe(text))),
            ("m.relates_to", .object([("m.in_reply_to", .object([("event_id", .string(line.eventID))]))])),
            ("m.mentions", .object([("user_ids", .array([.string(line.sender)]))])),
        ])
    }

    /// The event a reply of ``reply(_:to:)`` answers; nil for anything else.
    public static func answered(by content: JSON) -> String? {
        guard content["msgtype"]?.stringValue == "m.text" else { return nil }
        return content["m.relates_to"]?["m.in_reply_to"]?["event_id"]?.stringValue
    }

    /// Replies as one message, their texts a line each, in order. To one
    /// message (its lines', a pasted list's), it is a reply to it. To the
    /// lines of several messages (a family typing at once, a bot behind a
    /// rate limit), it mentions whom it answers, names each before their
    /// answers where there are several people ("ana › Added milk …"), and
    /// lists which event each answer is to under `org.shoptalk.answers`,
    /// for programs (and tests) that read the room.
    public static func joined(_ replies: [JSON]) -> JSON {
        guard replies.count > 1, case .object(let members) = replies[0] else { return replies.first ?? .object([]) }
        let events = replies.map { answered(by: $0) ?? "" }
        let bodies = replies.map { $0["body"]?.stringValue ?? "" }
        if Set(events).count == 1 {
            return .object(members.map { $0.0 == "body" ? ("body", .string(bodies.joined(separator: "\n"))) : $0 })
        }
        let users = replies.map { $0["m.mentions"]?["user_ids"]?.arrayValue.first?.stringValue ?? "" }
        var mentioned: [String] = []
        for user in users where !user.isEmpty && !mentioned.contains(user) { mentioned.append(user) }
        var lines: [String] = []
        for index in replies.indices {
            let name = users[index].dropFirst().prefix { $0 != ":" }
            let named = mentioned.count > 1 && !name.isEmpty && (index == 0 || users[index - 1] != users[index])
            for (number, line) in bodies[index].split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                lines.append(named && number == 0 ? "\(name) › \(line)" : mentioned.count > 1 ? "  \(line)" : String(line))
            }
        }
        return .object([
            ("msgtype", .string("m.text")),
            // The names come from user IDs, which never passed through `safe`.
            ("body", .string(safe(lines.joined(separator: "\n")))),
            ("m.mentions", .object([("user_ids", .array(mentioned.map(JSON.string)))])),
            ("org.shoptalk.answers", .array(replies.indices.map { index in
                .object([("event_id", .string(events[index])), ("body", .string(bodies[index]))])
            })),
        ])
    }

    /// News for one person in a room others read too ("alice shared
    /// Groceries with you"): it names whom it concerns first, and mentions
    /// them, so that the room knows who "you" is and they are told.
    public static func naming(_ user: String, shown name: String, in content: JSON) -> JSON {
        guard case .object(let members) = content else { return content }
        return .object(members.map { key, value in
            switch key {
            case "body": ("body", .string(safe(name) + ": " + (value.stringValue ?? "")))
            case "m.mentions": ("m.mentions", .object([("user_ids", .array(user.hasPrefix("@") ? [.string(user)] : []))]))
            default: (key, value)
            }
        })
    }

    /// News, or a word from the bot to the room: a notice, which other bots do not answer.
    /// `asText`: a plain message (`m.text`) instead, for bridges that drop notices.
    public static func notice(_ text: String, asText: Bool = false) -> JSON {
        .object([("msgtype", .string(asText ? "m.text" : "m.notice")), ("body", .string(safe(text))), ("m.mentions", .object([]))])
    }

    /// Text as it may go into a room: lines kept, every other control and
    /// direction character dropped (a list name another program wrote with
    /// escapes in it is shown as words).
    static func safe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            if scalar == "\n" { return true }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return false }
            return !(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value)
        }))
    }
}
