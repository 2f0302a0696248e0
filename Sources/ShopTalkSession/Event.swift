import ShopTalkDomain
import ShopTalkJSON

/// News for another member: "bob added 2 eggs to Groceries".
///
/// Stored, in the transaction of the change it tells of, for each member it
/// concerns; a transport delivers it at once when that member is connected,
/// else on their next line. On the wire it is a line with `event` instead of `ok`.
public struct Event: Hashable, Sendable {
    /// A stable name: `items_added`, `list_shared`, ...
    public let name: String
    public let to: UserName
    public let text: String
    public let data: JSON

    public init(name: String, to: UserName, text: String, data: JSON) {
        self.name = name
        self.to = to
        self.text = text
        self.data = data
    }

    public var json: JSON {
        .object([("event", .string(name)), ("to", .string(to.value)), ("text", .string(text)), ("data", data)])
    }

    /// At most this many events are kept for a member who has not spoken since.
    public static let kept = 50
}

/// What a line produced: the reply to the speaker, and the members who have
/// new events waiting because of it.
public struct Response: Sendable {
    public var events: [Event]
    public var reply: Reply
    public var notified: [UserName]
}

extension Event {
    /// An event as the store keeps it: its JSON line.
    init?(stored payload: String, to member: UserName) {
        guard let object = try? JSONReader.object(payload), case .string(let name)? = object["event"],
              case .string(let text)? = object["text"] else { return nil }
        self.init(name: name, to: member, text: text, data: object["data"] ?? .object([]))
    }
}
