import ShopTalkDomain
import ShopTalkJSON
import ShopTalkWording

/// The answer to one input line: exactly one per line, in order.
///
/// Language-neutral: what happened (intent, ok or error code, `data`) and
/// what to say about it (`message`), worded only when it is written out,
/// by ``text(_:)`` in the reply's `language`.
public struct Reply: Hashable, Sendable {
    public var ok: Bool
    public var intent: String?
    /// What a person reads, before it is worded; nil for a blank line,
    /// which is answered with nothing to read.
    public var message: Message?
    public var data: JSON
    public var error: ErrorCode?
    /// The speaker, in relay mode.
    public var to: String?
    /// Echoed from an `@label=ID ` prefix.
    public var label: String?
    /// The language it is worded in: the line's.
    public var language = "en"

    public init(ok: Bool, intent: String?, message: Message?, data: JSON = .object([]), error: ErrorCode? = nil) {
        self.ok = ok
        self.intent = intent
        self.message = message
        self.data = data
        self.error = error
    }

    public static func failure(_ code: ErrorCode, _ message: Message, intent: String? = nil, data: JSON = .object([])) -> Reply {
        Reply(ok: false, intent: intent, message: message, data: data, error: code)
    }

    /// What a person reads, in the reply's language; may span lines.
    public func text(_ wording: Wording) -> String {
        message.map { wording.render($0, in: language) } ?? ""
    }

    /// The machine protocol's reply object, its text worded by `wording`.
    public func json(_ wording: Wording) -> JSON {
        let data = wording.things.map { Self.showing(self.data, $0, in: language) } ?? self.data
        var members: [(String, JSON)] = [("ok", .bool(ok)), ("intent", JSON(intent)), ("text", .string(text(wording))), ("lang", .string(language)), ("data", data)]
        if let error { members.append(("error", .string(error.rawValue))) }
        if let to { members.append(("to", .string(to))) }
        if let label { members.append(("label", .string(label))) }
        return .object(members)
    }
}

extension Reply {
    /// `data` with each item (`{"name":…,"display":…}`, see `Replies.json(_:)`)
    /// displayed in the reader's word, `name` staying as stored, so a
    /// program shows what a person reads.
    static func showing(_ data: JSON, _ things: ThingWords, in language: String) -> JSON {
        renamed(data, things, in: language) ?? data
    }

    /// Nil when nothing changes, as for a reader of the language the items were typed in.
    private static func renamed(_ data: JSON, _ things: ThingWords, in language: String) -> JSON? {
        switch data {
        case .array(let elements):
            var changed: [JSON]?
            for (index, element) in elements.enumerated() {
                guard let renamed = renamed(element, things, in: language) else { continue }
                if changed == nil { changed = elements }
                changed![index] = renamed
            }
            return changed.map(JSON.array)
        case .object(let members):
            if members.count > 2, members[0].0 == "name", members[1].0 == "display", case .string(let name) = members[0].1 {
                let typedIn: String? = if case .string(let typedIn)? = members.last(where: { $0.0 == "lang" })?.1 { typedIn } else { nil }
                guard typedIn != language else { return nil }
                let unit = if case .string? = members.first(where: { $0.0 == "unit" })?.1 { true } else { false }
                let one = if case .int(1)? = members.first(where: { $0.0 == "quantity" })?.1 { true } else { false }
                let plural = things.isPlural(name, in: language, plural: unit || !one, measured: unit, typedIn: typedIn)
                guard let shown = things.word(for: name, in: language, plural: plural, typedIn: typedIn) else { return nil }
                var members = members
                members[1].1 = .string(shown)
                return .object(members)
            }
            var changed: [(String, JSON)]?
            for (index, member) in members.enumerated() {
                guard let renamed = renamed(member.1, things, in: language) else { continue }
                if changed == nil { changed = members }
                changed![index].1 = renamed
            }
            return changed.map(JSON.object)
        default:
            return nil
        }
    }

    /// The reply to a line that could not be read at all.
    public static func problem(_ problem: InputLine.Problem) -> Reply {
        .failure(problem.code, Replies.message(for: problem))
    }

    /// What the domain refused, worded as the bot words it anywhere.
    public static func refused(_ error: DomainError, intent: String? = nil) -> Reply {
        Replies.failure(error, intent: intent)
    }

    /// Nothing was saved: the store could not commit the line's change.
    public static let storageFailure = Reply.failure(.storageUnavailable, Replies.storageFailure)
}
