import Foundation
import ShopTalkDomain
import ShopTalkSession
import ShopTalkStore
import Synchronization

/// The one thread that owns the store. It takes every command waiting,
/// applies them in arrival order inside one transaction (each command in a
/// savepoint of its own, so each stays all-or-nothing), commits once, and
/// only then lets their answers and events go: throughput is not one fsync
/// per command.
final class Committer: Sendable {
    /// A command: `run` applies it on the store thread, inside the batch;
    /// `done` learns after the commit whether it happened (false: the commit
    /// failed and nothing of the batch happened).
    struct Job: Sendable {
        let run: @Sendable (Bot) -> [UserName]
        let done: @Sendable (Bool) -> Void
    }

    /// Something to send once its batch is committed: events for a member's connections.
    typealias Delivery = @Sendable () -> Void

    private let queue = Mutex<[Job]>([])
    private let signal = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)
    /// Commands submitted whose answers are not written yet.
    private let inFlight = Atomic<Int>(0)
    /// On the store thread, inside the batch: what the members with new
    /// events are to be sent. Their events leave the store in the batch's own
    /// transaction, so they are delivered exactly when the batch commits.
    private let prepareDeliveries: @Sendable (Bot, [UserName]) -> [Delivery]
    private let log: Log
    /// True on a thread that calls ``flush()`` itself once it has submitted
    /// everything it has ready (the reactor, after each pass over its tasks):
    /// its commands then start one batch together rather than the first of
    /// them alone.
    private let flushesLater: @Sendable () -> Bool

    /// `makeBot` runs on the store thread, which owns what it makes.
    init(log: Log, flushesLater: @escaping @Sendable () -> Bool = { false }, makeBot: @escaping @Sendable () -> Bot,
         prepareDeliveries: @escaping @Sendable (Bot, [UserName]) -> [Delivery]) {
        self.log = log
        self.flushesLater = flushesLater
        self.prepareDeliveries = prepareDeliveries
        let thread = Thread { [self] in
            let bot = makeBot()
            run(bot: bot)
            bot.store.close() // before shutdown goes on, which may end the process
            stopped.signal()
        }
        thread.name = "shoptalk-store"
        thread.start()
    }

    func submit(_ job: Job) {
        inFlight.wrappingAdd(1, ordering: .relaxed)
        queue.withLock { $0.append(job) }
        if !flushesLater() { signal.signal() }
    }

    /// Wakes the store thread for the commands submitted with the wake-up held back.
    func flush() {
        if queue.withLock({ !$0.isEmpty }) { signal.signal() }
    }

    /// Applies `body` in the next batch and returns its result once the batch
    /// is committed; nil when the commit failed. `notify` names the members
    /// whose events it left, for live delivery. Call ``finished()`` once the
    /// answer is written, so shutdown can wait for it.
    func value<T: Sendable>(_ body: @escaping @Sendable (Bot) -> T, notify: @escaping @Sendable (T) -> [UserName] = { _ in [] }) async -> T? {
        let box = Mutex<T?>(nil)
        let committed = await withCheckedContinuation { continuation in
            submit(Job(run: { bot in
                let value = body(bot)
                box.withLock { $0 = value }
                return notify(value)
            }, done: { continuation.resume(returning: $0) }))
        }
        return committed ? box.withLock { $0 } : nil
    }

    /// The answer of a command from ``value(_:notify:)`` is written.
    func finished() { inFlight.wrappingSubtract(1, ordering: .relaxed) }

    /// Finishes the commands already queued, waits (at most `seconds`) for
    /// their answers to be written, then stops the thread.
    func stop(within seconds: Double = 3) {
        stopping.store(true, ordering: .relaxed)
        signal.signal()
        stopped.wait()
        let deadline = Date().addingTimeInterval(seconds)
        while inFlight.load(ordering: .relaxed) > 0 && Date() < deadline { usleep(1_000) }
    }

    private func run(bot: Bot) {
        // Wake-ups are fewer than commands (a pass of the reactor submits
        // many and wakes once), so the queue, not the count of wake-ups,
        // says whether there is work: it is emptied before every wait.
        while true {
            let jobs = queue.withLock { jobs in defer { jobs.removeAll() }; return jobs }
            if jobs.isEmpty {
                if stopping.load(ordering: .relaxed) { break }
                signal.wait()
                continue
            }
            var deliveries: [Delivery] = []
            let started = ContinuousClock.now
            var applied = started
            do {
                try bot.batch {
                    var notified: Set<UserName> = []
                    for job in jobs { notified.formUnion(job.run(bot)) }
                    if !notified.isEmpty { deliveries = prepareDeliveries(bot, Array(notified)) }
                    applied = .now
                }
                if log.level <= .debug {
                    log(.debug, "batch committed", ["commands": jobs.count, "apply_us": microseconds(applied - started),
                                                    "commit_us": microseconds(.now - applied)])
                }
                for job in jobs { job.done(true) }
                for delivery in deliveries { delivery() }
            } catch {
                log(.error, "commit failed", ["commands": jobs.count, "error": "\(error)"])
                for job in jobs { job.done(false) }
            }
        }
    }

    private func microseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000)
    }
}
