import Foundation
import CLinuxEvents
import Glibc
import ShopTalkTLS
import ShopTalkTransports
import Synchronization
import ShopTalkLineIO

/// One client socket, plain or TLS. Its task reads (awaiting readiness from
/// the reactor); anyone may write, since live events for a member arrive
/// from the store thread while their task waits for input: writes go to an
/// outbox under a lock, flushed at once as far as the socket takes, and on
/// EPOLLOUT after.
///
/// With TLS the stream's calls also run under that lock, as OpenSSL allows
/// only one at a time on a connection. A TLS read may have to write and a
/// write may have to read (handshakes, key updates), so readiness of
/// either kind wakes both the reader and the outbox.
final class Connection: ReactorClient {
    private struct State {
        var outbox: [UInt8] = []
        var sent = 0
        var readReady = false
        var waiter: CheckedContinuation<Void, Never>?
        var closed = false
        /// A connection going out waits for the socket to become writable.
        var connecting: CheckedContinuation<Void, Never>?
        var writableSeen = false
    }

    let id: Int
    let fd: Int32
    let address: String
    /// Set for a connection to the TLS port; touched only under `state`'s lock.
    private let tls: TLSStream?
    private let reactor: Reactor
    private let maximumOutput: Int
    private let state = Mutex(State())
    /// Called once when the connection closes, with why.
    private let onClose: @Sendable (Connection, String) -> Void

    init(id: Int, fd: Int32, address: String, tls: TLSStream?, reactor: Reactor, maximumOutput: Int, opened: Date = Date(),
         onClose: @escaping @Sendable (Connection, String) -> Void) {
        self.id = id
        self.opened = opened
        self.fd = fd
        self.address = address
        self.tls = tls
        self.reactor = reactor
        self.maximumOutput = maximumOutput
        self.onClose = onClose
    }

    var isClosed: Bool { state.withLock { $0.closed } }

    /// When it was accepted, on the server's clock, and whether someone (a member or a relay) has logged in on it.
    let opened: Date
    private let authenticated = Atomic<Bool>(false)
    var isAuthenticated: Bool { authenticated.load(ordering: .relaxed) }
    func markAuthenticated() { authenticated.store(true, ordering: .relaxed) }

    /// What the server says as it shuts down, in the connection's format and
    /// language (a `format json` client reads a reply object); nil: the
    /// server's words as plain text.
    var goodbye: String? {
        get { farewell.withLock { $0 } }
        set { farewell.withLock { $0 = newValue } }
    }
    private let farewell = Mutex<String?>(nil)

    /// The peer's address without its port: "192.168.1.20" of "192.168.1.20:50312".
    var host: String { Connection.host(of: address) }

    static func host(of address: String) -> String {
        // "[::1]:7420" for IPv6, "127.0.0.1:7420" for IPv4.
        if address.hasPrefix("["), let end = address.firstIndex(of: "]") { return String(address[address.index(after: address.startIndex)..<end]) }
        return String(address[..<(address.lastIndex(of: ":") ?? address.endIndex)])
    }
    var isTLS: Bool { tls != nil }

    /// Whether the peer is this machine itself (127.0.0.1), where a password
    /// in clear text never crosses a network. Other loopback addresses count
    /// as other machines, which lets tests stand 127.0.0.2 in for one.
    var isFromThisMachine: Bool { address.hasPrefix("127.0.0.1:") }

    // MARK: Reading (the connection's own task)

