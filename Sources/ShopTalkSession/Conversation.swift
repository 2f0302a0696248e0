import ShopTalkDomain

/// What the bot remembers of one speaker between lines.
public struct Conversation: Hashable, Sendable {
    public let speaker: UserName
    /// The list the speaker used last; a command without a list goes there.
    public var currentList: String?
    /// Its owner, when it is someone else's list.
    public var currentOwner: String?
    /// The item touched last, on the current list or, named alone, on
    /// another: "make it 6" changes it.
    public var lastItem: String?

    public init(speaker: UserName) { self.speaker = speaker }
}
