import Foundation
import ShopTalkSession

/// `shoptalk chat`: lines from standard input, replies to standard output.
public struct StandardIOChat {
    public var session: LineSession
    public let format: ReplyFormat
    /// Shows "> " before each line, when a person is typing.
    public let prompt: Bool

    public init(session: LineSession, format: ReplyFormat, prompt: Bool) {
        self.session = session
        self.format = format
        self.prompt = prompt
    }

    /// Runs until end of input, or a line saying `quit` (as on the server).
    public mutating func run() {
        if prompt { FileHandle.standardOutput.write(Data("> ".utf8)) }
        var session = session
        let format = format, prompt = prompt
        let quit = StandardInput.forEachFrame(maximumBytes: InputLine.maximumBytes) { frame in
            if case .line(let bytes) = frame, ProtocolWord.quit.isWholeLine(bytes) {
                return .init(format.render(session.goodbye(), wording: session.wording), isLast: true)
            }
            return .init(session.respond(to: frame).map { format.render($0, relay: session.relay, wording: session.wording) }.joined() + (prompt ? "> " : ""))
        }
        if prompt && !quit { FileHandle.standardOutput.write(Data("\n".utf8)) }
        self.session = session
    }
}
