/// Seconds on a clock that only goes forward, from when the process first
/// asked: what rules of time (rates, throttles) are measured on. A rule
/// takes the time as a value; the server passes this clock, a test one it moves.
public enum SteadyClock {
    private static let started = ContinuousClock.now

    public static func seconds() -> Double {
        let elapsed = ContinuousClock.now - started
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
