import ShopTalkDomain
import ShopTalkJSON

/// The answer to one input line: exactly one per line, in order.
public struct Reply: Hashable, Sendable {
    public var ok: Bool
    public var intent: String?
    /// What a person reads; may span lines in text mode.
    public var text: String
    public var data: JSON
    public var error: ErrorCode?
    /// The speaker, in relay mode.
    public var to: String?
    /// Echoed from an `@label=ID ` prefix.
    public var label: String?

    public init(ok: Bool, intent: String?, text: String, data: JSON = .object([]), error: ErrorCode? = nil) {
        self.ok = ok
        self.intent = intent
        self.text = text
        self.data = data
        self.error = error
    }

    public static func failure(_ code: ErrorCode, _ text: String, intent: String? = nil, data: JSON = .object([])) -> Reply {
        Reply(ok: false, intent: intent, text: text, data: data, error: code)
    }

    /// The machine protocol's reply object.
    public var json: JSON {
        var members: [(String, JSON)] = [("ok", .bool(ok)), ("intent", JSON(intent)), ("text", .string(text)), ("data", data)]
        if let error { members.append(("error", .string(error.rawValue))) }
        if let to { members.append(("to", .string(to))) }
        if let label { members.append(("label", .string(label))) }
        return .object(members)
    }
}

extension Reply {
    /// The reply to a line that could not be read at all.
    public static func problem(_ problem: InputLine.Problem) -> Reply {
        .failure(problem.code, problem.message)
    }
}
