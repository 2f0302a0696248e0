import Foundation
import ShopTalkAccounts
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
/// nothing is posted twice.
///
/// What it must send is kept in the store's outbox (``OutgoingMessage``)
/// in the transaction of the change it tells of: a line's answer with the
/// line's change, and the line marked answered there too; news in the
/// transaction that takes it from the member's events. A message leaves the
/// outbox once the homeserver has taken it. A stop — SIGTERM, after a few
/// seconds of sending what waits, or a kill — leaves the rest in the store,
/// and the next start sends it with the same transaction IDs, which the
/// homeserver deduplicates: no change goes untold, none is told twice, and
/// no line is answered (or applied) again.
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
    /// Where a password login's token is kept for the next start.
    private let keptToken: KeptMatrixToken?
    private let shared = Mutex(Shared())
    private let kicks: AsyncStream<Void>
    private let kick: AsyncStream<Void>.Continuation
    private(set) lazy var subscriber = Registry.Subscriber(news: self)

    private struct Shared {
        var token: String?
        var outbox: [Outgoing] = []
        /// Stopping: no more syncs; what waits is sent a little longer.
        var stopping = false
        /// The long poll in flight, closed first when stopping.
        var syncing: Connection?
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
        /// Link codes given to strangers, and the rooms they invited the bot to.
        var links = MatrixLinkDesk()
        /// Where each stranger asked for a code: told there once linked.
        var askedIn: [String: String] = [:]
        /// When the inviters waiting were last looked up as linked.
        var invitationsChecked: ContinuousClock.Instant?
        /// The Matrix user each member last spoke as, and the rooms of a
        /// member and the bot alone: news for one person in a room others
        /// read too names them (see `prepare`).
        var userOf: [UserName: String] = [:]
        var privateRooms: Set<String> = []
        /// When each member last spoke here, in the room ``roomOf`` says: the
        /// answer there said what they changed, so the room is not told again.
        var spokeAt: [UserName: ContinuousClock.Instant] = [:]
    }

    /// News that speaks to its reader ("… shared Groceries with you"): in a
    /// room others read too, it names whom it concerns.
    private static let personalNews: Set<MessageKey> = [.eventShared, .eventUnshared, .eventPermission, .eventMadeAdmin, .eventAssignedYou]

    /// An event waiting to be sent, as kept in the store (its row, the
    /// transaction ID it keeps through retries and restarts), and its content.
    private struct Outgoing {
        var message: OutgoingMessage
        var content: JSON
        var room: String { message.target }
    }

    /// Kept in the store under these names, with the bot's user ID after them.
    static let syncKey = "matrix.sync:", roomsKey = "matrix.rooms:", invitationsKey = "matrix.invitations:"
    /// How often the strangers whose invitations wait are looked up as linked.
    static let invitationCheckInterval: Duration = .seconds(20)
    /// The link kind of Matrix user IDs (`users link NAME matrix:@ana:example.org`).
    static let network = "matrix"
    /// Events waiting in memory beyond this stay in the store only, for the next start.
    static let outboxLimit = 500
    /// How long a stop goes on sending what waits.
    static let drainTime: Duration = .seconds(5)

    /// Who the outbox's rows of this bot are from.
    private var sender: String { "matrix:" + settings.user }

    init(server: Server, settings: MatrixSettings, conversation: Int, tls: TLSContext?) {
        self.server = server
        self.settings = settings
        self.conversation = conversation
        self.tls = tls
        keptToken = KeptMatrixToken.standard(homeserver: "\(settings.homeserver)", user: settings.user)
        bot = MatrixBot(me: settings.user)
        (kicks, kick) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    private var isStopped: Bool { shared.withLock { $0.stopped } }
    private var isStopping: Bool { shared.withLock { $0.stopping || $0.stopped } }
    private var token: String? { shared.withLock { $0.token } }

    // MARK: Running

    /// Signs in, then syncs and answers until ``stop()``; waits and tries
    /// again (from where it was) whenever the homeserver cannot be reached.
    func run() async {
        let pump = Task(executorPreference: server.reactor) { await self.pump() }
        await restore()
        var delay = 0.5
        while !isStopping {
            if token == nil, await !signIn() {
                await pause(&delay)
                continue
            }
            let request = MatrixAPI.sync(since: bot.since, timeoutMilliseconds: settings.syncTimeoutSeconds * 1_000, token: token ?? "")
            let answer = await call(request, within: Double(settings.syncTimeoutSeconds) + 30, isSync: true)
            guard !isStopping else { break }
            switch answer {
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
        // The pump goes on until `stop()` has let what waits go out.
        while !isStopped { try? await Task.sleep(for: .milliseconds(20)) }
        pump.cancel()
        kick.finish()
    }

    /// Waits `delay` (unless stopped), and doubles it up to a minute.
    private func pause(_ delay: inout Double) async {
        guard !isStopped else { return }
        try? await Task.sleep(for: .seconds(delay))
        delay = min(delay * 2, 60)
    }

    /// The server is shutting down: ends the sync in flight (no line is
    /// taken any more), goes on sending what waits for at most
    /// ``drainTime``, then ends the sends. What is left waits in the store
    /// for the next start. Called from the signal's thread; returns once done.
    func stop() {
        let syncing = shared.withLock { shared -> Connection? in
            shared.stopping = true
            return shared.syncing
        }
        syncing?.close(because: "server shutting down")
        kick.yield()
        let deadline = ContinuousClock.now + Self.drainTime
        while ContinuousClock.now < deadline, shared.withLock({ !$0.outbox.isEmpty && $0.token != nil }) { usleep(20_000) }
        let (open, left) = shared.withLock { shared -> ([Connection], Int) in
            shared.stopped = true
            return (shared.open, shared.outbox.count)
        }
        if left > 0 { server.log(.info, "Matrix messages left to send on the next start", ["messages": left]) }
        for connection in open { connection.close(because: "server shutting down") }
        kick.yield()
    }

    /// One request to the homeserver; nil when it could not be reached or
    /// its answer read (logged).
    private func call(_ request: HTTPRequest, within seconds: Double = 30, isSync: Bool = false) async -> MatrixOutcome? {
        do {
            var opened: Connection?
            let response = try await server.exchange(request, with: settings.homeserver, tls: tls, within: seconds) { connection in
                opened = connection
                shared.withLock { shared in
                    shared.open.append(connection)
                    if isSync { shared.syncing = connection }
                }
            }
            shared.withLock { shared in
                shared.open.removeAll { $0 === opened }
                if isSync { shared.syncing = nil }
            }
            return MatrixOutcome(response)
        } catch {
            shared.withLock { shared in
                shared.open.removeAll { $0.isClosed }
                if isSync { shared.syncing = nil }
            }
            if !isStopping { server.log(.warning, "cannot reach the Matrix homeserver", ["homeserver": "\(settings.homeserver)", "error": error.description]) }
            return nil
        }
    }

    /// Checks the token given, or the one a password login kept from an
    /// earlier run; logs in with the password only when there is none or
    /// the homeserver refuses it. True once the bot knows its token is good.
    private func signIn() async -> Bool {
        let request: HTTPRequest, given: String?, how: String
        switch settings.secret {
        case .password(let password):
            if let kept = keptToken?.read() {
                switch await call(MatrixAPI.whoAmI(token: kept)) {
                case .ok(let json)? where json["user_id"]?.stringValue == settings.user:
                    return await ready(token: kept, how: "kept")
                case .loggedOut?, .ok?, .failed(401, _, _)?, .failed(403, _, _)?:
                    keptToken?.remove()
                case .rateLimited(let milliseconds)?:
                    try? await Task.sleep(for: .milliseconds(milliseconds))
                    return false
                case .failed?, nil:
                    return false // out of reach, or refused for another reason: the token is tried again
                }
            }
            (request, given, how) = (MatrixAPI.login(user: settings.user, password: password), nil, "login")
        case .accessToken(let token): (request, given, how) = (MatrixAPI.whoAmI(token: token), token, "given")
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
        if given == nil { keptToken?.write(token) }
        return await ready(token: token, how: how)
    }

    /// Signed in with `token`: the name the bot goes by is asked, and what waits is sent.
    private func ready(token: String, how: String) async -> Bool {
        shared.withLock { $0.token = token }
        // The name people type for the bot, and Element shows in a pill.
        if case .ok(let profile)? = await call(MatrixAPI.displayName(of: settings.user, token: token)) {
            bot.displayName = profile["displayname"]?.stringValue
        }
        server.log(.info, "Matrix ready", ["homeserver": "\(settings.homeserver)", "user": settings.user, "token": how])
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
        // The answers to a message's lines, kept as each is applied, go out together once its last line is.
        var held: [Outgoing] = []
        for action in bot.take(sync) {
            switch action {
            case .join(let room, let inviter):
                await join(room, invitedBy: inviter)
            case .answer(let line):
                // Answered once its answer is in the outbox, with the line's change (see `answer`).
                held += await answer(line)
                if line.isLast {
                    enqueue(held)
                    held = []
                }
            case .refuseEdit(let line):
                await refuseEdit(line)
            case .left(let room, let user):
                await left(room, user: user)
            case .tellEncrypted(let room):
                let words = server.wording.render(Message(.matrixEncryptedRoom), in: server.grammars.defaultLanguage)
                await send(notice(words), to: room)
            }
        }
        bot.finishBatch()
        await save()
        await joinRoomsOfLinkedInviters()
    }

    /// Joins the rooms a stranger invited the bot to once a member linked
    /// them, whichever way: `link matrix CODE` joins at once, and a link
    /// made from the command line (`shoptalk users link`) is found here,
    /// every ``invitationCheckInterval`` at most.
    private func joinRoomsOfLinkedInviters() async {
        let now = ContinuousClock.now
        let inviters = shared.withLock { shared -> [String] in
            guard !shared.links.inviters.isEmpty, shared.invitationsChecked.map({ now - $0 >= Self.invitationCheckInterval }) ?? true else { return [] }
            shared.invitationsChecked = now
            return shared.links.inviters
        }
        var joined = false
        for inviter in inviters where await member(of: inviter) != nil {
            for room in shared.withLock({ $0.links.invitations(of: inviter) }) { await join(room, invitedBy: inviter) }
            joined = true
        }
        if joined { await saveInvitations() }
    }

    /// Joins a room a linked member invited the bot to; an invitation from anyone else is left unanswered.
    private func join(_ room: String, invitedBy inviter: String) async {
        guard await member(of: inviter) != nil else {
            // Joined once the inviter is linked, from Matrix ("link", confirmed by a member) or the command line.
            shared.withLock { $0.links.invited(to: room, by: inviter) }
            await saveInvitations()
            return server.log(.info, "Matrix invitation from an unlinked user left unanswered", ["room": room, "from": inviter])
        }
        var outcome = await call(MatrixAPI.join(room, token: token ?? ""))
        var attempt = 1
        // The invitation comes in one sync answer: a join the homeserver put off is tried again, or it is lost.
        while !isStopping, let wait = MatrixOutcome.retryDelay(after: outcome, attempt: attempt) {
            server.log(.info, "Matrix join put off: trying again", ["room": room, "attempt": attempt, "wait_ms": Int(wait / .milliseconds(1))])
            try? await Task.sleep(for: wait)
            attempt += 1
            outcome = await call(MatrixAPI.join(room, token: token ?? ""))
        }
        guard case .ok? = outcome else {
            return server.log(.warning, "cannot join a Matrix room", ["room": room, "invited_by": inviter, "answer": outcome.map { "\($0)" } ?? "none"])
        }
        server.log(.info, "Matrix room joined", ["room": room, "invited_by": inviter])
    }

    /// The member a Matrix user speaks for, and the language they are spoken to in.
    private func member(of user: String) async -> (UserName, String)? {
        let found = await server.committer.value { bot -> (UserName, String)? in
            guard let member = (try? bot.accountBook.member(linkedAs: user, on: Self.network)) ?? nil else { return nil }
            return (member, bot.language(of: member))
        } ?? nil
        server.committer.finished()
        return found
    }

    /// A line said to the bot: applied for the member its sender speaks
    /// for, and answered once committed; a sender linked to no one is told
    /// once how to be linked, and changes nothing. Its answer waits in the
    /// outbox from the transaction that applies the line, which also marks
    /// it answered: after a stop at any moment it is neither lost nor applied twice.
    ///
    /// Returns what is kept to be sent, for the caller to send with the
    /// answers to the message's other lines.
    private func answer(_ line: MatrixBot.Line) async -> [Outgoing] {
        var after = bot
        after.answered(line)
        let answered = after.saved
        bot.answered(line)
        guard let (member, language) = await member(of: line.sender) else {
            if MatrixLinkDesk.isRequest(line.text) { return await offerCode(answering: line, state: answered) }
            guard bot.shouldTellStranger(line.sender) else {
                await save()
                return []
            }
            let words = server.wording.render(Message(.matrixNotLinked, ["user": .text(line.sender)]), in: server.grammars.defaultLanguage)
            return await keepAlone(MatrixBot.reply(words, to: line), to: line.room, answering: line.id, state: answered)
        }
        // The bot's name alone ("shopbot?"): a hello, in the member's language.
        guard !line.text.isEmpty else {
            let words = server.wording.render(Message(.matrixHello), in: language)
            return await keepAlone(MatrixBot.reply(words, to: line), to: line.room, answering: line.id, state: answered)
        }
        let moved = shared.withLock { shared in
            defer { shared.roomOf[member] = line.room }
            shared.userOf[member] = line.sender
            shared.spokeAt[member] = .now
            if line.inPrivate { shared.privateRooms.insert(line.room) } else { shared.privateRooms.remove(line.room) }
            return shared.roomOf[member] != line.room
        }
        if moved { await saveRooms() }
        server.registry.subscribe(subscriber, to: member)
        var endpoint = endpoints[member] ?? server.botEndpoint(for: member, language: language)
        defer { endpoints[member] = endpoint }
        let kept = Mutex<[Outgoing]>([])
        let stateKey = Self.syncKey + settings.user
        var refused: Reply?
        await server.take(line.text, through: &endpoint, conversation: conversation, keep: { [self] bot, news, reply in
            // News kept for the speaker since they last spoke, before the answer.
            let told = news.map { $0.text(server.wording) }.joined(separator: "\n")
            // In a room others read too, it says whom it is for.
            let content = line.inPrivate ? notice(told) : MatrixBot.naming(line.sender, shown: member.value, in: notice(told))
            var messages = told.isEmpty ? [] : [outgoing(content, to: line.room)]
            messages.append(outgoing(MatrixBot.reply(reply.text(server.wording), to: line), to: line.room, answering: line.id))
            kept.withLock { $0 = keep(messages, in: bot) }
            try? bot.accountBook.setBotState(answered, for: stateKey)
        }) { outcome in
            if case .answer(let reply) = outcome { refused = reply }
        }
        if let refused {
            return await keepAlone(MatrixBot.reply(refused.text(server.wording), to: line), to: line.room, answering: line.id, state: answered)
        }
        return kept.withLock { $0 }
    }

    /// `user` left `room` (or the bot did): members whose news went there
    /// get it kept in the store, and read it before the answer to their
    /// next line, wherever they say it.
    private func left(_ room: String, user: String) async {
        let whose: UserName? = user == settings.user ? nil : await member(of: user)?.0
        guard user == settings.user || whose != nil else { return }
        let gone = shared.withLock { shared -> [UserName] in
            let gone = shared.roomOf.filter { $0.value == room && (whose == nil || $0.key == whose) }.map(\.key)
            for member in gone { shared.roomOf[member] = nil }
            return gone
        }
        guard !gone.isEmpty else { return }
        for member in gone { server.registry.unsubscribe(subscriber, from: member) }
        await saveRooms()
        server.log(.info, "Matrix room left: news kept for the next line", ["room": room, "user": user, "members": gone.count])
    }

    // MARK: Linking from Matrix

    /// A stranger said "link": a one-time code, which a member says from a
    /// session already logged in (`link matrix CODE`) to make the asker
    /// theirs. 40 random bits, 8 letters and digits, for ten minutes.
    private func offerCode(answering line: MatrixBot.Line, state: String) async -> [Outgoing] {
        let code = Secrets.generatePassword(bytes: 5)
        let offered = shared.withLock { shared -> Bool in
            guard shared.links.mayOffer(to: line.sender, now: .now) else { return false }
            shared.links.keep(code: code, for: line.sender, now: .now)
            if shared.askedIn.count > 1_000 { shared.askedIn = [:] }
            shared.askedIn[line.sender] = line.room
            return true
        }
        guard offered || bot.shouldTellStranger(line.sender) else {
            await save()
            return []
        }
        let words = server.wording.render(offered ? Message(.matrixLinkCode, ["code": .text(code)]) : Message(.ircLinkBusy), in: server.grammars.defaultLanguage)
        return await keepAlone(MatrixBot.reply(words, to: line), to: line.room, answering: line.id, state: state)
    }

    /// A member said `link matrix CODE`: links the Matrix user who asked
    /// for the code to them, tells that user in the room they asked in, and
    /// joins the rooms they invited the bot to before. The user linked, or
    /// nil for a code unknown or expired.
    func confirmLink(code: String, for member: UserName) async -> String? {
        guard let user = shared.withLock({ $0.links.take(code: code, now: .now) }) else { return nil }
        let now = server.now()
        let linked = await server.committer.value { bot in
            (try? bot.accountBook.addLink(member, network: Self.network, name: user, key: user, at: now)) ?? false
        } ?? false
        server.committer.finished()
        guard linked else { return nil }
        server.log(.info, "Matrix user linked", ["member": member.value, "user": user])
        let (room, invitations) = shared.withLock { ($0.askedIn.removeValue(forKey: user), $0.links.invitations(of: user)) }
        let language = await self.member(of: user)?.1 ?? server.grammars.defaultLanguage
        if let room {
            await send(notice(server.wording.render(Message(.matrixLinked, ["user": .text(user), "name": .text(member.value)]), in: language)), to: room)
        }
        for invited in invitations { await join(invited, invitedBy: user) }
        if !invitations.isEmpty { await saveInvitations() }
        return user
    }

    /// An edit of a line said to the bot: not applied (what it changed may
    /// be half done, or done by someone since), and its sender is told to
    /// say it again. Nothing is said to a stranger.
    private func refuseEdit(_ line: MatrixBot.Line) async {
        var after = bot
        after.answered(line)
        bot.answered(line)
        guard let (_, language) = await member(of: line.sender) else { return await save() }
        let words = server.wording.render(Message(.matrixEditNotApplied, ["line": .text(line.text)]), in: language)
        enqueue(await keepAlone(MatrixBot.reply(words, to: line), to: line.room, answering: line.id, state: after.saved))
    }

    // MARK: News (NewsSink)

    func spokeLast(_ member: UserName) -> ContinuousClock.Instant? { shared.withLock { $0.spokeAt[member] } }

    /// News for a linked member: a notice in the room they last spoke in,
    /// in their language, kept in the outbox in the transaction that takes
    /// it from their events. Members in one room who read a change in the
    /// same language see one notice of it.
    func prepare(_ events: [Event], for member: UserName, in bot: Bot) -> Committer.Delivery? {
        let now = ContinuousClock.now
        var messages: [Outgoing] = []
        for event in events {
            let personal = if case .message(let message) = event.saying { Self.personalNews.contains(message.key) } else { false }
            let found: (room: String, user: String?, inPrivate: Bool)? = shared.withLock { shared in
                guard let room = shared.roomOf[member] else { return nil }
                // "bob added 2 eggs", where bob's own answer just said so: the room read it once already.
                if !personal, let actor = event.data["by"]?.stringValue,
                   let name = try? UserName(actor), shared.roomOf[name] == room, let spoke = shared.spokeAt[name], now - spoke < .seconds(30) {
                    return nil
                }
                if shared.recentNews.count > 200 { shared.recentNews = shared.recentNews.filter { now - $0.value < .seconds(30) } }
                let key = [room, event.name, event.language, event.data.serialized].joined(separator: "\u{1F}")
                if let seen = shared.recentNews[key], now - seen < .seconds(30) { return nil }
                shared.recentNews[key] = now
                return (room, shared.userOf[member], shared.privateRooms.contains(room))
            }
            guard let found else { continue }
            var content = notice(event.text(server.wording))
            if !found.inPrivate, personal {
                content = MatrixBot.naming(found.user ?? member.value, shown: member.value, in: content)
            }
            messages.append(outgoing(content, to: found.room))
        }
        guard !messages.isEmpty else { return nil }
        let kept = keep(messages, in: bot)
        return { [self] in enqueue(kept) }
    }

    // MARK: Rooms lists are announced in

    /// News of announced lists for the rooms whose aliases they are
    /// announced in ("announce Groceries in #family:example.org"), kept in
    /// the outbox in the transaction of the change: a notice each, sent once
    /// the bot has joined the room by its alias.
    func keep(announcements news: [ChannelNews], in bot: Bot) -> [OutgoingMessage] {
        let messages = news.filter { ChannelName.isMatrixRoom($0.channel) }.map { outgoing(notice($0.event.text(server.wording)), to: $0.channel) }
        return keep(messages, in: bot).map(\.message)
    }

    /// Announcements kept with their change, once it is committed.
    func send(_ announcements: [OutgoingMessage]) {
        enqueue(announcements.compactMap { message in (try? JSONReader.object(message.body)).map { Outgoing(message: message, content: $0) } })
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

    /// Where the last run stopped, the rooms members last spoke in (their
    /// news goes there), and what it left to send.
    private func restore() async {
        let sender = sender
        let (sync, rooms, invitations, unsent) = await server.committer.value { bot -> (String?, String?, String?, [OutgoingMessage]) in
            let book = bot.accountBook
            return ((try? book.botState(Self.syncKey + self.settings.user)) ?? nil, (try? book.botState(Self.roomsKey + self.settings.user)) ?? nil,
                    (try? book.botState(Self.invitationsKey + self.settings.user)) ?? nil, (try? book.outgoing(from: sender)) ?? [])
        } ?? (nil, nil, nil, [])
        server.committer.finished()
        if !unsent.isEmpty { server.log(.info, "Matrix messages left unsent by the last run: sending them", ["messages": unsent.count]) }
        send(unsent)
        bot = MatrixBot(me: settings.user, saved: sync)
        var roomOf: [UserName: String] = [:]
        for line in (rooms ?? "").split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2, let member = try? UserName(String(parts[0])) { roomOf[member] = String(parts[1]) }
        }
        shared.withLock {
            $0.roomOf = roomOf
            $0.links.restoreInvitations(invitations ?? "")
        }
        for member in roomOf.keys { server.registry.subscribe(subscriber, to: member) }
    }

    private func save() async {
        let (key, value) = (Self.syncKey + settings.user, bot.saved)
        let saved = await server.committer.value { bot in (try? bot.accountBook.setBotState(value, for: key)) != nil } ?? false
        server.committer.finished()
        if !saved { server.log(.error, "cannot keep where the Matrix sync stopped", ["user": settings.user]) }
    }

    private func saveInvitations() async {
        let value = shared.withLock { $0.links.savedInvitations }
        let key = Self.invitationsKey + settings.user
        _ = await server.committer.value { bot in try? bot.accountBook.setBotState(value, for: key) }
        server.committer.finished()
    }

    private func saveRooms() async {
        let value = shared.withLock { $0.roomOf.map { "\($0.key.value)\t\($0.value)" }.sorted().joined(separator: "\n") }
        let key = Self.roomsKey + settings.user
        _ = await server.committer.value { bot in try? bot.accountBook.setBotState(value, for: key) }
        server.committer.finished()
    }

    // MARK: Sending

    /// News, or a word to the room: a notice, or a plain message where the settings say so.
    private func notice(_ text: String) -> JSON { MatrixBot.notice(text, asText: settings.newsAsText) }

    /// An event for a room, as the outbox keeps it. An answer's transaction
    /// ID comes from the line it answers, so answering it again posts nothing
    /// new; other events get one of this run's.
    private func outgoing(_ content: JSON, to room: String, answering eventID: String? = nil) -> Outgoing {
        let transaction = eventID.map { "re" + MatrixAPI.percentEncoded($0) } ?? shared.withLock { shared in
            shared.sent += 1
            return "st\(Self.runID)-\(shared.sent)"
        }
        return Outgoing(message: OutgoingMessage(sender: sender, target: room, body: content.serialized, transaction: transaction), content: content)
    }

    /// Keeps `messages` in the store's outbox, in the caller's transaction.
    private func keep(_ messages: [Outgoing], in bot: Bot) -> [Outgoing] {
        messages.map { outgoing in
            var kept = outgoing
            kept.message.id = try? bot.accountBook.keepOutgoing(outgoing.message)
            return kept
        }
    }

    /// Sends an event that goes with no change (a word to a stranger, a
    /// refusal, "this room is encrypted"): kept in the outbox first, in a
    /// transaction of its own, which also keeps `state` (the line it answers
    /// marked answered) when given.
    private func send(_ content: JSON, to room: String, answering eventID: String? = nil, state: String? = nil) async {
        enqueue(await keepAlone(content, to: room, answering: eventID, state: state))
    }

    /// The same, kept and returned, for the caller to send.
    private func keepAlone(_ content: JSON, to room: String, answering eventID: String? = nil, state: String? = nil) async -> [Outgoing] {
        let message = outgoing(content, to: room, answering: eventID)
        let key = Self.syncKey + settings.user
        let kept = await server.committer.value { [self] bot in
            if let state { try? bot.accountBook.setBotState(state, for: key) }
            return keep([message], in: bot)
        }
        server.committer.finished()
        return kept ?? [message]
    }

    /// Puts kept messages in the send queue. Beyond ``outboxLimit`` they
    /// wait in the store alone, for the next start.
    private func enqueue(_ messages: [Outgoing]) {
        guard !messages.isEmpty else { return }
        let accepted = shared.withLock { shared -> Int in
            let room = max(0, Self.outboxLimit - shared.outbox.count)
            shared.outbox += messages.prefix(room)
            return min(room, messages.count)
        }
        if accepted < messages.count {
            server.log(.warning, "Matrix send queue full: messages wait in the store for the next start", ["messages": messages.count - accepted])
        }
        kick.yield()
    }

    /// A message sent, or given up on: it leaves the outbox, in memory and in the store.
    private func done(with message: OutgoingMessage) async {
        shared.withLock { _ = $0.outbox.removeFirst() }
        guard let id = message.id else { return }
        _ = await server.committer.value { bot in try? bot.accountBook.removeOutgoing(id) }
        server.committer.finished()
    }

    /// What goes out next as one message: the first waiting, and the
    /// answers after it in the same room (a pasted list's lines, and when
    /// the bot is behind — a family typing at once, a rate limit — the
    /// answers to others' lines too), so that the room reads one message,
    /// not a queue of them. A batch sent before is made again as it was:
    /// its messages keep its transaction ID in the store (``keepBatch(_:)``).
    private static func batch(from outbox: [Outgoing]) -> [Outgoing] {
        guard let first = outbox.first, MatrixBot.answered(by: first.content) != nil else { return Array(outbox.prefix(1)) }
        if first.message.transaction.hasPrefix(batchPrefix) {
            return Array(outbox.prefix { $0.message.transaction == first.message.transaction })
        }
        return Array(outbox.prefix { outgoing in
            outgoing.room == first.room && MatrixBot.answered(by: outgoing.content) != nil && !outgoing.message.transaction.hasPrefix(batchPrefix)
        }.prefix(30))
    }

    static let batchPrefix = "batch-"

    /// Gives a new batch of several messages one transaction ID, kept in the
    /// store before it is sent: a restart then makes the same batch with the
    /// same ID, which the homeserver posts once, never twice nor a part of
    /// it twice. The batch as it is to be sent: a message alone if the store
    /// cannot keep it.
    private func keepBatch(_ batch: [Outgoing]) async -> [Outgoing] {
        guard batch.count > 1, !batch[0].message.transaction.hasPrefix(Self.batchPrefix) else { return batch }
        let transaction = Self.batchPrefix + shared.withLock { shared in
            shared.sent += 1
            return "\(Self.runID)-\(shared.sent)"
        }
        let ids = batch.compactMap(\.message.id)
        guard ids.count == batch.count else { return Array(batch.prefix(1)) }
        let kept = await server.committer.value { bot in (try? bot.accountBook.batchOutgoing(ids, transaction: transaction)) != nil } ?? false
        server.committer.finished()
        guard kept else { return Array(batch.prefix(1)) }
        return shared.withLock { shared in
            for index in shared.outbox.indices where batch.contains(where: { $0.message.id == shared.outbox[index].message.id }) {
                shared.outbox[index].message.transaction = transaction
            }
            return batch.map { outgoing in
                var renamed = outgoing
                renamed.message.transaction = transaction
                return renamed
            }
        }
    }

    /// Tells this run's transactions from an earlier run's.
    private static let runID = String(UInt64(Date().timeIntervalSince1970 * 1_000), radix: 36)

    /// Sends what waits, one at a time, in order: a rate limit is waited
    /// out, a homeserver out of reach is tried again (the same transaction),
    /// and an event the homeserver refuses is dropped with a warning.
    private func pump() async {
        for await _ in kicks {
            var delay = 0.5
            while !isStopped, let (found, token) = shared.withLock({ shared -> ([Outgoing], String?)? in
                shared.outbox.isEmpty ? nil : (Self.batch(from: shared.outbox), shared.token)
            }) {
                guard let token else { break } // signing in again: kicked once done
                let batch = await keepBatch(found)
                let next = batch[0]
                var room = next.room
                if room.hasPrefix("#") {
                    switch await self.room(aliased: room, token: token) {
                    case .room(let joined):
                        room = joined
                    case .wait(let milliseconds):
                        try? await Task.sleep(for: .milliseconds(max(milliseconds, 50)))
                        continue
                    case .none:
                        await done(with: next.message)
                        continue
                    }
                }
                let content = MatrixBot.joined(batch.map(\.content))
                switch await call(MatrixAPI.send(content, to: room, transaction: next.message.transaction, token: token)) {
                case .ok?:
                    delay = 0.5
                    for sent in batch { await done(with: sent.message) }
                case .rateLimited(let milliseconds)?:
                    server.log(.info, "Matrix rate limit: waiting", ["ms": milliseconds])
                    try? await Task.sleep(for: .milliseconds(max(milliseconds, 50)))
                case .loggedOut?:
                    shared.withLock { $0.token = nil }
                case .failed(let status, let code, let message)?:
                    server.log(.warning, "Matrix refused a message: dropped", ["room": next.room, "status": status, "errcode": code, "error": message])
                    for dropped in batch { await done(with: dropped.message) }
                case nil:
                    await pause(&delay)
                }
            }
        }
    }
}
