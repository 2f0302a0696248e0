import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkWording

/// Things on a list: added, taken off, changed, ticked and unticked.
/// Each handler reads its slots, asks the domain, tells the others, and
/// says what happened (the wording is in `Replies+Items.swift` beside it).
extension Command {
    mutating func addItems() throws -> Reply {
        if let question = try checkBeforeAdding() { return question }
        let target = try household.resolve(try listForItems(), for: user, needs: .changeItems)
        let added: ItemsAdded
        do {
            // "add 2 more" names the item talked about last: nothing to ask about its name.
            let (aisles, language) = (grammars.aisles, grammar.language)
            added = try household.addItems(try itemRequests(), to: target, by: user, askingAboutSlips: !answered && parse[slot: "items"] != nil,
                                           soldThingSlipped: { aisles.slip(of: $0, in: language, isSlip: Similarity.slipOfASoldThing(_:among:))
                                               ?? aisles.soundAlike(of: $0, in: language) })
        } catch let possible as PossibleSlips {
            return askDidYouMean(possible.slips)
        } catch let error as DomainError {
            if let question = try askingToMeasureAnew(after: error, on: target) { return question }
            throw error
        }
        actedOn(added.list, items: added.changes.map(\.item))
        let news = added.news
        if !news.changes.isEmpty { publish(try tell(about: news.list) { Replies.Events.added(news, by: user.name, to: $0) }) }
        return try noting(namesakes: added.list, Replies.added(added, for: user.name))
    }

    mutating func removeItem() throws -> Reply {
        let spoken = try itemName()
        do {
            return try removeItem(spoken)
        } catch let error as DomainError where parse[slot: "item"] != nil && parse[slot: "list"] == nil && parse[slot: "quantity"] == nil {
            // "delete Hardware": not an item, but the name of a list, said without "list".
            guard case .itemNotFound = error, let list = try ownList(named: spoken) else { throw error }
            if let question = try confirmingDeletion(ofListNamedAsItem: list) { return question }
            throw CommandError.listNamedAsItem(list)
        }
    }

    mutating func updateItem() throws -> Reply {
        if parse[slot: "new_name"] != nil {
            return try renameItem(try text("item"), to: try text("new_name"))
        }
        guard let quantity = try quantity() else { throw missing("quantity") }
        if let question = try confirmingUnit(of: quantity) { return question }
        let changed = try household.setQuantity(of: try itemName(), to: quantity, unit: unit(), on: try listForItems(), by: user)
        actedOn(changed.list, items: [changed.after])
        // "make it 1 milk" when there is one milk: nothing was written, so no news of it.
        if changed.before != changed.after {
            publish(try tell(about: changed.list, item: changed.after) { Replies.Events.quantityChanged(changed, by: user.name, to: $0) })
        }
        return Replies.quantityChanged(changed, for: user.name)
    }

    mutating func checkItem() throws -> Reply {
        let reference = try listWhileShopping(items: true)
        let checked = parse[slot: "every"] != nil
            ? try household.checkEverything(on: reference, by: user)
            : try household.checkItems(try itemNames(on: reference), on: reference, by: user)
        actedOn(checked)
        for (list, changes) in checked.byList {
            let newlyChecked = changes.filter { !$0.before.isChecked }.map(\.after)
            publish(try tell(try household.audience(of: list, items: newlyChecked, excluding: user), about: newlyChecked, on: list) { items, member in
                Replies.Events.checked(items, on: list, by: user.name, to: member)
            })
        }
        return Replies.checked(checked, for: user.name)
    }

    mutating func uncheckItem() throws -> Reply {
        let reference = try listWhileShopping(items: true)
        let unchecked = parse[slot: "every"] != nil
            ? try household.uncheckEverything(on: reference, by: user)
            : try household.uncheckItems(try itemNames(on: reference), on: reference, by: user)
        actedOn(unchecked)
        for (list, changes) in unchecked.byList {
            let putBack = changes.filter(\.before.isChecked).map(\.after)
            publish(try tell(try household.audience(of: list, items: putBack, excluding: user), about: putBack, on: list) { items, member in
                Replies.Events.unchecked(items, on: list, by: user.name, to: member)
            })
        }
        return Replies.unchecked(unchecked, for: user.name)
    }

