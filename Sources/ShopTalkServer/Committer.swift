import Foundation
import ShopTalkDomain
import ShopTalkSession
import ShopTalkStore
import Synchronization

/// The one thread that owns the store. It takes every command waiting,
/// applies them in arrival order inside one transaction (each command in a
/// savepoint of its own, so each stays all-or-nothing), commits once, and
/// only then answers: throughput is not one fsync per command.
final class Committer: Sendable {
    /// A command: runs on the store thread, inside the batch; `done` gets
    /// its output after the commit, or nil when the commit failed.
    struct Job: Sendable {
        let run: @Sendable (Bot) -> ([String], notified: [UserName])
        let done: @Sendable ([String]?) -> Void
    }

    private let queue = Mutex<[Job]>([])
    private let signal = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)
    private let stopped = DispatchSemaphore(value: 0)
    /// After each commit: the members with new events, for live delivery.
    private let deliver: @Sendable (Bot, [UserName]) -> Void
    private let log: Log

    /// `makeBot` runs on the store thread, which owns what it makes.
    init(log: Log, makeBot: @escaping @Sendable () -> Bot, deliver: @escaping @Sendable (Bot, [UserName]) -> Void) {
        self.log = log
        self.deliver = deliver
        let thread = Thread { [self] in run(bot: makeBot()) }
        thread.name = "shoptalk-store"
        thread.start()
    }

    /// Queues a command; `done` gets its output lines after the commit, or nil if the commit failed.
    func submit(_ job: Job) {
        queue.withLock { $0.append(job) }
        signal.signal()
    }

    /// Runs a command in the next batch; after the commit, on the store
    /// thread, `deliver` writes its output, so a reply is on its way before
    /// anything else happens. False when the commit failed: nothing was
    /// delivered, and nothing of the command happened.
    func perform(
        _ run: @escaping @Sendable (Bot) -> ([String], notified: [UserName]),
        deliver: @escaping @Sendable ([String]) -> Void
    ) async -> Bool {
        await withCheckedContinuation { continuation in
            submit(Job(run: run, done: { lines in
                if let lines { deliver(lines) }
                continuation.resume(returning: lines != nil)
            }))
        }
    }

    /// Reads something from the store thread (an account, a relay).
    func value<T: Sendable>(_ body: @escaping @Sendable (Bot) -> T) async -> T? {
        let box = Mutex<T?>(nil)
        let done = await perform({ bot in
            let value = body(bot)
            box.withLock { $0 = value }
            return ([], [])
        }, deliver: { _ in })
        return done ? box.withLock { $0 } : nil
    }

    /// Finishes the commands already queued, then stops the thread.
    func stop() {
        stopping.store(true, ordering: .relaxed)
        signal.signal()
        stopped.wait()
    }

    private func run(bot: Bot) {
        while true {
            signal.wait()
            let jobs = queue.withLock { jobs in defer { jobs.removeAll() }; return jobs }
            if jobs.isEmpty {
                if stopping.load(ordering: .relaxed) { break }
                continue
            }
            var outputs: [[String]] = []
            var notified: Set<UserName> = []
            do {
                try bot.batch {
                    for job in jobs {
                        let (lines, users) = job.run(bot)
                        outputs.append(lines)
                        notified.formUnion(users)
                    }
                }
                for (job, lines) in zip(jobs, outputs) { job.done(lines) }
                if !notified.isEmpty { deliver(bot, Array(notified)) }
            } catch {
                log(.error, "commit failed", ["commands": jobs.count, "error": "\(error)"])
                for job in jobs { job.done(nil) }
            }
            if jobs.count > 1 { log(.debug, "group commit", ["commands": jobs.count]) }
        }
        stopped.signal()
    }
}
