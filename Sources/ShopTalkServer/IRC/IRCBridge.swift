import Foundation
import ShopTalkAccounts
import ShopTalkDomain
import ShopTalkStore
import ShopTalkIRC
import ShopTalkSession
import ShopTalkTLS
import ShopTalkTransports
import ShopTalkWording
import Synchronization
import ShopTalkLineIO

/// Where the household's IRC bot goes: a server, a nick, channels.
public struct IRCSettings: Sendable, Equatable {
    public var host: String
    public var port: UInt16
    public var nick: String
    public var channels: [String]
    /// Lines of a reply said in a channel; the rest goes to the asker in private.
    public var channelLines = 4
    /// Speak TLS to the server, checking its certificate against the
    /// system's authorities (or those in `tlsAuthorities`, a PEM file) and its name.
    public var tls = false
    public var tlsAuthorities: String?

    public init(host: String, port: UInt16, nick: String, channels: [String]) {
        self.host = host
        self.port = port
        self.nick = nick
        self.channels = channels
    }
}

/// The household's bot on an IRC network, run by the server beside its TCP
/// port, through the same reactor, committer and registry: a linked
/// member's line is applied like any other, and news of shared lists
/// reaches them by private message, in their language, wherever the change
/// was made.
///
/// Lines said to the bot (addressed in a channel, or in private) go through
/// a ``ConversationEndpoint`` for the member the speaker is linked to (see
/// ``IRCIdentity``): a services account, a nick that proved itself with a
/// one-time code for as long as the bot sees it stay, or a nick alone where
/// the operator accepted that risk. An unlinked nick is told how to link,
/// at most once in a while. The connection is made again, with backoff, when
/// it drops, and what is sent goes through a ``SendQueue`` that keeps under
/// the server's flood limits and lets each target take its turn.
///
/// `@unchecked Sendable`: `session` and `endpoints` are touched
/// only by the bridge's own task; what event delivery (on the reactor's
/// thread) and shutdown share with it is behind `shared`'s lock.
final class IRCBridge: NewsSink, @unchecked Sendable {
    private let server: Server
    let settings: IRCSettings
    private var session: IRCSession
    private var endpoints: [UserName: ConversationEndpoint] = [:]
    /// The bot's conversations with members, told apart from their other connections'.
    private let conversation: Int
    private let shared = Mutex(Shared())
    /// What the send queue counts its seconds from.
    private let started = ContinuousClock.now
    private let kicks: AsyncStream<Void>
    private let kick: AsyncStream<Void>.Continuation
    private(set) lazy var subscriber = Registry.Subscriber(news: self)

    private struct Shared {
        var queue = SendQueue()
        var connection: Connection?
        /// The nick each member last spoke as: where their news goes.
        var nickOf: [UserName: String] = [:]
        /// When each member last spoke here (see ``NewsSink/spokeLast(_:)``).
        var spokeAt: [UserName: ContinuousClock.Instant] = [:]
        var stopped = false
        /// Codes given to nicks that asked to be linked, nicks linked with
        /// one while the bot sees them stay (see ``IRCIdentity``), and who
        /// was told what.
        var links = IRCLinkDesk()
        /// Registered on this connection: until then nothing is said in channels.
        var registered = false
        /// The channels joined on this connection (their ``IRCName/key(_:)``).
        var joined: Set<String> = []
    }

    /// Lines waiting beyond this are dropped (a flood of CTCP requests, say), never the bot.
    static let queueLimit = 300
    /// A line's text at most, in bytes: 512 less the command, the target and the server's prefix.
    static let textBytes = 380

    /// The client's TLS settings, when the bot speaks TLS to the IRC server.
    private let tls: TLSContext?

