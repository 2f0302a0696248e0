/// A chat channel a list's news can be announced in: "#home", "&family".
///
/// Kept as written, compared ignoring case (as IRC compares channel names).
/// At most 50 characters, starting with `#` or `&`, with no space, comma,
/// colon or control character, which a channel name may not hold.
public struct ChannelName: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 50

    /// As written: "#Home".
    public let value: String

    public init(_ raw: String) throws(DomainError) {
        guard let first = raw.unicodeScalars.first, first == "#" || first == "&",
              (2...Self.maximumLength).contains(raw.count),
              raw.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0 != "," && $0 != ":" && !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .control })
        else { throw .invalidChannel(raw) }
        value = raw
    }

    /// What two spellings of one channel share.
    public var key: String { value.lowercased() }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.key == rhs.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }

    public var description: String { value }
}

/// A list whose news is told in a channel as well as to its members:
/// "announce Groceries in #home". Worded in the language of the member who
/// asked for it, and from the owner's side ("bob added eggs to Groceries").
public struct Announcement: Hashable, Sendable {
    public let list: ListID
    public let channel: ChannelName
    /// The language its news is worded in: the announcing member's.
    public let language: String
    public let by: UserName

    public init(list: ListID, channel: ChannelName, language: String, by: UserName) {
        self.list = list
        self.channel = channel
        self.language = language
        self.by = by
    }
}
