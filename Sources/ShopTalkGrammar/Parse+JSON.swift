import ShopTalkJSON

/// The JSON shape of a parse: `{"intent":…,"slots":{…}}`, one shape per
/// kind of slot (docs/protocol.md, "Slots"):
/// - a list is always an object: `{"name":"Groceries"}`, with `"owner"`
///   when said; `{"default":true}` for "my list"; `{"current":true}` for
///   "this list";
/// - a quantity is `"quantity"` (a number, exact) with `"unit"` (a string,
///   or null) beside it, for a `{quantity}` slot as for each item.
extension Parse {
    /// What `shoptalk parse` prints for a sentence it understood, or (for nil) did not.
    public static func json(_ parse: Parse?) -> JSON {
        guard let parse else { return .object([("intent", .null), ("slots", .object([]))]) }
        var members: [(String, JSON)] = []
        for slot in parse.slots {
            members.append((slot.name, json(slot.value)))
            if slot.name == "quantity", parse[slot: "unit"] == nil { members.append(("unit", .null)) }
        }
        return .object([("intent", .string(parse.intent)), ("slots", .object(members))])
    }

    static func json(_ value: SlotValue) -> JSON {
        switch value {
        case .text(let text), .value(let text): .string(text)
        case .number(let number): json(number)
        case .list(let name, _, nil): .object([("name", .string(name))])
        case .list(let name, _, let owner?): .object([("name", .string(name)), ("owner", .string(owner))])
        case .defaultList(_, nil): .object([("default", .bool(true))])
        case .defaultList(_, let owner?): .object([("default", .bool(true)), ("owner", .string(owner))])
        case .currentList: .object([("current", .bool(true))])
        case .users(let users): .array(users.map(JSON.string))
        case .items(let items):
            .array(items.map { .object([("name", .string($0.name)), ("quantity", $0.asksHowMany ? .null : json($0.quantity ?? .one)), ("unit", JSON($0.unit))]) })
        }
    }

    /// A number as JSON writes it, exactly ("1.5"); one no decimal ends
    /// (1/3), or written over 0, as the string "1/3".
    static func json(_ number: Fraction) -> JSON {
        guard let decimal = number.decimal else { return .string(number.description) }
        return number.isWhole ? .int(number.numerator) : .number(decimal)
    }
}
