import ShopTalkJSON
import ShopTalkWording

/// A message as JSON, for events kept in the store until delivered:
/// `{"key":"event.added","args":{"actor":{"text":"alice"},"count":{"number":2}}}`.
extension Message {
    var json: JSON {
        .object([("key", .string(key.rawValue)), ("args", .object(arguments.map { ($0.name, $0.value.json) }))])
    }

    /// Nil for anything not made by ``json``, or for a key this ShopTalk does not know.
    init?(json: JSON) {
        guard case .string(let raw)? = json["key"], let key = MessageKey(rawValue: raw) else { return nil }
        var arguments: [(String, MessageArgument)] = []
        if case .object(let members)? = json["args"] {
            for (name, value) in members {
                guard let argument = MessageArgument(json: value) else { return nil }
                arguments.append((name, argument))
            }
        }
        self.init(key, MessageArguments(arguments))
    }
}

extension MessageArgument {
    var json: JSON {
        switch self {
        case .text(let text): .object([("text", .string(text))])
        case .thing(let name, let plural, let typedIn, let showingTyped, let measured):
            .object([("thing", .string(name)), ("plural", .bool(plural)), ("lang", JSON(typedIn)), ("typed", .bool(showingTyped))]
                    + (measured ? [("measured", .bool(true))] : []))
        case .number(let count): .object([("number", .int(count))])
        case .decimal(let written): .object([("decimal", .string(written))])
        case .message(let message): .object([("message", message.json)])
        case .list(let items, let conjunction): .object([("list", .array(items.map(\.json))), ("join", .string(conjunction.rawValue))])
        case .lines(let lines): .object([("lines", .array(lines.map(\.json)))])
        }
    }

    init?(json: JSON) {
        if case .string(let text)? = json["text"] {
            self = .text(text)
        } else if case .string(let name)? = json["thing"] {
            let plural = if case .bool(true)? = json["plural"] { true } else { false }
            let typedIn = if case .string(let language)? = json["lang"] { language } else { String?.none }
            let showingTyped = if case .bool(true)? = json["typed"] { true } else { false }
            let measured = if case .bool(true)? = json["measured"] { true } else { false }
            self = .thing(name, plural: plural, typedIn: typedIn, showingTyped: showingTyped, measured: measured)
        } else if case .int(let count)? = json["number"] {
            self = .number(count)
        } else if case .string(let written)? = json["decimal"] {
            self = .decimal(written)
        } else if let nested = json["message"], let message = Message(json: nested) {
            self = .message(message)
        } else if case .array(let items)? = json["list"], case .string(let join)? = json["join"],
                  let conjunction = Conjunction(rawValue: join) {
            let arguments = items.compactMap(MessageArgument.init(json:))
            guard arguments.count == items.count else { return nil }
            self = .list(arguments, conjunction)
        } else if case .array(let lines)? = json["lines"] {
            let arguments = lines.compactMap(MessageArgument.init(json:))
            guard arguments.count == lines.count else { return nil }
            self = .lines(arguments)
        } else {
            return nil
        }
    }
}
