/// How a command names the list it acts on.
public enum ListReference: Hashable, Sendable {
    /// A list the speaker named: "Groceries".
    case named(String)
    /// "my list", "the shopping list", or no list at all: the speaker's
    /// default list, made on first use.
    case defaultList
}
