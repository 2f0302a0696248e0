import Foundation
import ShopTalkSession

/// `shoptalk chat`: lines from standard input, replies to standard output.
public struct StandardIOChat {
    public let session: LineSession
    public let format: ReplyFormat
    /// Shows "> " before each line, when a person is typing.
    public let prompt: Bool

    public init(session: LineSession, format: ReplyFormat, prompt: Bool) {
        self.session = session
        self.format = format
        self.prompt = prompt
    }

    /// Runs until end of input.
    public func run() {
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
                written += format.render(session.respond(to: frame))
                if prompt { written += "> " }
            }
            if !written.isEmpty { output.write(Data(written.utf8)) }
        }
        if let frame = framer.finish() {
            output.write(Data(format.render(session.respond(to: frame)).utf8))
        } else if prompt {
            output.write(Data("\n".utf8))
        }
    }
}
