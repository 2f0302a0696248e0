import ShopTalkTransports
import Synchronization

/// Failed logins slow down whoever makes them, counted three ways: per
/// address (one machine guessing), per account (many machines guessing one
/// member's password), and per account and address (who is guessing it).
///
/// After ``freeFailures`` failures an attempt waits 0.25 s, doubling with
/// each further failure, up to ``longestWait`` — which stays below the idle
/// timeout, so a right password is always answered. Failures are forgiven
/// one a minute, so a member who mistyped last week starts afresh. An
/// account's attempts past its free failures take turns, one ``delay``
/// each, whatever address they come from; an attempt that would wait longer
/// than ``longestWait`` for its turn is refused at once: fifty machines get
/// hardly more guesses at an account than one.
///
/// Those turns are the guessers' own: a machine that has failed fewer than
/// ``ownFreeFailures`` times at the account (the member's phone, even after
/// a typo) is not queued behind them. It has a lane of its own, one attempt
/// every ``laneSpacing`` for the account, so a stranger hammering a
/// member's account never keeps the member out. A new machine's lane
/// attempts are its first few guesses; after them it joins the queue.
///
/// A value, with the time given, so its rules are tested without a clock;
/// the server keeps it under a lock (``Shared``).
struct LoginThrottle: Sendable {
    static let freeFailures = 5.0
    /// Failures forgiven per second: one a minute.
    static let forgivenPerSecond = 1.0 / 60
    static let firstWait = 0.25
    /// Failures at an account after which a machine waits its turn behind the account's guessers.
    static let ownFreeFailures = 3.0
    /// Seconds between attempts in the lane of machines that have not (much) failed at an account.
    static let laneSpacing = 0.5
    /// Records kept at most, per kind, before the forgiven ones are let go.
    static let recordLimit = 10_000

    /// The longest an attempt waits, in seconds.
    let longestWait: Double

    /// An address's or an account's failures, as of `at`, and when its next turn is free.
    private struct Record {
        var failures: Double
        var at: Double
        var nextTurn: Double
        /// An account's next free turn in the lane of machines that have not failed at it.
        var nextLaneTurn = 0.0

        /// Whole failures are forgiven, one a minute since the last.
        func failures(at now: Double) -> Double { max(0, failures - ((now - at) * LoginThrottle.forgivenPerSecond).rounded(.down)) }
    }

    private var addresses: [String: Record] = [:]
    private var accounts: [String: Record] = [:]
    /// By account and host (``pairKey(_:_:)``).
    private var pairs: [String: Record] = [:]

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
        let host = Self.host(address)
        let byAddress = delay(after: addresses[host]?.failures(at: now) ?? 0)
        guard var record = accounts[account] else { return .answer(after: byAddress) }
        let step = delay(after: record.failures(at: now))
        guard step > 0 else { return .answer(after: byAddress) }
        if (pairs[Self.pairKey(account, host)]?.failures(at: now) ?? 0) < Self.ownFreeFailures {
            // Not one of the account's guessers: its own lane, not their queue.
            let start = max(now, record.nextLaneTurn)
            guard start - now <= longestWait else { return .refuse }
            record.nextLaneTurn = start + Self.laneSpacing
            accounts[account] = record
            return .answer(after: max(byAddress, start - now))
        }
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
        let host = Self.host(address)
        Self.count(&accounts, account, at: now)
        Self.count(&pairs, Self.pairKey(account, host), at: now)
        return Int(Self.count(&addresses, host, at: now).rounded(.up))
    }

    /// A right password: the address starts afresh, and the account is
    /// forgiven the failures this address made (a member's own typos), not
    /// those of others still guessing at it.
    mutating func succeeded(address: String, account: String, at now: Double) {
        let host = Self.host(address)
        addresses[host] = nil
        let own = pairs.removeValue(forKey: Self.pairKey(account, host))?.failures(at: now) ?? 0
        guard var record = accounts[account] else { return }
        record.failures = record.failures(at: now) - own
        record.at = now
        accounts[account] = record.failures < 1 ? nil : record
    }

    private static func pairKey(_ account: String, _ host: String) -> String { account + "\u{1F}" + host }

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
        private let logLines = Mutex(LogLines())

        init(idleSeconds: Double) { throttle = Mutex(LoginThrottle(idleSeconds: idleSeconds)) }

        private var now: Double { SteadyClock.seconds() }

        func admit(address: String, account: String) -> Decision {
            let now = now
            return throttle.withLock { $0.admit(address: address, account: account, at: now) }
        }

        func failed(address: String, account: String) -> Int {
            let now = now
            return throttle.withLock { $0.failed(address: address, account: account, at: now) }
        }

        func succeeded(address: String, account: String) {
            let now = now
            throttle.withLock { $0.succeeded(address: address, account: account, at: now) }
        }

        /// Whether a refused or failed login at `account` is worth a log
        /// line: a few a minute each, then one line saying how many were
        /// not written, so a flood of guesses does not flood the log.
        func shouldLog(_ account: String) -> (log: Bool, unlogged: Int) {
            let now = now
            return logLines.withLock { $0.shouldLog(account, at: now) }
        }
    }
}

/// Log lines about one key (an account's failed logins), a few a minute at
/// most; the next line written after a quiet spell says how many were left out.
struct LogLines: Sendable {
    static let perMinute = 5
    private var windows: [String: (start: Double, written: Int, unlogged: Int)] = [:]

    mutating func shouldLog(_ key: String, at now: Double) -> (log: Bool, unlogged: Int) {
        if windows.count > 10_000 { windows = windows.filter { now - $0.value.start < 60 } }
        var window = windows[key] ?? (now, 0, 0)
        if now - window.start >= 60 { window = (now, 0, window.unlogged) }
        defer { windows[key] = window }
        guard window.written < Self.perMinute else {
            window.unlogged += 1
            return (false, 0)
        }
        window.written += 1
        let unlogged = window.unlogged
        window.unlogged = 0
        return (true, unlogged)
    }
}
