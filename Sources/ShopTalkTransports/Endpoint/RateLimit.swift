/// Lines per second with bursts: a token bucket.
public struct RateLimit: Sendable {
    public let rate: Double
    public let burst: Double
    private var tokens: Double
    private var last: ContinuousClock.Instant

    public init(rate: Double, burst: Double) {
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.last = .now
    }

    /// True when one more line may go now.
    public mutating func allow() -> Bool {
        guard rate > 0 else { return true }
        let now = ContinuousClock.now
        let elapsed = now - last
        last = now
        tokens = min(burst, tokens + rate * (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
