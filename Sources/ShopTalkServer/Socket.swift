import CLinuxEvents
import Glibc

/// Thin, typed wrappers over the socket calls the server needs.
enum Socket {
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call): \(String(cString: strerror(code)))" }
    }

    /// A non-blocking listening socket on an IPv4 address ("127.0.0.1", "0.0.0.0") and port (0: any free one).
    static func listen(host: String, port: UInt16, backlog: Int32 = 1024) throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(call: "socket", code: errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(fd)
            throw Failure(call: "inet_pton(\(host))", code: EINVAL)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            throw Failure(call: "bind \(host):\(port)", code: code)
        }
        guard Glibc.listen(fd, backlog) == 0 else { throw Failure(call: "listen", code: errno) }
        _ = shoptalk_set_nonblocking(fd)
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: actual.sin_port))
    }

    /// Accepts one pending connection, non-blocking with TCP_NODELAY; nil when none waits.
    /// What one `accept` gave.
    enum Accepted {
        case connection(fd: Int32, address: String)
        /// No connection waits.
        case none
        /// One waits, and cannot be taken: `errno` says why (EMFILE: out of file descriptors).
        case failed(errno: Int32)
    }

    static func accept(_ listener: Int32) -> Accepted {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let fd = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                shoptalk_accept(listener, $0, &length)
            }
        }
        guard fd >= 0 else {
            let error = errno
            return error == EAGAIN || error == EWOULDBLOCK || error == EINTR || error == ECONNABORTED ? .none : .failed(errno: error)
        }
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(text.count))
        let host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .connection(fd: fd, address: "\(host):\(UInt16(bigEndian: address.sin_port))")
    }
}
