import Foundation
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkJSON
import ShopTalkWording

/// Every reply the bot gives: what happened, as `data`, and what to say, as
/// a ``Message`` whose words are in the message files (`Grammar/<code>/<code>.messages`),
/// made here and nowhere else, so tests can hold them word for word.
enum Replies {
    static let storageFailure = Message(.storageFailure)

    static func created(_ list: ShoppingList) -> Reply {
        Reply(ok: true, intent: "create_list",
              message: sentences(Message(.listCreated, ["list": .text(list.name.value)]), Message(.listCreatedHint, ["list": .text(list.name.value)])),
              data: .object([("list", json(list))]))
    }

    /// "create a list", with no name: asked for, not invented.
    static let listNameNeeded = Reply.failure(.invalid, Message(.listNameNeeded), intent: "create_list")

    /// "delete a list", with no name: asked which, since deleting one cannot be undone.
    static let listToDeleteNeeded = Reply.failure(.invalid, Message(.listDeleteWhich), intent: "delete_list")

    static func renamed(_ renamed: ListRenamed) -> Reply {
        Reply(ok: true, intent: "rename_list",
              message: Message(.listRenamed, ["old": .text(renamed.oldName.value), "new": .text(renamed.list.name.value)]),
              data: .object([("list", json(renamed.list)), ("old_name", .string(renamed.oldName.value))]))
    }

    static func deleted(_ deleted: ListDeleted) -> Reply {
        Reply(ok: true, intent: "delete_list",
              message: Message(.listDeleted, ["list": .text(deleted.list.name.value), "count": .number(deleted.itemCount)]),
              data: .object([("list", json(deleted.list)), ("items", .int(deleted.itemCount))]))
    }

