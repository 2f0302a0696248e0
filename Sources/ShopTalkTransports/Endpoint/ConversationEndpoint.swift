import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkSession
import ShopTalkWording
import ShopTalkLineIO

/// One stream's way into the conversation, whatever carries it: the
/// terminal chat, a member's TCP connection, a relay, IRC. Every line goes
/// through ``take(_:)``, which applies the rules that hold everywhere —
/// unreadable lines refused with their label and addressee, a relay's line
/// spoken by its `:NICK`, and only by a member the relay may speak for,
/// each speaker's rate limit, a relay member's `quit` — and says what to do
/// with it. What is left to a transport is how: applying a line with the
/// bot at once (the chat) or through group commit (the server), and where
/// replies and events go.
///
/// A value with no I/O, so each rule is tested once, here, and holds on
/// every transport. Login, `relay`, `format` and TLS stay with the TCP
/// transport, which makes an endpoint once it knows who speaks.
public struct ConversationEndpoint: Sendable {
    /// Who speaks on the stream.
    public enum Speakers: Sendable, Equatable {
        /// Every line is this member's: the chat's `--user`, a logged-in connection.
        case member(UserName)
        /// Every line starts with `:NICK ` and is that member's: a relay that
        /// may speak for these members, or for anyone (nil).
        case relay(speaksFor: Set<UserName>?)
    }

    /// What to do with a line.
    public enum Step: Sendable {
        /// Apply it: the line, parsed in its speaker's language first. `relayed`:
        /// a relay named the speaker, whose account must exist.
        case apply(ParsedLine, speaker: UserName, relayed: Bool)
        /// Nothing to apply: answer this.
        case answer(Reply)
        /// A relay's member said `quit`: the stream goes on for the others,
        /// this member's conversation is forgotten (the transport asks the
        /// bot), their events wait for their next line; answer the goodbye.
        case memberQuit(UserName, goodbye: Reply)
    }

    public let speakers: Speakers
    public let grammars: Grammars
    /// The language of what the stream says itself before a member has
    /// spoken (limits, unreadable lines): a member's chosen one, else the
    /// server's; then that of the member's last line.
    public private(set) var language: String
    /// On a relay, the language each member was last answered in: their
    /// next line is tried in it first. (A member's own stream keeps it in `language`.)
    private var spoken: [UserName: String] = [:]
    private let rate: (perSecond: Double, burst: Double)?
    /// A member's own stream has one speaker and one limit; a relay, one per member.
    private var ownLimit: RateLimit?
    private var limits: [UserName: RateLimit] = [:]

    /// Seconds on a steady clock, for the rate.
    private let clock: @Sendable () -> Double

    /// `rate`: lines a second per speaker, with bursts; nil for no limit (a person at their own terminal).
    /// `clock`: the time the rate is measured in; a test passes one it moves.
    public init(speakers: Speakers, grammars: Grammars, language: String, rate: (perSecond: Double, burst: Double)? = nil,
                clock: @escaping @Sendable () -> Double = SteadyClock.seconds) {
        self.speakers = speakers
        self.grammars = grammars
        self.language = language
        self.rate = rate
        self.clock = clock
    }

    public var isRelay: Bool {
        if case .relay = speakers { true } else { false }
    }

    /// Whether `member` may speak on this stream.
    public func speaks(for member: UserName) -> Bool {
        switch speakers {
        case .member(let name): name == member
        case .relay(let members): members?.contains(member) ?? true
        }
    }

    /// What to do with one framed line.
    public mutating func take(_ frame: LineFramer.Frame) -> Step {
        let bytes: [UInt8]
        switch frame {
        case .tooLong(let count, let limit, let head): return .answer(unreadable(.tooLong(bytes: count, limit: limit), head))
        case .line(let line): bytes = line
        }
        let (label, result) = InputLine.read(bytes, relay: isRelay)
        let line: InputLine
        switch result {
        case .failure(let problem): return .answer(unreadable(problem, bytes))
        case .success(let read): line = read
        }
        let speaker: UserName
        switch speakers {
        case .member(let member):
            speaker = member
        case .relay:
            guard let nick = line.nick.flatMap({ try? UserName($0) }) else { return .answer(own(.problem(.missingNick), label: label)) }
            guard speaks(for: nick) else {
                var refused = Reply.failure(.forbidden, Message(.serverRelayForbidden, ["nick": .text(nick.value)]))
                refused.to = nick.value
                return .answer(own(refused, label: label))
            }
            speaker = nick
        }
        if let rate {
            // A line of a member's own stream touches no dictionary: nearly every line is one.
            var limit = (isRelay ? limits[speaker] : ownLimit) ?? RateLimit(rate: rate.perSecond, burst: rate.burst)
            defer { if isRelay { limits[speaker] = limit } else { ownLimit = limit } }
            guard limit.allow(at: clock()) else {
                var refused = Reply.failure(.rateLimited, Message(.serverRateLimited, ["count": .number(Int(rate.perSecond))]))
                if isRelay { refused.to = speaker.value }
                return .answer(own(refused, label: label))
            }
        }
        if isRelay && ProtocolWord.quit.isWholeLine(line.text) {
            limits[speaker] = nil
            return .memberQuit(speaker, goodbye: own(.goodbye(to: speaker), label: label))
        }
        let preferred = isRelay ? spoken[speaker] ?? language : language
        return .apply(ParsedLine(line, grammars: grammars, preferring: preferred), speaker: speaker, relayed: isRelay)
    }

    /// Remembers the language a speaker was answered in, for their next line and the stream's own words.
    public mutating func answered(_ speaker: UserName, in replyLanguage: String) {
        if isRelay { spoken[speaker] = replyLanguage } else { language = replyLanguage }
    }

    /// `quit` on a member's own stream: the goodbye, in their language.
    public func goodbye() -> Reply {
        own(.goodbye(), label: nil)
    }

    /// A line that could not be read: answered with its label and, on a
    /// relay, to the member it starts with, if the relay speaks for them.
    private func unreadable(_ problem: InputLine.Problem, _ line: [UInt8]) -> Reply {
        var refused = Reply.problem(problem)
        let (label, nick) = InputLine.addressee(of: line, relay: isRelay)
        if isRelay, let nick = nick.flatMap({ try? UserName($0) }), speaks(for: nick) { refused.to = nick.value }
        return own(refused, label: label)
    }

    /// A reply the stream makes itself, worded in the language its reader was last answered in.
    public func own(_ reply: Reply, label: String?) -> Reply {
        var reply = reply
        reply.language = reply.to.flatMap { try? UserName($0) }.flatMap { spoken[$0] } ?? language
        if label != nil { reply.label = label }
        return reply
    }
}
