import CLinuxEvents
import Glibc
import Synchronization

/// One client socket. Its task reads (awaiting readiness from the reactor);
/// anyone may write, since live events for a member arrive from the store
/// thread while their task waits for input: writes go to an outbox under a
/// lock, flushed at once as far as the socket takes, and on EPOLLOUT after.
final class Connection: ReactorClient {
    private struct State {
        var outbox: [UInt8] = []
        var sent = 0
        var readReady = false
        var waiter: CheckedContinuation<Void, Never>?
        var closed = false
    }

    let id: Int
    let fd: Int32
    let address: String
    private let reactor: Reactor
    private let maximumOutput: Int
    private let state = Mutex(State())
    /// Called once when the connection closes, with why.
    private let onClose: @Sendable (Connection, String) -> Void

    init(id: Int, fd: Int32, address: String, reactor: Reactor, maximumOutput: Int, onClose: @escaping @Sendable (Connection, String) -> Void) {
        self.id = id
        self.fd = fd
        self.address = address
        self.reactor = reactor
        self.maximumOutput = maximumOutput
        self.onClose = onClose
    }

    var isClosed: Bool { state.withLock { $0.closed } }

    // MARK: Reading (the connection's own task)

    func readable() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.readReady = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// The next bytes from the client; nil at end of input or when closed.
    func receive() async -> [UInt8]? {
        while true {
            if isClosed { return nil }
            // A temporary buffer, so an idle connection holds no read buffer while it waits.
            let (count, code, bytes) = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
                let count = read(fd, buffer.baseAddress, buffer.count)
                return (count, count < 0 ? errno : 0, count > 0 ? Array(buffer[0..<count]) : [])
            }
            if count > 0 { return bytes }
            if count == 0 { return nil }
            if code == EINTR { continue }
            guard code == EAGAIN || code == EWOULDBLOCK else { return nil }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.readReady || state.closed {
                        state.readReady = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        }
    }

    // MARK: Writing (any thread)

    /// Queues bytes and writes what the socket takes now. A client that lets
    /// more than `maximumOutput` bytes wait is not reading: it is dropped.
    func send(_ text: String) {
        guard !text.isEmpty else { return }
        let overflow = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.outbox.append(contentsOf: text.utf8)
            if state.outbox.count - state.sent > maximumOutput { return true }
            flush(&state)
            return false
        }
        if overflow { close(because: "output limit: the client does not read") }
    }

    func writable() {
        state.withLock { flush(&$0) }
    }

    private func flush(_ state: inout State) {
        while state.sent < state.outbox.count && !state.closed {
            let written = state.outbox.withUnsafeBytes { bytes in
                Glibc.send(fd, bytes.baseAddress! + state.sent, bytes.count - state.sent, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                state.sent += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                break // EAGAIN: EPOLLOUT will call back; an error: the reader will see the end.
            }
        }
        if state.sent == state.outbox.count {
            state.outbox.removeAll(keepingCapacity: state.outbox.count <= 4096)
            state.sent = 0
        } else if state.sent > 64 * 1024 {
            state.outbox.removeFirst(state.sent)
            state.sent = 0
        }
    }

    /// Bytes written but not yet taken by the client.
    var unsent: Int { state.withLock { $0.outbox.count - $0.sent } }

    /// Closes once; later calls do nothing. The connection is forgotten and
    /// its close logged (`onClose`) before the socket is closed, so whatever
    /// a client sees after the end — the log, the registry — already knows.
    func close(because reason: String) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>?? in
            guard !state.closed else { return .none }
            state.closed = true
            defer { state.waiter = nil }
            return .some(state.waiter)
        }
        guard let waiter else { return }
        reactor.remove(fd)
        onClose(self, reason)
        Glibc.close(fd)
        waiter?.resume()
    }
}
