import Foundation
import ShopTalkDomain
import ShopTalkSession
import ShopTalkStore
import Synchronization

/// Applies the commands of every connection to the store, many to a
/// transaction: each command in a savepoint of its own (so each stays
/// all-or-nothing), in arrival order, then one commit and one fsync for all,
/// and only then their answers and events. Throughput is not one fsync per
/// command.
///
/// It runs on the event loop's thread, the way Redis applies and syncs what
/// its clients sent during one pass: commands submitted while the loop runs
/// its connections' tasks wait for ``flush()``, which the loop calls after
/// each pass, and which applies and commits them right there. A store thread
/// of its own cost two thread switches per batch (waking it, and waking the
/// loop for the answers); on two cores that was a third of the round trip of
/// a lone client. The loop does wait while the disk syncs, as Redis's does:
/// nothing could be answered before the commit anyway.
///
/// A store across the network (PostgreSQL) is different: each statement
/// waits for a round trip, and the loop must not wait with it, or every
/// connection would. There the batches run on a thread of their own (see
/// ``Placement``): what arrives while one batch commits is the next batch.
final class Committer: Sendable {
    /// Which thread applies and commits the batches.
    enum Placement: Sendable {
        /// The loop's, after each pass (``flush()``): a store on the local disk.
        case loop
        /// A store thread of its own, woken by ``submit(_:)``: a store whose calls wait on the network.
        case storeThread
    }

    /// A command: `run` applies it inside the batch, on the committer's thread;
    /// `done` learns after the commit whether it happened (false: the commit
    /// failed and nothing of the batch happened).
    struct Job: Sendable {
        let run: @Sendable (Bot) -> [UserName]
        let done: @Sendable (Bool) -> Void
    }

    /// Something to send once its batch is committed: events for a member's connections.
    typealias Delivery = @Sendable () -> Void

    /// The bot and its store, used only on the thread that runs the batches,
    /// or by ``stop(within:)`` once the loop no longer runs batches.
    private final class Owner: @unchecked Sendable {
        let bot: Bot
        var isClosed = false
        init(bot: Bot) { self.bot = bot }
    }

    private let owner: Owner
    private let placement: Placement
    private let queue = Mutex<[Job]>([])
    /// With a store thread: whether it sleeps on `wakeStoreThread`, for ``submit(_:)`` to wake it once.
    private let storeThreadSleeps = Mutex(false)
    private let wakeStoreThread = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)
    /// Commands submitted whose answers are not written yet.
    private let inFlight = Atomic<Int>(0)
    /// Inside the batch: what the members with new events are to be sent.
    /// Their events leave the store in the batch's own transaction, so they
    /// are delivered exactly when the batch commits.
    private let prepareDeliveries: @Sendable (Bot, [UserName]) -> [Delivery]
    private let log: Log
    /// Whether the caller runs on the loop's thread.
    private let isOnLoop: @Sendable () -> Bool
    /// Wakes the loop, so that it flushes a command submitted from another thread.
    private let wakeLoop: @Sendable () -> Void

    /// `bot` belongs to the committer from now on: only the thread that
    /// runs the batches uses it (the loop's, or the store thread it starts here).
    init(log: Log, bot: sending Bot, placement: Placement = .loop, isOnLoop: @escaping @Sendable () -> Bool,
         wakeLoop: @escaping @Sendable () -> Void, prepareDeliveries: @escaping @Sendable (Bot, [UserName]) -> [Delivery]) {
        self.log = log
        self.owner = Owner(bot: bot)
        self.placement = placement
        self.isOnLoop = isOnLoop
        self.wakeLoop = wakeLoop
        self.prepareDeliveries = prepareDeliveries
        if placement == .storeThread {
            let thread = Thread { [self] in runStoreThread() }
            thread.name = "shoptalk-store"
            thread.start()
        }
    }

    func submit(_ job: Job) {
        inFlight.wrappingAdd(1, ordering: .relaxed)
        queue.withLock { $0.append(job) }
        switch placement {
        case .loop: if !isOnLoop() { wakeLoop() }
        case .storeThread: wakeTheStoreThread()
        }
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

    /// Has events another server on the same database wrote delivered to
    /// their members' connections here.
    func deliver(newsFromOtherServers eventIDs: [Int64]) {
        submit(Job(run: { bot in (try? bot.store.recipients(ofEvents: eventIDs)) ?? [] }, done: { [self] _ in finished() }))
    }

    /// The answer of a command from ``value(_:notify:)`` is written.
    func finished() { inFlight.wrappingSubtract(1, ordering: .relaxed) }

    // MARK: On the loop's thread, or the store thread

    /// Applies and commits every command waiting, in one batch. The loop
    /// calls it after each pass over its ready tasks. Once ``stop(within:)``
    /// was asked, it also closes the store; after that it does nothing.
    /// With a store thread, the loop's calls do nothing: that thread flushes.
    func flush() {
        guard placement == .loop else { return }
        precondition(isOnLoop(), "flush() runs on the loop's thread")
        applyWaiting()
    }

    private func applyWaiting() {
        guard !owner.isClosed else { return }
        // A batch's deliveries may close a connection, which submits again: run until none wait.
        while true {
            let jobs = queue.withLock { jobs in defer { jobs.removeAll() }; return jobs }
            if jobs.isEmpty { break }
            apply(jobs)
        }
        if stopping.load(ordering: .relaxed) {
            owner.isClosed = true
            owner.bot.store.close() // before shutdown goes on, which may end the process
            stopped.signal()
        }
    }

    /// The store thread: sleeps until a command comes, then applies all that
    /// wait, again and again, until the committer is stopped.
    private func runStoreThread() {
        while !owner.isClosed {
            let sleeps = storeThreadSleeps.withLock { sleeps in
                sleeps = queue.withLock { $0.isEmpty } && !stopping.load(ordering: .relaxed)
                return sleeps
            }
            if sleeps { wakeStoreThread.wait() }
            applyWaiting()
        }
    }

    private func wakeTheStoreThread() {
        let sleeps = storeThreadSleeps.withLock { sleeps in defer { sleeps = false }; return sleeps }
        if sleeps { wakeStoreThread.signal() }
    }

    private func apply(_ jobs: [Job]) {
        let bot = owner.bot
        var deliveries: [Delivery] = []
        let started = ContinuousClock.now
        var applied = started
        do {
            try bot.batch {
                var notified: Set<UserName> = []
                for job in jobs {
                    notified.formUnion(job.run(bot))
                }
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

    // MARK: Stopping

    /// Has the loop finish the commands already submitted and close the
    /// store, then waits (at most `seconds` in all) for their answers to be
    /// written. Called from another thread, the loop must still be running.
    func stop(within seconds: Double = 3) {
        let deadline = Date().addingTimeInterval(seconds)
        stopping.store(true, ordering: .relaxed)
        if placement == .storeThread {
            wakeTheStoreThread()
            if stopped.wait(timeout: .now() + seconds) == .timedOut {
                log(.error, "the store was not closed in time", ["commands": queue.withLock { $0.count }])
            }
        } else if isOnLoop() {
            flush()
        } else {
            wakeLoop()
            if stopped.wait(timeout: .now() + seconds) == .timedOut {
                log(.error, "the store was not closed in time", ["commands": queue.withLock { $0.count }])
            }
        }
        while inFlight.load(ordering: .relaxed) > 0 && Date() < deadline { usleep(1_000) }
    }

    private func microseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000)
    }
}
