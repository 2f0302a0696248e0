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
/// a ``ConversationEndpoint`` for the member the nick (or services account)
/// is linked to (`shoptalk users link NAME irc:NICK`); an unlinked nick is
/// told once how to link. The connection is made again, with backoff, when
/// it drops, and what is sent goes through a ``SendQueue`` that keeps under
/// the server's flood limits.
///
/// `@unchecked Sendable`: `session`, `endpoints` and `warned` are touched
/// only by the bridge's own task; what event delivery (on the reactor's
/// thread) and shutdown share with it is behind `shared`'s lock.
final class IRCBridge: EventSink, @unchecked Sendable {
    private let server: Server
    let settings: IRCSettings
    private var session: IRCSession
    private var endpoints: [UserName: ConversationEndpoint] = [:]
    /// Nicks already told how to link, so a chatty stranger gets one line.
    private var warned: Set<String> = []
    /// The bot's conversations with members, told apart from their other connections'.
    private let conversation: Int
    private let shared = Mutex(Shared())
    /// What the send queue counts its seconds from.
    private let started = ContinuousClock.now
    private let kicks: AsyncStream<Void>
    private let kick: AsyncStream<Void>.Continuation
    private(set) lazy var subscriber: Registry.Subscriber = {
        let subscriber = Registry.Subscriber(sink: self)
        subscriber.relay = true // events come addressed ":member text", to go to that member's nick
        return subscriber
    }()

    private struct Shared {
        var queue = SendQueue()
        var connection: Connection?
        /// The nick each member last spoke as: where their news goes.
        var nickOf: [UserName: String] = [:]
        var stopped = false
        /// Codes given to nicks that asked to be linked, waiting for a member to confirm one.
        var pendingLinks: [String: (nick: String, until: ContinuousClock.Instant)] = [:]
        /// Registered on this connection: until then nothing is said in channels.
        var registered = false
        /// The channels joined on this connection (their ``IRCName/key(_:)``).
        var joined: Set<String> = []
    }

    /// How long a link code waits for its member.
    static let linkCodeLifetime: Duration = .seconds(600)

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

    /// Says goodbye to the IRC server and closes the connection: the server is shutting down.
    func stop() {
        let connection = shared.withLock { shared -> Connection? in
            shared.stopped = true
            return shared.connection
        }
        connection?.send(IRCMessage("QUIT", ["ShopTalk is shutting down"]).serialized + "\r\n")
        connection?.close(because: "server shutting down")
        kick.yield()
    }

    /// One connection, from connecting to its end; whether it got as far as registering.
    private func serveOneConnection() async -> Bool {
        let connection: Connection
        do {
            guard let first = try await resolve().first else { throw OutgoingSocket.Failure(description: "no address for \(settings.host)") }
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
        shared.withLock { shared in
            shared.connection = connection
            shared.registered = false
            shared.joined = Set(channels.map(IRCName.key))
        }
        session = IRCSession(nick: settings.nick, channels: channels)
        for message in session.start() { enqueue(message) }
        var framer = LineFramer(maximumBytes: 8_192 + 512) // IRCv3 tags may take 8 KiB, the rest 512 bytes
        while let bytes = await connection.receive() {
            framer.append(bytes)
            while let frame = framer.next() {
                // A line too long for IRC is no message: dropped whole.
                guard case .line(let line) = frame, let message = IRCMessage(String(decoding: line, as: UTF8.self)) else { continue }
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

    /// The IRC server's addresses, looked up off the reactor: a resolver
    /// that takes its time must not hold up every connection.
    private func resolve() async throws -> [OutgoingSocket.Address] {
        let (host, port) = (settings.host, settings.port)
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try OutgoingSocket.addresses(of: host, port: port) })
            }
        }
    }

    private func perform(_ action: IRCSession.Action) async {
        switch action {
        case .send(let message): enqueue(message)
        case .sendFirst(let message): enqueue(message, first: true)
        case .registered(let nick):
            shared.withLock { $0.registered = true }
            server.log(.info, "IRC ready", ["server": "\(settings.host):\(settings.port)", "nick": nick, "channels": settings.channels.joined(separator: ",")])
        case .nickChanged(let old, let new):
            shared.withLock { shared in
                for (member, nick) in shared.nickOf where IRCName.key(nick) == IRCName.key(old) { shared.nickOf[member] = new }
            }
        case .request(let request):
            await answer(request)
        }
    }

    // MARK: Members' lines

    private func answer(_ request: IRCSession.Request) async {
        let identity = IRCName.key(request.account ?? request.nick)
        let found = await server.committer.value { bot -> (UserName, String)? in
            guard let member = (try? bot.store.accountBook.member(linkedAs: identity, on: "irc")) ?? nil else { return nil }
            return (member, bot.language(of: member))
        } ?? nil
        server.committer.finished()
        guard let (member, language) = found else {
            if request.channel == nil, request.text.trimmingCharacters(in: .whitespaces).lowercased() == "link" {
                return offerLink(to: request.nick)
            }
            if warned.insert(IRCName.key(request.nick)).inserted {
                let words = server.wording.render(Message(.ircNotLinked, ["nick": .text(request.nick)]), in: server.grammars.defaultLanguage)
                say(words, to: request.nick)
            }
            return
        }
        shared.withLock { $0.nickOf[member] = request.nick }
        server.registry.subscribe(subscriber, to: member)
        var endpoint = endpoints[member] ?? ConversationEndpoint(
            speakers: .member(member), grammars: server.grammars, language: language,
            rate: (server.configuration.linesPerSecond, server.configuration.burst))
        defer { endpoints[member] = endpoint }
        switch endpoint.take(.line(Array(request.text.utf8))) {
        case .answer(let refused):
            reply(refused, to: request)
        case .memberQuit:
            break // only on a relay's stream
        case .apply(let line, let speaker, _):
            let applied = await server.apply(line, from: speaker, conversation: conversation, checkAccount: false, fallbackLanguage: endpoint.language)
            defer { server.committer.finished() }
            guard let applied else { return reply(endpoint.own(.storageFailure, label: nil), to: request) }
            endpoint.answered(speaker, in: applied.reply.language)
            // News kept for the speaker since their last line: theirs alone, in private.
            for event in applied.events {
                for text in event.text(server.wording).split(separator: "\n") { say("» " + text, to: request.nick) }
            }
            reply(applied.reply, to: request)
        }
    }

