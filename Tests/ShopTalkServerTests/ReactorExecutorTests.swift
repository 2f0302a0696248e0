import Dispatch
import Foundation
import Synchronization
import Testing
@testable import ShopTalkServer

/// The reactor is also the executor of the connections' tasks: a task that
/// waits for another thread (the store's) must come back to the reactor's
/// thread, and a reactor asleep in epoll must wake up for it.
///
/// The tests wait with a deadline rather than `await`: a task whose wake-up
/// is lost never resumes, and the test must fail rather than hang.
@Suite("Reactor as task executor")
struct ReactorExecutorTests {
    @Test func aTaskRunsOnTheReactorThreadBeforeAndAfterWaitingForAnotherThread() throws {
        let reactor = try Reactor()
        reactor.start()
        defer { reactor.stop() }
        let result = Outcome<[Bool]>()
        Task(executorPreference: reactor) {
            var places = [reactor.isCurrent]
            // Resumed from a thread of its own while the reactor sleeps in epoll_wait.
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                Thread { usleep(20_000); continuation.resume() }.start()
            }
            places.append(reactor.isCurrent)
            result.set(places)
        }
        #expect(result.wait(seconds: 10) == [true, true])
    }

    @Test func manyTasksResumedTogetherByAnotherThreadAllFinishOnTheReactor() throws {
        let reactor = try Reactor()
        reactor.start()
        defer { reactor.stop() }
        let waiting = Outcome<[CheckedContinuation<Void, Never>]>(initially: [])
        let finished = Outcome<[Bool]>(initially: [])
        let count = 200
        for _ in 0..<count {
            Task(executorPreference: reactor) {
                await withCheckedContinuation { continuation in waiting.update { $0.append(continuation) } }
                finished.update { $0.append(reactor.isCurrent) }
            }
        }
        #expect(waiting.wait(seconds: 10, until: { $0.count == count }) != nil)
        // Like a committed batch: one other thread resumes them all at once.
        Thread { waiting.update { $0 }.forEach { $0.resume() } }.start()
        let places = finished.wait(seconds: 10, until: { $0.count == count })
        #expect(places == Array(repeating: true, count: count))
    }
}

/// A value set by tasks and awaited by a test with a deadline.
private final class Outcome<Value: Sendable>: Sendable {
    private let value: Mutex<Value?>
    private let changed = DispatchSemaphore(value: 0)

    init(initially: Value? = nil) { value = Mutex(initially) }

    func set(_ new: Value) {
        value.withLock { $0 = new }
        changed.signal()
    }

    /// Changes the value, which must be set already.
    @discardableResult
    func update<T>(_ body: (inout Value) -> T) -> T {
        defer { changed.signal() }
        return value.withLock { value in
            var current = value!
            defer { value = current }
            return body(&current)
        }
    }

    /// The value once `done` holds, or nil when `seconds` pass first.
    func wait(seconds: Double, until done: (Value) -> Bool = { _ in true }) -> Value? {
        let deadline = DispatchTime.now() + seconds
        while true {
            if let current = value.withLock({ $0 }), done(current) { return current }
            if changed.wait(timeout: deadline) == .timedOut { return nil }
        }
    }
}
