import ShopTalkDomain

/// What the bot remembers of one speaker between lines.
public struct Conversation: Hashable, Sendable {
    public let speaker: UserName
    /// The list the speaker used last; a command without a list goes there.
    public var currentList: String?
    /// Its owner, when it is someone else's list.
    public var currentOwner: String?
    /// The items the last item command touched, in the order said, on the
    /// current list or, named alone, on another: "check them off" ticks them
    /// all, and "make it 6" changes the last of them.
    public var lastItems: [String] = []

    /// "it": the item touched last.
    public var lastItem: String? { lastItems.last }

    public init(speaker: UserName) { self.speaker = speaker }
}
