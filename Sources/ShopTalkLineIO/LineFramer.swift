/// Cuts a byte stream into lines: LF or CRLF, at most `maximumBytes` each.
///
/// A pure value: feed it bytes as they arrive, in any chunks, and take
/// frames out. A line longer than the limit is reported once, as
/// `tooLong`, when its end arrives; its bytes are dropped as they come, so
/// memory stays bounded however long it runs, all but its first few, which
/// say whom to answer (a label, a relay's `:NICK `). The scan resumes where
/// it stopped, so a long line arriving in pieces is read once.
public struct LineFramer: Sendable {
    public enum Frame: Hashable, Sendable {
        case line([UInt8])
        /// `limit`: `maximumBytes`; `head`: the line's first bytes, at most `headBytes`.
        case tooLong(bytes: Int, limit: Int, head: [UInt8])
    }

    /// How much of a line that is too long is kept: enough for a label and a nick.
    public static let headBytes = 256

    public let maximumBytes: Int
    private var buffer: [UInt8] = []
    private var scanned = 0
    /// Bytes dropped so far of a line that went over the limit, and its head.
    private var discarded: (count: Int, head: [UInt8])?

    public init(maximumBytes: Int = 4_096) {
        self.maximumBytes = maximumBytes
    }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete line, if one has arrived.
    public mutating func next() -> Frame? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > 0, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let frame: Frame
                if let dropped = discarded {
                    frame = .tooLong(bytes: dropped.count + end, limit: maximumBytes, head: dropped.head)
                    discarded = nil
                } else if end > maximumBytes {
                    frame = .tooLong(bytes: end, limit: maximumBytes, head: head(of: buffer))
                } else {
                    frame = .line(Array(buffer[..<end]))
                }
                buffer.removeSubrange(...newline)
                scanned = 0
                return frame
            }
            // No end of line yet: keep at most the limit (plus a CR) in memory.
            if buffer.count > maximumBytes + 1 {
                discarded = ((discarded?.count ?? 0) + buffer.count, discarded?.head ?? head(of: buffer))
                buffer.removeAll(keepingCapacity: true)
                scanned = 0
            } else {
                scanned = buffer.count
            }
            return nil
        }
    }

    /// At end of input: the last line, if it had no line ending.
    public mutating func finish() -> Frame? {
        if let frame = next() { return frame }
        defer {
            buffer.removeAll()
            discarded = nil
            scanned = 0
        }
        if let dropped = discarded { return .tooLong(bytes: dropped.count + buffer.count, limit: maximumBytes, head: dropped.head) }
        guard !buffer.isEmpty else { return nil }
        let line = buffer.last == UInt8(ascii: "\r") ? Array(buffer.dropLast()) : buffer
        return line.count > maximumBytes ? .tooLong(bytes: line.count, limit: maximumBytes, head: head(of: line)) : .line(line)
    }

    private func head(of bytes: [UInt8]) -> [UInt8] {
        Array(bytes.prefix(Self.headBytes))
    }
}
