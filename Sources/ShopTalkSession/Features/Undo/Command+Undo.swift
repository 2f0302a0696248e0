import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkWording

/// Taking back the speaker's last change, and saying what it was.
/// Each handler reads its slots, asks the domain, tells the others, and
/// says what happened (the wording is in `Replies+Undo.swift` beside it).
extension Command {
    mutating func undo() throws -> Reply {
        let outcome = try household.undo(lastChange?.step, by: user)
        undid = true
        switch outcome {
        case .overtaken(let conflict):
            return Replies.overtaken(conflict)
        case .undone(let undone):
            for touched in undone.lists {
                publish(try tell(touched.audience, about: [touched.list], owner: touched.list.owner) {
                    Replies.Events.undone(undone.step, on: touched.list, by: user.name, to: $0)
                })
            }
            return Replies.undone(undone, said: lastChange?.said, for: user.name)
        }
    }

    mutating func lastRemoved() throws -> Reply {
        // "what did I just add?" asks the same of the latest add.
        if case .value("added")? = parse[slot: "change"] {
            let addition = try household.lastAddition(by: user)
            if let addition {
                // "take it off again": the items just named.
                actedOn(addition.list)
                (conversation.lastItems, conversation.lastItemsList) = (addition.items.map(\.value), addition.list.id)
            }
            return Replies.lastAddition(addition, for: user.name, now: household.now)
        }
        let removal = try household.lastRemoval(by: user)
        if let removal { actedOn(removal.list) }
        return Replies.lastRemoval(removal, for: user.name, now: household.now)
    }
}
