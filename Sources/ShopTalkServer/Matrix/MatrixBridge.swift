import Foundation
import ShopTalkDomain
import ShopTalkJSON
import ShopTalkMatrix
import ShopTalkSession
import ShopTalkStore
import ShopTalkTLS
import ShopTalkTransports
import ShopTalkWording
import Synchronization

/// The household's bot in Matrix rooms, run by the server beside its TCP
/// port and its IRC bot, through the same committer and registry: a linked
/// member's line is applied like any other, answered as a reply to it, and
/// news of shared lists reaches the room the member last spoke in, as a notice.
///
/// What the homeserver says is read by a ``MatrixBot`` value, which decides
/// what to do; this class does the I/O around it: `/sync` long-polls (one
/// HTTP exchange at a time, see `Server.exchange`), the store's links
/// (`matrix:@ana:example.org`), and one send queue that waits out rate
/// limits and resends with the same transaction ID after a failure, so
/// nothing is posted twice. Where the next sync goes on from is kept in the
/// store after each line answered, so a restart neither answers a line
/// again nor misses one.
///
/// `@unchecked Sendable`: `bot`, `token`'s reader and `endpoints` are
/// touched only by the bridge's own task; what deliveries, the send queue
/// and shutdown share is behind `shared`'s lock.
final class MatrixBridge: NewsSink, @unchecked Sendable {
    private let server: Server
    let settings: MatrixSettings
    private let tls: TLSContext?
    private var bot: MatrixBot
    private var endpoints: [UserName: ConversationEndpoint] = [:]
    private let conversation: Int
    private let shared = Mutex(Shared())
    private let kicks: AsyncStream<Void>
    private let kick: AsyncStream<Void>.Continuation
    private(set) lazy var subscriber = Registry.Subscriber(news: self)

    private struct Shared {
        var token: String?
        var outbox: [Outgoing] = []
        /// The room each member last spoke in: where their news goes.
        var roomOf: [UserName: String] = [:]
        /// News already said in a room, by what it tells, so that two
        /// members in one room see one notice of one change.
        var recentNews: [String: ContinuousClock.Instant] = [:]
        var stopped = false
        var open: [Connection] = []
        var sent = 0
        /// Rooms lists are announced in, by alias, once joined.
        var aliases: [String: String] = [:]
    }

    /// An event waiting to be sent, with the transaction ID it keeps through retries.
    private struct Outgoing {
        var room: String
        var content: JSON
        var transaction: String
    }

    /// Kept in the store under these names, with the bot's user ID after them.
    static let syncKey = "matrix.sync:", roomsKey = "matrix.rooms:"
    /// The link kind of Matrix user IDs (`users link NAME matrix:@ana:example.org`).
    static let network = "matrix"
    /// Events waiting beyond this are dropped (with a warning), never the bot.
    static let outboxLimit = 500

