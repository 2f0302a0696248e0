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

    @Test func fiftyMachinesGetNoMoreGuessesThanOne() {
        let one = guesses(from: 1, over: 60), fifty = guesses(from: 50, over: 60)
        #expect(fifty <= one + 5, "one machine: \(one), fifty: \(fifty)")
        #expect(fifty < 20)
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
        // The guesser takes their turn; a second machine at the same moment would queue a turn behind it: refused.
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
        throttle.succeeded(address: "10.0.0.1:9", account: "member:alice")
        #expect(throttle.admit(address: "10.0.0.1:3", account: "member:alice", at: 9) == .answer(after: 0))
    }
}
