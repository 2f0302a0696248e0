import ShopTalkDomain
import ShopTalkJSON
import ShopTalkWording

extension Replies {
    /// What other members are told. Each event names the member it is for,
    /// and is worded in that member's language when it reaches them.
    enum Events {
        static func event(_ name: String, _ to: UserName, _ key: MessageKey, _ arguments: MessageArguments,
                          list: ShoppingList, by actor: UserName, _ extra: [(String, JSON)] = []) -> Event {
            Event(name: name, to: to, message: Message(key, arguments.adding("actor", .text(actor.value))),
                         data: .object([("list", json(list)), ("by", .string(actor.value))] + extra))
        }

        static func added(_ added: ItemsAdded, by actor: UserName, to: UserName) -> Event {
            let parts = added.changes.map { amount($0.added, unit: $0.addedUnit, name: $0.item.name.value, typedIn: $0.item.language) }
            return event("items_added", to, .eventAdded, ["items": .list(parts, .and), "list": title(added.list, for: to, by: actor)],
                         list: added.list, by: actor, [("items", .array(added.changes.map { json($0.item) }))])
        }

        static func removed(_ items: [Item], from list: ShoppingList, by actor: UserName, to: UserName) -> Event {
            event("item_removed", to, .eventRemoved, ["items": objects(items), "list": title(list, for: to, by: actor)],
                  list: list, by: actor, [("items", .array(items.map(json)))])
        }

        static func quantityChanged(_ changed: ItemChanged, by actor: UserName, to: UserName) -> Event {
            event("item_updated", to, .eventChanged, [
                "item": thing(changed.after), "list": title(changed.list, for: to, by: actor),
                "amount": amount(changed.after.quantity, unit: changed.after.unit, name: nil),
            ], list: changed.list, by: actor, [("item", json(changed.after))])
        }

        static func itemRenamed(_ changed: ItemChanged, by actor: UserName, to: UserName) -> Event {
            event("item_updated", to, .eventItemRenamed, [
                "old": .text(changed.before.name.value), "new": .text(changed.after.name.value), "list": title(changed.list, for: to, by: actor),
            ], list: changed.list, by: actor, [("item", json(changed.after))])
        }

        static func checked(_ items: [Item], on list: ShoppingList, by actor: UserName, to: UserName) -> Event {
            event("item_checked", to, .eventChecked, ["items": objects(items), "list": title(list, for: to, by: actor)], list: list, by: actor, itemOrItems(items))
        }

        static func unchecked(_ items: [Item], on list: ShoppingList, by actor: UserName, to: UserName) -> Event {
            event("item_unchecked", to, .eventUnchecked, ["items": objects(items), "list": title(list, for: to, by: actor)], list: list, by: actor, itemOrItems(items))
        }

        /// One item: `item`; several: `items`.
        private static func itemOrItems(_ items: [Item]) -> [(String, JSON)] {
            items.count == 1 ? [("item", json(items[0]))] : [("items", .array(items.map(json)))]
        }

        static func cleared(_ items: [Item], from list: ShoppingList, by actor: UserName, to: UserName) -> Event {
            event("checked_cleared", to, .eventCleared, ["count": .number(items.count), "list": title(list, for: to, by: actor)],
                  list: list, by: actor, [("items", .array(items.map(json)))])
        }

        static func emptied(_ items: [Item], from list: ShoppingList, by actor: UserName, to: UserName) -> Event {
            event("list_cleared", to, .eventEmptied, ["count": .number(items.count), "list": title(list, for: to, by: actor)],
                  list: list, by: actor, [("items", .array(items.map(json)))])
        }

        static func renamed(_ renamed: ListRenamed, by actor: UserName, to: UserName) -> Event {
            event("list_renamed", to, .eventRenamed, ["old": .text(renamed.oldName.value), "new": .text(renamed.list.name.value)],
                  list: renamed.list, by: actor, [("old_name", .string(renamed.oldName.value))])
        }

        static func deleted(_ list: ShoppingList, by actor: UserName, to: UserName) -> Event {
            event("list_deleted", to, .eventDeleted, ["list": .text(list.name.value)], list: list, by: actor)
        }

        static func shared<R>(_ shared: Household<R>.Shared, _ change: Household<R>.ShareChange, by actor: UserName) -> Event {
            let what = shared.item.map { MessageArgument.message(Message(.sharedItem, ["item": thing($0), "list": .text(shared.list.name.value)])) }
                ?? .text(shared.list.name.value)
            switch change.kind {
            case .invited:
                return event("list_shared", change.user, .eventShared, [
                    "what": what, "permission": permission(change.permission), "name": .text(shared.item?.name.value ?? shared.list.name.value),
                ], list: shared.list, by: actor, [("item", shared.item.map(json) ?? .null), ("permission", .string(change.permission.rawValue))])
            case .permissionChanged:
                let (key, arguments): (MessageKey, MessageArguments) = change.permission == .admin
                    ? (.eventMadeAdmin, ["list": .text(shared.list.name.value)])
                    : (.eventPermission, ["what": what, "permission": permission(change.permission)])
                return event("permission_changed", change.user, key, arguments, list: shared.list, by: actor,
                             [("permission", .string(change.permission.rawValue))])
            }
        }

        static func joined<R>(_ answer: Household<R>.InvitationAnswer, by actor: UserName, to: UserName) -> Event {
            event("share_joined", to, .eventJoined, ["list": .text(answer.list.name.value), "permission": permission(answer.permission)],
                  list: answer.list, by: actor)
        }

        static func accepted<R>(_ answer: Household<R>.InvitationAnswer, by actor: UserName, to: UserName) -> Event {
            // `shared`: "item" for one item of a list, so a reader is told which; `permission`: what they may do.
            event("share_accepted", to, .eventAccepted, [
                "name": answer.item.map { Replies.thing($0) } ?? .text(answer.list.name.value),
                "shared": .text(answer.item == nil ? "list" : "item"), "permission": permission(answer.permission),
            ], list: answer.list, by: actor)
        }

        static func declined<R>(_ answer: Household<R>.InvitationAnswer, by actor: UserName, to: UserName) -> Event {
            event("share_declined", to, .eventDeclined, ["name": .text(answer.item?.name.value ?? answer.list.name.value)], list: answer.list, by: actor)
        }

        static func left(_ list: ShoppingList, by actor: UserName, to: UserName) -> Event {
            event("list_left", to, .eventLeft, ["list": .text(list.name.value)], list: list, by: actor)
        }

        static func unshared(_ list: ShoppingList, by actor: UserName, to: UserName) -> Event {
            event("list_unshared", to, .eventUnshared, ["list": .text(list.name.value)], list: list, by: actor)
        }
    }
}