    /// `counting`: "how many lists do I have?" heads the lists with their number.
    static func lists(_ summaries: [ListSummary], sharedItems: [SharedItem] = [], counting: Bool = false) -> Reply {
        var message: Message
        if summaries.isEmpty && sharedItems.isEmpty {
            message = Message(.listsNone)
        } else {
            let lines: [MessageArgument] = summaries.map { summary in
                var details: MessageArgument = switch (summary.itemCount, summary.uncheckedCount) {
                case (0, _): .message(Message(.listsCountEmpty))
                case (let all, let open) where all == open: .message(Message(.listsCountAll, ["count": .number(all)]))
                case (let all, let open): .message(Message(.listsCountOpen, ["count": .number(all), "open": .number(open)]))
                }
                if summary.isDefault { details = .message(Message(.listsLineDefault, ["rest": details])) }
                if summary.access != .owner {
                    details = .message(Message(.listsLineShared, [
                        "owner": .text(summary.list.owner.value), "access": access(summary.access), "rest": details,
                    ]))
                }
                return .message(Message(.listsLine, ["name": .text(summary.list.name.value), "details": details]))
            }
            let heading = counting ? Message(.listsHeadingCount, ["count": .number(summaries.count)]) : Message(.listsHeading)
            var parts: [MessageArgument] = summaries.isEmpty ? [.message(Message(.listsNoneOwn))] : [.message(heading)] + lines
            if !sharedItems.isEmpty {
                parts.append(.message(Message(.listsSharedItems)))
                parts += sharedItems.map { shared in
                    .message(Message(.listsSharedItem, [
                        "item": describe(shared.item), "owner": .text(shared.list.owner.value), "list": .text(shared.list.name.value),
                        "permission": .text(shared.permission.rawValue),
                    ]))
                }
            }
            message = Replies.lines(parts)
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
        return Reply(ok: true, intent: "show_lists", message: message, data: data)
    }

    /// "show checked items" (`checked`), "what's left to buy?" (`open`): part of a list.
    enum Only: String {
        case checked, open
    }

    /// `counting`: "how many items are on Groceries?" heads the items with
    /// their number, and how many are still to get when some are checked off.
    /// `only`: just the checked items ("what did we get?") or the open ones
    /// ("what's left to buy?"); the data holds those alone too.
    /// `plain`: "export Groceries": the items alone, one a line, to paste elsewhere.
    /// `shelving`: under aisle headings (see ``Shelving``); an export stays one item a line.
    static func contents(
        _ contents: ListContents, for speaker: UserName, counting: Bool = false, only: Only? = nil, plain: Bool = false, shelving: Shelving? = nil
    ) -> Reply {
        let list = title(contents.list, for: speaker)
        let items = switch only {
        case nil: contents.items
        case .checked?: contents.items.filter(\.isChecked)
        case .open?: contents.items.filter { !$0.isChecked }
        }
        let message: Message
        let (shelved, aisles) = shelved(items, of: contents, by: plain ? nil : shelving) { line($0.isChecked && only == nil ? .contentsLineChecked : .contentsLine, $0) }
        switch (only, items.isEmpty) {
        case (_, false) where plain:
            message = Message(.contentsPlain, ["lines": .lines(items.map { line($0.isChecked ? .contentsPlainLineChecked : .contentsPlainLine, $0) })])
        case (nil, true): message = Message(.contentsEmpty, ["list": list])
        case (.checked?, true): message = Message(.contentsCheckedNone, ["list": list])
        case (.open?, true): message = Message(contents.items.isEmpty ? .contentsEmpty : .contentsOpenNone, ["list": list])
        case (.checked?, false): message = Message(.contentsChecked, ["list": list, "lines": shelved])
        case (.open?, false): message = Message(.contentsOpen, ["list": list, "lines": shelved])
        case (nil, false):
            let lines = shelved
            let open = items.count { !$0.isChecked }
            message = switch (counting, open == items.count) {
            case (false, _): Message(.contents, ["list": list, "lines": lines])
            case (true, true): Message(.contentsCounted, ["list": list, "count": .number(items.count), "lines": lines])
            case (true, false): Message(.contentsCountedOpen, ["list": list, "count": .number(items.count), "open": .number(open), "lines": lines])
            }
        }
        var data: [(String, JSON)] = [("list", json(contents.list)), ("items", .array(items.map(json)))]
        if let aisles { data.append(("aisles", aisles)) }
        if let walk = contents.walk { data.append(("sorted_for", .string(walk.shop))) }
        return Reply(ok: true, intent: "show_list", message: message, data: .object(data))
    }

    private static func line(_ key: MessageKey, _ item: Item) -> MessageArgument {
        let described = item.note.map { MessageArgument.message(Message(.itemNoted, ["item": describe(item), "note": .text($0.value)])) } ?? describe(item)
        return .message(Message(key, ["item": described]))
    }

    static func madeDefault(_ list: ShoppingList, speaker: UserName) -> Reply {
        Reply(ok: true, intent: "set_default_list", message: Message(.listDefault, ["list": title(list, for: speaker)]),
              data: .object([("list", json(list))]))
    }

    static func using(_ list: ShoppingList, speaker: UserName) -> Reply {
        Reply(ok: true, intent: "use_list", message: Message(.listUsing, ["list": title(list, for: speaker)]), data: .object([("list", json(list))]))
    }

    static func emptied(_ cleared: ItemsRemoved, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "clear_list",
              message: Message(.listEmptied, ["list": title(cleared.list, for: speaker), "count": .number(cleared.items.count)]),
              data: .object([("list", json(cleared.list)), ("items", .array(cleared.items.map(json)))]))
    }

