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

    /// Runs until end of input.
    public mutating func run() {
        var framer = LineFramer(maximumBytes: InputLine.maximumBytes)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let output = FileHandle.standardOutput
        if prompt { output.write(Data("> ".utf8)) }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            framer.append(buffer[..<count])
            var written = ""
            while let frame = framer.next() {
                written += session.respond(to: frame).map { format.render($0, relay: session.relay) }.joined()
                if prompt { written += "> " }
            }
            if !written.isEmpty { output.write(Data(written.utf8)) }
        }
        if let frame = framer.finish() {
            output.write(Data(session.respond(to: frame).map { format.render($0, relay: session.relay) }.joined().utf8))
        } else if prompt {
            output.write(Data("\n".utf8))
        }
    }
}
