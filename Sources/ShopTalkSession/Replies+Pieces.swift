import Foundation
import ShopTalkDomain
import ShopTalkJSON
import ShopTalkWording

/// The pieces replies are made of: lists as a reader calls them, amounts,
/// times, and the `data` shapes of lists and items.
extension Replies {
    /// A list as `viewer` calls it: their own by its name, another member's
    /// with its owner ("bob's Hardware"), since several members may each
    /// have a Hardware. In news of a change, a list of the one who made it
    /// goes by its name too ("alice checked off milk on Groceries").
    static func title(_ list: ShoppingList, for viewer: UserName, by actor: UserName? = nil) -> MessageArgument {
        list.owner == viewer || list.owner == actor
            ? .text(list.name.value)
            : .message(Message(.listOthers, ["owner": .text(list.owner.value), "name": .text(list.name.value)]))
    }

    /// "3 eggs", "2 loaves of bread", "1.5 kg of flour", "milk"; without a name, "4", "2 kg".
    static func amount(_ quantity: Quantity, unit: ItemUnit?, name: String?, typedIn: String? = nil, showingTyped: Bool = false) -> MessageArgument {
        amount(written: quantity.description, unit: unit, name: name, typedIn: typedIn, showingTyped: showingTyped)
    }

    /// The same for an amount written as a decimal, which may be past what a
    /// quantity holds ("That would make 1000000.3 kg of flour").
    /// A unit named on its own, in the reader's words ("measured in packs",
    /// "tính bằng gói"): its plural form, never the stored code ("pack").
    static func unitWord(_ stored: String) -> MessageArgument {
        MessageKey(rawValue: "unit.\(stored)").map { .message(Message($0, ["count": .decimal("2")])) } ?? .text(stored)
    }

    /// "packs", "kg", and with a size "packs of 6", "cases of 24": a unit
    /// in the reader's words for `count` of it.
    static func unitWords(_ unit: ItemUnit, count: MessageArgument) -> MessageArgument {
        let container = unit.container
        let words = MessageKey(rawValue: "unit.\(container)").map { MessageArgument.message(Message($0, ["count": count])) } ?? .text(container)
        guard let size = unit.size else { return words }
        // "6", or "500ml" as "500 ml" in the reader's words.
        let digits = String(size.prefix { $0.isNumber || $0 == "." })
        let measure = String(size.dropFirst(digits.count))
        let sizeWords: MessageArgument = measure.isEmpty || digits.isEmpty
            ? .decimal(digits.isEmpty ? size : digits)
            : .message(Message(.amountAloneUnit, ["quantity": .decimal(digits), "unit": unitWords(ItemUnit(stored: measure), count: .decimal(digits))]))
        return .message(Message(.amountSized, ["unit": words, "size": sizeWords]))
    }

    static func amount(written: String, unit: ItemUnit?, name: String?, typedIn: String? = nil, showingTyped: Bool = false) -> MessageArgument {
        let quantity = MessageArgument.decimal(written)
        // Plural for more than one: "half a pumpkin" names one pumpkin. After a
        // unit, plural unless a mass: "half a kilo of apples", "1 kg of rice".
        let name = name.map {
            MessageArgument.thing($0, plural: unit != nil || (Double(written) ?? 2) > 1, typedIn: typedIn, showingTyped: showingTyped, measured: unit != nil)
        }
        let unit = unit.map { unit in unitWords(unit, count: quantity) }
        return switch (unit, name) {
        case (nil, nil): .message(Message(.amountAlone, ["quantity": quantity]))
        case (nil, let name?): .message(Message(.amountItem, ["quantity": quantity, "name": name]))
        case (let unit?, nil): .message(Message(.amountAloneUnit, ["quantity": quantity, "unit": unit]))
        case (let unit?, let name?): .message(Message(.amountItemUnit, ["quantity": quantity, "unit": unit, "name": name]))
        }
    }

    /// `showingTyped`: where a member asks about the item, its name as typed beside the reader's word.
    static func describe(_ item: Item, showingTyped: Bool = false) -> MessageArgument {
        amount(item.quantity, unit: item.unit, name: item.name.value, typedIn: item.language, showingTyped: showingTyped)
    }

