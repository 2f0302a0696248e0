/// How a command names the list it acts on.
public enum ListReference: Hashable, Sendable {
    /// A list the speaker named: "Groceries", or with its owner, "alice's
    /// Groceries" / "Groceries from alice".
    case named(String, owner: String? = nil)
    /// "my list", "the shopping list": the speaker's default list, made on first use.
    case defaultList
    /// No list named at all: the conversation's current list, else the default
    /// list; an item not found there may be one shared with the speaker alone.
    case implicit(current: String?, owner: String? = nil)

    var isImplicit: Bool {
        if case .implicit = self { true } else { false }
    }

    /// Whether the speaker said whose list it is ("bob's list").
    var namesOwner: Bool {
        if case .named(_, owner: _?) = self { true } else { false }
    }
}
