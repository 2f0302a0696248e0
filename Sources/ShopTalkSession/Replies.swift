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

    /// "create a list", with no name: asked for, not invented.
    static let listNameNeeded = Reply.failure(
        .invalid, "What should the new list be called? Say, for example, “create a list called Groceries”.", intent: "create_list")

    /// "delete a list", with no name: asked which, since deleting one cannot be undone.
    static let listToDeleteNeeded = Reply.failure(
        .invalid, "Which list should I delete? Say, for example, “delete the list Groceries”.", intent: "delete_list")

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

    /// `counting`: "how many lists do I have?" heads the lists with their number.
    static func lists(_ summaries: [ListSummary], sharedItems: [SharedItem] = [], counting: Bool = false) -> Reply {
        var text: String
        if summaries.isEmpty && sharedItems.isEmpty {
            text = "You have no lists yet. Say “add milk” to start your shopping list, or “create a list called Groceries”."
        } else {
            let lines = summaries.map { summary in
                let count = switch (summary.itemCount, summary.uncheckedCount) {
                case (0, _): "empty"
                case (let all, let open) where all == open: plural(all, "item")
                case (let all, let open): "\(plural(all, "item")), \(open) to get"
                }
                let whose = summary.access == .owner ? "" : "\(summary.list.owner)'s, \(summary.access.name), "
                return "- \(summary.list.name) (\(whose)\(summary.isDefault ? "default, " : "")\(count))"
            }
            text = ([counting ? "You have \(plural(summaries.count, "list")):" : "Your lists:"] + lines).joined(separator: "\n")
            if summaries.isEmpty { text = "You have no lists of your own yet." }
            if !sharedItems.isEmpty {
                text += "\nItems shared with you:\n" + sharedItems.map {
                    "- \(describe($0.item)) on \($0.list.owner)'s \($0.list.name) (\($0.permission.rawValue))"
                }.joined(separator: "\n")
            }
        }
        let data = JSON.object([
            ("lists", .array(summaries.map { summary in
                .object([
                    ("name", .string(summary.list.name.value)), ("owner", .string(summary.list.owner.value)),
                    ("access", .string(summary.access.name)), ("items", .int(summary.itemCount)), ("default", .bool(summary.isDefault)),
                ])
            })),
            ("shared_items", .array(sharedItems.map { shared in
                .object([("item", json(shared.item)), ("list", json(shared.list)), ("access", .string(shared.permission.rawValue))])
            })),
        ])
        return Reply(ok: true, intent: "show_lists", text: text, data: data)
    }

    /// `counting`: "how many items are on Groceries?" heads the items with
    /// their number, and how many are still to get when some are checked off.
    /// "show checked items" (`checked`), "what's left to buy?" (`open`): part of a list.
    enum Only: String {
        case checked, open
    }

    /// `only`: just the checked items ("what did we get?") or the open ones
    /// ("what's left to buy?"); the data holds those alone too.
    static func contents(_ contents: ListContents, for speaker: UserName, counting: Bool = false, only: Only? = nil) -> Reply {
        let text: String
        var heading = title(contents.list, for: speaker)
        let items = switch only {
        case nil: contents.items
        case .checked?: contents.items.filter(\.isChecked)
        case .open?: contents.items.filter { !$0.isChecked }
        }
        switch (only, items.isEmpty) {
        case (nil, true): text = "\(heading) is empty."
        case (.checked?, true): text = "Nothing on \(heading) is checked off yet."
        case (.open?, true): text = contents.items.isEmpty ? "\(heading) is empty." : "Nothing is left to get on \(heading): it is all checked off."
        case (.checked?, false): text = (["Checked off on \(heading):"] + items.map { "- " + describe($0) }).joined(separator: "\n")
        case (.open?, false): text = (["Still to get on \(heading):"] + items.map { "- " + describe($0) }).joined(separator: "\n")
        case (nil, false):
            if counting {
                let open = items.count { !$0.isChecked }
                heading += " has \(plural(items.count, "item"))" + (open == items.count ? "" : ", \(open) to get")
            }
            let lines = items.map { ($0.isChecked ? "- [x] " : "- ") + describe($0) }
            text = (["\(heading):"] + lines).joined(separator: "\n")
        }
        return Reply(ok: true, intent: "show_list", text: text,
                     data: .object([("list", json(contents.list)), ("items", .array(items.map(json)))]))
    }

    static func madeDefault(_ list: ShoppingList, speaker: UserName) -> Reply {
        Reply(ok: true, intent: "set_default_list", text: "\(title(list, for: speaker)) is your default list now: “my list” means it, and sentences that name no list go there.",
              data: .object([("list", json(list))]))
    }

    static func using(_ list: ShoppingList, speaker: UserName) -> Reply {
        Reply(ok: true, intent: "use_list", text: "Switched to \(title(list, for: speaker)); “add eggs” now adds to it.", data: .object([("list", json(list))]))
    }

    /// "do we need milk?", "where are the nails?": yes with how many and
    /// where (every list that has it, when no list was named), or no with a
    /// near name.
    /// `yesOrNo`: "do we need milk?" is answered "Yes, …"; "where is the
    /// milk?" and "how many eggs?" with the place or the count alone.
    static func found(_ found: ItemFound, asking speaker: UserName, yesOrNo: Bool = true) -> Reply {
        let text: String
        if let item = found.item {
            let places = found.places
            if places.count == 1 {
                text = item.isChecked ? "\(title(found.list, for: speaker)) has \(describe(item)), already checked off." : "\(yesOrNo ? "Yes, " : "")\(title(found.list, for: speaker)) has \(describe(item))."
            } else {
                let open = places.contains { !$0.item.isChecked }
                let parts = places.map { place in
                    "\(title(place.list, for: speaker)) has \(describe(place.item))\(open && place.item.isChecked ? " (checked off)" : "")"
                }
                let sentence = sentenceList(parts) + "."
                text = if !open { "All checked off already: " + sentence } else if yesOrNo { "Yes: " + sentence } else { sentence }
            }
        } else {
            let nowhere = found.searchedEverywhere ? "None of your lists has “\(found.name)”." : "\(yesOrNo ? "No, there" : "There") is no “\(found.name)” on \(title(found.list, for: speaker))."
            text = nowhere + (found.suggestion.map { " Did you mean \($0)?" } ?? "")
        }
        let elsewhere = found.elsewhere.map { place in JSON.object([("list", json(place.list)), ("item", json(place.item))]) }
        return Reply(ok: true, intent: "find_item", text: text,
                     data: .object([("list", json(found.list)), ("item", found.item.map(json) ?? .null), ("elsewhere", .array(elsewhere))]))
    }

    /// "who added jam?": who put it on each list that has it, and when; on
    /// none, who last took it off, when the list's history tells.
    static func whoAdded(_ found: ItemFound, removal: (Activity, ShoppingList)?, asking speaker: UserName, now: Date) -> Reply {
        func who(_ name: UserName, capitalized: Bool) -> String { name == speaker ? (capitalized ? "You" : "you") : name.value }
        let text: String
        if found.item != nil {
            let parts = found.places.enumerated().map { index, place in
                "\(who(place.item.addedBy, capitalized: index == 0)) added \(place.item.name) to \(title(place.list, for: speaker)) \(ago(place.item.addedAt, now: now))"
            }
            text = sentenceList(parts) + "."
        } else {
            let nowhere = found.searchedEverywhere ? "None of your lists has “\(found.name)”" : "There is no “\(found.name)” on \(title(found.list, for: speaker))"
            if let (removal, list) = removal {
                let from = found.searchedEverywhere ? " from \(title(list, for: speaker))" : ""
                text = nowhere + "; \(who(removal.actor, capitalized: false)) removed it\(from) \(ago(removal.at, now: now))."
            } else {
                text = nowhere + "." + (found.suggestion.map { " Did you mean \($0)?" } ?? "")
            }
        }
        func json(_ list: ShoppingList, _ item: Item) -> JSON {
            .object([("list", Self.json(list)), ("item", Self.json(item)), ("added_by", .string(item.addedBy.value)),
                     ("added_at", .string(item.addedAt.formatted(.iso8601)))])
        }
        let places = found.places.map { json($0.list, $0.item) }
        let removed = removal.map { activity, list in
            JSON.object([("list", Self.json(list)), ("by", .string(activity.actor.value)), ("at", .string(activity.at.formatted(.iso8601)))])
        } ?? .null
        return Reply(ok: true, intent: "who_added", text: text,
                     data: .object([("list", Self.json(found.list)), ("places", .array(places)), ("removed", removed)]))
    }

    static func added(_ added: ItemsAdded, for speaker: UserName) -> Reply {
        let parts = added.changes.map { change in
            let what = describe(quantity: change.added, unit: change.addedUnit?.value, name: change.item.name.value)
            return change.merged && (change.item.quantity != change.added || change.item.unit != change.addedUnit)
                ? "\(what) (\(describe(quantity: change.item.quantity, unit: change.item.unit?.value, name: nil)) now)"
                : what
        }
        var data: [(String, JSON)] = [("list", json(added.list)), ("items", .array(added.changes.map { json($0.item) }))]
        if !added.refused.isEmpty { data.append(("not_applied", notApplied(added.refused))) }
        let text = (["Added \(sentenceList(parts)) to \(title(added.list, for: speaker))."] + refusals(added.refused)).joined(separator: " ")
        return Reply(ok: true, intent: "add_items", text: text, data: .object(data))
    }

    /// "Removed apples from Food and onions from Shopping list. There is no
    /// “pepper” on Food.": each list's items, then each name refused.
    static func removed(_ removal: Removal, for speaker: UserName) -> Reply {
        let parts = removal.removed.map { "\(sentenceList($0.items.map(\.name.value))) from \(title($0.list, for: speaker))" }
        let groups = removal.removed.map { (list: $0.list, items: $0.items) }
        return Reply(ok: true, intent: "remove_item", text: (["Removed \(sentenceList(parts))."] + refusals(removal.refused)).joined(separator: " "),
                     data: listsData(groups, refused: removal.refused))
    }

    /// "remove 1 egg" with eggs left: what was taken and what is left. One
    /// of an item is named as it was said ("1 egg"), since the list's name
    /// for it may be plural.
    static func reduced(_ changed: ItemChanged, by amount: Quantity, _ unit: ItemUnit?, spoken: String, for speaker: UserName) -> Reply {
        let taken = switch unit {
        case nil where amount.isOne: "1 \(spoken)"
        case nil: "\(amount) \(changed.after.name)"
        case let unit?: describe(quantity: amount, unit: unit.value, name: changed.after.name.value)
        }
        // One of an item the list names in the plural: "1 left", not "tomatoes left".
        let left = changed.after.quantity.isOne && changed.after.unit == nil ? "1" : describe(changed.after)
        return Reply(ok: true, intent: "remove_item",
                     text: "Removed \(taken) from \(title(changed.list, for: speaker)): \(left) left.",
                     data: .object([("list", json(changed.list)), ("item", json(changed.after)), ("removed", json(amount)),
                                   ("removed_unit", unit.map { .string($0.value) } ?? .null)]))
    }

    static func quantityChanged(_ changed: ItemChanged, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "update_item", text: "Changed \(changed.after.name) on \(title(changed.list, for: speaker)) to \(describe(quantity: changed.after.quantity, unit: changed.after.unit?.value, name: nil)).",
              data: .object([("list", json(changed.list)), ("item", json(changed.after))]))
    }

    static func itemRenamed(_ changed: ItemChanged, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "update_item", text: "Renamed \(changed.before.name) to \(changed.after.name) on \(title(changed.list, for: speaker)).",
              data: .object([("list", json(changed.list)), ("item", json(changed.after)), ("old_name", .string(changed.before.name.value))]))
    }

    /// "Checked off eggs and bread on Groceries. milk was already checked off."
    static func checked(_ checked: ItemsChanged, for speaker: UserName) -> Reply {
        let text = changedText(checked, for: speaker, changed: { !$0.before.isChecked }, done: "Checked off", left: "already checked off", onlyLeft: "already checked off")
        return Reply(ok: true, intent: "check_item", text: text, data: itemsData(checked))
    }

    /// "Put eggs back on Groceries. milk is not checked off."
    static func unchecked(_ unchecked: ItemsChanged, for speaker: UserName) -> Reply {
        let text = changedText(unchecked, for: speaker, changed: \.before.isChecked, done: "Put", back: " back", left: "not checked off", onlyLeft: "not checked off", present: true)
        return Reply(ok: true, intent: "uncheck_item", text: text, data: itemsData(unchecked))
    }

    /// What a check or uncheck of several items did, list by list: the items
    /// it changed (`changed`), those that were already so (`left`), and the
    /// names it found nothing for.
    private static func changedText(
        _ result: ItemsChanged, for speaker: UserName, changed: (ItemChanged) -> Bool,
        done verb: String, back: String = "", left: String, onlyLeft: String, present: Bool = false
    ) -> String {
        let groups = result.byList
        let done = groups.compactMap { group -> String? in
            let names = group.changes.filter(changed).map(\.after.name.value)
            return names.isEmpty ? nil : "\(sentenceList(names))\(back) on \(title(group.list, for: speaker))"
        }
        let already = result.changes.filter { !changed($0) }.map(\.after.name.value)
        let be = present ? (already.count == 1 ? "is" : "are") : (already.count == 1 ? "was" : "were")
        var sentences: [String] = []
        if done.isEmpty {
            let on = groups.count == 1 ? " on \(title(groups[0].list, for: speaker))" : ""
            sentences.append("\(sentenceList(already)) \(be) \(onlyLeft)\(on).")
        } else {
            sentences.append("\(verb) \(sentenceList(done)).")
            if !already.isEmpty { sentences.append("\(sentenceList(already)) \(be) \(left).") }
        }
        return (sentences + refusals(result.refused)).joined(separator: " ")
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

    /// Each refused name's sentence, as its error alone would have said it.
    static func refusals(_ refused: [Refusal]) -> [String] {
        refused.map(\.reason.message)
    }

    /// `[{"name","error","text"}]`: what was not done, and why.
    static func notApplied(_ refused: [Refusal]) -> JSON {
        .array(refused.map { .object([("name", .string($0.name)), ("error", .string($0.reason.code.rawValue)), ("text", .string($0.reason.message))]) })
    }

    static func cleared(_ cleared: ItemsRemoved, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "clear_checked",
              text: "Cleared \(plural(cleared.items.count, "checked item")) from \(title(cleared.list, for: speaker)): \(sentenceList(cleared.items.map(\.name.value))).",
              data: .object([("list", json(cleared.list)), ("items", .array(cleared.items.map(json)))]))
    }

    /// The list's latest changes; the speaker's own read "you added …".
    /// `during`: "what changed today?" names the period it looked at, and
    /// the data says where it started and, for "yesterday", where it ended.
    static func history(
        _ history: [Activity], of list: ShoppingList, during: (period: HistoryPeriod, interval: Range<Date>)? = nil, to speaker: UserName, now: Date
    ) -> Reply {
        let lines = history.map { activity in
            let who = activity.actor == speaker ? "you" : activity.actor.value
            return "- \(who) \(describe(activity.change)) (\(ago(activity.at, now: now)))"
        }
        let text = switch (history.isEmpty, during?.period) {
        case (true, nil): "Nothing has changed on \(list.name) yet."
        case (true, .yesterday?): "Nothing changed on \(list.name) yesterday."
        case (true, let period?): "Nothing has changed on \(list.name) \(period.phrase)."
        case (false, nil): (["Latest changes to \(list.name):"] + lines).joined(separator: "\n")
        case (false, let period?): (["Changes to \(list.name) \(period.phrase):"] + lines).joined(separator: "\n")
        }
        let start = during.map { JSON.string($0.interval.lowerBound.formatted(.iso8601)) } ?? .null
        let end = during.map(\.interval.upperBound).flatMap { $0 == .distantFuture ? nil : JSON.string($0.formatted(.iso8601)) } ?? .null
        let data = JSON.object([("list", json(list)), ("since", start), ("until", end), ("changes", .array(history.map(json)))])
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

    /// "hello": one line, pointing to help.
    static let greeting = Reply(ok: true, intent: "greet", text: "Hi! Say “help” to see what I understand, or try “add eggs to Groceries”.")

    /// "thanks", "ok", "got it": nothing to do. "got it" may also mean the
    /// item just talked about is in the cart, and "forget it" that it is not
    /// wanted after all, which is not guessed: the answer says what to say.
    static func acknowledged(_ said: String?, lastItem: String?) -> Reply {
        let text = switch (said, lastItem) {
        case ("thanks"?, _): "You're welcome."
        case ("got"?, let item?): "OK. If you mean you got the \(item), say “check it off”."
        case ("forget"?, let item?): "OK. If you want the \(item) off the list, say “remove it”."
        default: "OK."
        }
        return Reply(ok: true, intent: "acknowledge", text: text)
    }

    static func notUnderstood(_ text: String, suggestions: [String]) -> Reply {
        let tries = suggestions.map { "“\($0)”" }
        let hint = tries.isEmpty ? "Say “help” to see what I understand." : "You could try \(sentenceList(tries, conjunction: "or")), or say “help”."
        return .failure(.notUnderstood, "Sorry, I didn't understand that. \(hint)",
                        data: .object([("suggestions", .array(suggestions.map(JSON.string)))]))
    }

    static func notAvailable(intent: String) -> Reply {
        .failure(.unavailable, "That is not available yet.", intent: intent)
    }

    // MARK: Sharing

    static func shared<R>(_ shared: Household<R>.Shared) -> Reply {
        let what = shared.item.map { "\($0.name) on \(shared.list.name)" } ?? "\(shared.list.name)"
        let invited = shared.changes.filter { $0.kind == .invited }
        let changed = shared.changes.filter { $0.kind != .invited }
        var sentences: [String] = []
        if !invited.isEmpty {
            let who = sentenceList(invited.map { "\($0.user) (\($0.permission.rawValue))" })
            sentences.append("Shared \(what) with \(who); \(invited.count == 1 ? "they" : "each") will see it after saying “accept \(shared.item?.name.value ?? shared.list.name.value)”.")
        }
        for change in changed {
            sentences.append(change.permission == .admin
                ? "\(change.user) is now an admin of \(shared.list.name)."
                : "\(change.user) now has \(what) \(change.permission.rawValue).")
        }
        return Reply(ok: true, intent: "share_list", text: sentences.joined(separator: " "), data: .object([
            ("list", json(shared.list)),
            ("item", shared.item.map(json) ?? .null),
            ("participants", .array(shared.changes.map { .object([("user", .string($0.user.value)), ("permission", .string($0.permission.rawValue))]) })),
        ]))
    }

    static func codeCreated(_ code: ShareCode, list: ShoppingList) -> Reply {
        let lasting = code.singleUse ? "It works once, within 7 days." : "It works for 7 days."
        return Reply(ok: true, intent: "share_code",
                     text: "Anyone who says “join \(code.code)” can see \(list.name)\(code.permission == .readWrite ? " and change it" : ""). \(lasting)",
                     data: .object([("list", json(list)), ("code", .string(code.code)), ("permission", .string(code.permission.rawValue)),
                                    ("single_use", .bool(code.singleUse)), ("expires", .string(code.expiresAt.formatted(.iso8601)))]))
    }

    static func joined<R>(_ answer: Household<R>.InvitationAnswer) -> Reply {
        Reply(ok: true, intent: "join_share", text: "You joined \(answer.list.owner)'s \(answer.list.name) (\(answer.permission.rawValue)).",
              data: .object([("list", json(answer.list)), ("access", .string(answer.permission.rawValue))]))
    }

    static func codesRevoked(list: ShoppingList, count: Int) -> Reply {
        Reply(ok: true, intent: "revoke_code", text: count == 1 ? "The code for \(list.name) no longer works." : "The \(count) codes for \(list.name) no longer work.",
              data: .object([("list", json(list)), ("codes", .int(count))]))
    }

    static func unshared<R>(_ unshared: Household<R>.Unshared) -> Reply {
        Reply(ok: true, intent: "unshare_list", text: "Stopped sharing \(unshared.list.name) with \(sentenceList(unshared.removed.map(\.value))).",
              data: .object([("list", json(unshared.list)), ("removed", .array(unshared.removed.map { .string($0.value) }))]))
    }

    static func stoppedSharing<R>(_ unshared: Household<R>.Unshared) -> Reply {
        Reply(ok: true, intent: "stop_sharing", text: "\(unshared.list.name) is no longer shared with anyone.",
              data: .object([("list", json(unshared.list)), ("removed", .array(unshared.removed.map { .string($0.value) }))]))
    }

    static func accepted<R>(_ answer: Household<R>.InvitationAnswer) -> Reply {
        let what = answer.item.map { "\($0.name) on \(answer.list.owner)'s \(answer.list.name)" } ?? "\(answer.list.owner)'s \(answer.list.name)"
        return Reply(ok: true, intent: "accept_share", text: "You now share \(what) (\(answer.permission.rawValue)).",
                     data: .object([("list", json(answer.list)), ("item", answer.item.map(json) ?? .null), ("access", .string(answer.permission.rawValue))]))
    }

    static func declined<R>(_ answer: Household<R>.InvitationAnswer) -> Reply {
        Reply(ok: true, intent: "decline_share", text: "Declined \(answer.list.owner)'s \(answer.item?.name.value ?? answer.list.name.value).",
              data: .object([("list", json(answer.list))]))
    }

    static func left(_ list: ShoppingList) -> Reply {
        Reply(ok: true, intent: "leave_list", text: "You left \(list.owner)'s \(list.name).", data: .object([("list", json(list))]))
    }

    static func members<R>(_ members: Household<R>.Members) -> Reply {
        var lines = ["\(members.list.name) belongs to \(members.list.owner)."]
        let accepted = members.participants.filter(\.accepted)
        let pending = members.participants.filter { !$0.accepted }
        func describe(_ p: (user: UserName, permission: Permission, accepted: Bool, item: String?)) -> String {
            "- \(p.user) (\(p.permission.rawValue)\(p.item.map { ", only \($0)" } ?? ""))"
        }
        if accepted.isEmpty && pending.isEmpty { lines.append("Nobody else can see it.") }
        if !accepted.isEmpty { lines += ["Shared with:"] + accepted.map(describe) }
        if !pending.isEmpty { lines += ["Invited, not yet accepted:"] + pending.map(describe) }
        if members.codes > 0 { lines.append(members.codes == 1 ? "A share code is active." : "\(members.codes) share codes are active.") }
        return Reply(ok: true, intent: "show_access", text: lines.joined(separator: "\n"), data: .object([
            ("list", json(members.list)),
            ("participants", .array(members.participants.map { p in
                .object([("user", .string(p.user.value)), ("permission", .string(p.permission.rawValue)),
                         ("accepted", .bool(p.accepted)), ("item", JSON(p.item))])
            })),
            ("codes", .int(members.codes)),
        ]))
    }

    /// What other members are told. Each event names the member it is for.
    enum Events {
        static func event(_ name: String, _ to: UserName, _ text: String, list: ShoppingList, by actor: UserName, _ extra: [(String, JSON)] = []) -> Event {
            Event(name: name, to: to, text: text, data: .object([("list", json(list)), ("by", .string(actor.value))] + extra))
        }

        static func added(_ added: ItemsAdded, by actor: UserName, to: UserName) -> Event {
            let parts = added.changes.map { describe(quantity: $0.added, unit: $0.addedUnit?.value, name: $0.item.name.value) }
            return event("items_added", to, "\(actor) added \(sentenceList(parts)) to \(title(added.list, for: to, by: actor)).", list: added.list, by: actor,
                         [("items", .array(added.changes.map { json($0.item) }))])
        }

        static func removed(_ items: [Item], from list: ShoppingList, by actor: UserName, to: UserName) -> Event {
            event("item_removed", to, "\(actor) removed \(sentenceList(items.map(\.name.value))) from \(title(list, for: to, by: actor)).",
                  list: list, by: actor, [("items", .array(items.map(json)))])
        }

        static func quantityChanged(_ changed: ItemChanged, by actor: UserName, to: UserName) -> Event {
            event("item_updated", to, "\(actor) changed \(changed.after.name) on \(title(changed.list, for: to, by: actor)) to \(describe(quantity: changed.after.quantity, unit: changed.after.unit?.value, name: nil)).",
                  list: changed.list, by: actor, [("item", json(changed.after))])
        }

        static func itemRenamed(_ changed: ItemChanged, by actor: UserName, to: UserName) -> Event {
            event("item_updated", to, "\(actor) renamed \(changed.before.name) to \(changed.after.name) on \(title(changed.list, for: to, by: actor)).",
                  list: changed.list, by: actor, [("item", json(changed.after))])
        }

        static func checked(_ items: [Item], on list: ShoppingList, by actor: UserName, to: UserName) -> Event {
            event("item_checked", to, "\(actor) checked off \(sentenceList(items.map(\.name.value))) on \(title(list, for: to, by: actor)).", list: list, by: actor, itemOrItems(items))
        }

        static func unchecked(_ items: [Item], on list: ShoppingList, by actor: UserName, to: UserName) -> Event {
            event("item_unchecked", to, "\(actor) put \(sentenceList(items.map(\.name.value))) back on \(title(list, for: to, by: actor)).", list: list, by: actor, itemOrItems(items))
        }

        /// One item: `item`; several: `items`.
        private static func itemOrItems(_ items: [Item]) -> [(String, JSON)] {
            items.count == 1 ? [("item", json(items[0]))] : [("items", .array(items.map(json)))]
        }

        static func cleared(_ items: [Item], from list: ShoppingList, by actor: UserName, to: UserName) -> Event {
            event("checked_cleared", to, "\(actor) cleared \(plural(items.count, "checked item")) from \(title(list, for: to, by: actor)).",
                  list: list, by: actor, [("items", .array(items.map(json)))])
        }

        static func renamed(_ renamed: ListRenamed, by actor: UserName, to: UserName) -> Event {
            event("list_renamed", to, "\(actor) renamed \(renamed.oldName) to \(renamed.list.name).", list: renamed.list, by: actor,
                  [("old_name", .string(renamed.oldName.value))])
        }

        static func deleted(_ list: ShoppingList, by actor: UserName, to: UserName) -> Event {
            event("list_deleted", to, "\(actor) deleted \(list.name).", list: list, by: actor)
        }

        static func shared<R>(_ shared: Household<R>.Shared, _ change: Household<R>.ShareChange, by actor: UserName) -> Event {
            let name = shared.item?.name.value ?? shared.list.name.value
            let what = shared.item.map { "\($0.name) on \(shared.list.name)" } ?? "\(shared.list.name)"
            switch change.kind {
            case .invited:
                return event("list_shared", change.user,
                             "\(actor) shared \(what) with you (\(change.permission.rawValue)); say “accept \(name)” to add it, or “decline \(name)”.",
                             list: shared.list, by: actor, [("item", shared.item.map(json) ?? .null), ("permission", .string(change.permission.rawValue))])
            case .permissionChanged:
                let text = change.permission == .admin
                    ? "\(actor) made you an admin of \(shared.list.name)."
                    : "\(actor) made \(what) \(change.permission.rawValue) for you."
                return event("permission_changed", change.user, text, list: shared.list, by: actor, [("permission", .string(change.permission.rawValue))])
            }
        }

        static func joined<R>(_ answer: Household<R>.InvitationAnswer, by actor: UserName, to: UserName) -> Event {
            event("share_joined", to, "\(actor) joined \(answer.list.name) with a share code (\(answer.permission.rawValue)).", list: answer.list, by: actor)
        }

        static func accepted<R>(_ answer: Household<R>.InvitationAnswer, by actor: UserName, to: UserName) -> Event {
            event("share_accepted", to, "\(actor) accepted \(answer.item?.name.value ?? answer.list.name.value).", list: answer.list, by: actor)
        }

        static func declined<R>(_ answer: Household<R>.InvitationAnswer, by actor: UserName, to: UserName) -> Event {
            event("share_declined", to, "\(actor) declined \(answer.item?.name.value ?? answer.list.name.value).", list: answer.list, by: actor)
        }

        static func left(_ list: ShoppingList, by actor: UserName, to: UserName) -> Event {
            event("list_left", to, "\(actor) left \(list.name).", list: list, by: actor)
        }

        static func unshared(_ list: ShoppingList, by actor: UserName, to: UserName) -> Event {
            event("list_unshared", to, "\(actor) stopped sharing \(list.name) with you.", list: list, by: actor)
        }
    }

    // MARK: Pieces

    static func json(_ list: ShoppingList) -> JSON {
        .object([("name", .string(list.name.value)), ("owner", .string(list.owner.value))])
    }

    static func json(_ item: Item) -> JSON {
        .object([
            ("name", .string(item.name.value)), ("quantity", json(item.quantity)),
            ("unit", JSON(item.unit?.value)), ("checked", .bool(item.isChecked)),
        ])
    }

    static func describe(_ item: Item) -> String {
        describe(quantity: item.quantity, unit: item.unit?.value, name: item.name.value)
    }

    /// "3 eggs", "2 loaves of bread", "1.5 kg of flour", "milk"; without a
    /// name, "4", "2 kg". Only exactly one is singular: "1 loaf", "0.5 loaves".
    static func describe(quantity: Quantity, unit: String?, name: String?) -> String {
        switch (unit, name) {
        case (nil, nil): "\(quantity)"
        case (nil, let name?): quantity.isOne ? name : "\(quantity) \(name)"
        case (let unit?, nil): "\(quantity) \(quantity.isOne ? unit : English.plural(of: unit))"
        case (let unit?, let name?): "\(quantity) \(quantity.isOne ? unit : English.plural(of: unit)) of \(name)"
        }
    }

    /// A quantity as a JSON number, exactly: 2, 1.5.
    static func json(_ quantity: Quantity) -> JSON {
        quantity.isWhole ? .int(quantity.thousandths / Quantity.scale) : .number(quantity.description)
    }

    /// What a change did, after its actor: "added 2 litres of milk".
    static func describe(_ change: Activity.Change) -> String {
        switch change {
        case .createdList: "created the list"
        case .renamedList(let from, let to): "renamed the list from \(from) to \(to)"
        case .deletedList: "deleted the list"
        case .addedItem(let name, let quantity, let unit): "added \(describe(quantity: quantity, unit: unit?.value, name: name.value))"
        case .removedItem(let name): "removed \(name)"
        case .setQuantity(let name, let quantity, let unit): "changed \(name) to \(describe(quantity: quantity, unit: unit?.value, name: nil))"
        case .renamedItem(let from, let to): "renamed \(from) to \(to)"
        case .checkedItem(let name): "checked off \(name)"
        case .uncheckedItem(let name): "unchecked \(name)"
        case .clearedChecked(let count, let items):
            "cleared \(plural(count, "checked item"))" + (items.isEmpty ? "" : ": \(sentenceList(items.map(\.value)))")
        case .clearedList(let count, let items): "emptied the list (\(plural(count, "item"))): \(sentenceList(items.map(\.value)))"
        case .summary(let action, let detail): describe(action, summary: detail)
        }
    }

    /// An entry stored before changes were kept as data, worded as it was then.
    private static func describe(_ action: Activity.Action, summary detail: String) -> String {
        switch action {
        case .createList: "created the list"
        case .renameList: "renamed the list: \(detail)"
        case .deleteList: "deleted the list"
        case .addItem: "added \(detail)"
        case .removeItem: "removed \(detail)"
        case .updateItem: "changed \(detail)"
        case .renameItem: "renamed \(detail)"
        case .checkItem: "checked off \(detail)"
        case .uncheckItem: "unchecked \(detail)"
        case .clearChecked: "cleared \(detail) checked items"
        case .clearList: "emptied the list (\(detail) items)"
        }
    }

    /// One change for programs: what `describe` words, as fields; `detail`
    /// is the English phrase after the verb, as before these fields existed.
    static func json(_ activity: Activity) -> JSON {
        var fields: [(String, JSON)] = [("who", .string(activity.actor.value)), ("action", .string(activity.action.rawValue))]
        switch activity.change {
        case .createdList, .deletedList:
            fields.append(("detail", .string(activity.listName.value)))
        case .renamedList(let from, let to):
            fields += [("detail", .string("\(from) → \(to)")), ("from", .string(from.value)), ("to", .string(to.value))]
        case .addedItem(let name, let quantity, let unit), .setQuantity(let name, let quantity, let unit):
            fields += [
                ("detail", .string(describe(quantity: quantity, unit: unit?.value, name: name.value))),
                ("item", .string(name.value)), ("quantity", json(quantity)), ("unit", unit.map { .string($0.value) } ?? .null),
            ]
        case .removedItem(let name), .checkedItem(let name), .uncheckedItem(let name):
            fields += [("detail", .string(name.value)), ("item", .string(name.value))]
        case .renamedItem(let from, let to):
            fields += [("detail", .string("\(from) → \(to)")), ("item", .string(to.value)), ("from", .string(from.value)), ("to", .string(to.value))]
        case .clearedChecked(let count, let items), .clearedList(let count, let items):
            fields += [("detail", .string(String(count))), ("count", .int(count)), ("items", .array(items.map { .string($0.value) }))]
        case .summary(_, let detail):
            fields.append(("detail", .string(detail)))
        }
        fields.append(("at", .string(activity.at.formatted(.iso8601))))
        return .object(fields)
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

    /// A list as `viewer` calls it: their own by its name, another member's
    /// with its owner ("bob's Hardware"), since several members may each
    /// have a Hardware. In news of a change, a list of the one who made it
    /// goes by its name too ("alice checked off milk on Groceries").
    static func title(_ list: ShoppingList, for viewer: UserName, by actor: UserName? = nil) -> String {
        list.owner == viewer || list.owner == actor ? "\(list.name)" : "\(list.owner)'s \(list.name)"
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
