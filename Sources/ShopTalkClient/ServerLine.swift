import ShopTalkJSON

/// A line from the server, as the client reads the machine protocol it
/// speaks: a reply, an event, or (the server's goodbye when it shuts down,
/// or "server full") plain words.
public enum ServerLine: Equatable, Sendable {
    case reply(ok: Bool, text: String, error: String?)
    case event(text: String)
    case words(String)

    public init(_ line: String) {
        guard line.hasPrefix("{"), let object = try? JSONReader.object(line) else {
            self = .words(line)
            return
        }
        let text: String
        if case .string(let value)? = object["text"] { text = value } else { text = "" }
        if object["event"] != nil {
            self = .event(text: text)
        } else {
            var error: String?
            if case .string(let code)? = object["error"] { error = code }
            self = .reply(ok: object["ok"] == .bool(true), text: text, error: error)
        }
    }

    /// What a person reads: a reply's words, an event's after "» " on each line.
    public var text: String {
        switch self {
        case .reply(_, let text, _): text.isEmpty ? "" : text + "\n"
        case .event(let text): text.split(separator: "\n").map { "» " + $0 + "\n" }.joined()
        case .words(let text): text + "\n"
        }
    }
}
