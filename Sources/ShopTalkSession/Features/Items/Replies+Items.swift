import Foundation
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkJSON
import ShopTalkWording

/// What the bot says about things on a list: added, taken off, changed, ticked, unticked, cleared.
extension Replies {
    /// "Added bread to Groceries. Groceries already has 12 eggs.": what
    /// changed, then what was there already with no number said.
    static func added(_ added: ItemsAdded, for speaker: UserName) -> Reply {
        let (changed, there) = (added.changes.filter(\.isNews), added.changes.filter { !$0.isNews })
        let parts: [MessageArgument] = changed.map { change in
            let what = amount(change.added, unit: change.addedUnit, name: change.item.name.value, typedIn: change.item.language)
            guard change.merged && (change.item.quantity != change.added || change.item.unit != change.addedUnit) else { return what }
            return .message(Message(.itemsAddedMerged, ["added": what, "total": amount(change.item.quantity, unit: change.item.unit, name: nil)]))
        }
        let already = there.isEmpty ? nil : Message(.itemsAlready, [
            "items": .list(there.map { amount($0.item.quantity, unit: $0.item.unit, name: $0.item.name.value, typedIn: $0.item.language) }, .and),
            "list": title(added.list, for: speaker),
        ])
        var data: [(String, JSON)] = [("list", json(added.list)), ("items", .array(added.changes.map { json($0.item) }))]
        if !there.isEmpty { data.append(("already_on_list", .array(there.map { .string($0.item.name.value) }))) }
        if !added.refused.isEmpty { data.append(("not_applied", notApplied(added.refused))) }
        var message = Message(.itemsAdded, ["items": .list(parts, .and), "list": title(added.list, for: speaker)])
        if let already { message = parts.isEmpty ? already : sentences(message, already) }
        return Reply(ok: true, intent: "add_items", message: withRefusals(message, added.refused), data: .object(data))
    }

    /// "Removed apples from Food and onions from Shopping list. There is no
    /// “pepper” on Food.": each list's items, then each name refused.
    static func removed(_ removal: Removal, for speaker: UserName) -> Reply {
        let parts: [MessageArgument] = removal.removed.map {
            .message(Message(.itemsRemovedPart, ["items": objects($0.items), "list": title($0.list, for: speaker)]))
        }
        let groups = removal.removed.map { (list: $0.list, items: $0.items) }
        return Reply(ok: true, intent: "remove_item",
                     message: withRefusals(Message(.itemsRemoved, ["parts": .list(parts, .and)]), removal.refused),
                     data: listsData(groups, refused: removal.refused))
    }

    /// "remove 1 egg" with eggs left: what was taken and what is left. One
    /// of an item is named as it was said ("1 egg"), since the list's name
    /// for it may be plural.
    static func reduced(_ changed: ItemChanged, by taken: Quantity, _ unit: ItemUnit?, spoken: String, for speaker: UserName) -> Reply {
        let what: MessageArgument = unit == nil && taken.isOne
            ? .message(Message(.amountOneSpoken, ["name": .text(spoken)]))
            : amount(taken, unit: unit, name: changed.after.name.value, typedIn: changed.after.language)
        // One of an item the list names in the plural: "1 left", not "tomatoes left".
        let left = changed.after.quantity.isOne && changed.after.unit == nil ? amount(.one, unit: nil, name: nil) : describe(changed.after)
        return Reply(ok: true, intent: "remove_item",
                     message: Message(.itemReduced, ["taken": what, "list": title(changed.list, for: speaker), "left": left]),
                     data: .object([("list", json(changed.list)), ("item", json(changed.after)), ("removed", json(taken)),
                                    ("removed_unit", unit.map { .string($0.value) } ?? .null)]))
    }

