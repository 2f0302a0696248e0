/// Where the homeserver is: `https://matrix.example.org` (port 443 unless
/// given), or plain `http://` on this machine only — an access token never
/// crosses a network in clear text.
public struct MatrixHomeserver: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let port: UInt16
    public let usesTLS: Bool

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notAURL(String)
        case plainHTTPBeyondThisMachine(String)

        public var description: String {
            switch self {
            case .notAURL(let text): "not a homeserver URL: \(text) (say https://matrix.example.org)"
            case .plainHTTPBeyondThisMachine(let text): "\(text) is plain HTTP to another machine: use https://, so the bot's token is not sent in clear text"
            }
        }
    }

    public init(_ url: String) throws(Failure) {
        let usesTLS: Bool, rest: Substring
        if url.hasPrefix("https://") {
            (usesTLS, rest) = (true, url.dropFirst(8))
        } else if url.hasPrefix("http://") {
            (usesTLS, rest) = (false, url.dropFirst(7))
        } else {
            throw .notAURL(url)
        }
        let authority = rest.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var host = String(authority), port: UInt16 = usesTLS ? 443 : 80
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            guard let given = UInt16(authority[authority.index(after: colon)...]), given > 0 else { throw .notAURL(url) }
            (host, port) = (String(authority[..<colon]), given)
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, host.allSatisfy({ $0.isLetter || $0.isNumber || ".-:".contains($0) }) else { throw .notAURL(url) }
        let loopback = host == "localhost" || host.hasPrefix("127.") || host == "::1"
        guard usesTLS || loopback else { throw .plainHTTPBeyondThisMachine(url) }
        (self.host, self.port, self.usesTLS) = (host, port, usesTLS)
    }

    /// The `Host` header: the port only when it is not the scheme's own.
    public var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == (usesTLS ? 443 : 80) ? name : "\(name):\(port)"
    }

    public var description: String { "\(usesTLS ? "https" : "http")://\(hostHeader)" }
}
