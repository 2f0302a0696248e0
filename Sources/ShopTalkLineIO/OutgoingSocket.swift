import Glibc

/// TCP connections this side opens — the terminal client's to a server,
/// the IRC bot's to its network — started without waiting: the caller
/// waits for the socket to become writable its own way (poll, or the
/// server's reactor), then asks ``error(of:)``.
public enum OutgoingSocket {
    /// One address a name resolved to.
    public struct Address: Sendable {
        fileprivate var storage = sockaddr_storage()
        fileprivate var length: socklen_t = 0
        fileprivate var family: Int32 = AF_INET
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    /// The addresses of `host` (a name, an IPv4 or an IPv6 address), in the resolver's order.
    public static func addresses(of host: String, port: UInt16) throws(Failure) -> [Address] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, list != nil else { throw Failure(description: "cannot find \(host): \(String(cString: gai_strerror(status)))") }
        defer { freeaddrinfo(list) }
        var addresses: [Address] = []
        var entry = list
        while let info = entry {
            entry = info.pointee.ai_next
            var address = Address()
            address.length = info.pointee.ai_addrlen
            address.family = info.pointee.ai_family
            withUnsafeMutableBytes(of: &address.storage) { $0.copyMemory(from: UnsafeRawBufferPointer(start: info.pointee.ai_addr, count: Int(info.pointee.ai_addrlen))) }
            addresses.append(address)
        }
        return addresses
    }

    /// A non-blocking socket (TCP_NODELAY, close-on-exec) connecting to
    /// `address`: connected already, or on its way. Throws the reason it
    /// could not even start.
    public static func begin(_ address: Address) throws(Failure) -> (fd: Int32, connected: Bool) {
        let fd = socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        var storage = address.storage
        let result = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, address.length) }
        }
        if result == 0 { return (fd, true) }
        let code = errno
        guard code == EINPROGRESS else {
            close(fd)
            throw Failure(description: String(cString: strerror(code)))
        }
        return (fd, false)
    }

    /// Once the socket is writable: nil if it connected, else why not.
    public static func error(of fd: Int32) -> String? {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        return error == 0 ? nil : String(cString: strerror(error))
    }
}
