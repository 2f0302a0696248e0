import Foundation
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkJSON

/// Every sentence the bot says, and the `data` of every reply, made here and
/// nowhere else, so tests can hold them word for word.
enum Replies {
    static let storageFailure = "Sorry, your change could not be saved, so nothing was changed. Please try again in a moment."

    static func created(_ list: ShoppingList) -> Reply {
        Reply(ok: true, intent: "create_list", text: "Created the list \(list.name). Say “add eggs to \(list.name)” to fill it.",
              data: .object([("list", json(list))]))
    }

    static func renamed(_ renamed: ListRenamed) -> Reply {
        Reply(ok: true, intent: "rename_list", text: "Renamed \(renamed.oldName) to \(renamed.list.name).",
              data: .object([("list", json(renamed.list)), ("old_name", .string(renamed.oldName.value))]))
    }

    static func deleted(_ deleted: ListDeleted) -> Reply {
        let what = switch deleted.itemCount {
        case 0: ""
        case 1: " and its 1 item"
        case let n: " and its \(n) items"
        }
        return Reply(ok: true, intent: "delete_list", text: "Deleted \(deleted.list.name)\(what).",
                     data: .object([("list", json(deleted.list)), ("items", .int(deleted.itemCount))]))
    }

    static func lists(_ summaries: [ListSummary]) -> Reply {
        let text: String
        if summaries.isEmpty {
            text = "You have no lists yet. Say “add milk” to start your shopping list, or “create a list called Groceries”."
        } else {
            let lines = summaries.map { summary in
                let count = switch (summary.itemCount, summary.uncheckedCount) {
                case (0, _): "empty"
                case (let all, let open) where all == open: plural(all, "item")
                case (let all, let open): "\(plural(all, "item")), \(open) to get"
                }
                return "- \(summary.list.name) (\(count))"
            }
            text = (["Your lists:"] + lines).joined(separator: "\n")
        }
        let data = JSON.object([("lists", .array(summaries.map { summary in
            .object([
                ("name", .string(summary.list.name.value)), ("owner", .string(summary.list.owner.value)),
                ("access", .string(summary.access.rawValue)), ("items", .int(summary.itemCount)),
            ])
        }))])
        return Reply(ok: true, intent: "show_lists", text: text, data: data)
    }

    static func contents(_ contents: ListContents) -> Reply {
        let text: String
        if contents.items.isEmpty {
            text = "\(contents.list.name) is empty."
        } else {
            let lines = contents.items.map { ($0.isChecked ? "- [x] " : "- ") + describe($0) }
            text = (["\(contents.list.name):"] + lines).joined(separator: "\n")
        }
        return Reply(ok: true, intent: "show_list", text: text,
                     data: .object([("list", json(contents.list)), ("items", .array(contents.items.map(json)))]))
    }

    static func added(_ added: ItemsAdded) -> Reply {
        let parts = added.changes.map { change in
            let what = describe(quantity: change.added.value, unit: change.item.unit?.value, name: change.item.name.value)
            return change.merged && change.item.quantity != change.added
                ? "\(what) (\(describe(quantity: change.item.quantity.value, unit: change.item.unit?.value, name: nil)) now)"
                : what
        }
        return Reply(ok: true, intent: "add_items", text: "Added \(sentenceList(parts)) to \(added.list.name).",
                     data: .object([("list", json(added.list)), ("items", .array(added.changes.map { json($0.item) }))]))
    }

    static func removed(_ removed: ItemsRemoved) -> Reply {
        Reply(ok: true, intent: "remove_item", text: "Removed \(sentenceList(removed.items.map(\.name.value))) from \(removed.list.name).",
              data: .object([("list", json(removed.list)), ("items", .array(removed.items.map(json)))]))
    }

    static func quantityChanged(_ changed: ItemChanged) -> Reply {
        Reply(ok: true, intent: "update_item", text: "Changed \(changed.after.name) on \(changed.list.name) to \(describe(quantity: changed.after.quantity.value, unit: changed.after.unit?.value, name: nil)).",
              data: .object([("list", json(changed.list)), ("item", json(changed.after))]))
    }

    static func itemRenamed(_ changed: ItemChanged) -> Reply {
        Reply(ok: true, intent: "update_item", text: "Renamed \(changed.before.name) to \(changed.after.name) on \(changed.list.name).",
              data: .object([("list", json(changed.list)), ("item", json(changed.after)), ("old_name", .string(changed.before.name.value))]))
    }

    static func checked(_ changed: ItemChanged) -> Reply {
        let text = changed.before.isChecked
            ? "\(changed.after.name) was already checked off on \(changed.list.name)."
            : "Checked off \(changed.after.name) on \(changed.list.name)."
        return Reply(ok: true, intent: "check_item", text: text, data: .object([("list", json(changed.list)), ("item", json(changed.after))]))
    }

    static func unchecked(_ changed: ItemChanged) -> Reply {
        let text = changed.before.isChecked
            ? "Put \(changed.after.name) back on \(changed.list.name)."
            : "\(changed.after.name) is not checked off on \(changed.list.name)."
        return Reply(ok: true, intent: "uncheck_item", text: text, data: .object([("list", json(changed.list)), ("item", json(changed.after))]))
    }

    static func cleared(_ cleared: ItemsRemoved) -> Reply {
        Reply(ok: true, intent: "clear_checked",
              text: "Cleared \(plural(cleared.items.count, "checked item")) from \(cleared.list.name): \(sentenceList(cleared.items.map(\.name.value))).",
              data: .object([("list", json(cleared.list)), ("items", .array(cleared.items.map(json)))]))
    }

