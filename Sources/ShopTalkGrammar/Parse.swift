/// One item of an item phrase: "2 loaves of bread" → bread, 2, loaf.
public struct ItemPhrase: Hashable, Sendable {
    public let name: String
    /// Exactly as said ("1.5", "half a", "2 1/2"); nil when the speaker
    /// said no number ("eggs", "a bag of flour"), which means one of it —
    /// or, for an item already on the list, no more of it.
    public let quantity: Fraction?
    public let unit: String?
    /// "several napkins": a number the speaker left for the bot to ask.
    public let asksHowMany: Bool

    public init(name: String, quantity: Fraction? = nil, unit: String? = nil, asksHowMany: Bool = false) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.asksHowMany = asksHowMany
    }

    /// The same amount of another name: the name read again ("sunscreen"
    /// out of "sunscreen for Camping"), corrected, or given its note.
    public func renamed(_ name: String) -> ItemPhrase {
        ItemPhrase(name: name, quantity: quantity, unit: unit, asksHowMany: asksHowMany)
    }
}

/// What a slot of a parsed sentence holds.
public enum SlotValue: Hashable, Sendable {
    /// Free text as typed: a new name, a user, a code.
    case text(String)
    /// "4", "1.5", "two and a half", "2 dozen".
    case number(Fraction)
    case items([ItemPhrase])
    /// A list name with articles and "list" dropped ("the groceries list" →
    /// "groceries"), and as spoken without its articles ("groceries list"),
    /// for a list whose name really ends in "list"; and its owner when named
    /// ("alice's Groceries", "Groceries from alice"), with the spoken name
    /// then holding the owner's words too ("Gifts from grandma"), for a list
    /// that is really called so.
    case list(name: String, spoken: String, owner: String? = nil)
    /// "my list", "the shopping list", "alice's list": a member's default
    /// list, whatever it is called now; `spoken` as said, leading words and all
    /// ("the shopping list"), since a list may be called so (see `Grammar.listPhraseReadings`).
    case defaultList(spoken: String, owner: String? = nil)
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

        public init(name: String, value: SlotValue) {
            self.name = name
            self.value = value
        }
    }

    public let intent: String
    public let slots: [Slot]
    /// Read by a grammar sentence written `ask:`, whose words may as well
    /// mean another request ("no more yoghurt": take it off, or it ran
    /// out?): the bot asks before doing it. How the line was read, not what
    /// it reads: two parses that differ only in this are equal.
    public let asksFirst: Bool

    public init(intent: String, slots: [Slot], asksFirst: Bool = false) {
        self.intent = intent
        self.slots = slots
        self.asksFirst = asksFirst
    }

    public static func == (lhs: Parse, rhs: Parse) -> Bool {
        lhs.intent == rhs.intent && lhs.slots == rhs.slots
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(intent)
        hasher.combine(slots)
    }

    public subscript(slot name: String) -> SlotValue? {
        slots.first { $0.name == name }?.value
    }
}

extension Parse {
    /// The things a reading is about: its items, or its one item.
    public var thingNames: [String] {
        switch (self[slot: "items"], self[slot: "item"]) {
        case (.items(let phrases)?, _): phrases.map(\.name)
        case (_, .text(let item)?): [item]
        default: []
        }
    }
}

extension Parse {
    /// The lists this reading names, as said: the words of its list slots.
    public var listsSaid: [String] {
        slots.flatMap { slot -> [String] in
            switch slot.value {
            case .list(let name, let spoken, _): [name, spoken]
            case .defaultList(let spoken, _): [spoken]
            default: []
            }
        }
    }
}
