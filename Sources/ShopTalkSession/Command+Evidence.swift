import ShopTalkGrammar

/// A list slot is filled by evidence: the lists the speaker really has.
///
/// The grammar ranks a line's readings by its words alone, and where a
/// list's name and an item's run together ("add to BBQ on Saturday
/// sausages", "füge zu Baumarkt Eier hinzu") it cannot tell where one ends.
/// The household can: a reading that names a list the speaker sees beats
/// one that names a list nobody has.
extension Command {
    /// The most readings looked at: a line has a handful, a hostile one many.
    static var readingsWeighed: Int { 8 }

    /// Replaces the sentence with the best of its readings of the same
    /// intent whose lists the speaker all sees, when the grammar's first
    /// choice names a list they do not. Otherwise the sentence stays as it
    /// is, and its list is reported missing as before.
    mutating func choosingReading(of text: String) throws {
        guard try !namesOnlyVisibleLists(parse) else { return }
        // Another split of the same words, never one that takes a list into an item's name.
        let lists = parse.slots.count { $0.value.isNamedList }
        for reading in grammar.readings(text, limit: Self.readingsWeighed).dropFirst()
        where reading.intent == parse.intent && reading.slots.count(where: \.value.isNamedList) >= lists {
            if try namesOnlyVisibleLists(reading) {
                parse = reading
                return
            }
        }
    }

    /// True when every list the sentence names by name is one the speaker sees.
    private func namesOnlyVisibleLists(_ sentence: Parse) throws -> Bool {
        for slot in sentence.slots {
            guard case .list(let name, let spoken, let owner) = slot.value else { continue }
            guard try visible(name, owner: owner) || visible(spoken) else { return false }
        }
        return true
    }
}

extension SlotValue {
    /// A list said by its name ("Groceries"), not "my list" or "this list".
    var isNamedList: Bool {
        if case .list = self { true } else { false }
    }
}
