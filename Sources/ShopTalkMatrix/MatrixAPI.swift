import ShopTalkJSON

/// The few calls of the Matrix Client-Server API the bot makes, as
/// requests: values a test can read, sent by whoever holds a connection.
public enum MatrixAPI {
    static let prefix = "/_matrix/client/v3"

    /// The device the bot logs in as, always the same, so that the
    /// homeserver recognizes a transaction it has seen before (see ``send(_:to:transaction:token:)``).
    public static let deviceID = "SHOPTALK"

    public static func login(user: String, password: String) -> HTTPRequest {
        let body: JSON = .object([
            ("type", .string("m.login.password")),
            ("identifier", .object([("type", .string("m.id.user")), ("user", .string(user))])),
            ("password", .string(password)),
            ("device_id", .string(deviceID)),
            ("initial_device_display_name", .string("ShopTalk")),
        ])
        return HTTPRequest("POST", prefix + "/login", body: body.serialized)
    }

    public static func whoAmI(token: String) -> HTTPRequest {
        HTTPRequest("GET", prefix + "/account/whoami", bearer: token)
    }

    /// Waits up to `timeoutMilliseconds` for news after `since`. Without
    /// `since` (a first start), only the newest event of each room is asked
    /// for: what was said before the bot came is not answered. Members are
    /// loaded lazily, which is what makes the homeserver tell how many have
    /// joined a room (its `summary`): a room of two is a private chat.
    public static func sync(since: String?, timeoutMilliseconds: Int, token: String) -> HTTPRequest {
        let timeline = since == nil ? #","timeline":{"limit":1}"# : ""
        var query = "timeout=\(since == nil ? 0 : timeoutMilliseconds)&filter=" + percentEncoded(#"{"room":{"state":{"lazy_load_members":true}"# + timeline + "}}")
        if let since { query += "&since=" + percentEncoded(since) }
        return HTTPRequest("GET", prefix + "/sync?" + query, bearer: token)
    }

    /// The name rooms show for `user` (`{"displayname": "ShopBot"}`).
    public static func displayName(of user: String, token: String) -> HTTPRequest {
        HTTPRequest("GET", prefix + "/profile/\(percentEncoded(user))/displayname", bearer: token)
    }

    /// Who has joined a room: asked when the bot does not know a room's size.
    public static func joinedMembers(_ room: String, token: String) -> HTTPRequest {
        HTTPRequest("GET", prefix + "/rooms/\(percentEncoded(room))/joined_members", bearer: token)
    }

    public static func join(_ room: String, token: String) -> HTTPRequest {
        HTTPRequest("POST", prefix + "/join/" + percentEncoded(room), bearer: token, body: "{}")
    }

    /// Sends an event to a room. The transaction ID makes it idempotent: a
    /// send repeated after a lost response (the homeserver restarting, say)
    /// is not posted twice.
    public static func send(_ content: JSON, to room: String, transaction: String, token: String) -> HTTPRequest {
        HTTPRequest("PUT", prefix + "/rooms/\(percentEncoded(room))/send/m.room.message/\(percentEncoded(transaction))", bearer: token, body: content.serialized)
    }

    /// What a path segment or query value may hold as it is: RFC 3986's unreserved characters.
    public static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}

/// What the homeserver said about a request that did not succeed.
public enum MatrixOutcome: Equatable, Sendable {
    case ok(JSON)
    /// 429: try again after this long.
    case rateLimited(milliseconds: Int)
    /// The token is no longer valid (401 M_UNKNOWN_TOKEN): log in again.
    case loggedOut
    /// Any other error: its status, `errcode` and message.
    case failed(status: Int, code: String, message: String)

    public init(_ response: HTTPResponse) {
        let json = try? JSONReader.parse(response.text)
        let code = json?["errcode"].flatMap(\.stringValue) ?? ""
        switch response.status {
        case 200..<300:
            self = .ok(json ?? .object([]))
        case 429:
            let fromBody = json?["retry_after_ms"].flatMap(\.intValue)
            let fromHeader = response.headers["retry-after"].flatMap { Int($0) }.map { $0 * 1_000 }
            self = .rateLimited(milliseconds: max(0, fromBody ?? fromHeader ?? 1_000))
        case 401 where code == "M_UNKNOWN_TOKEN" || code == "M_MISSING_TOKEN":
            self = .loggedOut
        default:
            self = .failed(status: response.status, code: code, message: json?["error"].flatMap(\.stringValue) ?? String(response.text.prefix(200)))
        }
    }
}

extension MatrixOutcome {
    /// How long to wait before asking again, after this outcome of the
    /// `attempt`th try (1 the first), of a request that is lost if it is not
    /// repeated (joining a room the bot was invited to: the invitation is in
    /// one sync answer only). A rate limit is waited out as the homeserver
    /// says; a server error or no answer at all is tried again after a
    /// pause that doubles; a refusal (403: the invitation was withdrawn) or
    /// success is final, and so is the last of `attempts` tries.
    public static func retryDelay(after outcome: MatrixOutcome?, attempt: Int, attempts: Int = 6) -> Duration? {
        guard attempt < attempts else { return nil }
        switch outcome {
        case .rateLimited(let milliseconds)?:
            return .milliseconds(max(milliseconds, 50))
        case .failed(let status, _, _)? where status < 500:
            return nil
        case .failed?, nil:
            return .milliseconds(min(500 << (attempt - 1), 8_000))
        case .ok?, .loggedOut?:
            return nil
        }
    }
}

extension JSON {
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    public var intValue: Int? {
        switch self {
        case .int(let value): value
        case .number(let text): Double(text).map { Int($0) }
        default: nil
        }
    }
    public var arrayValue: [JSON] { if case .array(let values) = self { values } else { [] } }
    public var objectMembers: [(String, JSON)] { if case .object(let members) = self { members } else { [] } }
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
}
