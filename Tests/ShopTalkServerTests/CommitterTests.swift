import Dispatch
import Foundation
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkGrammarFiles
import ShopTalkSession
import ShopTalkStore
import Synchronization
import Testing
@testable import ShopTalkServer

/// Commands are applied in batches on the loop's thread when it flushes; a
/// command from another thread wakes the loop; stopping finishes everything
/// submitted before it and closes the store.
@Suite("Committer")
struct CommitterTests {
    static let english: Grammar = try! LanguageFiles.builtIn.grammar("en")

    private static func bot() -> Bot { Bot(grammar: english, store: Store(try! SQLiteStore(path: ":memory:"))) }

    /// A committer whose loop is a running reactor, as in the server: on
    /// the loop itself, or with store threads (a bot each).
    private func committerOnAReactor(_ placement: Committer.Placement = .loop) throws -> (Committer, Reactor) {
        let reactor = try Reactor()
        let committer = Committer(log: Log(level: .error), bots: (0..<max(1, placement.threads)).map { _ in Self.bot() }, placement: placement,
                                  isOnLoop: { reactor.isCurrent }, wakeLoop: { reactor.wakeUp() }, prepareDeliveries: { _, _ in [] })
        reactor.start(afterPass: { committer.flush() })
        return (committer, reactor)
    }

    @Test func commandsSubmittedDuringAPassRunTogetherInOrderWhenTheLoopFlushes() {
        // The test's own thread plays the loop.
        let committer = Committer(log: Log(level: .error), bot: Self.bot(), isOnLoop: { true }, wakeLoop: {},
                                  prepareDeliveries: { _, _ in [] })
        let order = Mutex<[Int]>([]), done = Done()
        for index in 0..<3 {
            committer.submit(.init(run: { _ in order.withLock { $0.append(index) }; return [] },
                                   done: { done.count($0); committer.finished() }))
        }
        #expect(order.withLock { $0 }.isEmpty, "nothing runs before the pass ends")
        committer.flush()
        #expect(order.withLock { $0 } == [0, 1, 2])
        #expect(done.wait(for: 3, seconds: 0))
        committer.stop()
    }

    @Test func aCommandFromAnotherThreadWakesTheLoop() throws {
        let (committer, reactor) = try committerOnAReactor()
        defer { reactor.stop() }
        let ranOnTheLoop = Mutex<Bool?>(nil), done = Done()
        committer.submit(.init(run: { _ in ranOnTheLoop.withLock { $0 = reactor.isCurrent }; return [] },
                               done: { done.count($0); committer.finished() }))
        #expect(done.wait(for: 1, seconds: 10))
        #expect(ranOnTheLoop.withLock { $0 } == true)
        committer.stop()
    }

    @Test func stoppingFinishesWhatWasSubmittedAndClosesTheStore() throws {
        let (committer, reactor) = try committerOnAReactor()
        defer { reactor.stop() }
        let done = Done()
        for _ in 0..<5 { committer.submit(.init(run: { _ in [] }, done: { done.count($0); committer.finished() })) }
        let stopped = DispatchSemaphore(value: 0)
        Thread { committer.stop(within: 1); stopped.signal() }.start()
        #expect(stopped.wait(timeout: .now() + 10) == .success, "stop() did not return")
        #expect(done.wait(for: 5, seconds: 1))
        // After the stop nothing touches the closed store.
        let late = Done()
        committer.submit(.init(run: { _ in [] }, done: { late.count($0) }))
        #expect(!late.wait(for: 1, seconds: 0.2))
    }

    // MARK: A store thread (PostgreSQL)

    @Test func withAStoreThreadCommandsRunOffTheLoopInTheOrderSubmitted() throws {
        let (committer, reactor) = try committerOnAReactor(.storeThreads(1))
        defer { reactor.stop() }
        let runs = Mutex<[(index: Int, onTheLoop: Bool)]>([]), done = Done()
        for index in 0..<50 {
            committer.submit(.init(run: { _ in runs.withLock { $0.append((index, reactor.isCurrent)) }; return [] },
                                   done: { done.count($0); committer.finished() }))
        }
        #expect(done.wait(for: 50, seconds: 10))
        #expect(runs.withLock { $0.map(\.index) } == Array(0..<50))
        #expect(runs.withLock { $0.allSatisfy { !$0.onTheLoop } })
        committer.stop()
    }