    init(server: Server, settings: MatrixSettings, conversation: Int, tls: TLSContext?) {
        self.server = server
        self.settings = settings
        self.conversation = conversation
        self.tls = tls
        bot = MatrixBot(me: settings.user)
        (kicks, kick) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    private var isStopped: Bool { shared.withLock { $0.stopped } }
    private var token: String? { shared.withLock { $0.token } }

    // MARK: Running

    /// Signs in, then syncs and answers until ``stop()``; waits and tries
    /// again (from where it was) whenever the homeserver cannot be reached.
    func run() async {
        let pump = Task(executorPreference: server.reactor) { await self.pump() }
        await restore()
        var delay = 0.5
        while !isStopped {
            if token == nil, await !signIn() {
                await pause(&delay)
                continue
            }
            let request = MatrixAPI.sync(since: bot.since, timeoutMilliseconds: settings.syncTimeoutSeconds * 1_000, token: token ?? "")
            switch await call(request, within: Double(settings.syncTimeoutSeconds) + 30) {
            case .ok(let json)?:
                delay = 0.5
                do {
                    try await take(MatrixSync(json, me: settings.user))
                } catch {
                    server.log(.warning, "Matrix sync answer unreadable", ["error": "\(error)"])
                    await pause(&delay)
                }
            case .rateLimited(let milliseconds)?:
                try? await Task.sleep(for: .milliseconds(milliseconds))
            case .loggedOut?:
                server.log(.warning, "Matrix token no longer valid", ["user": settings.user])
                shared.withLock { $0.token = nil }
                await pause(&delay)
            case .failed(let status, let code, let message)?:
                server.log(.warning, "Matrix sync refused", ["status": status, "errcode": code, "error": message])
                await pause(&delay)
            case nil:
                await pause(&delay)
            }
        }
        pump.cancel()
        kick.finish()
    }

    /// Waits `delay` (unless stopping), and doubles it up to a minute.
    private func pause(_ delay: inout Double) async {
        guard !isStopped else { return }
        try? await Task.sleep(for: .seconds(delay))
        delay = min(delay * 2, 60)
    }

    /// Ends the sync in flight and the sends: the server is shutting down.
    func stop() {
        let open = shared.withLock { shared -> [Connection] in
            shared.stopped = true
            return shared.open
        }
        for connection in open { connection.close(because: "server shutting down") }
        kick.yield()
    }

    /// One request to the homeserver; nil when it could not be reached or
    /// its answer read (logged).
    private func call(_ request: HTTPRequest, within seconds: Double = 30) async -> MatrixOutcome? {
        do {
            var opened: Connection?
            let response = try await server.exchange(request, with: settings.homeserver, tls: tls, within: seconds) { connection in
                opened = connection
                shared.withLock { $0.open.append(connection) }
            }
            shared.withLock { shared in shared.open.removeAll { $0 === opened } }
            return MatrixOutcome(response)
        } catch {
            shared.withLock { shared in shared.open.removeAll { $0.isClosed } }
            if !isStopped { server.log(.warning, "cannot reach the Matrix homeserver", ["homeserver": "\(settings.homeserver)", "error": error.description]) }
            return nil
        }
    }

    /// Logs in with the password, or checks the token: true once the bot knows its token is good.
    private func signIn() async -> Bool {
        let request: HTTPRequest, given: String?
        switch settings.secret {
        case .password(let password): (request, given) = (MatrixAPI.login(user: settings.user, password: password), nil)
        case .accessToken(let token): (request, given) = (MatrixAPI.whoAmI(token: token), token)
        }
        let outcome = await call(request)
        guard case .ok(let json)? = outcome else {
            switch outcome {
            case .rateLimited(let milliseconds)?:
                server.log(.info, "Matrix rate limit: waiting to sign in", ["ms": milliseconds])
                try? await Task.sleep(for: .milliseconds(milliseconds))
            case .failed(let status, let code, let message)?:
                server.log(.error, "Matrix sign-in refused", ["user": settings.user, "status": status, "errcode": code, "error": message])
            case .loggedOut?:
                server.log(.error, "Matrix sign-in refused: the access token is not valid", ["user": settings.user])
            default:
                break // unreachable: logged by `call`
            }
            return false
        }
        guard let token = given ?? json["access_token"]?.stringValue, json["user_id"]?.stringValue == settings.user else {
            server.log(.error, "Matrix sign-in answered for another user", ["user": settings.user, "answered": json["user_id"]?.stringValue ?? "?"])
            return false
        }
        shared.withLock { $0.token = token }
        server.log(.info, "Matrix ready", ["homeserver": "\(settings.homeserver)", "user": settings.user])
        kick.yield()
        return true
    }

    // MARK: What a sync said

    private func take(_ sync: MatrixSync) async {
        for room in bot.roomsOfUnknownSize(in: sync) {
            if case .ok(let json)? = await call(MatrixAPI.joinedMembers(room, token: token ?? "")) {
                bot.roomHas(room, members: json["joined"]?.objectMembers.count ?? 0)
            }
        }
        for action in bot.take(sync) {
            switch action {
            case .join(let room, let inviter):
                await join(room, invitedBy: inviter)
            case .answer(let line):
                await answer(line)
                bot.answered(line)
                await save()
            case .tellEncrypted(let room):
                let words = server.wording.render(Message(.matrixEncryptedRoom), in: server.grammars.defaultLanguage)
                enqueue(MatrixBot.notice(words), to: room)
            }
        }
        bot.finishBatch()
        await save()
    }

    /// Joins a room a linked member invited the bot to; an invitation from anyone else is left unanswered.
    private func join(_ room: String, invitedBy inviter: String) async {
        guard await member(of: inviter) != nil else {
            return server.log(.info, "Matrix invitation from an unlinked user left unanswered", ["room": room, "from": inviter])
        }
        guard case .ok? = await call(MatrixAPI.join(room, token: token ?? "")) else {
            return server.log(.warning, "cannot join a Matrix room", ["room": room, "invited_by": inviter])
        }
        server.log(.info, "Matrix room joined", ["room": room, "invited_by": inviter])
    }

    /// The member a Matrix user speaks for, and the language they are spoken to in.
    private func member(of user: String) async -> (UserName, String)? {
        let found = await server.committer.value { bot -> (UserName, String)? in
            guard let member = (try? bot.store.accountBook.member(linkedAs: user, on: Self.network)) ?? nil else { return nil }
            return (member, bot.language(of: member))
        } ?? nil
        server.committer.finished()
        return found
    }

    /// A line said to the bot: applied for the member its sender speaks
    /// for, and answered once committed; a sender linked to no one is told
    /// once how to be linked, and changes nothing.
    private func answer(_ line: MatrixBot.Line) async {
        guard let (member, language) = await member(of: line.sender) else {
            guard bot.shouldTellStranger(line.sender) else { return }
            let words = server.wording.render(Message(.matrixNotLinked, ["user": .text(line.sender)]), in: server.grammars.defaultLanguage)
            return enqueue(MatrixBot.reply(words, to: line), to: line.room, answering: line.eventID)
        }
        let moved = shared.withLock { shared in
            defer { shared.roomOf[member] = line.room }
            return shared.roomOf[member] != line.room
        }
        if moved { await saveRooms() }
        server.registry.subscribe(subscriber, to: member)
        var endpoint = endpoints[member] ?? server.botEndpoint(for: member, language: language)
        defer { endpoints[member] = endpoint }
        await server.take(line.text, through: &endpoint, conversation: conversation) { outcome in
            switch outcome {
            case .answer(let refused):
                enqueue(MatrixBot.reply(refused.text(server.wording), to: line), to: line.room, answering: line.eventID)
            case .applied(let news, let reply):
                // News kept for the speaker since they last spoke, before the answer.
                let kept = news.map { $0.text(server.wording) }.joined(separator: "\n")
                if !kept.isEmpty { enqueue(MatrixBot.notice(kept), to: line.room) }
                enqueue(MatrixBot.reply(reply.text(server.wording), to: line), to: line.room, answering: line.eventID)
            }
        }
    }

    // MARK: News (NewsSink)

    /// News for a linked member, committed: a notice in the room they last
    /// spoke in, in their language. Members in one room who read a change
    /// in the same language see one notice of it.
    func deliver(_ events: [Event], to member: UserName) {
        let now = ContinuousClock.now
        for event in events {
            let room: String? = shared.withLock { shared in
                guard let room = shared.roomOf[member] else { return nil }
                if shared.recentNews.count > 200 { shared.recentNews = shared.recentNews.filter { now - $0.value < .seconds(30) } }
                let key = [room, event.name, event.language, event.data.serialized].joined(separator: "\u{1F}")
                if let seen = shared.recentNews[key], now - seen < .seconds(30) { return nil }
                shared.recentNews[key] = now
                return room
            }
            if let room { enqueue(MatrixBot.notice(event.text(server.wording)), to: room) }
        }
    }

    // MARK: Rooms lists are announced in

    /// News of announced lists, committed, for the rooms whose aliases they
    /// are announced in ("announce Groceries in #family:example.org"): a
    /// notice each, sent once the bot has joined the room by its alias.
    /// While the bot is away the news is not kept, as in an IRC channel.
    func announce(_ news: [ChannelNews]) {
        for item in news where ChannelName.isMatrixRoom(item.channel) {
            enqueue(MatrixBot.notice(item.event.text(server.wording)), to: item.channel)
        }
    }

    /// The room an alias names, joined: the homeserver answers a join by
    /// alias with the room's ID (and joins a public room, or one the bot
    /// was invited to).
    private enum AliasedRoom {
        case room(String)
        /// A rate limit: try again after this long.
        case wait(milliseconds: Int)
        /// Refused, or out of reach: logged.
        case none
    }

    private func room(aliased alias: String, token: String) async -> AliasedRoom {
        if let known = shared.withLock({ $0.aliases[alias] }) { return .room(known) }
        let outcome = await call(MatrixAPI.join(alias, token: token))
        if case .rateLimited(let milliseconds)? = outcome { return .wait(milliseconds: milliseconds) }
        guard case .ok(let json)? = outcome, let room = json["room_id"]?.stringValue else {
            server.log(.warning, "cannot join the Matrix room a list is announced in", ["alias": alias, "answer": outcome.map { "\($0)" } ?? "none"])
            return .none
        }
        shared.withLock { $0.aliases[alias] = room }
        return .room(room)
    }

    // MARK: Kept in the store

    /// Where the last run stopped, and the rooms members last spoke in (their news goes there).
    private func restore() async {
        let (sync, rooms) = await server.committer.value { bot in
            let book = bot.store.accountBook
            return ((try? book.botState(Self.syncKey + self.settings.user)) ?? nil, (try? book.botState(Self.roomsKey + self.settings.user)) ?? nil)
        } ?? (nil, nil)
        server.committer.finished()
        bot = MatrixBot(me: settings.user, saved: sync)
        var roomOf: [UserName: String] = [:]
        for line in (rooms ?? "").split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2, let member = try? UserName(String(parts[0])) { roomOf[member] = String(parts[1]) }
        }
        shared.withLock { $0.roomOf = roomOf }
        for member in roomOf.keys { server.registry.subscribe(subscriber, to: member) }
    }