    mutating func clearChecked() throws -> Reply {
        let cleared = try household.clearChecked(on: try list(), by: user)
        actedOn(cleared.list)
        publish(try tell(cleared.audience, about: cleared.items, on: cleared.list) { items, member in Replies.Events.cleared(items, from: cleared.list, by: user.name, to: member) })
        return Replies.cleared(cleared, for: user.name)
    }

    mutating func removeItem(_ spoken: String) throws -> Reply {
        let removal: Removal
        if let quantity = try quantity() {
            switch try household.removeQuantity(quantity, unit: unit(), of: spoken, from: try listForItems(), by: user) {
            case .reduced(let changed, let amount, let unit): return try reduced(changed, by: amount, unit, spoken: spoken)
            case .removed(let all): removal = Removal(removed: [all], refused: [])
            }
        } else {
            let reference = try listForItems()
            removal = try household.removeItems(named: try itemNames(on: reference), from: reference, by: user)
        }
        if let first = removal.removed.first { actedOn(first.list) }
        for removed in removal.removed {
            publish(try tell(removed.audience, about: removed.items, on: removed.list) { items, member in Replies.Events.removed(items, from: removed.list, by: user.name, to: member) })
        }
        return Replies.removed(removal, for: user.name)
    }

    /// "remove 1 egg" with eggs left: the others hear of the new quantity.
    mutating func reduced(_ changed: ItemChanged, by amount: Quantity, _ unit: ItemUnit?, spoken: String) throws -> Reply {
        actedOn(changed.list, items: [changed.after])
        publish(try tell(about: changed.list, item: changed.after) { Replies.Events.quantityChanged(changed, by: user.name, to: $0) })
        return Replies.reduced(changed, by: amount, unit, spoken: spoken, for: user.name)
    }

    /// What an "add" asks for: the items it names, or, for "add 2 more"
    /// and "another one", more of the item talked about last.
    func itemRequests() throws -> [Household<Repository>.ItemRequest] {
        switch (parse[slot: "items"], try quantity()) {
        case (.items(let phrases)?, _):
            // "several" was asked about before (see `checkBeforeAdding`). "tomatos" is stored as the aisle file spells it.
            let (aisles, language) = (grammars.aisles, grammar.language)
            return try phrases.map { phrase in
                let name = aisles.listedSpelling(of: phrase.name, in: language, isOneLetterOff: { Similarity.editDistance(Array($0), Array($1)) == 1 })
                return .init(name: name ?? phrase.name, quantity: try phrase.quantity.map { try Quantity($0) }, unit: phrase.unit)
            }
        case (nil, let quantity?):
            return [try more(quantity)]
        case (nil, nil) where parse[slot: "another"] != nil:
            return [try more(.one)]
        default:
            throw missing("items")
        }
    }

    /// "add 2 more": of the item talked about last, in its own unit unless
    /// the line names one, so that after "add 1 kg of flour" it is 2 kg more.
    /// Looking the unit up never fails the line: the add itself says what is wrong.
    func more(_ quantity: Quantity) throws -> Household<Repository>.ItemRequest {
        let name = try itemName()
        if let unit = unit() { return .init(name: name, quantity: quantity, unit: unit) }
        let found = try? household.findItem(named: name, on: try listForItems(), for: user)
        return .init(name: name, quantity: quantity, unit: found?.item?.unit?.value)
    }

    mutating func renameItem(_ item: String, to newName: String) throws -> Reply {
        let reference = parse[slot: "list"] == nil || parse.intent == "rename_list" ? .implicit(current: conversation.chosenList) : try list()
        let changed = try household.renameItem(item, to: newName, on: reference, by: user)
        actedOn(changed.list, items: [changed.after])
        publish(try tell(about: changed.list, item: changed.after) { Replies.Events.itemRenamed(changed, by: user.name, to: $0) })
        return Replies.itemRenamed(changed, for: user.name)
    }
}
