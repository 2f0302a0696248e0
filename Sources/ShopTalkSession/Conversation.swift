import Foundation
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
/// - "it", "this list", "the list" mean the list the last command acted on;
/// - things added with no list named on the line after one that named a
///   list, within a minute, go to that list ("add milk to Aldi", then "and
///   bread", then "eggs too"): the list the speaker is working on. The reply
///   says which.
///
/// Lists are kept by identity, so renaming one does not lose it.
///
/// The conversation also has a language: the language of the last line
/// understood, which answers lines several languages understand ("ok").
public struct Conversation: Sendable {
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
    /// When those items were touched: a correction ("oops, 2 lbs") follows within a minute.
    public var lastItemsAt: Date?
    /// The list those items are on; nil when they are on several ("where
    /// are the nails?" found them on two), so that "check it off" asks which.
    public var lastItemsList: ListID?
    /// The question the bot asked last, which the next line may answer.
    public var question: PendingQuestion?
    /// The request the last line that did something made, when, and on which line:
    /// what "and the tim tams" or "juice as well" on the next line does again.
    public var lastRequest: (intent: String, at: Date, line: Int)?
    /// Lines heard so far, counting every line: which line came just before.
    public var lines = 0
    /// The list a line named, and when and on which line it was last acted
    /// on: where things added on the next line go, within a minute. A
    /// reading asked about right after it keeps it for its "yes" (see `Bot.ask`).
    public var namedList: (list: ListID, at: Date, line: Int)?

    /// How long a named list stays the one lines naming none go to.
    public static let workingMinute: TimeInterval = 60

    /// Where things added with no list named go at `now`: the list the line
    /// before named or added to, within the last minute; else the chosen
    /// one (nil: the default list).
    public func workingList(at now: Date) -> ListID? {
        if let named = namedList, named.line == lines - 1, now.timeIntervalSince(named.at) < Self.workingMinute, now >= named.at {
            return named.list
        }
        return chosenList
    }

    /// "it": the item touched last.
    public var lastItem: String? { lastItems.last }

    public init(speaker: UserName, language: String) {
        self.speaker = speaker
        self.language = language
    }
}
