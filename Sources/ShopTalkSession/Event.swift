import ShopTalkDomain
import ShopTalkJSON
import ShopTalkWording

/// News for another member: "bob added 2 eggs to Groceries".
///
/// Stored, in the transaction of the change it tells of, for each member it
/// concerns, as data: what happened (`name`, `data`) and what to say of it
/// (`message`), worded only when it is delivered, in the language of the
/// member it is for. A transport delivers it at once when that member is
/// connected, else on their next line. On the wire it is a line with
/// `event` instead of `ok`.
public struct Event: Hashable, Sendable {
    /// A stable name: `items_added`, `list_shared`, ...
    public let name: String
    public let to: UserName
    public let data: JSON
    /// What to say; `written` for news stored as text by an older ShopTalk.
    public let saying: Saying
    /// The language it is worded in: the recipient's.
    public var language = "en"

    /// What an event says: a message to word, or, for one an older
    /// ShopTalk stored with its text already written, that text.
    public enum Saying: Hashable, Sendable {
        case message(Message)
        case written(String)
    }

    public init(name: String, to: UserName, message: Message, data: JSON) {
        self.init(name: name, to: to, saying: .message(message), data: data)
    }

    init(name: String, to: UserName, saying: Saying, data: JSON) {
        self.name = name
        self.to = to
        self.saying = saying
        self.data = data
    }

    /// What the recipient reads, in their language.
    public func text(_ wording: Wording) -> String {
        switch saying {
        case .message(let message): wording.render(message, in: language)
        case .written(let text): text
        }
    }

    public func json(_ wording: Wording) -> JSON {
        let data = wording.things.map { Reply.showing(self.data, $0, in: language) } ?? self.data
        return .object([("event", .string(name)), ("to", .string(to.value)), ("text", .string(text(wording))), ("lang", .string(language)), ("data", data)])
    }

    /// At most this many events are kept for a member who has not spoken since.
    public static let kept = 50
}

/// News of a list for a chat channel it is announced in ("announce
/// Groceries in #home"): the event as the list's owner would read it, worded
/// in the announcer's language. Not stored: a channel hears what happens
/// while the bot is in it, as a channel's people do.
public struct ChannelNews: Hashable, Sendable {
    public let channel: String
    public let event: Event
}

/// What a line produced: the reply to the speaker, the members who have
/// new events waiting because of it, and news for channels.
public struct Response: Sendable {
    public var events: [Event]
    public var reply: Reply
    public var notified: [UserName]
    /// Sent once the change is committed, like the members' events.
    public var channelNews: [ChannelNews] = []
}

extension Event {
    /// An event as the store keeps it: a JSON line with its name, data and
    /// message, no words (`{"event":…,"data":…,"message":…}`).
    var stored: String {
        let saying: (String, JSON) = switch saying {
        case .message(let message): ("message", message.json)
        case .written(let text): ("text", .string(text))
        }
        return JSON.object([("event", .string(name)), ("data", data), saying]).serialized
    }

    /// An event as the store keeps it; one stored by an older ShopTalk has
    /// its text instead of a message, and is delivered with that text.
    init?(stored payload: String, to member: UserName) {
        guard let object = try? JSONReader.object(payload), case .string(let name)? = object["event"] else { return nil }
        let data = object["data"] ?? .object([])
        if let stored = object["message"], let message = Message(json: stored) {
            self.init(name: name, to: member, saying: .message(message), data: data)
        } else if case .string(let text)? = object["text"] {
            self.init(name: name, to: member, saying: .written(text), data: data)
        } else {
            return nil
        }
    }
}
