/// How a command names the list it acts on.
public enum ListReference: Hashable, Sendable {
    /// A list the speaker named: "Groceries", or with its owner, "alice's
    /// Groceries" / "Groceries from alice".
    case named(String, owner: String? = nil)
    /// "my list", "the shopping list": the speaker's default list, whatever
    /// it is called now; made on first use.
    case defaultList
    /// "alice's list": that member's default list, when they share it with
    /// the speaker (the speaker's own, when it is the speaker).
    case defaultListOf(String)
    /// No list named: the list the conversation is on (`current`, kept by
    /// identity, so a rename does not lose it), else the default list. An
    /// item not found there may be on another list the speaker sees.
    case implicit(current: ListID?)
    /// "this list", "it", "the list": the list the conversation talked about
    /// last, by identity, and only that list; the default list when there
    /// is none, or it has gone.
    case this(ListID?)

    var isImplicit: Bool {
        if case .implicit = self { true } else { false }
    }

    /// Whether the speaker said whose list it is ("bob's list").
    var namesOwner: Bool {
        switch self {
        case .named(_, owner: _?), .defaultListOf: true
        default: false
        }
    }
}
