import Synchronization

/// Failed logins from one address slow it down: after 5 failures each attempt
/// waits 0.25 s, doubling per further failure, up to 30 s. A success forgets.
final class LoginThrottle: Sendable {
    private let failures = Mutex<[String: Int]>([:])

    /// How long an attempt from `address` must wait before it is answered.
    func delay(for address: String) -> Duration {
        let count = failures.withLock { $0[Self.host(address)] ?? 0 }
        guard count >= 5 else { return .zero }
        return .milliseconds(min(30_000, 250 << min(count - 5, 10)))
    }

    /// Records a failure; returns how many in a row.
    func failed(_ address: String) -> Int {
        failures.withLock { failures in
            let host = Self.host(address)
            failures[host, default: 0] += 1
            if failures.count > 10_000 { failures = [host: failures[host]!] }
            return failures[host]!
        }
    }

    func succeeded(_ address: String) {
        _ = failures.withLock { $0.removeValue(forKey: Self.host(address)) }
    }

    /// "127.0.0.1:50312" → "127.0.0.1": throttling is per address, not per connection.
    private static func host(_ address: String) -> String {
        String(address.prefix { $0 != ":" })
    }
}