    /// Items by name, joined: "eggs, milk and bread".
    static func names(_ items: [Item]) -> MessageArgument {
        .list(items.map { thing($0) }, .and)
    }

    /// Items something was done to, each as the object of a verb and
    /// joined: "le potiron et les œufs", «тыкву и яйца» (`thing.object`).
    static func objects(_ items: [Item]) -> MessageArgument {
        .list(items.map { .message(Message(.thingObject, ["name": thing($0)])) }, .and)
    }

    static func names(_ names: [ItemName]) -> MessageArgument {
        .list(names.map { thing($0) }, .and)
    }

    /// An item by its name, which each reader reads in their own word (see
    /// ``MessageArgument/thing(_:plural:typedIn:showingTyped:)``); `showingTyped`
    /// where a member asks about it, with the name as typed beside.
    static func thing(_ item: Item, showingTyped: Bool = false) -> MessageArgument {
        .thing(item.name.value, plural: item.unit == nil && item.quantity > .one, typedIn: item.language, showingTyped: showingTyped)
    }

    static func thing(_ name: ItemName) -> MessageArgument {
        .thing(name.value, plural: false, typedIn: nil)
    }

    /// "read-only", "owner": how a member may use a list, in words.
    static func access(_ access: Access) -> MessageArgument {
        switch access {
        case .owner: .message(Message(.permissionOwner))
        case .participant(let permission): self.permission(permission)
        }
    }

    static func permission(_ permission: Permission) -> MessageArgument {
        switch permission {
        case .readOnly: .message(Message(.permissionReadOnly))
        case .readWrite: .message(Message(.permissionReadWrite))
        case .admin: .message(Message(.permissionAdmin))
        }
    }

    /// For a template's `select`: yes or no.
    static func yes(_ condition: Bool) -> MessageArgument {
        .text(condition ? "yes" : "no")
    }

    /// "just now", "2 hours ago", "yesterday".
    static func ago(_ date: Date, now: Date) -> MessageArgument {
        let seconds = Int(now.timeIntervalSince(date))
        let message = switch seconds {
        case ..<60: Message(.agoNow)
        case ..<3_600: Message(.agoMinutes, ["count": .number(seconds / 60)])
        case ..<86_400: Message(.agoHours, ["count": .number(seconds / 3_600)])
        case ..<172_800: Message(.agoYesterday)
        default: Message(.agoDays, ["count": .number(seconds / 86_400)])
        }
        return .message(message)
    }

    /// Parts one under the other, as one message.
    static func lines(_ parts: [MessageArgument]) -> Message {
        Message(.lines, ["lines": .lines(parts)])
    }

    /// Two sentences one after the other, as one message: "Added eggs. There is no salt."
    static func sentences(_ first: Message, _ next: Message) -> Message {
        if first.key == .sentences, case .list(let parts, .sentences)? = first.arguments["sentences"] {
            return Message(.sentences, ["sentences": .list(parts + [.message(next)], .sentences)])
        }
        return Message(.sentences, ["sentences": .list([.message(first), .message(next)], .sentences)])
    }

