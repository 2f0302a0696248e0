import ShopTalkDomain
import ShopTalkLineIO
import ShopTalkSession
import ShopTalkWording

/// A connection to the server, as a value: the words around the sentences
/// (`login`, `relay`, `format`, `quit`, `help`, `link irc CODE`), what may
/// be said before logging in, and, once someone has, the
/// ``ConversationEndpoint`` every other line goes through. It decides what a
/// line asks for; the server's connection does it — checks a password,
/// applies a sentence through the committer, writes — and tells it who
/// logged in (``loggedIn(_:)``).
public struct ServerLineProtocol: Sendable {
    /// Who speaks, once someone logged in.
    public private(set) var endpoint: ConversationEndpoint?
    /// How replies and news are written on this connection.
    public private(set) var format: ReplyFormat = .text
    /// Over plain TCP from another machine, `login` and `relay` (which carry
    /// a secret) are refused, unless the server was told to allow it.
    public let refusesSecretsInClear: Bool
    /// The server's language, for its own words before anyone logs in.
    public let defaultLanguage: String

    public init(defaultLanguage: String, refusesSecretsInClear: Bool) {
        self.defaultLanguage = defaultLanguage
        self.refusesSecretsInClear = refusesSecretsInClear
    }

    /// The language of the connection's own words: the server's until someone logs in, then the endpoint's.
    public var language: String { endpoint?.language ?? defaultLanguage }

    public enum Action: Sendable {
        /// Answer this, worded in the connection's language.
        case reply(Reply)
        /// Answer this, then close the connection.
        case quit(Reply)
        /// Check this member's password; then ``loggedIn(_:)``, or refuse.
        case login(UserName, password: String)
        /// Check this relay's token; then ``loggedIn(_:)``, or refuse.
        case relayLogin(name: String, token: String)
        /// A logged-in member confirms the IRC nick, or the Matrix user, that asked the bot for this code.
        case confirmLink(LinkNetwork, code: String, member: UserName)
        /// `login` or `relay` with its secret in clear from another machine: refuse it, and say why.
        case refuseSecretInClear(intent: String)
        /// A line of someone logged in: what the endpoint says to do with it.
        case endpoint(ConversationEndpoint.Step)
    }

    /// What a line asks for.
    public mutating func take(_ frame: LineFramer.Frame) -> Action {
        let bytes: [UInt8]
        switch frame {
        case .line(let line): bytes = line
        case .tooLong(let count, let limit, let head):
            return endpoint != nil ? .endpoint(endpoint!.take(frame)) : refusedBeforeLogin(.tooLong(bytes: count, limit: limit), head)
        }
        let keyword = ProtocolWord(firstWordOf: bytes)
        // A sentence, as nearly every line is, needs no splitting into words here.
        if keyword == nil, endpoint != nil { return .endpoint(endpoint!.take(frame)) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return endpoint != nil ? .endpoint(endpoint!.take(frame)) : refusedBeforeLogin(.invalidUTF8, bytes)
        }
        let words = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        switch keyword {
        case .quit? where ProtocolWord.quit.isWholeLine(bytes):
            return .quit(worded(endpoint?.goodbye() ?? .goodbye()))
        case .format? where words.count == 2:
            guard let chosen = ReplyFormat(rawValue: words[1].lowercased()) else {
                return .reply(worded(.failure(.invalid, Message(.serverFormatHow), intent: "format")))
            }
            format = chosen
            return .reply(worded(Reply(ok: true, intent: "format", message: Message(.serverFormat, ["format": .text(chosen.rawValue)]))))
        case .login? where endpoint == nil && refusesSecretsInClear, .relay? where endpoint == nil && refusesSecretsInClear:
            return .refuseSecretInClear(intent: keyword!.rawValue)
        case .login? where endpoint == nil:
            guard words.count == 3, let name = try? UserName(String(words[1])) else {
                return .reply(worded(.failure(.invalid, Message(.serverLoginHow), intent: "login")))
            }
            return .login(name, password: String(words[2]))
        case .relay? where endpoint == nil:
            guard words.count == 3 else { return .reply(worded(.failure(.invalid, Message(.serverRelayHow), intent: "relay"))) }
            return .relayLogin(name: words[1].lowercased(), token: String(words[2]))
        case .link? where words.count == 3 && LinkNetwork(rawValue: words[1].lowercased()) != nil:
            // Not from a relay, which speaks for others, nor before logging in.
            guard case .member(let member)? = endpoint?.speakers else {
                return .reply(worded(.failure(.unauthenticated, Message(.serverLoginFirst), intent: "link")))
            }
            return .confirmLink(LinkNetwork(rawValue: words[1].lowercased())!, code: String(words[2]), member: member)
        case .help? where endpoint == nil:
            return .reply(worded(Reply(ok: true, intent: "help", message: Message(.serverLoginHelp))))
        case .login?, .relay?: // not logged in was handled above
            return .reply(worded(.failure(.invalid, Message(.serverLoginAlready), intent: keyword?.rawValue)))
        default:
            guard endpoint != nil else { return .reply(worded(.failure(.unauthenticated, Message(.serverLoginFirst)))) }
            return .endpoint(endpoint!.take(frame))
        }
    }

    /// Someone logged in (a member or a relay): their lines go through `endpoint` from now on.
    public mutating func loggedIn(_ endpoint: ConversationEndpoint) { self.endpoint = endpoint }

    /// A speaker's line was answered in `language`: their next is tried in it first.
    public mutating func answered(_ speaker: UserName, in language: String) { endpoint?.answered(speaker, in: language) }

    /// A reply the connection makes itself, worded in the language of whoever reads it.
    public func worded(_ reply: Reply, label: String? = nil) -> Reply {
        if let endpoint { return endpoint.own(reply, label: label) }
        var reply = reply
        reply.language = language
        if label != nil { reply.label = label }
        return reply
    }

    /// A line that could not be read, before anyone logged in: refused, with its label.
    private func refusedBeforeLogin(_ problem: InputLine.Problem, _ line: [UInt8]) -> Action {
        .reply(worded(.problem(problem), label: InputLine.addressee(of: line, relay: false).label))
    }
}

/// Where a one-time link code was asked for: `link irc CODE`, `link matrix CODE`.
public enum LinkNetwork: String, Sendable {
    case irc, matrix
}
