import CLibSSL
import Glibc

/// TLS over one non-blocking socket. Nothing here waits: each call does
/// what it can now and says what it waits for (``Progress``), and the
/// owner calls again when the socket is ready. Not thread-safe: the owner
/// makes one call at a time (the server's connections hold their lock).
public final class TLSStream: @unchecked Sendable {
    private let ssl: OpaquePointer
    public private(set) var isHandshakeDone = false

    /// What a call did, or what it waits for.
    public enum Progress: Equatable, Sendable {
        /// Bytes read or written (for a handshake: done).
        case done(Int)
        /// Call again when the socket is readable.
        case wantRead
        /// Call again when the socket is writable.
        case wantWrite
        /// The peer closed the connection.
        case closed
        case failed(TLSError)
    }

    /// The server's side of a connection accepted on `fd`, or the client's of one it opened.
    public init(context: TLSContext, fd: Int32, isServer: Bool, serverName: String? = nil) throws(TLSError) {
        guard let ssl = SSL_new(context.context) else { throw .fromQueue("cannot start TLS") }
        self.ssl = ssl
        SSL_set_fd(ssl, fd)
        if isServer {
            SSL_set_accept_state(ssl)
        } else {
            // SNI is for a name, never an address.
            let isName = serverName.map { $0.contains(where: \.isLetter) && !$0.contains(":") } ?? false
            if let serverName, isName { _ = shoptalk_ssl_set_host_name(ssl, serverName) }
            // A verifying client checks the certificate is made out to what it connected to.
            if context.verifiesPeer, let serverName {
                let set = isName ? SSL_set1_host(ssl, serverName) : X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), serverName)
                // (A throw here frees `ssl` in deinit: every property is set.)
                guard set == 1 else { throw .fromQueue("cannot check the certificate's name against \(serverName)") }
            }
            SSL_set_connect_state(ssl)
        }
    }

    deinit { SSL_free(ssl) }

    public func handshake() -> Progress {
        ERR_clear_error()
        let result = SSL_do_handshake(ssl)
        if result == 1 {
            isHandshakeDone = true
            return .done(0)
        }
        return progress(after: result, context: "TLS handshake failed")
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Progress {
        ERR_clear_error()
        let count = SSL_read(ssl, buffer.baseAddress, Int32(clamping: buffer.count))
        return count > 0 ? .done(Int(count)) : progress(after: count, context: "TLS read failed")
    }

    public func write(_ bytes: UnsafeRawBufferPointer) -> Progress {
        guard !bytes.isEmpty else { return .done(0) }
        ERR_clear_error()
        let count = SSL_write(ssl, bytes.baseAddress, Int32(clamping: bytes.count))
        return count > 0 ? .done(Int(count)) : progress(after: count, context: "TLS write failed")
    }

    /// Says goodbye the TLS way (close_notify), without waiting for the peer's.
    public func shutdown() {
        ERR_clear_error()
        _ = SSL_shutdown(ssl)
    }

    /// The SHA-256 fingerprint of the certificate the peer showed; nil before the handshake, or when it showed none.
    public var peerFingerprint: CertificateFingerprint? {
        guard let certificate = SSL_get1_peer_certificate(ssl) else { return nil }
        defer { X509_free(certificate) }
        return CertificateFingerprint(certificate: certificate)
    }

    /// "TLSv1.3"
    public var version: String { String(cString: SSL_get_version(ssl)) }

    private func progress(after result: Int32, context: String) -> Progress {
        switch SSL_get_error(ssl, result) {
        case SSL_ERROR_WANT_READ: return .wantRead
        case SSL_ERROR_WANT_WRITE: return .wantWrite
        case SSL_ERROR_ZERO_RETURN: return .closed
        case SSL_ERROR_SYSCALL:
            let code = errno
            let error = TLSError.fromQueue(context)
            // End of file in the middle: the peer went away without a goodbye.
            if error.reason == 0 && (code == 0 || code == ECONNRESET || code == EPIPE) { return .closed }
            return .failed(error.reason == 0 ? TLSError("\(context): \(String(cString: strerror(code)))") : error)
        default:
            return .failed(.fromQueue(context))
        }
    }
}