    static func history(_ history: [Activity], of list: ShoppingList, now: Date) -> Reply {
        let lines = history.map { "- \($0.actor) \(describe($0)) (\(ago($0.at, now: now)))" }
        let text = history.isEmpty ? "Nothing has changed on \(list.name) yet." : (["Latest changes to \(list.name):"] + lines).joined(separator: "\n")
        let data = JSON.object([("list", json(list)), ("changes", .array(history.map { activity in
            .object([
                ("who", .string(activity.actor.value)), ("action", .string(activity.action.rawValue)),
                ("detail", .string(activity.detail)), ("at", .string(activity.at.formatted(.iso8601))),
            ])
        }))])
        return Reply(ok: true, intent: "show_activity", text: text, data: data)
    }

    static func help(grammar: Grammar, topic: String?) -> Reply {
        let topics = grammar.helpTopics.filter { topic == nil || $0.name == topic }
        var lines = [topic == nil ? "Here is what you can say:" : "What you can say about \(topics.first?.title.lowercased() ?? topic!):"]
        for topic in topics {
            let intents = grammar.intents.filter { $0.topic == topic.name }
            guard !intents.isEmpty else { continue }
            lines.append("\(topic.title):")
            for intent in intents {
                lines.append("- “\(intent.examples[0])”" + (intent.help.map { ": \($0)" } ?? ""))
            }
        }
        if topic == nil { lines.append("Say “help sharing” (or lists, items) for more.") }
        return Reply(ok: true, intent: "help", text: lines.joined(separator: "\n"),
                     data: .object([("examples", .array(grammar.intents.filter { intent in topics.contains { $0.name == intent.topic } }.flatMap { intent in
                         intent.examples.map { JSON.object([("intent", .string(intent.name)), ("example", .string($0))]) }
                     }))]))
    }

    static func notUnderstood(_ text: String, suggestions: [String]) -> Reply {
        let tries = suggestions.map { "“\($0)”" }
        let hint = tries.isEmpty ? "Say “help” to see what I understand." : "You could try \(sentenceList(tries, conjunction: "or")), or say “help”."
        return .failure(.notUnderstood, "Sorry, I didn't understand that. \(hint)",
                        data: .object([("suggestions", .array(suggestions.map(JSON.string)))]))
    }

    static func notAvailable(intent: String) -> Reply {
        .failure(.unavailable, "Sharing is not available yet; it is coming soon.", intent: intent)
    }

    // MARK: Pieces

    static func json(_ list: ShoppingList) -> JSON {
        .object([("name", .string(list.name.value)), ("owner", .string(list.owner.value))])
    }

    static func json(_ item: Item) -> JSON {
        .object([
            ("name", .string(item.name.value)), ("quantity", .int(item.quantity.value)),
            ("unit", JSON(item.unit?.value)), ("checked", .bool(item.isChecked)),
        ])
    }

    static func describe(_ item: Item) -> String {
        describe(quantity: item.quantity.value, unit: item.unit?.value, name: item.name.value)
    }

    /// "3 eggs", "2 loaves of bread", "1 kg of flour", "milk"; without a name, "4", "2 kg".
    static func describe(quantity: Int, unit: String?, name: String?) -> String {
        switch (unit, name) {
        case (nil, nil): String(quantity)
        case (nil, let name?): quantity == 1 ? name : "\(quantity) \(name)"
        case (let unit?, nil): "\(quantity) \(quantity == 1 ? unit : English.plural(of: unit))"
        case (let unit?, let name?): "\(quantity) \(quantity == 1 ? unit : English.plural(of: unit)) of \(name)"
        }
    }

    static func describe(_ activity: Activity) -> String {
        switch activity.action {
        case .createList: "created the list"
        case .renameList: "renamed the list: \(activity.detail)"
        case .deleteList: "deleted the list"
        case .addItem: "added \(activity.detail)"
        case .removeItem: "removed \(activity.detail)"
        case .updateItem: "changed \(activity.detail)"
        case .renameItem: "renamed \(activity.detail)"
        case .checkItem: "checked off \(activity.detail)"
        case .uncheckItem: "unchecked \(activity.detail)"
        case .clearChecked: "cleared \(activity.detail) checked items"
        }
    }

    static func ago(_ date: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "just now"
        case ..<3_600: return plural(seconds / 60, "minute") + " ago"
        case ..<86_400: return plural(seconds / 3_600, "hour") + " ago"
        case ..<172_800: return "yesterday"
        default: return plural(seconds / 86_400, "day") + " ago"
        }
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(count == 1 ? noun : English.plural(of: noun))"
    }

    /// "a", "a and b", "a, b and c".
    static func sentenceList(_ parts: [String], conjunction: String = "and") -> String {
        switch parts.count {
        case 0: ""
        case 1: parts[0]
        default: parts.dropLast().joined(separator: ", ") + " \(conjunction) " + parts.last!
        }
    }
}

/// English spelling rules the replies need.
enum English {
    /// "loaf" → "loaves", "box" → "boxes", "kg" → "kg".
    static func plural(of word: String) -> String {
        let lower = word.lowercased()
        if ["kg", "g", "lb", "oz", "l", "ml", "dozen"].contains(lower) { return word }
        if lower.hasSuffix("item") { return word + "s" }
        if lower.hasSuffix("f") { return word.dropLast() + "ves" }
        if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) { return word + "es" }
        if lower.hasSuffix("y"), let before = lower.dropLast().last, !"aeiou".contains(before) { return word.dropLast() + "ies" }
        return word + "s"
    }
}
