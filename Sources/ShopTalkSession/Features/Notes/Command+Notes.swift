import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkWording

/// Notes on things ("note on milk: the oat one").
/// Each handler reads its slots, asks the domain, tells the others, and
/// says what happened (the wording is in `Replies+Notes.swift` beside it).
extension Command {
    mutating func setNote() throws -> Reply {
        // "给牛奶备注燕麦的" names its item apart; "note on milk: the oat one" within the note.
        let (item, note) = parse[slot: "item"] != nil ? (try text("item"), try text("text")) : try itemAndNote(try text("text"))
        return try noted(household.setNote(note, on: item, in: try listForItems(), by: user))
    }

    mutating func clearNote() throws -> Reply {
        return try noted(household.setNote(nil, on: try itemName(), in: try listForItems(), by: user))
    }

    mutating func noted(_ changed: ItemChanged) throws -> Reply {
        actedOn(changed.list, items: [changed.after])
        // The same note again changes nothing: it is there, and no news for the others.
        if changed.before != changed.after {
            publish(try tell(about: changed.list, item: changed.after) { Replies.Events.noted(changed, by: user.name, to: $0) })
        }
        return Replies.noted(changed)
    }

    /// "milk: the oat one" as said after "note on": the item before the
    /// colon; without one, the longest start that names an item on the list
    /// ("note on oat milk get the big one").
    func itemAndNote(_ said: String) throws -> (item: String, note: String) {
        if let colon = said.firstIndex(where: { $0 == ":" || $0 == "：" }) {
            let item = said[..<colon].trimmingCharacters(in: .whitespaces), note = said[said.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !item.isEmpty else { throw CommandError.whichNote }
            return (item, note)
        }
        let words = said.split(separator: " ")
        for count in stride(from: words.count - 1, through: 1, by: -1) {
            let item = words.prefix(count).joined(separator: " ")
            if try household.findItem(named: item, on: try listForItems(), for: user).item != nil {
                return (item, words.dropFirst(count).joined(separator: " "))
            }
        }
        throw CommandError.whichNote
    }
}