    /// What a change did, after its actor: "added 2 litres of milk".
    /// `actor`: who made it, when known, so that "jess said jess would get
    /// the eggs" can read "jess is getting the eggs" (`self` in `change.assigned`).
    static func describe(_ change: Activity.Change, by actor: UserName? = nil) -> Message {
        switch change {
        case .createdList: Message(.changeCreatedList)
        case .renamedList(let from, let to): Message(.changeRenamedList, ["from": .text(from.value), "to": .text(to.value)])
        case .deletedList: Message(.changeDeletedList)
        case .addedItem(let name, let quantity, let unit): Message(.changeAdded, ["amount": amount(quantity, unit: unit, name: name.value)])
        case .putBack(let name, let quantity, let unit): Message(.changePutBack, ["amount": amount(quantity, unit: unit, name: name.value)])
        case .removedItem(let name): Message(.changeRemoved, ["item": thing(name)])
        case .setQuantity(let name, let quantity, let unit):
            Message(.changeSetQuantity, ["item": thing(name), "amount": amount(quantity, unit: unit, name: nil)])
        case .renamedItem(let from, let to): Message(.changeRenamedItem, ["from": .text(from.value), "to": .text(to.value)])
        case .checkedItem(let name): Message(.changeChecked, ["item": thing(name)])
        case .uncheckedItem(let name): Message(.changeUnchecked, ["item": thing(name)])
        case .clearedChecked(let count, let items) where items.isEmpty: Message(.changeCleared, ["count": .number(count)])
        case .clearedChecked(let count, let items): Message(.changeClearedItems, ["count": .number(count), "items": names(items)])
        case .clearedList(let count, let items): Message(.changeEmptied, ["count": .number(count), "items": names(items)])
        case .noted(let item, let note?): Message(.changeNoted, ["item": thing(item), "note": .text(note.value)])
        case .noted(let item, nil): Message(.changeNoteRemoved, ["item": thing(item)])
        case .assigned(let item, let buyer?):
            Message(.changeAssigned, ["item": thing(item), "buyer": .text(buyer.value), "self": yes(buyer == actor)])
        case .assigned(let item, nil): Message(.changeUnassigned, ["item": thing(item)])
        case .shared(let member, let granted, nil): Message(.changeShared, ["user": .text(member.value), "permission": permission(granted)])
        case .shared(let member, let granted, let item?):
            Message(.changeSharedItem, ["user": .text(member.value), "permission": permission(granted), "item": thing(item)])
        case .permissionSet(let member, let granted): Message(.changePermission, ["user": .text(member.value), "permission": permission(granted)])
        case .unshared(let member): Message(.changeUnshared, ["user": .text(member.value)])
        case .joined(let granted): Message(.changeJoined, ["permission": permission(granted)])
        case .left: Message(.changeLeft)
        case .madeCode(let granted): Message(.changeMadeCode, ["permission": permission(granted)])
        case .revokedCodes(let count): Message(.changeRevokedCodes, ["count": .number(count)])
        case .summary(let action, let detail): describe(action, summary: detail)
        }
    }

    /// An entry stored before changes were kept as data, worded around the
    /// English summary it was stored with.
    private static func describe(_ action: Activity.Action, summary detail: String) -> Message {
        let key: MessageKey = switch action {
        case .createList: .changeOldCreateList
        case .renameList: .changeOldRenameList
        case .deleteList: .changeOldDeleteList
        case .addItem, .putBack: .changeOldAddItem
        case .removeItem: .changeOldRemoveItem
        case .updateItem: .changeOldUpdateItem
        case .renameItem: .changeOldRenameItem
        case .checkItem: .changeOldCheckItem
        case .uncheckItem: .changeOldUncheckItem
        case .clearChecked: .changeOldClearChecked
        case .clearList: .changeOldClearList
        // Recorded as data from the start: no old summary holds them, but one would still be shown.
        case .share, .setPermission, .unshare, .join, .leave, .makeCode, .revokeCodes, .noteItem, .assignItem: .changeOldSharing
        }
        return Message(key, ["detail": .text(detail)])
    }

    // MARK: Data

    static func json(_ list: ShoppingList) -> JSON {
        .object([("name", .string(list.name.value)), ("owner", .string(list.owner.value))])
    }

    /// `note` and `buyer` only when it has them: most items have neither.
    static func json(_ item: Item) -> JSON {
        var fields: [(String, JSON)] = [
            ("name", .string(item.name.value)), ("display", .string(item.name.value)), ("quantity", json(item.quantity)),
            ("unit", JSON(item.unit?.container)), ("checked", .bool(item.isChecked)),
        ]
        if let size = item.unit?.size { fields.append(("size", .string(size))) }
        if let language = item.language { fields.append(("lang", .string(language))) }
        if let note = item.note { fields.append(("note", .string(note.value))) }
        if let buyer = item.buyer { fields.append(("buyer", .string(buyer.value))) }
        return .object(fields)
    }

