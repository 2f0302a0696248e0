import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkWording

/// Things moved to another list, and a list copied.
/// Each handler reads its slots, asks the domain, tells the others, and
/// says what happened (the wording is in `Replies+Moving.swift` beside it).
extension Command {
    mutating func moveItems() throws -> Reply {
        let source = try listForItems(), target = try reference(to: parse[slot: "to_list"])
        let move = try household.moveItems(named: try itemNames(on: source), from: source, to: target, by: user)
        if let last = move.moved.last { actedOn(last.to, items: last.items) }
        for moved in move.moved {
            publish(try tell(moved.audience, about: [moved.from, moved.to], owner: moved.to.owner) { Replies.Events.moved(moved, by: user.name, to: $0) })
        }
        return Replies.moved(move, for: user.name)
    }

    mutating func copyList() throws -> Reply {
        let copy = try household.copyList(try list(), to: try reference(to: parse[slot: "to_list"]), by: user)
        actedOn(copy.to)
        publish(try tell(about: copy.to) { Replies.Events.added(copy.added, by: user.name, to: $0) })
        return Replies.copied(copy, for: user.name)
    }
}
