import ShopTalkDomain

/// What the bot remembers of one speaker between lines, on one terminal,
/// connection or relay member: the same rules for every transport.
///
/// Where a sentence goes (docs/protocol.md, "Conversation"):
/// - a sentence that names a list acts on that list, and the conversation
///   stays where it was;
/// - a sentence that names none acts on the conversation's list: the one
///   chosen with "switch to Food" / "use Food", until the speaker switches
///   again; before any, the speaker's default list ("my list");
/// - "it", "this list", "the list" mean the list the last command acted on.
///
/// Lists are kept by identity, so renaming one does not lose it.
///
/// The conversation also has a language: the language of the last line
/// understood, which answers lines several languages understand ("ok").
public struct Conversation: Hashable, Sendable {
    public let speaker: UserName
    /// The language spoken: the last understood line's, at first the member's own.
    public var language: String
    /// The list chosen with "switch to …"; nil: the speaker's default list.
    public var chosenList: ListID?
    /// The list the last command acted on or showed: "it", "this list".
    public var lastList: ListID?
    /// The items the last item command touched, in the order said: "check
    /// them off" ticks them all, and "make it 6" changes the last of them.
    public var lastItems: [String] = []
    /// The list those items are on; nil when they are on several ("where
    /// are the nails?" found them on two), so that "check it off" asks which.
    public var lastItemsList: ListID?
    /// The question the bot asked last, which the next line may answer.
    public var question: PendingQuestion?

    /// "it": the item touched last.
    public var lastItem: String? { lastItems.last }

    public init(speaker: UserName, language: String) {
        self.speaker = speaker
        self.language = language
    }
}
