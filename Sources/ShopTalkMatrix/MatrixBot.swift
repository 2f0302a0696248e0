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
        /// What was said, without the bot's name when it was addressed by name.
        public var text: String

        public init(room: String, eventID: String, sender: String, text: String) {
            self.room = room
            self.eventID = eventID
            self.sender = sender
            self.text = text
        }
    }

    public enum Action: Equatable, Sendable {
        /// Join this room if `inviter` speaks for a member.
        case join(room: String, inviter: String)
        /// Apply the line for the member `sender` is linked to, and answer it.
        case answer(Line)
        /// Tell the room once that the bot reads no encrypted messages.
        case tellEncrypted(room: String)
    }

    /// What to do about a sync answer. A first sync (no `since`) answers
    /// nothing: what was said before the bot started is history. Lines are
    /// answered when said to the bot: every line in a room with one person
    /// and the bot, and in a bigger room those that mention it or begin
    /// with its name ("shoptalk: add milk"), as in an IRC channel.
    public mutating func take(_ sync: MatrixSync) -> [Action] {
        var actions: [Action] = sync.invites.map { .join(room: $0.room, inviter: $0.inviter) }
        let first = since == nil
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
            for message in update.events where message.sender != me && !message.isEdit && !handled.contains(message.eventID) {
                guard message.kind == "m.text", let text = addressedText(message, inDirectRoom: (room.joinedMembers ?? 3) <= 2) else { continue }
                actions.append(.answer(Line(room: update.id, eventID: message.eventID, sender: message.sender, text: text)))
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
    public mutating func answered(_ line: Line) { handled.insert(line.eventID) }

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

    /// The text of a message said to the bot, or nil for talk among the room's people.
    func addressedText(_ message: MatrixSync.Message, inDirectRoom: Bool) -> String? {
        let body = message.body.trimmingSpaces
        if let rest = Self.afterName(of: me, in: body) { return rest }
        if inDirectRoom || message.mentions.contains(me) { return body }
        return nil
    }

    /// "shoptalk: add milk" → "add milk", for the bot's localpart (or its full ID) followed by ":" or ",".
    static func afterName(of user: String, in body: String) -> String? {
        let localpart = user.dropFirst().prefix { $0 != ":" }
        for name in [Substring(user), localpart] where !name.isEmpty {
            guard body.count > name.count, body.lowercased().hasPrefix(name.lowercased()) else { continue }
            let rest = body.dropFirst(name.count)
            guard let mark = rest.first, mark == ":" || mark == "," else { continue }
            return rest.dropFirst().trimmingSpaces
        }
        return nil
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

    /// News, or a word from the bot to the room: a notice, which other bots do not answer.
    public static func notice(_ text: String) -> JSON {
        .object([("msgtype", .string("m.notice")), ("body", .string(safe(text))), ("m.mentions", .object([]))])
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