    @Test func aBatchWaitingOnItsStoreLeavesTheLoopFreeToServeOthers() throws {
        let (committer, reactor) = try committerOnAReactor(.storeThreads(1))
        defer { reactor.stop() }
        // The command waits until the loop has run a task of its own: on the loop's thread it never could.
        let loopRan = DispatchSemaphore(value: 0), waited = Mutex<DispatchTimeoutResult?>(nil), done = Done()
        committer.submit(.init(run: { _ in
            Task(executorPreference: reactor) { loopRan.signal() }
            waited.withLock { $0 = loopRan.wait(timeout: .now() + 10) }
            return []
        }, done: { done.count($0); committer.finished() }))
        #expect(done.wait(for: 1, seconds: 20))
        #expect(waited.withLock { $0 } == .success)
        committer.stop()
    }

    @Test func stoppingAStoreThreadFinishesWhatWasSubmittedAndClosesTheStore() throws {
        let (committer, reactor) = try committerOnAReactor(.storeThreads(1))
        defer { reactor.stop() }
        let done = Done()
        for _ in 0..<5 { committer.submit(.init(run: { _ in [] }, done: { done.count($0); committer.finished() })) }
        committer.stop(within: 5)
        #expect(done.wait(for: 5, seconds: 1))
        let late = Done()
        committer.submit(.init(run: { _ in [] }, done: { late.count($0) }))
        #expect(!late.wait(for: 1, seconds: 0.2))
    }

    // MARK: Several store threads

    /// Two names the committer gives to different bots of `count`.
    private func twoMembersOnDifferentBots(of count: Int) throws -> (UserName, UserName) {
        let names = try (0..<50).map { try UserName("member\($0)") }
        let first = names[0]
        let other = try #require(names.first { Committer.stableIndex(of: $0.value, count: count) != Committer.stableIndex(of: first.value, count: count) })
        return (first, other)
    }

    @Test func aMembersCommandsRunInOrderOnTheirOwnBot() throws {
        let (committer, reactor) = try committerOnAReactor(.storeThreads(4))
        defer { reactor.stop() }
        let alice = try UserName("alice")
        let runs = Mutex<[(index: Int, bot: ObjectIdentifier)]>([]), done = Done()
        for index in 0..<40 {
            committer.submit(.init(run: { bot in runs.withLock { $0.append((index, ObjectIdentifier(bot))) }; return [] },
                                   done: { done.count($0); committer.finished() }, member: alice))
        }
        #expect(done.wait(for: 40, seconds: 10))
        #expect(runs.withLock { $0.map(\.index) } == Array(0..<40))
        #expect(Set(runs.withLock { $0.map(\.bot) }).count == 1)
        committer.stop()
    }

    @Test func differentMembersCommandsRunAtOnce() throws {
        let (committer, reactor) = try committerOnAReactor(.storeThreads(4))
        defer { reactor.stop() }
        let (first, second) = try twoMembersOnDifferentBots(of: 4)
        // The first waits until the second has run: with one thread for both it never could.
        let secondRan = DispatchSemaphore(value: 0), waited = Mutex<DispatchTimeoutResult?>(nil), done = Done()
        committer.submit(.init(run: { _ in waited.withLock { $0 = secondRan.wait(timeout: .now() + 10) }; return [] },
                               done: { done.count($0); committer.finished() }, member: first))
        committer.submit(.init(run: { _ in secondRan.signal(); return [] }, done: { done.count($0); committer.finished() }, member: second))
        #expect(done.wait(for: 2, seconds: 20))
        #expect(waited.withLock { $0 } == .success)
        committer.stop()
    }

    @Test func aClosedConnectionIsForgottenByEveryBotAndStoppingClosesThemAll() throws {
        let (committer, reactor) = try committerOnAReactor(.storeThreads(3))
        defer { reactor.stop() }
        let bots = Mutex<Set<ObjectIdentifier>>([]), done = Done()
        committer.submitToEveryBot(.init(run: { bot in bots.withLock { _ = $0.insert(ObjectIdentifier(bot)) }; return [] },
                                         done: { done.count($0); committer.finished() }))
        #expect(done.wait(for: 3, seconds: 10))
        #expect(bots.withLock { $0.count } == 3)
        committer.stop(within: 5)
        let late = Done()
        committer.submit(.init(run: { _ in [] }, done: { late.count($0) }))
        #expect(!late.wait(for: 1, seconds: 0.2))
    }
}

/// Counts commands reported committed; a test waits for them with a deadline.
private final class Done: Sendable {
    private let committed = Mutex(0)
    private let changed = DispatchSemaphore(value: 0)

    func count(_ ok: Bool) {
        if ok { committed.withLock { $0 += 1 } }
        changed.signal()
    }

    func wait(for expected: Int, seconds: Double) -> Bool {
        let deadline = DispatchTime.now() + seconds
        while committed.withLock({ $0 }) < expected {
            if changed.wait(timeout: deadline) == .timedOut { return false }
        }
        return true
    }
}