    /// A quantity as a JSON number, exactly: 2, 1.5.
    static func json(_ quantity: Quantity) -> JSON {
        quantity.isWhole ? .int(quantity.thousandths / Quantity.scale) : .number(quantity.description)
    }

    /// One change for programs: what `describe` words, as fields; `detail`
    /// is the English phrase after the verb, as before these fields existed,
    /// kept for programs that read it.
    static func json(_ activity: Activity) -> JSON {
        var fields: [(String, JSON)] = [("who", .string(activity.actor.value)), ("action", .string(activity.action.rawValue))]
        switch activity.change {
        case .createdList, .deletedList:
            fields.append(("detail", .string(activity.listName.value)))
        case .renamedList(let from, let to):
            fields += [("detail", .string("\(from) → \(to)")), ("from", .string(from.value)), ("to", .string(to.value))]
        case .addedItem(let name, let quantity, let unit), .setQuantity(let name, let quantity, let unit), .putBack(let name, let quantity, let unit):
            fields += [
                ("detail", .string(englishDetail(quantity, unit, name))),
                ("item", .string(name.value)), ("quantity", json(quantity)), ("unit", unit.map { .string($0.value) } ?? .null),
            ]
        case .removedItem(let name), .checkedItem(let name), .uncheckedItem(let name):
            fields += [("detail", .string(name.value)), ("item", .string(name.value))]
        case .renamedItem(let from, let to):
            fields += [("detail", .string("\(from) → \(to)")), ("item", .string(to.value)), ("from", .string(from.value)), ("to", .string(to.value))]
        case .clearedChecked(let count, let items), .clearedList(let count, let items):
            fields += [("detail", .string(String(count))), ("count", .int(count)), ("items", .array(items.map { .string($0.value) }))]
        case .assigned(let item, let buyer):
            fields += [("detail", .string(item.value)), ("item", .string(item.value)), ("buyer", buyer.map { .string($0.value) } ?? .null)]
        case .noted(let item, let note):
            fields += [("detail", .string(item.value)), ("item", .string(item.value)), ("note", note.map { .string($0.value) } ?? .null)]
        case .shared(let member, let permission, let item):
            fields += [("detail", .string(member.value)), ("user", .string(member.value)), ("permission", .string(permission.rawValue))]
            if let item { fields.append(("item", .string(item.value))) }
        case .permissionSet(let member, let permission):
            fields += [("detail", .string(member.value)), ("user", .string(member.value)), ("permission", .string(permission.rawValue))]
        case .unshared(let member):
            fields += [("detail", .string(member.value)), ("user", .string(member.value))]
        case .joined(let permission), .madeCode(let permission):
            fields += [("detail", .string(permission.rawValue)), ("permission", .string(permission.rawValue))]
        case .left:
            fields.append(("detail", .string(activity.listName.value)))
        case .revokedCodes(let count):
            fields += [("detail", .string(String(count))), ("count", .int(count))]
        case .summary(_, let detail):
            fields.append(("detail", .string(detail)))
        }
        fields.append(("at", .string(activity.at.formatted(.iso8601))))
        return .object(fields)
    }

    /// The `detail` of an added or changed amount, exactly as the protocol
    /// has always given it ("2 litres of milk"): a field older programs read,
    /// always in English; the fields beside it carry the same as data, and
    /// the reply's text is in the reader's language.
    private static func englishDetail(_ quantity: Quantity, _ unit: ItemUnit?, _ name: ItemName) -> String {
        guard let unit else { return quantity.isOne ? name.value : "\(quantity) \(name)" }
        let plain = ["kg", "g", "lb", "oz", "ml", "cl", "dl", "dag"].contains(unit.value) || quantity.isOne
        let units = plain ? unit.value : unit.value.hasSuffix("f") ? unit.value.dropLast() + "ves"
            : ["x", "h"].contains(unit.value.last.map(String.init) ?? "") ? unit.value + "es" : unit.value + "s"
        return "\(quantity) \(units) of \(name)"
    }
}