    func readable() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.readReady = true
            if tls != nil { flush(&state) }
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
            let outcome = withUnsafeTemporaryAllocation(byteCount: 4096, alignment: 1) { buffer in
                tls == nil ? readPlain(into: buffer) : state.withLock { _ in readTLS(into: buffer) }
            }
            switch outcome {
            case .bytes(let bytes): return bytes
            case .end: return nil
            case .wait: await readiness()
            }
        }
    }

    private enum ReadOutcome {
        case bytes([UInt8]), wait, end
    }

    private func readPlain(into buffer: UnsafeMutableRawBufferPointer) -> ReadOutcome {
        while true {
            let count = read(fd, buffer.baseAddress, buffer.count)
            if count > 0 { return .bytes(Array(buffer[0..<count])) }
            if count == 0 { return .end }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .wait : .end
        }
    }

    private func readTLS(into buffer: UnsafeMutableRawBufferPointer) -> ReadOutcome {
        switch tls!.read(into: buffer) {
        case .done(let count): .bytes(Array(buffer[0..<count]))
        case .wantRead, .wantWrite: .wait
        case .closed, .failed: .end
        }
    }

    /// Waits until the reactor says the socket is ready (or it closes).
    private func readiness() async {
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

    // MARK: Connecting out

    /// Waits until a connection this side opened (`OutgoingSocket.begin`)
    /// is made or has failed, or `seconds` pass: nil when connected, else why not.
    func finishConnecting(within seconds: Double) async -> String? {
        let timer = Task { [weak self] in
            try await Task.sleep(for: .seconds(seconds))
            self?.state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.connecting = nil }
                return state.connecting
            }?.resume()
        }
        defer { timer.cancel() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.writableSeen || state.closed { return true }
                state.connecting = continuation
                return false
            }
            if now { continuation.resume() }
        }
        guard state.withLock({ $0.writableSeen }) else { return "timed out after \(Int(seconds)) s" }
        return OutgoingSocket.error(of: fd)
    }

    // MARK: TLS handshake

    enum Handshake: Equatable {
        case done
        /// The client's first bytes are not TLS: someone typing at a plain client.
        case notTLS
        case failed(String)
        case closed
    }

    /// Completes the server's side of the TLS handshake. Before it, the
    /// first byte is looked at without taking it: a TLS client starts with a
    /// handshake record (22), a person at `nc` with a letter, who is better
    /// served by a sentence than by garbage.
    /// `asClient`: this side opened the connection (the IRC bot), and has nothing to look at first.
    func handshake(asClient: Bool = false) async -> Handshake {
        guard let tls else { return .done }
        while !asClient {
            var first: UInt8 = 0
            let count = recv(fd, &first, 1, Int32(MSG_PEEK))
            if count == 1 { if first == 22 { break } else { return .notTLS } }
            if count == 0 { return .closed }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return .closed }
            if isClosed { return .closed }
            await readiness()
        }
        while true {
            if isClosed { return .closed }
            switch state.withLock({ _ in tls.handshake() }) {
            case .done: return .done
            case .wantRead, .wantWrite: await readiness()
            case .closed: return .closed
            case .failed(let error): return .failed(error.message)
            }
        }
    }

    /// "TLSv1.3", or nil for a plain connection.
    var tlsVersion: String? { tls.map { tls in state.withLock { _ in tls.version } } }

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
        // One lock a call: this runs on every edge of a busy connection.
        let (connected, reader) = state.withLock { state -> (CheckedContinuation<Void, Never>?, CheckedContinuation<Void, Never>?) in
            state.writableSeen = true
            let connecting = state.connecting
            state.connecting = nil
            flush(&state)
            // A TLS read or handshake may be waiting to write.
            guard let tls, !tls.isHandshakeDone || state.waiter != nil else { return (connecting, nil) }
            state.readReady = true
            defer { state.waiter = nil }
            return (connecting, state.waiter)
        }
        connected?.resume()
        reader?.resume()
    }

    private func flush(_ state: inout State) {
        // Nothing goes out in clear on a TLS connection before its handshake, nor through it during.
        if let tls, !tls.isHandshakeDone { return }
        while state.sent < state.outbox.count && !state.closed {
            let written = state.outbox.withUnsafeBytes { bytes in
                let rest = UnsafeRawBufferPointer(rebasing: bytes[state.sent...])
                guard let tls else { return Glibc.send(fd, rest.baseAddress, rest.count, Int32(MSG_NOSIGNAL)) }
                if case .done(let count) = tls.write(rest) { return count }
                return 0
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

    /// Tells a plain client on the TLS port, in words, before it is closed.
    /// What it typed is read and dropped first: closing a socket with unread
    /// input resets the connection, which could lose the words on the way.
    func sendUnencrypted(_ text: String) {
        _ = text.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 {}
        shutdown(fd, Int32(SHUT_WR))
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
            if let tls, tls.isHandshakeDone { tls.shutdown() }
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