    private func save() async {
        let (key, value) = (Self.syncKey + settings.user, bot.saved)
        let saved = await server.committer.value { bot in (try? bot.store.accountBook.setBotState(value, for: key)) != nil } ?? false
        server.committer.finished()
        if !saved { server.log(.error, "cannot keep where the Matrix sync stopped", ["user": settings.user]) }
    }

    private func saveRooms() async {
        let value = shared.withLock { $0.roomOf.map { "\($0.key.value)\t\($0.value)" }.sorted().joined(separator: "\n") }
        let key = Self.roomsKey + settings.user
        _ = await server.committer.value { bot in try? bot.store.accountBook.setBotState(value, for: key) }
        server.committer.finished()
    }

    // MARK: Sending

    /// Queues an event for a room. An answer's transaction ID comes from the
    /// line it answers, so answering it again after a restart posts nothing new.
    private func enqueue(_ content: JSON, to room: String, answering eventID: String? = nil) {
        let accepted = shared.withLock { shared -> Bool in
            guard shared.outbox.count < Self.outboxLimit else { return false }
            shared.sent += 1
            let transaction = eventID.map { "re" + MatrixAPI.percentEncoded($0) } ?? "st\(Self.runID)-\(shared.sent)"
            shared.outbox.append(Outgoing(room: room, content: content, transaction: transaction))
            return true
        }
        if accepted { kick.yield() } else { server.log(.warning, "Matrix send queue full: a message was dropped", ["room": room]) }
    }

