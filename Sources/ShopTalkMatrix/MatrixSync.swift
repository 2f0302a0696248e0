import ShopTalkJSON

/// What one `/sync` answer holds for the bot: where to go on from, the
/// rooms it is invited to, and what was said in the rooms it is in. Only
/// what the bot acts on is read; everything else in the answer is ignored.
public struct MatrixSync: Equatable, Sendable {
    public var nextBatch: String
    public var invites: [Invite] = []
    public var rooms: [Room] = []
    /// Rooms the bot is no longer in: it left, or was kicked or banned.
    public var roomsLeft: [String] = []

    /// An invitation to a room, and who sent it.
    public struct Invite: Equatable, Sendable {
        public var room: String
        public var inviter: String
    }

    /// A room the bot is in, as far as this answer tells.
    public struct Room: Equatable, Sendable {
        public var id: String
        /// How many have joined, when the homeserver says (it does when it changes).
        public var joinedMembers: Int?
        /// The room turned end-to-end encryption on.
        public var encrypted = false
        public var events: [Message] = []
        /// Those who left the room, or were kicked or banned from it, in this answer.
        public var left: [String] = []
    }

    /// Something said in a room, in the order said.
    public struct Message: Equatable, Sendable {
        public var eventID: String
        public var sender: String
        /// The text, without the quote of the message it replies to; empty when encrypted.
        public var body: String
        /// `m.text`, `m.notice`, `m.emote`, …; `m.room.encrypted` for what the bot cannot read.
        public var kind: String
        /// The users the message mentions (`m.mentions`).
        public var mentions: [String] = []
        /// An edit of an earlier message: not a new line.
        public var isEdit = false
        /// An edit's new text (`m.new_content`), without the "* " its body shows.
        public var editedBody: String?
        /// The HTML Element sends beside the body (`formatted_body`): where a
        /// pill names the bot by a link, whatever its text.
        public var formattedBody: String?

        public var isEncrypted: Bool { kind == "m.room.encrypted" }
    }

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Reads a `/sync` answer, for the bot `me` (whose invitations count).
    public init(_ json: JSON, me: String) throws(Failure) {
        guard let next = json["next_batch"]?.stringValue, !next.isEmpty else { throw Failure(description: "a sync answer without next_batch") }
        nextBatch = next
        let rooms = json["rooms"]
        for (room, invited) in rooms?["invite"]?.objectMembers ?? [] {
            let member = invited["invite_state"]?["events"]?.arrayValue.first {
                $0["type"]?.stringValue == "m.room.member" && $0["state_key"]?.stringValue == me && $0["content"]?["membership"]?.stringValue == "invite"
            }
            if let inviter = member?["sender"]?.stringValue { invites.append(Invite(room: room, inviter: inviter)) }
        }
        for (id, joined) in rooms?["join"]?.objectMembers ?? [] {
            var room = Room(id: id)
            room.joinedMembers = joined["summary"]?["m.joined_member_count"]?.intValue
            let state = joined["state"]?["events"]?.arrayValue ?? []
            let timeline = joined["timeline"]?["events"]?.arrayValue ?? []
            room.encrypted = (state + timeline).contains { $0["type"]?.stringValue == "m.room.encryption" }
            room.events = timeline.compactMap(Self.message)
            var gone: [String] = []
            for event in state + timeline where event["type"]?.stringValue == "m.room.member" {
                guard let user = event["state_key"]?.stringValue else { continue }
                let membership = event["content"]?["membership"]?.stringValue
                gone.removeAll { $0 == user }
                if membership == "leave" || membership == "ban" { gone.append(user) }
            }
            room.left = gone
            self.rooms.append(room)
        }
        roomsLeft = (rooms?["leave"]?.objectMembers ?? []).map(\.0)
    }

    private static func message(_ event: JSON) -> Message? {
        guard let id = event["event_id"]?.stringValue, let sender = event["sender"]?.stringValue else { return nil }
        switch event["type"]?.stringValue {
        case "m.room.encrypted":
            return Message(eventID: id, sender: sender, body: "", kind: "m.room.encrypted")
        case "m.room.message":
            guard let content = event["content"], let body = content["body"]?.stringValue, let kind = content["msgtype"]?.stringValue else { return nil }
            let relation = content["m.relates_to"]
            let isReply = relation?["m.in_reply_to"] != nil
            let isEdit = relation?["rel_type"]?.stringValue == "m.replace"
            return Message(eventID: id, sender: sender, body: isReply ? withoutQuote(body) : body, kind: kind,
                           mentions: content["m.mentions"]?["user_ids"]?.arrayValue.compactMap(\.stringValue) ?? [],
                           isEdit: isEdit, editedBody: isEdit ? content["m.new_content"]?["body"]?.stringValue : nil,
                           formattedBody: content["format"]?.stringValue == "org.matrix.custom.html" ? content["formatted_body"]?.stringValue : nil)
        default:
            return nil
        }
    }

    /// A reply's body, without the "> <@ana:…> what she said" lines older
    /// clients put before it.
    static func withoutQuote(_ body: String) -> String {
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first?.hasPrefix("> ") == true else { return body }
        let rest = lines.drop { $0.hasPrefix(">") }
        return rest.drop { $0.isEmpty }.joined(separator: "\n")
    }
}
