import Dispatch
import Foundation
import ShopTalkGrammar
import ShopTalkGrammarFiles
import ShopTalkSession
import ShopTalkStore
import Synchronization
import Testing
@testable import ShopTalkServer

/// The store thread applies what is submitted in batches, and stops only
/// once everything submitted before the stop is done.
@Suite("Committer")
struct CommitterTests {
    static let english: Grammar = try! Grammar(
        source: String(decoding: BundledGrammars.files["en.grammar"]!, as: UTF8.self), file: "Grammar/en.grammar")

    private func committer(flushesLater: @escaping @Sendable () -> Bool) -> Committer {
        Committer(log: Log(level: .error), flushesLater: flushesLater,
                  makeBot: { Bot(grammar: Self.english, store: try! SQLiteStore(path: ":memory:")) },
                  prepareDeliveries: { _, _ in [] })
    }

    @Test func commandsHeldForTheEndOfAPassRunWhenFlushed() {
        let committer = committer(flushesLater: { true })
        let done = Done()
        for _ in 0..<3 { committer.submit(.init(run: { _ in [] }, done: { done.count($0); committer.finished() })) }
        committer.flush()
        #expect(done.wait(for: 3, seconds: 10))
        committer.stop()
    }

    /// Submissions that wait for a flush give the store thread fewer wake-ups
    /// than commands: stopping must not depend on one wake-up per command.
    @Test func stoppingFinishesHeldCommandsAndReturns() {
        let committer = committer(flushesLater: { true })
        let done = Done()
        for _ in 0..<5 { committer.submit(.init(run: { _ in [] }, done: { done.count($0); committer.finished() })) }
        let stopped = DispatchSemaphore(value: 0)
        Thread { committer.stop(within: 1); stopped.signal() }.start()
        #expect(stopped.wait(timeout: .now() + 10) == .success, "stop() did not return")
        #expect(done.wait(for: 5, seconds: 1))
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
