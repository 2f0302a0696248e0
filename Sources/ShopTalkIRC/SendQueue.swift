/// Lines waiting to go to the IRC server, let out slowly enough that the
/// server never drops the bot for flooding: a token bucket of `rate` lines a
/// second with bursts of `burst`, and no more than `bytesPerSecond` on
/// average (ngircd allows 3 commands and 256 bytes a second before it
/// delays a client, and disconnects one that keeps on).
public struct SendQueue: Sendable {
    public let rate: Double
    public let burst: Double
    public let bytesPerSecond: Double
    private var tokens: Double
    private var byteTokens: Double
    private var last: Double?
    private var waiting: [String] = []

    public init(rate: Double = 1, burst: Double = 4, bytesPerSecond: Double = 200) {
        self.rate = rate
        self.burst = burst
        self.bytesPerSecond = bytesPerSecond
        tokens = burst
        byteTokens = bytesPerSecond * burst
    }

    public var count: Int { waiting.count }

    /// Queues a line (without CR LF).
    public mutating func append(_ line: String) { waiting.append(line) }

    /// Queues a line ahead of the others: PONG, which the server waits for.
    public mutating func appendUrgent(_ line: String) { waiting.insert(line, at: 0) }

    /// The lines that may go at `now` (seconds on any steady clock).
    public mutating func due(at now: Double) -> [String] {
        if let last {
            let elapsed = max(0, now - last)
            tokens = min(burst, tokens + elapsed * rate)
            byteTokens = min(bytesPerSecond * burst, byteTokens + elapsed * bytesPerSecond)
        }
        last = now
        var out: [String] = []
        while let line = waiting.first, tokens >= 1, byteTokens >= Double(line.utf8.count + 2) || out.isEmpty && byteTokens >= bytesPerSecond {
            tokens -= 1
            byteTokens -= Double(line.utf8.count + 2)
            out.append(waiting.removeFirst())
        }
        return out
    }

    /// Seconds until the next line may go; nil when none waits.
    public func wait(at now: Double) -> Double? {
        guard !waiting.isEmpty else { return nil }
        let elapsed = last.map { max(0, now - $0) } ?? 0
        let lineWait = max(0, (1 - (tokens + elapsed * rate)) / rate)
        let needed = min(Double(waiting[0].utf8.count + 2), bytesPerSecond)
        let byteWait = max(0, (needed - (byteTokens + elapsed * bytesPerSecond)) / bytesPerSecond)
        return max(lineWait, byteWait)
    }
}
