import Foundation
import ShopTalkLineIO

/// Standard input as framed lines: Linux Foundation has no async byte stream
/// for it, and `readLine` would hide invalid UTF-8, so bytes are read with
/// read(2) and cut by a ``LineFramer``.
public enum StandardInput {
    /// What goes back for one frame, and whether reading stops after it.
    public struct Answer {
        public var text: String
        public var isLast = false

        public init(_ text: String, isLast: Bool = false) {
            self.text = text
            self.isLast = isLast
        }
    }

    /// Calls `body` with each frame as it arrives; its answers for one read
    /// are written to standard output together. Returns at end of input
    /// (false), or after an answer that is the last (true).
    @discardableResult
    public static func forEachFrame(maximumBytes: Int, _ body: (LineFramer.Frame) -> Answer) -> Bool {
        var framer = LineFramer(maximumBytes: maximumBytes)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let output = FileHandle.standardOutput
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            framer.append(buffer[..<count])
            var written = ""
            var finished = false
            while !finished, let frame = framer.next() {
                let answer = body(frame)
                written += answer.text
                finished = answer.isLast
            }
            if !written.isEmpty { output.write(Data(written.utf8)) }
            if finished { return true }
        }
        if let frame = framer.finish() {
            let written = body(frame).text
            if !written.isEmpty { output.write(Data(written.utf8)) }
        }
        return false
    }
}
