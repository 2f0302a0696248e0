import Glibc
import ShopTalkTLS
import ShopTalkLineIO

/// The client's connection to a server: a socket, with TLS over it or not.
/// Non-blocking underneath, so one thread can wait on it and on the
/// keyboard together (``fd`` goes to poll); writes wait until they are done.
public final class ServerStream {
    public let fd: Int32
    private let tls: TLSStream?
    public var isTLS: Bool { tls != nil }

    public enum Failure: Error, CustomStringConvertible, Equatable {
        /// No connection: refused, unreachable, or a name that does not resolve.
        case cannotConnect(String)
        case timedOut
        /// The TLS handshake was answered in plain text: a server without TLS.
        case serverSpeaksPlainText
        case tls(String)
        case closed

        public var description: String {
            switch self {
            case .cannotConnect(let why): why
            case .timedOut: "timed out"
            case .serverSpeaksPlainText: "the server does not speak TLS"
            case .tls(let why): why
            case .closed: "the server closed the connection"
            }
        }
    }

    /// Connects (within `timeout` seconds) and, with a TLS context, completes the handshake.
    public init(to address: ServerAddress, tls context: TLSContext?, timeout: Double = 10) throws(Failure) {
        fd = try Self.connect(host: address.host, port: address.port, timeout: timeout)
        guard let context else {
            tls = nil
            return
        }
        do {
            tls = try TLSStream(context: context, fd: fd, isServer: false, serverName: address.host)
        } catch {
            Glibc.close(fd)
            throw .tls(error.message)
        }
        let deadline = Self.now + timeout
        while true {
            switch tls!.handshake() {
            case .done: return
            case .wantRead: if !wait(for: Int16(POLLIN), until: deadline) { close(); throw .timedOut }
            case .wantWrite: if !wait(for: Int16(POLLOUT), until: deadline) { close(); throw .timedOut }
            case .closed:
                close()
                throw .closed
            case .failed(let error):
                close()
                throw error.isNotTLS ? .serverSpeaksPlainText : .tls(error.message)
            }
        }
    }

    deinit { Glibc.close(fd) }

    /// The SHA-256 fingerprint of the server's certificate, on TLS.
    public var serverFingerprint: CertificateFingerprint? { tls?.peerFingerprint }

    public enum Read: Equatable {
        case bytes([UInt8])
        /// Nothing now: poll ``fd`` for input.
        case nothing
        case closed
    }

    /// What has arrived, without waiting.
    public func read() -> Read {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let count: Int
        if let tls {
            switch buffer.withUnsafeMutableBytes({ tls.read(into: $0) }) {
            case .done(let read): count = read
            case .wantRead, .wantWrite: return .nothing
            case .closed, .failed: return .closed
            }
        } else {
            count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count == 0 { return .closed }
            if count < 0 { return errno == EAGAIN || errno == EINTR ? .nothing : .closed }
        }
        return .bytes(Array(buffer[..<count]))
    }

    /// Writes all of it, waiting for the socket as needed (at most `timeout` seconds).
    public func write(_ text: String, timeout: Double = 10) throws(Failure) {
        let bytes = Array(text.utf8)
        var offset = 0
        let deadline = Self.now + timeout
        while offset < bytes.count {
            let rest = bytes[offset...]
            if let tls {
                switch rest.withUnsafeBytes({ tls.write($0) }) {
                case .done(let count): offset += count
                case .wantRead: guard wait(for: Int16(POLLIN), until: deadline) else { throw .timedOut }
                case .wantWrite: guard wait(for: Int16(POLLOUT), until: deadline) else { throw .timedOut }
                case .closed, .failed: throw .closed
                }
            } else {
                let count = rest.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if count > 0 {
                    offset += count
                } else if count < 0 && (errno == EAGAIN || errno == EINTR) {
                    guard wait(for: Int16(POLLOUT), until: deadline) else { throw .timedOut }
                } else {
                    throw .closed
                }
            }
        }
    }

    /// Says goodbye (TLS close_notify) and stops writing; the fd closes with the stream.
    public func close() {
        tls?.shutdown()
        shutdown(fd, Int32(SHUT_RDWR))
    }

    private func wait(for events: Int16, until deadline: Double) -> Bool {
        var descriptor = pollfd(fd: fd, events: events, revents: 0)
        while true {
            let left = Int32(max(0, (deadline - Self.now) * 1000))
            let ready = poll(&descriptor, 1, left)
            if ready > 0 { return true }
            if ready == 0 || errno != EINTR { return false }
        }
    }

    static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// A non-blocking TCP connection to the first address of `host` that answers.
    private static func connect(host: String, port: UInt16, timeout: Double) throws(Failure) -> Int32 {
        let addresses: [OutgoingSocket.Address]
        do { addresses = try OutgoingSocket.addresses(of: host, port: port) } catch { throw .cannotConnect(error.description) }
        var lastError = "no address"
        let deadline = now + timeout
        for address in addresses {
            let fd: Int32
            do {
                let started = try OutgoingSocket.begin(address)
                if started.connected { return started.fd }
                fd = started.fd
            } catch {
                lastError = error.description
                continue
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            guard poll(&descriptor, 1, Int32(max(0, (deadline - now) * 1000))) > 0 else {
                Glibc.close(fd)
                throw .timedOut
            }
            guard let error = OutgoingSocket.error(of: fd) else { return fd }
            lastError = error
            Glibc.close(fd)
        }
        throw .cannotConnect("cannot connect to \(host) port \(port): \(lastError)")
    }
}
