import Foundation

/// Standard input as framed lines: Linux Foundation has no async byte stream
/// for it, and `readLine` would hide invalid UTF-8, so bytes are read with
/// read(2) and cut by a ``LineFramer``.
public enum StandardInput {
    /// Calls `body` with each frame's output as it arrives; `body`'s results
    /// for one read are written to standard output together. Returns at end of input.
    public static func forEachFrame(maximumBytes: Int, _ body: (LineFramer.Frame) -> String) {
        var framer = LineFramer(maximumBytes: maximumBytes)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let output = FileHandle.standardOutput
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            framer.append(buffer[..<count])
            var written = ""
            while let frame = framer.next() { written += body(frame) }
            if !written.isEmpty { output.write(Data(written.utf8)) }
        }
        if let frame = framer.finish() {
            let written = body(frame)
            if !written.isEmpty { output.write(Data(written.utf8)) }
        }
    }
}
