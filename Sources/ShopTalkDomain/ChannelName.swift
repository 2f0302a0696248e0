/// A chat channel a list's news can be announced in: "#home", "&family" on
/// IRC, or a Matrix room by its alias, "#family:example.org".
///
/// Kept as written, compared ignoring case (as IRC compares channel names).
/// An IRC channel has at most 50 characters, starts with `#` or `&`, and
/// holds no space, comma, colon or control character; a Matrix alias is
/// `#`, a name, `:` and its homeserver's, at most 255 characters, with no
/// space, comma or control character either. The colon tells them apart.
public struct ChannelName: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 50
    public static let maximumMatrixLength = 255

    /// As written: "#Home".
    public let value: String

    public init(_ raw: String) throws(DomainError) {
        let scalars = raw.unicodeScalars
        let colons = scalars.filter { $0 == ":" }.count
        let isMatrix = colons == 1 && raw.hasPrefix("#") && !raw.hasPrefix("#:") && !raw.hasSuffix(":")
        guard let first = scalars.first, first == "#" || first == "&", colons == 0 || isMatrix,
              (2...(isMatrix ? Self.maximumMatrixLength : Self.maximumLength)).contains(raw.count),
              scalars.allSatisfy({ $0.value > 0x20 && $0 != "," && !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .control })
        else { throw .invalidChannel(raw) }
        value = raw
    }

    /// A Matrix room's alias ("#family:example.org"), not an IRC channel.
    public var isMatrixRoom: Bool { Self.isMatrixRoom(value) }

    /// Whether a channel's name, as news carries it, is a Matrix room's alias: only those hold a colon.
    public static func isMatrixRoom(_ name: String) -> Bool { name.contains(":") }

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
