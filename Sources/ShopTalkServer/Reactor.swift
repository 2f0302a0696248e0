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
/// triggered, telling each socket's owner when it may read or write. The
/// reading and writing happen elsewhere; the loop only dispatches.
final class Reactor: Sendable {
    private let epoll: Int32
    private let wakeup: Int32
    private let clients = Mutex<[Int32: any ReactorClient]>([:])
    private let stopping = Atomic<Bool>(false)

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

    /// Runs the loop on a thread of its own until ``stop()``.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "shoptalk-reactor"
        thread.start()
    }

    func stop() {
        stopping.store(true, ordering: .relaxed)
        var one: UInt64 = 1
        _ = write(wakeup, &one, 8)
    }

    private func run() {
        var events = [epoll_event](repeating: epoll_event(), count: 256)
        while !stopping.load(ordering: .relaxed) {
            let count = epoll_wait(epoll, &events, Int32(events.count), -1)
            if count < 0 {
                if errno == EINTR { continue }
                return
            }
            for event in events[0..<Int(count)] {
                let fd = event.data.fd
                if fd == wakeup { continue }
                guard let client = clients.withLock({ $0[fd] }) else { continue }
                if event.events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 { client.readable() }
                if event.events & (EPOLLOUT.rawValue | EPOLLERR.rawValue) != 0 { client.writable() }
            }
        }
    }
}
