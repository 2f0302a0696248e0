import ShopTalkJSON

/// The JSON shape of a parse: `{"intent":…,"slots":{…}}`.
extension Parse {
    /// What `shoptalk parse` prints for a sentence it understood, or (for nil) did not.
    public static func json(_ parse: Parse?) -> JSON {
        guard let parse else { return .object([("intent", .null), ("slots", .object([]))]) }
        return .object([("intent", .string(parse.intent)), ("slots", .object(parse.slots.map { ($0.name, json($0.value)) }))])
    }

    static func json(_ value: SlotValue) -> JSON {
        switch value {
        case .text(let text), .value(let text): .string(text)
        case .number(let number): .int(number)
        case .decimal(let written): .object([("decimal", .string(written))])
        case .list(let name, _, nil): .string(name)
        case .list(let name, _, let owner?): .object([("name", .string(name)), ("owner", .string(owner))])
        case .currentList: .object([("current", .bool(true))])
        case .users(let users): .array(users.map(JSON.string))
        case .items(let items):
            .array(items.map { .object([("name", .string($0.name)), ("quantity", .int($0.quantity)), ("unit", JSON($0.unit))]) })
        }
    }
}
