import ShopTalkSession
import ShopTalkWording
import ShopTalkLineIO

/// How replies are written on a line-based transport: worded here, at
/// delivery, each in its own language (see ``Reply/text(_:)``).
public enum ReplyFormat: String, Sendable, CaseIterable {
    /// Sentences for people; in relay mode each line is addressed `:NICK `.
    case text
    /// One JSON object per line: the machine protocol (docs/protocol.md).
    case json

    /// An output as it goes on the wire.
    public func render(_ output: LineSession.Output, relay: Bool, wording: Wording) -> String {
        switch output {
        case .reply(let reply): render(reply, wording: wording)
        case .event(let event): render(event, relay: relay, wording: wording)
        }
    }

    /// An event: in text mode "» …", or on a relay addressed ":NICK …".
    public func render(_ event: Event, relay: Bool, wording: Wording) -> String {
        switch self {
        case .json: event.json(wording).serializedLine
        case .text: TerminalText.safe(event.text(wording)).split(separator: "\n").map { (relay ? ":\(event.to) " : "» ") + $0 + "\n" }.joined()
        }
    }

    /// The reply as it goes on the wire, ending with a newline. In text mode
    /// an empty reply writes nothing, nothing in it can act on a terminal
    /// (``TerminalText``), and each of its lines carries the label and nick.
    public func render(_ reply: Reply, wording: Wording) -> String {
        switch self {
        case .json:
            return reply.json(wording).serializedLine
        case .text:
            let text = TerminalText.safe(reply.text(wording))
            guard !text.isEmpty else { return "" }
            let prefix = (reply.label.map { "@label=\($0) " } ?? "") + (reply.to.map { ":\($0) " } ?? "")
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 + "\n" }.joined()
        }
    }
}
