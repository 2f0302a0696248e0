import CLinuxEvents
import Foundation
import Glibc
import Synchronization

/// Something the reactor tells when its file descriptor becomes ready.
protocol ReactorClient: AnyObject, Sendable {
    func readable()
    func writable()
}

/// The event loop: one thread waiting in epoll for every socket, edge
/// triggered, telling each socket's owner when it may read or write.
///
/// It is also the executor the connections' tasks run on. A socket becoming
/// readable resumes its task on this same thread, and the answers of a whole
/// committed batch come back with one wake-up; on a pool of threads every
/// request would cost two or three thread switches, which on a small server
/// took more CPU than parsing and rendering together.
final class Reactor: TaskExecutor, Sendable {
    private let epoll: Int32
    private let wakeup: Int32
    private let clients = Mutex<[Int32: any ReactorClient]>([:])
    private let stopping = Atomic<Bool>(false)
    /// Jobs of tasks ready to run here, oldest first.
    private let jobs = Mutex<[UnownedJob]>([])
    /// Set on the reactor thread while it runs, so enqueues from it need no wake-up.
    private let thread = Atomic<UInt>(0)

    init() throws {
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw Socket.Failure(call: "epoll_create1", code: errno) }
        wakeup = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        var event = epoll_event(events: EPOLLIN.rawValue, data: epoll_data_t(fd: wakeup))
        epoll_ctl(epoll, EPOLL_CTL_ADD, wakeup, &event)
    }

    /// Watches `fd` for reading and writing until ``remove(_:)``.
    func add(_ fd: Int32, _ client: any ReactorClient) {
        clients.withLock { $0[fd] = client }
        var event = epoll_event(
            events: EPOLLIN.rawValue | EPOLLOUT.rawValue | EPOLLRDHUP.rawValue | EPOLLET.rawValue,
            data: epoll_data_t(fd: fd))
        epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &event)
    }

    func remove(_ fd: Int32) {
        epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nil)
        _ = clients.withLock { $0.removeValue(forKey: fd) }
    }

    /// Runs the loop on a thread of its own until ``stop()``. `afterPass` is
    /// called there after each pass over the ready tasks, before the loop
    /// may wait for the sockets again.
    func start(afterPass: @escaping @Sendable () -> Void = {}) {
        let thread = Thread { [self] in run(afterPass: afterPass) }
        thread.name = "shoptalk-reactor"
        thread.start()
    }

    func stop() {
        stopping.store(true, ordering: .relaxed)
        wakeUp()
    }

    // MARK: Executor (`Task(executorPreference: reactor) { ... }`)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let first = jobs.withLock { jobs in
            jobs.append(job)
            return jobs.count == 1
        }
        // The loop empties the queue before it waits, so only the first job
        // since then needs to wake it, and none queued from the loop itself.
        if first && !isCurrent { wakeUp() }
    }

    /// Whether the caller runs on the reactor's thread.
    var isCurrent: Bool { thread.load(ordering: .relaxed) == pthread_self() }

    /// Has the loop go round once more: it runs its ready tasks and `afterPass`.
    func wakeUp() {
        var one: UInt64 = 1
        _ = write(wakeup, &one, 8)
    }

    // MARK: Loop

    private func run(afterPass: () -> Void) {
        thread.store(pthread_self(), ordering: .relaxed)
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        while !stopping.load(ordering: .relaxed) {
            runJobs()
            afterPass()
            let pending = jobs.withLock { !$0.isEmpty }
            let count = epoll_wait(epoll, &events, Int32(events.count), pending ? 0 : -1)
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            for event in events[0..<Int(count)] {
                let fd = event.data.fd
                if fd == wakeup {
                    var value: UInt64 = 0
                    _ = read(wakeup, &value, 8)
                    continue
                }
                guard let client = clients.withLock({ $0[fd] }) else { continue }
                if event.events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 { client.readable() }
                if event.events & (EPOLLOUT.rawValue | EPOLLERR.rawValue) != 0 { client.writable() }
            }
        }
    }

    /// Runs the jobs ready now; jobs they make ready wait for the next pass,
    /// after the sockets have been polled again.
    private func runJobs() {
        let ready = jobs.withLock { jobs in defer { jobs.removeAll(keepingCapacity: true) }; return jobs }
        guard !ready.isEmpty else { return }
        let me = asUnownedTaskExecutor()
        for job in ready { job.runSynchronously(on: me) }
    }
}