    // MARK: Linking from IRC

    /// An unlinked nick asked to be linked: a one-time code, which a member
    /// says from a session already logged in (`link irc CODE`) to make the
    /// nick theirs. Only that member's own login can claim a nick, and only
    /// once, within ten minutes.
    private func offerLink(to nick: String) {
        let code = Secrets.generatePassword(bytes: 5) // 40 random bits, 8 letters and digits
        shared.withLock { shared in
            let now = ContinuousClock.now
            shared.pendingLinks = shared.pendingLinks.filter { $0.value.until > now && IRCName.key($0.value.nick) != IRCName.key(nick) }
            shared.pendingLinks[code] = (nick, now + Self.linkCodeLifetime)
        }
        say(server.wording.render(Message(.ircLinkCode, ["code": .text(code)]), in: server.grammars.defaultLanguage), to: nick)
    }

    /// A member said `link irc CODE`: links the nick that asked for the code
    /// to them. Returns the nick, or nil for a code unknown or expired.
    func confirmLink(code: String, for member: UserName) async -> String? {
        let now = ContinuousClock.now
        guard let pending = shared.withLock({ $0.pendingLinks.removeValue(forKey: code.lowercased()) }), pending.until > now else { return nil }
        let linked = await server.committer.value { bot in
            (try? bot.store.accountBook.addLink(member, network: "irc", name: pending.nick, key: IRCName.key(pending.nick), at: Date())) ?? false
        } ?? false
        server.committer.finished()
        guard linked else { return nil }
        server.log(.info, "IRC nick linked", ["member": member.value, "nick": pending.nick])
        say(server.wording.render(Message(.ircLinked, ["nick": .text(pending.nick), "name": .text(member.value)]), in: server.grammars.defaultLanguage),
            to: pending.nick)
        return pending.nick
    }

    /// A reply where it was asked for: in the channel, addressed to the
    /// asker, as far as `channelLines`, and the rest in private; or in private.
    private func reply(_ reply: Reply, to request: IRCSession.Request) {
        let lines = reply.text(server.wording).split(separator: "\n").map(String.init)
        guard let channel = request.channel else {
            for line in lines { say(line, to: request.nick) }
            return
        }
        let inChannel = lines.count <= settings.channelLines ? lines : Array(lines.prefix(settings.channelLines - 1))
        for (index, line) in inChannel.enumerated() { say(index == 0 ? "\(request.nick): \(line)" : line, to: channel) }
        guard inChannel.count < lines.count else { return }
        let rest = server.wording.render(Message(.ircRestInPrivate, ["nick": .text(request.nick)]), in: reply.language)
        say(rest, to: channel)
        for line in lines[inChannel.count...] { say(line, to: request.nick) }
    }

    /// PRIVMSGs of `text` to `target`, cut to fit IRC's lines.
    private func say(_ text: String, to target: String) {
        for piece in IRCText.pieces(of: text, maximumBytes: Self.textBytes) { enqueue(IRCMessage("PRIVMSG", [target, piece])) }
    }

    // MARK: News (EventSink)

    /// Events for linked members, as the registry renders them for a relay
    /// (":member text" lines): each to the nick the member last spoke as.
    func send(_ text: String) {
        for line in text.split(separator: "\n") where line.hasPrefix(":") {
            guard let space = line.firstIndex(of: " "), let member = try? UserName(String(line[line.index(after: line.startIndex)..<space])) else { continue }
            guard let nick = shared.withLock({ $0.nickOf[member] }) else { continue }
            say(String(line[line.index(after: space)...]), to: nick)
        }
    }

    // MARK: Channels lists are announced in

    /// The configured channels, and those some list is announced in ("announce Groceries in #home").
    private func channelsToJoin() async -> [String] {
        let announced = await server.committer.value { bot in (try? bot.store.write(AnnouncedChannels())) ?? [] } ?? []
        server.committer.finished()
        var seen = Set(settings.channels.map(IRCName.key))
        return settings.channels + announced.map(\.value).filter { seen.insert(IRCName.key($0)).inserted }
    }

    /// News of announced lists, committed, said in their channels; a channel
    /// the bot is not in yet is joined first. While the bot is away from
    /// IRC the news is not kept: a channel hears what happens while it is there.
    func announce(_ news: [ChannelNews]) {
        for item in news {
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

    private func enqueue(_ message: IRCMessage, first: Bool = false) {
        let line = message.serialized
        let accepted = shared.withLock { shared -> Bool in
            if first {
                shared.queue.appendUrgent(line)
                return true
            }
            guard shared.queue.count < Self.queueLimit else { return false }
            shared.queue.append(line)
            return true
        }
        if accepted { kick.yield() } else { server.log(.warning, "IRC send queue full: a line was dropped", [:]) }
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

/// Every channel some list is announced in, for the bot to join.
private struct AnnouncedChannels: RepositoryWork {
    func run<Repository: ShoppingRepository>(_ repository: Repository) throws -> [ChannelName] {
        try repository.announcedChannels()
    }
}
