/// An HTTP/1.1 request as the Matrix bot sends it: one request a
/// connection (`Connection: close`), a JSON body or none. Written small on
/// purpose: the bot speaks to one homeserver, and needs no more of HTTP.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    /// The path and query, already percent-encoded ("/_matrix/client/v3/sync?timeout=30000").
    public var target: String
    /// Sent as `Authorization: Bearer …`; kept out of ``description`` and logs.
    public var bearer: String?
    /// JSON text, sent as `application/json`.
    public var body: String?

    public init(_ method: String, _ target: String, bearer: String? = nil, body: String? = nil) {
        self.method = method
        self.target = target
        self.bearer = bearer
        self.body = body
    }

    /// The request on the wire, for `host` (with its port when not the scheme's default).
    public func serialized(host: String) -> String {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: \(host)\r\nUser-Agent: ShopTalk\r\nAccept: application/json\r\nConnection: close\r\n"
        if let bearer { head += "Authorization: Bearer \(bearer)\r\n" }
        if let body {
            head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
            return head + body
        }
        if method != "GET" { head += "Content-Length: 0\r\n" }
        return head + "\r\n"
    }
}

/// A response read off the wire: status, headers (names lowercased) and body.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// Why a response could not be read.
public struct HTTPFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Reads one HTTP/1.1 response from bytes as they arrive: a body framed by
/// `Content-Length`, by chunks, or by the end of the connection. Heads and
/// bodies beyond their limits are refused, never buffered without end.
public struct HTTPResponseReader: Sendable {
    private var buffer: [UInt8] = []
    private var head: (status: Int, headers: [String: String], bodyStart: Int)?
    public let maximumHeadBytes: Int
    public let maximumBodyBytes: Int

    public init(maximumHeadBytes: Int = 16_384, maximumBodyBytes: Int = 16 << 20) {
        self.maximumHeadBytes = maximumHeadBytes
        self.maximumBodyBytes = maximumBodyBytes
    }

    public mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The response, once all of it has arrived; nil while more is needed.
    /// `ended`: the peer closed the connection, which ends a body framed by nothing else.
    public mutating func response(ended: Bool = false) throws(HTTPFailure) -> HTTPResponse? {
        if head == nil {
            guard let end = Self.endOfHead(in: buffer) else {
                if buffer.count > maximumHeadBytes { throw HTTPFailure("response head too long") }
                if ended { throw HTTPFailure("connection closed before the response head") }
                return nil
            }
            head = try Self.parseHead(buffer[..<end])
            head?.bodyStart = end + 4
        }
        guard let (status, headers, start) = head else { return nil }
        let rest = buffer[start...]
        if rest.count > maximumBodyBytes + 65_536 { throw HTTPFailure("response body too long") }
        if status == 204 || status == 304 || (100..<200).contains(status) {
            return HTTPResponse(status: status, headers: headers)
        }
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            guard let body = try Self.dechunk(rest) else {
                if ended { throw HTTPFailure("connection closed inside a chunked body") }
                return nil
            }
            return HTTPResponse(status: status, headers: headers, body: body)
        }
        if let length = headers["content-length"] {
            guard let count = Int(length.trimmingSpaces), count >= 0, count <= maximumBodyBytes else { throw HTTPFailure("bad Content-Length") }
            guard rest.count >= count else {
                if ended { throw HTTPFailure("connection closed after \(rest.count) of \(count) body bytes") }
                return nil
            }
            return HTTPResponse(status: status, headers: headers, body: Array(rest.prefix(count)))
        }
        guard ended else { return nil }
        return HTTPResponse(status: status, headers: headers, body: Array(rest))
    }

    private static func endOfHead(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    private static func parseHead(_ bytes: ArraySlice<UInt8>) throws(HTTPFailure) -> (Int, [String: String], Int) {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.first.map(String.init) ?? ""
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]), (100...599).contains(status) else {
            throw HTTPFailure("not an HTTP/1.1 status line: \(statusLine.prefix(40))")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw HTTPFailure("bad header line") }
            let name = line[..<colon].lowercased(), value = String(line[line.index(after: colon)...]).trimmingSpaces
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        return (status, headers, 0)
    }

    /// The body of chunked bytes, or nil while the last chunk has not arrived.
    private static func dechunk(_ bytes: ArraySlice<UInt8>) throws(HTTPFailure) -> [UInt8]? {
        var body: [UInt8] = [], index = bytes.startIndex
        while true {
            guard let lineEnd = bytes[index...].firstIndex(of: 10) else { return nil }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first.map(String.init)?.trimmingSpaces ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0 else { throw HTTPFailure("bad chunk size") }
            let start = lineEnd + 1
            if size == 0 { return body }
            guard bytes.endIndex >= start + size + 2 else { return nil }
            body.append(contentsOf: bytes[start..<(start + size)])
            index = start + size + 2
        }
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(String.UnicodeScalarView(scalars.reversed()))
    }
}