    /// "Changed eggs on Groceries to 8", or, set to what it was, "Nothing changed: … already at 8".
    static func quantityChanged(_ changed: ItemChanged, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "update_item",
              message: Message(changed.before == changed.after ? .itemUnchanged : .itemChanged, [
                  "item": thing(changed.after), "list": title(changed.list, for: speaker),
                  "amount": amount(changed.after.quantity, unit: changed.after.unit, name: nil),
              ]),
              data: .object([("list", json(changed.list)), ("item", json(changed.after))]))
    }

    static func itemRenamed(_ changed: ItemChanged, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "update_item",
              message: Message(.itemRenamed, [
                  "old": .text(changed.before.name.value), "new": .text(changed.after.name.value), "list": title(changed.list, for: speaker),
              ]),
              data: .object([("list", json(changed.list)), ("item", json(changed.after)), ("old_name", .string(changed.before.name.value))]))
    }

    /// "Checked off eggs and bread on Groceries. milk was already checked off."
    static func checked(_ checked: ItemsChanged, for speaker: UserName) -> Reply {
        let message = changedMessage(checked, for: speaker, changed: { !$0.before.isChecked },
                                     done: .itemsChecked, part: .itemsCheckedPart, already: .itemsCheckedAlready, alreadyOn: .itemsCheckedAlreadyOn)
        return Reply(ok: true, intent: "check_item", message: message, data: itemsData(checked))
    }

    /// "Put eggs back on Groceries. milk is not checked off."
    static func unchecked(_ unchecked: ItemsChanged, for speaker: UserName) -> Reply {
        let message = changedMessage(unchecked, for: speaker, changed: \.before.isChecked,
                                     done: .itemsUnchecked, part: .itemsUncheckedPart, already: .itemsUncheckedAlready, alreadyOn: .itemsUncheckedAlreadyOn)
        return Reply(ok: true, intent: "uncheck_item", message: message, data: itemsData(unchecked))
    }

    /// What a check or uncheck of several items did, list by list: the items
    /// it changed (`changed`), those that were already so, and the names it
    /// found nothing for.
    private static func changedMessage(
        _ result: ItemsChanged, for speaker: UserName, changed: (ItemChanged) -> Bool,
        done: MessageKey, part: MessageKey, already: MessageKey, alreadyOn: MessageKey
    ) -> Message {
        let groups = result.byList
        let parts: [MessageArgument] = groups.compactMap { group in
            let items = group.changes.filter(changed).map(\.after)
            return items.isEmpty ? nil : .message(Message(part, ["items": objects(items), "list": title(group.list, for: speaker)]))
        }
        let unchanged = result.changes.filter { !changed($0) }.map(\.after)
        var message: Message
        if parts.isEmpty {
            message = groups.count == 1
                ? Message(alreadyOn, ["items": names(unchanged), "count": agreementCount(unchanged), "list": title(groups[0].list, for: speaker)])
                : Message(already, ["items": names(unchanged), "count": agreementCount(unchanged)])
        } else {
            message = Message(done, ["parts": .list(parts, .and)])
            if !unchanged.isEmpty {
                message = sentences(message, Message(already, ["items": names(unchanged), "count": agreementCount(unchanged)]))
            }
        }
        return withRefusals(message, result.refused)
    }

    /// One item: `{"list","item"}`; several: `{"list","items"}`; items on
    /// other lists too: `elsewhere`, and names not acted on: `not_applied`.
    private static func itemsData(_ result: ItemsChanged) -> JSON {
        let groups = result.byList
        if groups.count == 1, result.changes.count == 1, result.refused.isEmpty {
            return .object([("list", json(groups[0].list)), ("item", json(result.changes[0].after))])
        }
        return listsData(groups.map { ($0.list, $0.changes.map(\.after)) }, refused: result.refused)
    }

    /// `{"list","items"}` for the first list, `elsewhere` for the others,
    /// and `not_applied` for what was refused, when any.
    private static func listsData(_ groups: [(list: ShoppingList, items: [Item])], refused: [Refusal]) -> JSON {
        guard let first = groups.first else { return .object([]) }
        var fields: [(String, JSON)] = [("list", json(first.list)), ("items", .array(first.items.map(json)))]
        if groups.count > 1 {
            fields.append(("elsewhere", .array(groups.dropFirst().map { .object([("list", json($0.list)), ("items", .array($0.items.map(json)))]) })))
        }
        if !refused.isEmpty { fields.append(("not_applied", notApplied(refused))) }
        return .object(fields)
    }

    /// A message followed by each refused name's sentence, as its error
    /// alone would have said it.
    static func withRefusals(_ message: Message, _ refused: [Refusal]) -> Message {
        refused.reduce(message) { sentences($0, Self.message(for: $1.reason)) }
    }

    /// `[{"name","error"}]`: what was not done, and why; the reply's text says it in words.
    static func notApplied(_ refused: [Refusal]) -> JSON {
        .array(refused.map { .object([("name", .string($0.name)), ("error", .string($0.reason.code.rawValue))]) })
    }

    static func cleared(_ cleared: ItemsRemoved, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "clear_checked",
              message: Message(.itemsCleared, [
                  "count": .number(cleared.items.count), "list": title(cleared.list, for: speaker), "items": names(cleared.items),
              ]),
              data: .object([("list", json(cleared.list)), ("items", .array(cleared.items.map(json)))]))
    }
}
