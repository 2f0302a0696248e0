import Testing
@testable import ShopTalkServer

/// Failed logins slow guessers down, per address and per account, without
/// ever keeping a right password unanswered.
@Suite("Login throttle")
struct LoginThrottleTests {
    /// Answered guesses at alice's password in `seconds`, from `addresses`
    /// machines each trying again as soon as it is answered (or 0.1 s after a refusal).
    func guesses(from addresses: Int, over seconds: Double) -> Int {
        var throttle = LoginThrottle(idleSeconds: 30)
        var nextTry = Array(repeating: 0.0, count: addresses)
        var answered = 0
        while let (machine, now) = nextTry.enumerated().min(by: { $0.element < $1.element }).map({ ($0.offset, $0.element) }), now < seconds {
            switch throttle.admit(address: "10.0.0.\(machine):4000", account: "member:alice", at: now) {
            case .refuse:
                nextTry[machine] = now + 0.1
            case .answer(let wait):
                answered += 1
                _ = throttle.failed(address: "10.0.0.\(machine):4000", account: "member:alice", at: now + wait)
                nextTry[machine] = now + wait
            }
        }
        return answered
    }

    /// Each new machine gets its few lane attempts (``LoginThrottle/ownFreeFailures``),
    /// then waits in the account's queue with the others: no more than one machine's turns.
    @Test func fiftyMachinesGetHardlyMoreGuessesThanOne() {
        let one = guesses(from: 1, over: 60), fifty = guesses(from: 50, over: 60)
        let lanes = 50 * Int(LoginThrottle.ownFreeFailures)
        #expect(fifty <= one + lanes, "one machine: \(one), fifty: \(fifty)")
        #expect(fifty < one * 20, "one machine: \(one), fifty: \(fifty)")
    }

    /// The probe: one connection sending wrong passwords for bob as fast as
    /// it is answered kept bob's right password refused five times in five.
    /// The member's machine is not one of the guessers: it is answered at once.
    @Test func aStrangerHammeringAnAccountNeverKeepsItsMemberOut() {
        var throttle = LoginThrottle(idleSeconds: 30)
        var strangerFree = 0.0
        var bobsTries: [LoginThrottle.Decision] = []
        for step in 0..<500 {
            let now = Double(step) * 0.05
            if now >= strangerFree {
                switch throttle.admit(address: "203.0.113.9:5000", account: "member:bob", at: now) {
                case .refuse:
                    strangerFree = now + 0.05
                case .answer(let wait):
                    _ = throttle.failed(address: "203.0.113.9:5000", account: "member:bob", at: now + wait)
                    strangerFree = now + wait
                }
            }
            // Bob tries from his phone five times meanwhile (a right password: he gets in).
            if step % 100 == 50 { bobsTries.append(throttle.admit(address: "192.168.1.20:6000", account: "member:bob", at: now)) }
        }
        #expect(bobsTries.count == 5)
        #expect(bobsTries.allSatisfy { if case .answer(let wait) = $0 { wait <= LoginThrottle.laneSpacing } else { false } }, "\(bobsTries)")
        // Even after a typo of his own.
        _ = throttle.failed(address: "192.168.1.20:6000", account: "member:bob", at: 25)
        #expect(throttle.admit(address: "192.168.1.20:6001", account: "member:bob", at: 25.1) != .refuse)
        // The stranger, meanwhile, waits the account's turns.
        #expect(throttle.admit(address: "203.0.113.9:5001", account: "member:bob", at: 25.1) != .answer(after: 0))
    }

    @Test func logLinesAboutOneAccountAreAFewAMinute() {
        var lines = LogLines()
        let written = (0..<40).map { lines.shouldLog("member:bob", at: Double($0) * 0.5) }
        #expect(written.count(where: \.log) == LogLines.perMinute)
        #expect(lines.shouldLog("member:alice", at: 10).log, "other accounts have their own")
        let later = lines.shouldLog("member:bob", at: 61)
        #expect(later.log && later.unlogged == 40 - LogLines.perMinute)
    }

    @Test func theWaitStaysWellBelowTheIdleTimeout() {
        var throttle = LoginThrottle(idleSeconds: 30)
        for second in 0..<12 { _ = throttle.failed(address: "10.0.0.1:1", account: "member:alice", at: Double(second)) }
        guard case .answer(let wait) = throttle.admit(address: "10.0.0.1:2", account: "member:alice", at: 12) else {
            Issue.record("the thirteenth attempt was refused")
            return
        }
        #expect(wait > 1 && wait <= 10, "\(wait)")
        #expect(LoginThrottle(idleSeconds: 6).longestWait <= 2)
    }

    @Test func aGuesserBackAHairBeforeTheirTurnEndsIsAnsweredNotRefused() {
        var throttle = LoginThrottle(idleSeconds: 30)
        var now = 0.0
        for _ in 0..<12 {
            guard case .answer(let wait) = throttle.admit(address: "10.0.0.1:1", account: "member:alice", at: now) else {
                Issue.record("refused at \(now)")
                return
            }
            _ = throttle.failed(address: "10.0.0.1:1", account: "member:alice", at: now + wait)
            // The reply went out on a timer started a moment before the turn was taken.
            now += max(0, wait - 0.001)
        }
        // The guesser takes their turn; a second guesser at the same moment would queue a turn behind it: refused.
        for _ in 0..<Int(LoginThrottle.ownFreeFailures) { _ = throttle.failed(address: "10.0.0.2:1", account: "member:alice", at: now) }
        #expect(throttle.admit(address: "10.0.0.1:1", account: "member:alice", at: now) != .refuse)
        #expect(throttle.admit(address: "10.0.0.2:1", account: "member:alice", at: now) == .refuse)
    }

    @Test func failuresAreForgivenWithTime() {
        var throttle = LoginThrottle(idleSeconds: 30)
        for second in 0..<12 { _ = throttle.failed(address: "10.0.0.1:1", account: "member:alice", at: Double(second)) }
        #expect(throttle.admit(address: "10.0.0.1:2", account: "member:bob", at: 12) != .answer(after: 0))
        #expect(throttle.admit(address: "10.0.0.1:2", account: "member:alice", at: 12 + 8 * 60) == .answer(after: 0))
    }

    @Test func aRightPasswordStartsAfresh() {
        var throttle = LoginThrottle(idleSeconds: 30)
        for second in 0..<8 { _ = throttle.failed(address: "10.0.0.1:1", account: "member:alice", at: Double(second)) }
        throttle.succeeded(address: "10.0.0.1:9", account: "member:alice", at: 8)
        #expect(throttle.admit(address: "10.0.0.1:3", account: "member:alice", at: 9) == .answer(after: 0))
    }

    /// A member logging in forgives their own typos, not a stranger's guesses at their account.
    @Test func aRightPasswordForgivesOnlyItsOwnMachinesFailures() {
        var throttle = LoginThrottle(idleSeconds: 30)
        for second in 0..<8 { _ = throttle.failed(address: "203.0.113.9:1", account: "member:alice", at: Double(second)) }
        _ = throttle.failed(address: "10.0.0.1:1", account: "member:alice", at: 8)
        throttle.succeeded(address: "10.0.0.1:2", account: "member:alice", at: 9)
        #expect(throttle.admit(address: "203.0.113.9:2", account: "member:alice", at: 9) != .answer(after: 0))
    }
}
