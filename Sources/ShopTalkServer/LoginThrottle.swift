import Synchronization

/// Failed logins slow down whoever makes them, counted two ways: per
/// address (one machine guessing) and per account (many machines guessing
/// one member's password).
///
/// After ``freeFailures`` failures an attempt waits 0.25 s, doubling with
/// each further failure, up to ``longestWait`` — which stays below the idle
/// timeout, so a right password is always answered. Failures are forgiven
/// one a minute, so a member who mistyped last week starts afresh. An
/// account's attempts past its free failures take turns, one ``delay``
/// each, whatever address they come from; an attempt that would wait longer
/// than ``longestWait`` for its turn is refused at once: fifty machines get
/// no more guesses at an account than one.
///
/// A value, with the time given, so its rules are tested without a clock;
/// the server keeps it under a lock (``Shared``).
struct LoginThrottle: Sendable {
    static let freeFailures = 5.0
    /// Failures forgiven per second: one a minute.
    static let forgivenPerSecond = 1.0 / 60
    static let firstWait = 0.25
    /// Records kept at most, per kind, before the forgiven ones are let go.
    static let recordLimit = 10_000

    /// The longest an attempt waits, in seconds.
    let longestWait: Double

    /// An address's or an account's failures, as of `at`, and when its next turn is free.
    private struct Record {
        var failures: Double
        var at: Double
        var nextTurn: Double

        /// Whole failures are forgiven, one a minute since the last.
        func failures(at now: Double) -> Double { max(0, failures - ((now - at) * LoginThrottle.forgivenPerSecond).rounded(.down)) }
    }

    private var addresses: [String: Record] = [:]
    private var accounts: [String: Record] = [:]

    /// What an attempt may do.
    enum Decision: Equatable {
        /// Be answered after this many seconds.
        case answer(after: Double)
        /// Be refused now: the account has had too many tries too fast.
        case refuse
    }

    /// `idleSeconds`: how long a connection may wait to log in; attempts wait well under it.
    init(idleSeconds: Double) {
        longestWait = max(0.5, min(8, idleSeconds / 3))
    }

    /// Seconds an attempt waits after `failures` failures.
    func delay(after failures: Double) -> Double {
        guard failures >= Self.freeFailures else { return 0 }
        return min(longestWait, Self.firstWait * Double(1 << Int(min(failures - Self.freeFailures, 20))))
    }

    /// An attempt from `address` at `account` at `now` (seconds on a steady clock).
    mutating func admit(address: String, account: String, at now: Double) -> Decision {
        let byAddress = delay(after: addresses[Self.host(address)]?.failures(at: now) ?? 0)
        guard var record = accounts[account] else { return .answer(after: byAddress) }
        let step = delay(after: record.failures(at: now))
        guard step > 0 else { return .answer(after: byAddress) }
        let start = max(now, record.nextTurn)
        // A guesser who waited out their turn comes back a hair before it ends (the
        // wait was timed from the line, the turn from here): that is their turn, not a
        // second attempt queued behind it. Only an attempt a turn away is refused.
        guard start - now < Self.firstWait || start + step - now <= longestWait else { return .refuse }
        record.nextTurn = start + step
        accounts[account] = record
        return .answer(after: max(byAddress, start + step - now))
    }

    /// Records a failure; the address's failures now, as a whole number.
    mutating func failed(address: String, account: String, at now: Double) -> Int {
        Self.count(&accounts, account, at: now)
        return Int(Self.count(&addresses, Self.host(address), at: now).rounded(.up))
    }

    /// A right password: the address and the account start afresh.
    mutating func succeeded(address: String, account: String) {
        addresses[Self.host(address)] = nil
        accounts[account] = nil
    }

    @discardableResult
    private static func count(_ records: inout [String: Record], _ key: String, at now: Double) -> Double {
        var record = records[key] ?? Record(failures: 0, at: now, nextTurn: now)
        record.failures = record.failures(at: now) + 1
        record.at = now
        records[key] = record
        if records.count > recordLimit {
            records = records.filter { $0.value.failures(at: now) >= 1 || $0.key == key }
        }
        return record.failures
    }

    /// "127.0.0.1:50312" → "127.0.0.1": throttling is per address, not per connection.
    private static func host(_ address: String) -> String { Connection.host(of: address) }

    /// The throttle as the server's connections share it, on the steady clock.
    final class Shared: Sendable {
        private let throttle: Mutex<LoginThrottle>
        private let started = ContinuousClock.now

        init(idleSeconds: Double) { throttle = Mutex(LoginThrottle(idleSeconds: idleSeconds)) }

        private var now: Double {
            let elapsed = ContinuousClock.now - started
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }

        func admit(address: String, account: String) -> Decision {
            let now = now
            return throttle.withLock { $0.admit(address: address, account: account, at: now) }
        }

        func failed(address: String, account: String) -> Int {
            let now = now
            return throttle.withLock { $0.failed(address: address, account: account, at: now) }
        }

        func succeeded(address: String, account: String) {
            throttle.withLock { $0.succeeded(address: address, account: account) }
        }
    }
}