    /// "do we need milk?", "where are the nails?": yes with how many and
    /// where (every list that has it, when no list was named), or no with a
    /// near name.
    /// `yesOrNo`: "do we need milk?" is answered "Yes, …"; "where is the
    /// milk?" and "how many eggs?" with the place or the count alone.
    /// "Shopping list has ketchup. It's under Cupboard.": with `aisle`, the
    /// item's aisle, and its note when it has one.
    static func found(_ found: ItemFound, asking speaker: UserName, yesOrNo: Bool = true, aisle: String? = nil) -> Reply {
        var message: Message
        if let item = found.item {
            let places = found.places
            if places.count == 1 {
                message = item.isChecked
                    ? Message(.foundHereChecked, ["list": title(found.list, for: speaker), "item": describe(item)])
                    : Message(.foundHere, ["yes": yes(yesOrNo), "list": title(found.list, for: speaker), "item": describe(item)])
                if let aisle { message = sentences(message, Message(.foundAisle, ["aisle": aisleName(aisle)])) }
                if !yesOrNo, let note = item.note { message = sentences(message, Message(.foundNote, ["note": .text(note.value)])) }
            } else {
                let open = places.contains { !$0.item.isChecked }
                let parts: [MessageArgument] = places.map { place in
                    .message(Message(.foundPlace, [
                        "list": title(place.list, for: speaker), "item": describe(place.item), "checked": yes(open && place.item.isChecked),
                    ]))
                }
                let how = !open ? "all-checked" : yesOrNo ? "yes" : "no"
                message = Message(.foundPlaces, ["how": .text(how), "places": .list(parts, .and)])
            }
        } else {
            message = found.searchedEverywhere
                ? Message(.foundNowhere, ["item": .text(found.name.value)])
                : Message(.foundNotHere, ["yes": yes(yesOrNo), "item": .text(found.name.value), "list": title(found.list, for: speaker)])
            if let suggestion = found.suggestion {
                message = sentences(message, Message(.foundSuggestion, ["name": .text(suggestion)]))
            }
        }
        let elsewhere = found.elsewhere.map { place in JSON.object([("list", json(place.list)), ("item", json(place.item))]) }
        return Reply(ok: true, intent: "find_item", message: message,
                     data: .object([("list", json(found.list)), ("item", found.item.map(json) ?? .null), ("elsewhere", .array(elsewhere))]))
    }

