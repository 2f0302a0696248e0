/// Lines per second with bursts: a token bucket. A value, with the time
/// given, so its rule is tested by moving a clock, not by waiting.
public struct RateLimit: Sendable {
    public let rate: Double
    public let burst: Double
    private var tokens: Double
    /// When the last line came, in seconds on a steady clock; nil before the first.
    private var last: Double?

    public init(rate: Double, burst: Double) {
        self.rate = rate
        self.burst = burst
        self.tokens = burst
    }

    /// True when one more line may go at `now` (seconds on a steady clock).
    public mutating func allow(at now: Double) -> Bool {
        guard rate > 0 else { return true }
        if let last { tokens = min(burst, tokens + rate * max(0, now - last)) }
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
