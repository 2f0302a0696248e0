/// `[USER@]HOST[:PORT]`, as `shoptalk connect` is given it: "alice@pantry.local",
/// "192.168.1.20:7420", "[::1]:7420".
public struct ServerAddress: Hashable, Sendable, CustomStringConvertible {
    public static let defaultPort: UInt16 = 7420

    public var user: String?
    public var host: String
    public var port: UInt16

    public init(user: String? = nil, host: String, port: UInt16 = defaultPort) {
        self.user = user
        self.host = host
        self.port = port
    }

    /// Nil when the text is not an address.
    public init?(_ text: String) {
        var rest = Substring(text)
        if let at = rest.lastIndex(of: "@") {
            user = String(rest[..<at])
            rest = rest[rest.index(after: at)...]
            guard !(user ?? "").isEmpty else { return nil }
        }
        if rest.hasPrefix("[") {
            // An IPv6 address: [::1] or [::1]:7420.
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
            if rest.isEmpty {
                port = Self.defaultPort
            } else {
                guard rest.hasPrefix(":"), let number = UInt16(rest.dropFirst()), number > 0 else { return nil }
                port = number
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = String(rest[..<colon])
            guard let number = UInt16(rest[rest.index(after: colon)...]), number > 0 else { return nil }
            port = number
        } else {
            host = String(rest)
            port = Self.defaultPort
        }
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace || $0 == "/" }) else { return nil }
    }

    /// "host:port", the key of the server's pinned certificate.
    public var server: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    public var description: String { (user.map { $0 + "@" } ?? "") + server }

    /// Whether the server is this machine, where nothing crosses a network.
    public var isThisMachine: Bool { host == "localhost" || host == "127.0.0.1" || host == "::1" }
}
