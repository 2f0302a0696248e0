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
/// On SQLite it runs on the event loop's thread, the way Redis applies and
/// syncs what its clients sent during one pass: commands submitted while the
/// loop runs its connections' tasks wait for ``flush()``, which the loop
/// calls after each pass, and which applies and commits them right there. A
/// store thread of its own cost two thread switches per batch (waking it,
/// and waking the loop for the answers); on two cores that was a third of
/// the round trip of a lone client. The loop does wait while the disk syncs,
/// as Redis's does: nothing could be answered before the commit anyway.
///
/// A store across the network (PostgreSQL) is different: each statement
/// waits for a round trip, and the loop must not wait with it, or every
/// connection would. There the commands run on store threads (see
/// ``Placement``), each with a bot and a connection of its own: what
/// arrives for a thread while its batch commits is its next batch. A
/// member's commands always go to the same thread (their conversations and
/// undo history live in its bot); different members' run at once, each
/// thread waiting on the network while the others work. Two threads' batches
/// that lock the same lists in opposite orders do not wait for each other
/// long: see ``PostgresStore``.
final class Committer: Sendable {
    /// Which threads apply and commit the commands.
    enum Placement: Sendable, Equatable {
        /// The loop's, after each pass (``flush()``): a store on the local disk.
        case loop
        /// Store threads of their own, each woken by ``submit(_:)``: a store whose calls wait on the network.
        case storeThreads(Int)

        /// How many store threads: none on the loop.
        var threads: Int {
            if case .storeThreads(let count) = self { count } else { 0 }
        }
    }

    /// A command: `run` applies it inside a transaction, on its bot's thread;
    /// `done` learns after the commit whether it happened (false: the commit
    /// failed and nothing of its batch happened).
    struct Job: Sendable {
        let run: @Sendable (Bot) -> [UserName]
        let done: @Sendable (Bool) -> Void
        /// The member whose conversation it is: with several bots, theirs runs it. Nil: any bot.
        var member: UserName? = nil
    }

    /// Something to send once its batch is committed: events for a member's connections.
    typealias Delivery = @Sendable () -> Void

    /// A bot, its store, and the commands waiting for it; used only on the
    /// thread that runs its batches, or by ``stop(within:)`` once it no longer does.
    private final class Worker: @unchecked Sendable {
        let bot: Bot
        let queue = Mutex<[Job]>([])
        var isClosed = false
        /// With a store thread: whether it sleeps on `wake`, for ``Committer/submit(_:)`` to wake it once.
        let sleeps = Mutex(false)
        let wake = DispatchSemaphore(value: 0)
        let stopped = DispatchSemaphore(value: 0)
        init(bot: Bot) { self.bot = bot }

        /// Takes every command waiting.
        func take() -> [Job] { queue.withLock { jobs in defer { jobs.removeAll() }; return jobs } }
    }

    private let workers: [Worker]
    private let placement: Placement
    /// For commands any bot may run: the next bot's turn.
    private let turn = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
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

    /// The bots belong to the committer from now on: each is used only by the
    /// thread that runs its commands (the loop's, or a store thread started
    /// here). `.loop` takes one bot; `.storeThreads(n)` takes n.
    init(log: Log, bots: sending [Bot], placement: Placement = .loop, isOnLoop: @escaping @Sendable () -> Bool,
         wakeLoop: @escaping @Sendable () -> Void, prepareDeliveries: @escaping @Sendable (Bot, [UserName]) -> [Delivery]) {
        precondition(bots.count == (placement == .loop ? 1 : placement.threads), "one bot on the loop, one per store thread")
        self.log = log
        self.workers = bots.map(Worker.init)
        self.placement = placement
        self.isOnLoop = isOnLoop
        self.wakeLoop = wakeLoop
        self.prepareDeliveries = prepareDeliveries
        if placement != .loop {
            for (index, worker) in workers.enumerated() {
                let thread = Thread { [self] in runStoreThread(worker) }
                thread.name = "shoptalk-store-\(index)"
                thread.start()
            }
        }
    }

    /// One bot, on the loop or a store thread.
    convenience init(log: Log, bot: sending Bot, placement: Placement = .loop, isOnLoop: @escaping @Sendable () -> Bool,
                     wakeLoop: @escaping @Sendable () -> Void, prepareDeliveries: @escaping @Sendable (Bot, [UserName]) -> [Delivery]) {
        self.init(log: log, bots: [bot], placement: placement, isOnLoop: isOnLoop, wakeLoop: wakeLoop, prepareDeliveries: prepareDeliveries)
    }

    func submit(_ job: Job) {
        inFlight.wrappingAdd(1, ordering: .relaxed)
        enqueue(job, on: worker(for: job.member))
    }

