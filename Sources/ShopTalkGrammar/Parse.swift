/// One item of an item phrase: "2 loaves of bread" → bread, 2, loaf.
public struct ItemPhrase: Hashable, Sendable {
    public let name: String
    public let quantity: Int
    public let unit: String?

    public init(name: String, quantity: Int = 1, unit: String? = nil) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
    }
}

/// What a slot of a parsed sentence holds.
public enum SlotValue: Hashable, Sendable {
    /// Free text as typed: a new name, a user, a code.
    case text(String)
    case number(Int)
    /// A number written with a decimal part ("1.5", "1,5"), as typed. Counts
    /// are whole, so the bot refuses the sentence with a clear message rather
    /// than reading 15, or an item called "1.5 milk".
    case decimal(String)
    case items([ItemPhrase])
    /// A list name with articles and "list" dropped ("the groceries list" →
    /// "groceries"), and as spoken without its articles ("groceries list"),
    /// for a list whose name really ends in "list"; and its owner when named
    /// ("alice's Groceries", "Groceries from alice").
    case list(name: String, spoken: String, owner: String? = nil)
    /// "this list", "that list": the list the conversation is on.
    case currentList
    case users([String])
    /// The canonical value of a value list ("read only" → "read-only").
    case value(String)
}

/// A sentence understood: the intent, and its slots in the order they were spoken.
public struct Parse: Hashable, Sendable {
    public struct Slot: Hashable, Sendable {
        public let name: String
        public let value: SlotValue
    }

    public let intent: String
    public let slots: [Slot]

    public init(intent: String, slots: [Slot]) {
        self.intent = intent
        self.slots = slots
    }

    public subscript(slot name: String) -> SlotValue? {
        slots.first { $0.name == name }?.value
    }

    /// The first number written with a decimal part, if any slot holds one.
    public var decimal: String? {
        for slot in slots { if case .decimal(let written) = slot.value { return written } }
        return nil
    }
}
