/// Cuts a byte stream into lines: LF or CRLF, at most `maximumBytes` each.
///
/// A pure value: feed it bytes as they arrive, in any chunks, and take
/// frames out. A line longer than the limit is reported once, as
/// `tooLong`, when its end arrives; its bytes are dropped as they come, so
/// memory stays bounded however long it runs. The scan resumes where it
/// stopped, so a long line arriving in pieces is read once.
public struct LineFramer: Sendable {
    public enum Frame: Hashable, Sendable {
        case line([UInt8])
        case tooLong(bytes: Int)
    }

    public let maximumBytes: Int
    private var buffer: [UInt8] = []
    private var scanned = 0
    /// Bytes dropped so far of a line that went over the limit.
    private var discarded: Int?

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
                    frame = .tooLong(bytes: dropped + end)
                    discarded = nil
                } else if end > maximumBytes {
                    frame = .tooLong(bytes: end)
                } else {
                    frame = .line(Array(buffer[..<end]))
                }
                buffer.removeSubrange(...newline)
                scanned = 0
                return frame
            }
            // No end of line yet: keep at most the limit (plus a CR) in memory.
            if buffer.count > maximumBytes + 1 {
                discarded = (discarded ?? 0) + buffer.count
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
        if let dropped = discarded { return .tooLong(bytes: dropped + buffer.count) }
        guard !buffer.isEmpty else { return nil }
        let line = buffer.last == UInt8(ascii: "\r") ? Array(buffer.dropLast()) : buffer
        return line.count > maximumBytes ? .tooLong(bytes: line.count) : .line(line)
    }
}
