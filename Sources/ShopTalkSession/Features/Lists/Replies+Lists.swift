import Foundation
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkJSON
import ShopTalkWording

/// What the bot says about lists: made, renamed, deleted, shown, chosen, emptied, their history.
extension Replies {
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

    /// The list's latest changes; the speaker's own read "you added …".
    /// Changes made at one time ("just now", "2 hours ago") go under it,
    /// said once: "(just now)" after each of five lines reads as a form.
    /// `during`: "what changed today?" names the period it looked at, and
    /// the data says where it started and, for "yesterday", where it ended.
    static func history(
        _ history: [Activity], of list: ShoppingList, during: (period: HistoryPeriod, interval: Range<Date>)? = nil, to speaker: UserName, now: Date
    ) -> Reply {
        var said: [MessageArgument] = []
        var heading: MessageArgument?
        for activity in history {
            let when = ago(activity.at, now: now)
            if when != heading {
                said.append(.message(Message(.historyWhen, ["when": when])))
                heading = when
            }
            said.append(.message(Message(.historyLine, [
                "self": yes(activity.actor == speaker), "actor": .text(activity.actor.value),
                "change": .message(describe(activity.change, by: activity.actor)),
            ])))
        }
        let lines = MessageArgument.lines(said)
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
}