    /// Tells this run's transactions from an earlier run's.
    private static let runID = String(UInt64(Date().timeIntervalSince1970 * 1_000), radix: 36)

    /// Sends what waits, one at a time, in order: a rate limit is waited
    /// out, a homeserver out of reach is tried again (the same transaction),
    /// and an event the homeserver refuses is dropped with a warning.
    private func pump() async {
        for await _ in kicks {
            var delay = 0.5
            while !isStopped, let (next, token) = shared.withLock({ shared in shared.outbox.first.map { ($0, shared.token) } }) {
                guard let token else { break } // signing in again: kicked once done
                var room = next.room
                if room.hasPrefix("#") {
                    switch await self.room(aliased: room, token: token) {
                    case .room(let joined):
                        room = joined
                    case .wait(let milliseconds):
                        try? await Task.sleep(for: .milliseconds(max(milliseconds, 50)))
                        continue
                    case .none:
                        shared.withLock { _ = $0.outbox.removeFirst() }
                        continue
                    }
                }
                switch await call(MatrixAPI.send(next.content, to: room, transaction: next.transaction, token: token)) {
                case .ok?:
                    delay = 0.5
                    shared.withLock { _ = $0.outbox.removeFirst() }
                case .rateLimited(let milliseconds)?:
                    server.log(.info, "Matrix rate limit: waiting", ["ms": milliseconds])
                    try? await Task.sleep(for: .milliseconds(max(milliseconds, 50)))
                case .loggedOut?:
                    shared.withLock { $0.token = nil }
                case .failed(let status, let code, let message)?:
                    server.log(.warning, "Matrix refused a message: dropped", ["room": next.room, "status": status, "errcode": code, "error": message])
                    shared.withLock { _ = $0.outbox.removeFirst() }
                case nil:
                    await pause(&delay)
                }
            }
        }
    }
}
