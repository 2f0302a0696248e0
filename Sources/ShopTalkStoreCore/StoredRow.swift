import Foundation
import ShopTalkDomain

/// A row read back from a database, column by column, whichever the engine:
/// what turns rows into the domain's values (``StoredRows``)
/// reads, so that SQLite and PostgreSQL share one reading of each table.
package protocol StoredRow {
    func int(_ column: Int32) -> Int64
    func isNull(_ column: Int32) -> Bool
    func text(_ column: Int32) -> String
}

extension StoredRow {
    package func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
}

/// How both engines read the rows they share the layout of: the same
/// columns, in the same order, make the same values.
package enum StoredRows {
    /// The columns that hold a change, apart from its action. `summary` goes
    /// to `detail`, empty unless the change is an old row's summary; `count`
    /// to `quantity`, `amount` to `quantity_thousandths`.
    package static func columns(of change: Activity.Change)
        -> (summary: String, item: String?, previous: String?, count: Int?, amount: Quantity?, unit: String?)
    {
        switch change {
        case .createdList, .deletedList: ("", nil, nil, nil, nil, nil)
        case .renamedList(let from, _): ("", nil, from.value, nil, nil, nil)
        case .addedItem(let name, let quantity, let unit), .setQuantity(let name, let quantity, let unit), .putBack(let name, let quantity, let unit):
            ("", name.value, nil, nil, quantity, unit?.value)
        case .removedItem(let name), .checkedItem(let name), .uncheckedItem(let name): ("", name.value, nil, nil, nil, nil)
        case .renamedItem(let from, let to): ("", to.value, from.value, nil, nil, nil)
        case .clearedChecked(let count, let items), .clearedList(let count, let items):
            ("", items.isEmpty ? nil : items.map(\.value).joined(separator: namesSeparator), nil, count, nil, nil)
        // A note in `previous_name` (none: taken off).
        case .noted(let name, let note): ("", name.value, note?.value, nil, nil, nil)
        // The buyer in `previous_name` (none: nobody in particular).
        case .assigned(let name, let buyer): ("", name.value, buyer?.value, nil, nil, nil)
        // Sharing: the other member in `previous_name`, a permission in `unit`, a count in `quantity`.
        case .shared(let member, let permission, let item): ("", item?.value, member.value, nil, nil, permission.rawValue)
        case .permissionSet(let member, let permission): ("", nil, member.value, nil, nil, permission.rawValue)
        case .unshared(let member): ("", nil, member.value, nil, nil, nil)
        case .joined(let permission), .madeCode(let permission): ("", nil, nil, nil, nil, permission.rawValue)
        case .left: ("", nil, nil, nil, nil, nil)
        case .revokedCodes(let count): ("", nil, nil, count, nil, nil)
        case .summary(_, let text): (text, nil, nil, nil, nil, nil)
        }
    }

    /// language, text, intent, slots, member, learned_at.
    package static func learnedLine<Row: StoredRow>(_ row: Row) throws -> LearnedLine {
        LearnedLine(language: row.text(0), text: row.text(1), intent: row.text(2), slots: row.text(3), member: try UserName(row.text(4)),
                    learnedAt: .fromStamp(row.int(5)))
    }

    package static func share<Row: StoredRow>(_ row: Row) throws -> Share {
        guard let permission = Permission(rawValue: row.text(4)) else { throw StoredValueError(value: row.text(4)) }
        return Share(
            id: row.int(0), listID: row.int(1), itemID: row.isNull(2) ? nil : row.int(2), participant: UserName(stored: row.text(3)),
            permission: permission, isAccepted: row.int(5) != 0, invitedBy: UserName(stored: row.text(6)), createdAt: .fromStamp(row.int(7)))
    }

    package static func shareCode<Row: StoredRow>(_ row: Row) throws -> ShareCode {
        guard let permission = Permission(rawValue: row.text(2)) else { throw StoredValueError(value: row.text(2)) }
        return ShareCode(
            code: row.text(0), listID: row.int(1), permission: permission, singleUse: row.int(3) != 0,
            expiresAt: .fromStamp(row.int(4)), createdBy: UserName(stored: row.text(5)))
    }

    package static func trip<Row: StoredRow>(_ row: Row) throws -> Trip {
        Trip(id: row.int(0), listID: row.int(1), shopper: UserName(stored: row.text(2)), shop: row.optionalText(3), startedAt: .fromStamp(row.int(4)),
             endedAt: row.isNull(5) ? nil : .fromStamp(row.int(5)))
    }

    /// Between the names of the items one change cleared, in `item_name`: a
    /// line break, which no item's name can hold.
    package static let namesSeparator = "\n"

    /// The change of a row of `activity(of:during:limit:)`, from its columns 3 to 8 and 10.
    package static func change<Row: StoredRow>(_ row: Row) throws -> Activity.Change {
        let stored = row.text(3)
        guard let action = Activity.Action(rawValue: stored) else { throw StoredValueError(value: stored) }
        let detail = row.text(4)
        if !detail.isEmpty { return .summary(action, detail) }
        func required<T>(_ value: T?) throws -> T {
            guard let value else { throw StoredValueError(value: "\(stored) without its details") }
            return value
        }
        let item = row.optionalText(5).map(ItemName.init(stored:))
        let previous = row.optionalText(6)
        let count = row.isNull(7) ? nil : Int(row.int(7))
        let amount = row.isNull(10) ? nil : Quantity(storedThousandths: Int(row.int(10)))
        let unit = row.optionalText(8).map(ItemUnit.init(stored:))
        func permission() throws -> Permission {
            guard let raw = row.optionalText(8), let permission = Permission(rawValue: raw) else { throw StoredValueError(value: "\(stored) without its permission") }
            return permission
        }
        switch action {
        case .createList: return .createdList
        // A rename is recorded under the list's new name: `list_name` is where it went.
        case .renameList: return .renamedList(from: ListName(stored: try required(previous)), to: ListName(stored: row.text(1)))
        case .deleteList: return .deletedList
        case .addItem: return .addedItem(try required(item), try required(amount), unit)
        case .putBack: return .putBack(try required(item), try required(amount), unit)
        case .removeItem: return .removedItem(try required(item))
        case .updateItem: return .setQuantity(try required(item), try required(amount), unit)
        case .renameItem: return .renamedItem(from: ItemName(stored: try required(previous)), to: try required(item))
        case .checkItem: return .checkedItem(try required(item))
        case .uncheckItem: return .uncheckedItem(try required(item))
        case .noteItem: return .noted(try required(item), previous.map(ItemNote.init(stored:)))
        case .assignItem: return .assigned(try required(item), to: previous.map(UserName.init(stored:)))
        case .share: return .shared(with: UserName(stored: try required(previous)), try permission(), item: item)
        case .setPermission: return .permissionSet(of: UserName(stored: try required(previous)), try permission())
        case .unshare: return .unshared(with: UserName(stored: try required(previous)))
        case .join: return .joined(try permission())
        case .leave: return .left
        case .makeCode: return .madeCode(try permission())
        case .revokeCodes: return .revokedCodes(count: try required(count))
        case .clearChecked, .clearList:
            let names = row.optionalText(5).map { $0.split(separator: Self.namesSeparator).map { ItemName(stored: String($0)) } } ?? []
            return action == .clearList
                ? .clearedList(count: try required(count), items: names) : .clearedChecked(count: try required(count), items: names)
        }
    }


    package static func user<Row: StoredRow>(_ row: Row) throws -> User {
        User(id: row.int(0), name: UserName(stored: row.text(1)), defaultList: row.isNull(2) ? nil : row.int(2), language: row.optionalText(3))
    }

    package static func list<Row: StoredRow>(_ row: Row) throws -> ShoppingList {
        ShoppingList(id: row.int(0), name: ListName(stored: row.text(1)), owner: UserName(stored: row.text(2)), createdAt: .fromStamp(row.int(3)))
    }

    package static func item<Row: StoredRow>(_ row: Row) throws -> Item {
        Item(
            id: row.int(0), listID: row.int(1), name: ItemName(stored: row.text(2)),
            quantity: Quantity(storedThousandths: Int(row.int(3))), unit: row.optionalText(4).map(ItemUnit.init(stored:)),
            isChecked: row.int(5) != 0, addedBy: UserName(stored: row.text(6)),
            addedAt: .fromStamp(row.int(7)), updatedAt: .fromStamp(row.int(8)), note: row.optionalText(9).map(ItemNote.init(stored:)),
            buyer: row.optionalText(10).map(UserName.init(stored:)), language: row.optionalText(11))
    }
}

/// A stored value the domain does not know, such as an activity kind from a newer version.
package struct StoredValueError: Error, CustomStringConvertible {
    package let value: String
    package init(value: String) { self.value = value }
    package var description: String { "unexpected stored value “\(value)”" }
}


extension Date {
    package static func fromStamp(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
    package var truncatedToMilliseconds: Date { .fromStamp(stamp) }

    /// Whole milliseconds since 1970, as the schema keeps a time. A time
    /// is a binary fraction of seconds: a millisecond later than a stored
    /// one (`at + 0.001`, the end of a trip's window) may come out a hair
    /// under its millisecond, and cut down it would be the same millisecond
    /// again — a tick at the trip's last moment left out of its walk. A
    /// microsecond's margin, far above the error and far below a
    /// millisecond, keeps every whole millisecond whole.
    package var stamp: Int64 { Int64((timeIntervalSince1970 * 1000 + 0.001).rounded(.down)) }
}