    init(server: Server, settings: IRCSettings, conversation: Int, tls: TLSContext?) {
        self.server = server
        self.tls = tls
        self.settings = settings
        self.conversation = conversation
        session = IRCSession(nick: settings.nick, channels: settings.channels)
        (kicks, kick) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    // MARK: Running

    /// Connects, serves, and connects again when the connection drops, until ``stop()``.
    func run() async {
        let pump = Task(executorPreference: server.reactor) { await self.pump() }
        await warnOfNicksLinkedAlone()
        var delay = 1.0
        while !isStopped {
            let registered = await serveOneConnection()
            guard !isStopped else { break }
            if registered { delay = 1 }
            server.log(.warning, "IRC connection lost; reconnecting", ["server": "\(settings.host):\(settings.port)", "in_s": Int(delay)])
            try? await Task.sleep(for: .seconds(delay))
            delay = min(delay * 2, 60)
        }
        pump.cancel()
        kick.finish()
    }

    private var isStopped: Bool { shared.withLock { $0.stopped } }

    /// Links of a nick alone (`users link … irc:NICK --insecure-nick`, or
    /// made before accounts and nicks were told apart) are named in the log
    /// at every start: anyone who takes such a nick speaks for its member.
    private func warnOfNicksLinkedAlone() async {
        let links = await server.committer.value { bot in (try? bot.accountBook.links()) ?? [] } ?? []
        server.committer.finished()
        let alone = links.filter { $0.network == IRCLinkKind.nick.rawValue }
        guard !alone.isEmpty else { return }
        server.log(.warning, "IRC nicks linked alone: anyone who takes one speaks for its member (see docs/irc.md)",
                   ["links": alone.map { "\($0.name)=\($0.member.value)" }.joined(separator: ",")])
    }

    /// How long a stop goes on sending what waits.
    static let drainTime: Duration = .seconds(3)

    /// Sends what waits (answers to changes made, news) for at most
    /// ``drainTime``, within the flood limits, then says goodbye to the IRC
    /// server and closes the connection: the server is shutting down. IRC
    /// keeps nothing for the next start: by then a nick may be someone else's.
    func stop() {
        let deadline = ContinuousClock.now + Self.drainTime
        kick.yield()
        while ContinuousClock.now < deadline, shared.withLock({ $0.connection != nil && $0.registered && $0.queue.count > 0 }) { usleep(20_000) }
        let connection = shared.withLock { shared -> Connection? in
            shared.stopped = true
            return shared.connection
        }
        connection?.send(IRCMessage("QUIT", ["ShopTalk is shutting down"]).serialized + "\r\n")
        // The IRC server reads a flooding client slowly, and drops what it has
        // not read when the socket closes: it closes the link itself once it
        // has read the QUIT, after the lines before it. Waited for, a little.
        let quitting = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < quitting, let connection, !connection.isClosed { usleep(20_000) }
        connection?.close(because: "server shutting down")
        kick.yield()
    }

    /// One connection, from connecting to its end; whether it got as far as registering.
    private func serveOneConnection() async -> Bool {
        let connection: Connection
        do {
            guard let first = try await Server.addresses(of: settings.host, port: settings.port).first else { throw OutgoingSocket.Failure(description: "no address for \(settings.host)") }
            let fd = try OutgoingSocket.begin(first).fd
            let address = "\(settings.host):\(settings.port)"
            let stream: TLSStream?
            do {
                stream = try tls.map { try TLSStream(context: $0, fd: fd, isServer: false, serverName: settings.host) }
            } catch {
                close(fd)
                throw error
            }
            connection = Connection(
                id: server.nextConnectionID(), fd: fd, address: address, tls: stream, reactor: server.reactor, maximumOutput: 1 << 20,
                onClose: { [log = server.log] _, reason in log(.info, "IRC connection closed", ["reason": reason]) })
            server.reactor.add(fd, connection)
        } catch {
            server.log(.warning, "cannot reach the IRC server", ["server": "\(settings.host):\(settings.port)", "error": "\(error)"])
            return false
        }
        if let failure = await connection.finishConnecting(within: 10) {
            server.log(.warning, "cannot reach the IRC server", ["server": connection.address, "error": failure])
            connection.close(because: "could not connect")
            return false
        }
        if tls != nil {
            let handshake = await connection.handshake(asClient: true)
            guard handshake == .done else {
                let reason = if case .failed(let why) = handshake { why } else { "the IRC server closed the connection" }
                server.log(.warning, "TLS with the IRC server failed", ["server": connection.address, "error": reason])
                connection.close(because: "TLS failed")
                return false
            }
        }
        guard !isStopped else {
            connection.close(because: "server shutting down")
            return false
        }
        let channels = await channelsToJoin()
        let stale = shared.withLock { shared -> Int in
            shared.connection = connection
            shared.registered = false
            shared.joined = Set(channels.map(IRCName.key))
            // Nicks may have changed hands while the bot was away: what waited
            // for them, the links by code and where news went are all forgotten.
            shared.links.newConnection()
            let stale = shared.queue.count
            shared.queue = SendQueue()
            return stale
        }
        forgetWhereNewsGoes { _ in true }
        if stale > 0 { server.log(.info, "IRC lines dropped on reconnecting: their nicks may be someone else's now", ["lines": stale]) }
        session = IRCSession(nick: settings.nick, channels: channels)
        for message in session.start() { enqueue(message) }
        var framer = LineFramer(maximumBytes: 8_192 + 512) // IRCv3 tags may take 8 KiB, the rest 512 bytes
        while let bytes = await connection.receive() {
            framer.append(bytes)
            while let frame = framer.next() {
                // A line too long for IRC is no message: dropped whole.
                guard case .line(let line) = frame, let message = IRCMessage(IRCText.decode(line)) else { continue }
                for action in session.receive(message) { await perform(action) }
            }
        }
        connection.close(because: "the IRC server closed the connection")
        shared.withLock { shared in
            shared.connection = nil
            shared.registered = false
        }
        return session.isRegistered
    }

    private func perform(_ action: IRCSession.Action) async {
        switch action {
        case .send(let message): enqueue(message)
        case .sendFirst(let message): enqueue(message, first: true)
        case .registered(let nick):
            shared.withLock { $0.registered = true }
            server.log(.info, "IRC ready", ["server": "\(settings.host):\(settings.port)", "nick": nick, "channels": settings.channels.joined(separator: ",")])
        case .nickChanged(let old, let new):
            // The same person under a new name: news and what waits follow
            // them, but a link by code was for the old nick, and ends.
            shared.withLock { shared in
                for (member, nick) in shared.nickOf where IRCName.key(nick) == IRCName.key(old) { shared.nickOf[member] = new }
                shared.queue.retarget(from: old, to: new)
                shared.links.forget(old)
            }
        case .quit(let nick), .leftSight(let nick):
            nickLeft(nick)
        case .request(let request):
            await answer(request)
        }
    }

    // MARK: Members' lines

    private func answer(_ request: IRCSession.Request) async {
        let identity = IRCIdentity(request)
        let inSight = session.sharesAChannel(with: request.nick)
        // A nick linked with a code speaks for its member only while the bot
        // sees it: out of sight, it could have changed hands unseen.
        if !inSight, shared.withLock({ $0.links.member(linkedByCode: request.nick) }) != nil { nickLeft(request.nick) }
        let linkedByCode = identity.account == nil ? shared.withLock { $0.links.member(linkedByCode: request.nick) }.flatMap { try? UserName($0) } : nil
        let found = await server.committer.value { bot -> (UserName, String)? in
            guard let member = linkedByCode ?? identity.member(in: bot.accountBook) else { return nil }
            return (member, bot.language(of: member))
        } ?? nil
        server.committer.finished()
        guard let (member, language) = found else {
            return answerStranger(request)
        }
        // News goes to a nick only while the bot sees it, and would see it go;
        // otherwise the store keeps it, and it comes with their next answer.
        if inSight {
            shared.withLock { $0.nickOf[member] = request.nick; $0.spokeAt[member] = .now }
            server.registry.subscribe(subscriber, to: member)
        }
        var endpoint = endpoints[member] ?? server.botEndpoint(for: member, language: language)
        defer { endpoints[member] = endpoint }
        await server.take(request.text, through: &endpoint, conversation: conversation) { outcome in
            switch outcome {
            case .answer(let refused):
                reply(refused, to: request)
            case .applied(let news, let answer):
                // News kept for the speaker since their last line: theirs alone, in private.
                for event in news {
                    for text in event.text(server.wording).split(separator: "\n") { say("» " + text, to: request.nick) }
                }
                reply(answer, to: request)
            }
        }
    }

    // MARK: Linking from IRC

    /// A nick linked to no one said something: "link" in private is
    /// answered about linking (see ``IRCLinkDesk``); anything else is told
    /// how to link, now and then, after the members waiting for theirs:
    /// strangers cannot crowd out the household.
    private func answerStranger(_ request: IRCSession.Request) {
        let sharesAChannel = session.sharesAChannel(with: request.nick)
        let answer = shared.withLock { shared in
            shared.links.stranger(nick: request.nick, account: request.account, said: request.text, inPrivate: request.channel == nil,
                                  sharesAChannel: sharesAChannel, host: request.host, now: .now)
        }
        let language = server.grammars.defaultLanguage
        switch answer {
        case .nothing:
            break
        case .tellUnknown:
            say(server.wording.render(Message(.ircNotLinked, ["nick": .text(request.nick)]), in: language), to: request.nick, priority: .stranger)
        case .joinFirst:
            let channel = settings.channels.first ?? "#home"
            let words = Message(.ircLinkJoinFirst, ["nick": .text(request.nick), "channel": .text(channel)])
            say(server.wording.render(words, in: language), to: request.nick, priority: .stranger)
        case .busy:
            say(server.wording.render(Message(.ircLinkBusy), in: language), to: request.nick, priority: .stranger)
        case .offerCode:
            // A one-time code, which a member says from a session already logged
            // in (`link irc CODE`) to make the speaker theirs: only that member's
            // own login can claim it, once, within ten minutes. 40 random bits, 8 letters and digits.
            let code = Secrets.generatePassword(bytes: 5)
            shared.withLock { $0.links.keep(code: code, for: request.nick, account: request.account, host: request.host, now: .now) }
            say(server.wording.render(Message(.ircLinkCode, ["code": .text(code)]), in: language), to: request.nick, priority: .stranger)
        }
    }

    /// What `link irc CODE` linked.
    enum LinkMade: Equatable {
        /// A services account, kept in the store.
        case account(String)
        /// A nick, for as long as the bot sees it stay.
        case nick(String)
    }

    /// A member said `link irc CODE`: links whoever asked for the code to
    /// them — their services account for good, or else their nick while it
    /// stays in sight. Nil for a code unknown or expired, or a nick gone.
    func confirmLink(code: String, for member: UserName) async -> LinkMade? {
        guard let pending = shared.withLock({ $0.links.take(code: code, now: .now) }) else { return nil }
        let language = server.grammars.defaultLanguage
        guard let account = pending.account else {
            let linked = shared.withLock { shared -> Bool in
                guard shared.connection != nil else { return false }
                shared.links.link(nick: pending.nick, to: member.value)
                return true
            }
            guard linked else { return nil }
            server.log(.info, "IRC nick linked while it stays", ["member": member.value, "nick": pending.nick])
            say(server.wording.render(Message(.ircLinkedSession, ["nick": .text(pending.nick), "name": .text(member.value)]), in: language), to: pending.nick)
            return .nick(pending.nick)
        }
        let now = server.now()
        let linked = await server.committer.value { bot in
            (try? bot.accountBook.addLink(member, network: IRCLinkKind.account.rawValue, name: account, key: IRCName.key(account), at: now)) ?? false
        } ?? false
        server.committer.finished()
        guard linked else { return nil }
        server.log(.info, "IRC account linked", ["member": member.value, "account": account])
        let words = Message(.ircLinked, ["nick": .text(pending.nick), "name": .text(member.value), "account": .text(account)])
        say(server.wording.render(words, in: language), to: pending.nick)
        return .account(account)
    }

    /// `nick` quit, or left the bot's sight (see ``IRCSession/Action/leftSight(nick:)``):
    /// whoever holds it next may be someone else. Its link by code ends, its
    /// codes go, what waits for it is dropped, and members who spoke as it
    /// get their news kept in the store until they speak again.
    private func nickLeft(_ nick: String) {
        let key = IRCName.key(nick)
        let (dropped, member) = shared.withLock { shared -> (Int, String?) in
            let member = shared.links.member(linkedByCode: nick)
            shared.links.forget(nick)
            return (shared.queue.dropLines(to: nick), member)
        }
        forgetWhereNewsGoes { IRCName.key($0) == key }
        if let member { server.log(.info, "IRC link by code ended", ["nick": nick, "member": member]) }
        if dropped > 0 { server.log(.info, "IRC lines dropped: their nick quit", ["nick": nick, "lines": dropped]) }
    }

    /// Stops sending news to members whose nick matches: the registry keeps
    /// it in the store for them instead.
    private func forgetWhereNewsGoes(_ matches: (String) -> Bool) {
        let members = shared.withLock { shared -> [UserName] in
            let gone = shared.nickOf.filter { matches($0.value) }.map(\.key)
            for member in gone { shared.nickOf[member] = nil }
            return gone
        }
        for member in members { server.registry.unsubscribe(subscriber, from: member) }
    }

    /// A reply where it was asked for (see ``IRCReplyLayout``).
    private func reply(_ reply: Reply, to request: IRCSession.Request) {
        let lines = reply.text(server.wording).split(separator: "\n").map(String.init)
        let routed = IRCReplyLayout.route(
            lines, asker: request.nick, channel: request.channel, channelLines: settings.channelLines,
            room: SendQueue().linesPerTarget - 2, // what one target's queue holds
            more: { server.wording.render(Message(.ircMoreLines, ["count": .number($0)]), in: reply.language) },
            restInPrivate: { server.wording.render(Message(.ircRestInPrivate, ["nick": .text(request.nick)]), in: reply.language) })
        for line in routed { say(line.text, to: line.target) }
    }

    /// PRIVMSGs of `text` to `target`, cut to fit IRC's lines.
    private func say(_ text: String, to target: String, priority: SendQueue.Priority = .member) {
        for piece in IRCText.pieces(of: text, maximumBytes: Self.textBytes) { enqueue(IRCMessage("PRIVMSG", [target, piece]), priority: priority) }
    }

    // MARK: News (NewsSink)

    func spokeLast(_ member: UserName) -> ContinuousClock.Instant? { shared.withLock { $0.spokeAt[member] } }

    /// IRC keeps nothing for later: a nick may be someone else's after a restart.
    func prepare(_ events: [Event], for member: UserName, in bot: Bot) -> Committer.Delivery? {
        { [self] in deliver(events, to: member) }
    }

    /// News for a linked member, committed: to the nick they last spoke as, in their language.
    func deliver(_ events: [Event], to member: UserName) {
        guard let nick = shared.withLock({ $0.nickOf[member] }) else { return }
        for event in events {
            for line in event.text(server.wording).split(separator: "\n") { say(String(line), to: nick) }
        }
    }

    // MARK: Channels lists are announced in

    /// The configured channels, and those some list is announced in ("announce Groceries in #home").
    private func channelsToJoin() async -> [String] {
        let announced = await server.committer.value { bot in (try? bot.announcedChannels()) ?? [] } ?? []
        server.committer.finished()
        var seen = Set(settings.channels.map(IRCName.key))
        return settings.channels + announced.filter { !$0.isMatrixRoom }.map(\.value).filter { seen.insert(IRCName.key($0)).inserted }
    }

    /// News of announced lists, committed, said in their channels; a channel
    /// the bot is not in yet is joined first. While the bot is away from
    /// IRC the news is not kept: a channel hears what happens while it is there.
    func announce(_ news: [ChannelNews]) {
        for item in news where !ChannelName.isMatrixRoom(item.channel) { // the Matrix bot's
            let join = shared.withLock { shared -> Bool? in
                guard shared.registered else { return nil }
                return shared.joined.insert(IRCName.key(item.channel)).inserted
            }
            guard let join else { continue }
            if join { enqueue(IRCMessage("JOIN", [item.channel])) }
            for line in item.event.text(server.wording).split(separator: "\n") { say(String(line), to: item.channel) }
        }
    }

    // MARK: Sending

    private func enqueue(_ message: IRCMessage, first: Bool = false, priority: SendQueue.Priority = .member) {
        let accepted = shared.withLock { shared -> Bool in
            if first {
                shared.queue.appendUrgent(message)
                return true
            }
            guard shared.queue.count < Self.queueLimit else { return false }
            return shared.queue.append(message, priority: priority)
        }
        if accepted { kick.yield() } else { server.log(.warning, "IRC send queue full: a line was dropped", ["to": message.parameters.first ?? ""]) }
    }

    /// Sends what the flood limits allow, and waits for the rest.
    private func pump() async {
        for await _ in kicks {
            while true {
                let elapsed = ContinuousClock.now - started
                let now = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                let (lines, wait, connection) = shared.withLock { shared in
                    (shared.queue.due(at: now), shared.queue.wait(at: now), shared.connection)
                }
                if let connection, !lines.isEmpty { connection.send(lines.map { $0 + "\r\n" }.joined()) }
                guard let wait, !isStopped else { break }
                try? await Task.sleep(for: .seconds(max(wait, 0.01)))
            }
        }
    }
}

