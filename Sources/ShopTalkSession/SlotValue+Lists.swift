import ShopTalkGrammar

extension SlotValue {
    /// A list said by its name ("Groceries"), not "my list" or "this list".
    var isNamedList: Bool {
        if case .list = self { true } else { false }
    }
}