    /// "who added jam?": who put it on each list that has it, and when; on
    /// none, who last took it off, when the list's history tells.
    static func whoAdded(_ found: ItemFound, removal: (Activity, ShoppingList)?, asking speaker: UserName, now: Date) -> Reply {
        var message: Message
        if found.item != nil {
            let parts: [MessageArgument] = found.places.enumerated().map { index, place in
                .message(Message(.whoAddedPlace, [
                    "self": yes(place.item.addedBy == speaker), "first": yes(index == 0), "actor": .text(place.item.addedBy.value),
                    "item": .text(place.item.name.value), "list": title(place.list, for: speaker), "when": ago(place.item.addedAt, now: now),
                ]))
            }
            message = Message(.whoAddedPlaces, ["places": .list(parts, .and)])
        } else if let (removal, list) = removal {
            message = Message(found.searchedEverywhere ? .whoAddedRemovedAnywhere : .whoAddedRemovedHere, [
                "item": .text(found.name.value), "list": title(found.searchedEverywhere ? list : found.list, for: speaker),
                "self": yes(removal.actor == speaker), "actor": .text(removal.actor.value), "when": ago(removal.at, now: now),
            ])
        } else {
            message = found.searchedEverywhere
                ? Message(.whoAddedNowhere, ["item": .text(found.name.value)])
                : Message(.whoAddedNotHere, ["item": .text(found.name.value), "list": title(found.list, for: speaker)])
            if let suggestion = found.suggestion {
                message = sentences(message, Message(.foundSuggestion, ["name": .text(suggestion)]))
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
        return Reply(ok: true, intent: "who_added", message: message,
                     data: .object([("list", Self.json(found.list)), ("places", .array(places)), ("removed", removed)]))
    }

    /// "Added bread to Groceries. Groceries already has 12 eggs.": what
    /// changed, then what was there already with no number said.
    static func added(_ added: ItemsAdded, for speaker: UserName) -> Reply {
        let (changed, there) = (added.changes.filter(\.isNews), added.changes.filter { !$0.isNews })
        let parts: [MessageArgument] = changed.map { change in
            let what = amount(change.added, unit: change.addedUnit, name: change.item.name.value)
            guard change.merged && (change.item.quantity != change.added || change.item.unit != change.addedUnit) else { return what }
            return .message(Message(.itemsAddedMerged, ["added": what, "total": amount(change.item.quantity, unit: change.item.unit, name: nil)]))
        }
        let already = there.isEmpty ? nil : Message(.itemsAlready, [
            "items": .list(there.map { amount($0.item.quantity, unit: $0.item.unit, name: $0.item.name.value) }, .and),
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
            .message(Message(.itemsRemovedPart, ["items": names($0.items), "list": title($0.list, for: speaker)]))
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
            : amount(taken, unit: unit, name: changed.after.name.value)
        // One of an item the list names in the plural: "1 left", not "tomatoes left".
        let left = changed.after.quantity.isOne && changed.after.unit == nil ? amount(.one, unit: nil, name: nil) : describe(changed.after)
        return Reply(ok: true, intent: "remove_item",
                     message: Message(.itemReduced, ["taken": what, "list": title(changed.list, for: speaker), "left": left]),
                     data: .object([("list", json(changed.list)), ("item", json(changed.after)), ("removed", json(taken)),
                                    ("removed_unit", unit.map { .string($0.value) } ?? .null)]))
    }

    static func quantityChanged(_ changed: ItemChanged, for speaker: UserName) -> Reply {
        Reply(ok: true, intent: "update_item",
              message: Message(.itemChanged, [
                  "item": .text(changed.after.name.value), "list": title(changed.list, for: speaker),
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
            return items.isEmpty ? nil : .message(Message(part, ["items": names(items), "list": title(group.list, for: speaker)]))
        }
        let unchanged = result.changes.filter { !changed($0) }.map(\.after)
        var message: Message
        if parts.isEmpty {
            message = groups.count == 1
                ? Message(alreadyOn, ["items": names(unchanged), "count": .number(unchanged.count), "list": title(groups[0].list, for: speaker)])
                : Message(already, ["items": names(unchanged), "count": .number(unchanged.count)])
        } else {
            message = Message(done, ["parts": .list(parts, .and)])
            if !unchanged.isEmpty {
                message = sentences(message, Message(already, ["items": names(unchanged), "count": .number(unchanged.count)]))
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

    /// The list's latest changes; the speaker's own read "you added …".
    /// `during`: "what changed today?" names the period it looked at, and
    /// the data says where it started and, for "yesterday", where it ended.
    static func history(
        _ history: [Activity], of list: ShoppingList, during: (period: HistoryPeriod, interval: Range<Date>)? = nil, to speaker: UserName, now: Date
    ) -> Reply {
        let lines = MessageArgument.lines(history.map { activity in
            .message(Message(.historyLine, [
                "self": yes(activity.actor == speaker), "actor": .text(activity.actor.value),
                "change": .message(describe(activity.change)), "when": ago(activity.at, now: now),
            ]))
        })
        let name = MessageArgument.text(list.name.value)
        let message = switch (history.isEmpty, during?.period) {
        case (true, nil): Message(.historyNone, ["list": name])
        case (true, .yesterday?): Message(.historyNoneYesterday, ["list": name])
        case (true, let period?): Message(.historyNonePeriod, ["list": name, "period": .message(Message(period.key))])
        case (false, nil): Message(.history, ["list": name, "lines": lines])
        case (false, let period?): Message(.historyPeriod, ["list": name, "period": .message(Message(period.key)), "lines": lines])
        }
        let start = during.map { JSON.string($0.interval.lowerBound.formatted(.iso8601)) } ?? .null
        let end = during.map(\.interval.upperBound).flatMap { $0 == .distantFuture ? nil : JSON.string($0.formatted(.iso8601)) } ?? .null
        let data = JSON.object([("list", json(list)), ("since", start), ("until", end), ("changes", .array(history.map(json)))])
        return Reply(ok: true, intent: "show_activity", message: message, data: data)
    }

    static func help(grammar: Grammar, topic: String?) -> Reply {
        let topics = grammar.helpTopics.filter { topic == nil || $0.name == topic }
        var lines: [MessageArgument] = []
        for topic in topics {
            let intents = grammar.intents.filter { $0.topic == topic.name }
            guard !intents.isEmpty else { continue }
            lines.append(.message(Message(.helpTitle, ["title": .text(topic.title)])))
            for intent in intents {
                lines.append(.message(intent.help.map { Message(.helpExample, ["example": .text(intent.examples[0]), "help": .text($0)]) }
                    ?? Message(.helpExampleBare, ["example": .text(intent.examples[0])])))
            }
        }
        if topic == nil { lines.append(.message(Message(.helpMore))) }
        let message = topic == nil
            ? Message(.help, ["lines": .lines(lines)])
            : Message(.helpTopic, ["topic": .text(topics.first?.title.lowercased() ?? topic!), "lines": .lines(lines)])
        return Reply(ok: true, intent: "help", message: message,
                     data: .object([("examples", .array(grammar.intents.filter { intent in topics.contains { $0.name == intent.topic } }.flatMap { intent in
                         intent.examples.map { JSON.object([("intent", .string(intent.name)), ("example", .string($0))]) }
                     }))]))
    }

    /// "hello": one line, pointing to help.
    static let greeting = Reply(ok: true, intent: "greet", message: Message(.greeting))

    /// "thanks", "ok", "got it": nothing to do. "got it" may also mean the
    /// item just talked about is in the cart, and "forget it" that it is not
    /// wanted after all, which is not guessed: the answer says what to say.
    static func acknowledged(_ said: String?, lastItem: String?) -> Reply {
        let message = switch (said, lastItem) {
        case ("thanks"?, _): Message(.ackThanks)
        case ("got"?, let item?): Message(.ackGot, ["item": .text(item)])
        case ("forget"?, let item?): Message(.ackForget, ["item": .text(item)])
        default: Message(.ackOk)
        }
        return Reply(ok: true, intent: "acknowledge", message: message)
    }

    static func notUnderstood(suggestions: [String]) -> Reply {
        let message = suggestions.isEmpty
            ? Message(.notUnderstood)
            : Message(.notUnderstoodSuggestions, ["suggestions": .list(suggestions.map { .message(Message(.quoted, ["text": .text($0)])) }, .or)])
        return .failure(.notUnderstood, message, data: .object([("suggestions", .array(suggestions.map(JSON.string)))]))
    }

    /// "speak Spanish": said in Spanish, since the reply is in the language chosen.
    static func languageChosen(_ language: String) -> Reply {
        Reply(ok: true, intent: "set_language", message: Message(.languageChosen), data: .object([("lang", .string(language))]))
    }

    /// "speak Russian" to a bot without Russian: refused, naming the languages it has.
    static func languageUnavailable(_ language: String, spoken: [String]) -> Reply {
        .failure(.unavailable, Message(.languageUnavailable, [
            "language": languageName(language),
            "spoken": .list(spoken.map(languageName), .and),
        ]), intent: "set_language", data: .object([("lang", .string(language)), ("spoken", .array(spoken.map(JSON.string)))]))
    }

    /// A language's name as the reader's language says it (`language.es`), by its code.
    static func languageName(_ code: String) -> MessageArgument {
        MessageKey(rawValue: "language.\(code)").map { .message(Message($0)) } ?? .text(code)
    }

    static func notAvailable(intent: String) -> Reply {
        .failure(.unavailable, Message(.notAvailable), intent: intent)
    }

    /// "(That is your own Groceries; say “Groceries from alice” for alice's.)", on a line after the reply.
    static func notingNamesake(_ reply: Reply, list: ShoppingList, owner: UserName) -> Reply {
        var noted = reply
        if let message = reply.message {
            noted.message = lines([.message(message), .message(Message(.listNamesake, ["list": .text(list.name.value), "owner": .text(owner.value)]))])
        }
        return noted
    }
}
