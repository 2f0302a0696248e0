/// Where the lines of a reply go on IRC: asked in a channel, the first
/// lines there, addressed to the asker, and the rest to them in private,
/// with a word in the channel that it went there; asked in private, all of
/// it in private. A reply longer than one target's queue holds is cut, with
/// a last line saying how much was left out.
public enum IRCReplyLayout {
    public struct Line: Equatable, Sendable {
        public var target: String
        public var text: String

        public init(target: String, text: String) {
            self.target = target
            self.text = text
        }
    }

    /// `room`: the lines one target may have waiting. `more(n)`: the line
    /// that says `n` lines were left out. `restInPrivate`: the line said in
    /// the channel when the rest goes in private.
    public static func route(_ lines: [String], asker: String, channel: String?, channelLines: Int, room: Int,
                             more: (Int) -> String, restInPrivate: () -> String) -> [Line] {
        var lines = lines
        if lines.count > room {
            lines = lines.prefix(room - 1) + [more(lines.count - room + 1)]
        }
        guard let channel else { return lines.map { Line(target: asker, text: $0) } }
        let inChannel = lines.count <= channelLines ? lines : Array(lines.prefix(channelLines - 1))
        var routed = inChannel.enumerated().map { Line(target: channel, text: $0.offset == 0 ? "\(asker): \($0.element)" : $0.element) }
        guard inChannel.count < lines.count else { return routed }
        routed.append(Line(target: channel, text: restInPrivate()))
        routed += lines[inChannel.count...].map { Line(target: asker, text: $0) }
        return routed
    }
}