    /// Runs `job` on every bot (forgetting a closed connection's conversations):
    /// `done` is called once for each, and ``finished()`` is owed as many times.
    func submitToEveryBot(_ job: Job) {
        inFlight.wrappingAdd(workers.count, ordering: .relaxed)
        for worker in workers { enqueue(job, on: worker) }
    }

    private func worker(for member: UserName?) -> Worker {
        guard workers.count > 1 else { return workers[0] }
        let index = member.map { Self.stableIndex(of: $0.value, count: workers.count) }
            ?? turn.wrappingAdd(1, ordering: .relaxed).oldValue % workers.count
        return workers[index]
    }

    /// The same bot for a name every time (FNV-1a over its bytes).
    static func stableIndex(of name: String, count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(hash % UInt64(count))
    }

    private func enqueue(_ job: Job, on worker: Worker) {
        worker.queue.withLock { $0.append(job) }
        switch placement {
        case .loop: if !isOnLoop() { wakeLoop() }
        case .storeThreads: wakeStoreThread(of: worker)
        }
    }

    /// Applies `body` in the next batch and returns its result once the batch
    /// is committed; nil when the commit failed. `member`: whose conversation
    /// it is (see ``Job/member``). `notify` names the members whose events it
    /// left, for live delivery. Call ``finished()`` once the answer is
    /// written, so shutdown can wait for it.
    func value<T: Sendable>(for member: UserName? = nil, _ body: @escaping @Sendable (Bot) -> T,
                            notify: @escaping @Sendable (T) -> [UserName] = { _ in [] }) async -> T? {
        let box = Mutex<T?>(nil)
        let committed = await withCheckedContinuation { continuation in
            submit(Job(run: { bot in
                let value = body(bot)
                box.withLock { $0 = value }
                return notify(value)
            }, done: { continuation.resume(returning: $0) }, member: member))
        }
        return committed ? box.withLock { $0 } : nil
    }

    /// Has events another server on the same database wrote delivered to
    /// their members' connections here.
    func deliver(newsFromOtherServers eventIDs: [Int64]) {
        submit(Job(run: { bot in (try? bot.recipients(ofEvents: eventIDs)) ?? [] }, done: { [self] _ in finished() }))
    }

    /// The answer of a command from ``value(for:_:notify:)`` is written.
    func finished() { inFlight.wrappingSubtract(1, ordering: .relaxed) }

    // MARK: On the loop's thread, or a store thread

    /// Applies and commits every command waiting, in one batch. The loop
    /// calls it after each pass over its ready tasks. Once ``stop(within:)``
    /// was asked, it also closes the store; after that it does nothing.
    /// With store threads, the loop's calls do nothing: they flush.
    func flush() {
        guard placement == .loop else { return }
        precondition(isOnLoop(), "flush() runs on the loop's thread")
        applyWaiting(on: workers[0])
    }

    private func applyWaiting(on worker: Worker) {
        guard !worker.isClosed else { return }
        // A batch's deliveries may close a connection, which submits again: run until none wait.
        while true {
            let jobs = worker.take()
            if jobs.isEmpty { break }
            apply(jobs, on: worker.bot)
        }
        if stopping.load(ordering: .relaxed) {
            worker.isClosed = true
            worker.bot.closeStore() // before shutdown goes on, which may end the process
            worker.stopped.signal()
        }
    }

    /// A store thread: sleeps until a command comes, then applies all that
    /// wait, again and again, until the committer is stopped.
    private func runStoreThread(_ worker: Worker) {
        while !worker.isClosed {
            let sleeps = worker.sleeps.withLock { sleeps in
                sleeps = worker.queue.withLock { $0.isEmpty } && !stopping.load(ordering: .relaxed)
                return sleeps
            }
            if sleeps { worker.wake.wait() }
            applyWaiting(on: worker)
        }
    }

    private func wakeStoreThread(of worker: Worker) {
        let sleeps = worker.sleeps.withLock { sleeps in defer { sleeps = false }; return sleeps }
        if sleeps { worker.wake.signal() }
    }

    private func apply(_ jobs: [Job], on bot: Bot) {
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

    // MARK: Stopping

    /// Has the commands already submitted finished and the stores closed,
    /// then waits (at most `seconds` in all) for their answers to be written.
    /// Called from another thread, the loop must still be running.
    func stop(within seconds: Double = 3) {
        let deadline = Date().addingTimeInterval(seconds)
        stopping.store(true, ordering: .relaxed)
        if placement == .loop && isOnLoop() {
            flush()
        } else {
            if placement == .loop { wakeLoop() } else { workers.forEach(wakeStoreThread(of:)) }
            for worker in workers where worker.stopped.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .timedOut {
                log(.error, "the store was not closed in time", ["commands": worker.queue.withLock { $0.count }])
            }
        }
        while inFlight.load(ordering: .relaxed) > 0 && Date() < deadline { usleep(1_000) }
    }

    private func microseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000)
    }
}
