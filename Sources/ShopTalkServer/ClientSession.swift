import Foundation
import ShopTalkAccounts
import ShopTalkDomain
import ShopTalkJSON
import ShopTalkSession
import ShopTalkStore
import ShopTalkTransports
import ShopTalkWording
import Synchronization
import ShopTalkLineIO

/// One TCP connection: its TLS handshake, and the I/O of its line
/// protocol. What each line asks for is decided by a ``ServerLineProtocol``
/// value (login, relay, format, quit, and once someone is logged in, the
/// ``ConversationEndpoint`` every transport's lines go through); this class
/// does it: checks passwords and tokens, applies sentences through the
/// committer, writes. Runs in the connection's own task.
///
/// `@unchecked Sendable` because its mutable state (`protocol`, failed
/// logins) is touched only by that one task, one line at a time; what
/// other threads read goes through `subscriber` (its own lock) and the
/// connection's `isAuthenticated` (atomic).
final class ClientSession: @unchecked Sendable {
    private let server: Server
    let connection: Connection
    private let subscriber: Registry.Subscriber
    /// What each line asks for, who speaks here, and how replies are written.
    private var lines: ServerLineProtocol
    /// Failed logins on this connection; at ``maximumFailedLogins`` it is closed.
    private var failedLogins = 0
    static let maximumFailedLogins = 8
    private var format: ReplyFormat { lines.format }
    /// The language of the connection's own words (the greeting, login,
    /// limits): the server's until someone logs in, then the endpoint's.
    private var language: String { lines.language }

    init(server: Server, connection: Connection) {
        self.server = server
        self.connection = connection
        self.subscriber = Registry.Subscriber(sink: connection)
        // `login` and `relay` carry a secret: over plain TCP they are taken
        // only from this machine, unless the server was told to allow it.
        lines = ServerLineProtocol(defaultLanguage: server.grammars.defaultLanguage,
                                   refusesSecretsInClear: !connection.isTLS && !connection.isFromThisMachine && !server.configuration.allowPlaintextLogin)
    }

    func serve() async {
        let idle = Task { [connection, server] in
            try await Task.sleep(for: .seconds(server.configuration.unauthenticatedIdleSeconds))
            if !connection.isAuthenticated { connection.close(because: "idle before logging in") }
        }
        defer { idle.cancel() }
        guard await handshake() else { return }
        connection.send(server.wording.render(Message(.serverGreeting, ["version": .text(Server.version)]), in: language) + "\n")
        var framer = LineFramer(maximumBytes: server.configuration.maximumLineBytes)
        var first = true
        reading: while let bytes = await connection.receive() {
            // A TLS client's first record starts with 22 (a handshake); no sentence does.
            if first, !connection.isTLS, bytes.first == 22 {
                server.log(.warning, "a TLS client on the plain port", ["conn": connection.id, "addr": connection.address])
                connection.close(because: "TLS client on a plain port")
                return
            }
            first = false
            framer.append(bytes)
            while let frame = framer.next() {
                await handle(frame)
                if connection.isClosed { break reading }
            }
        }
        connection.close(because: "client closed the connection")
    }

    /// The TLS handshake, when the server speaks TLS, within its timeout.
    /// False when the connection ended instead.
    private func handshake() async -> Bool {
        guard connection.isTLS else { return true }
        let seconds = min(server.configuration.handshakeTimeoutSeconds, server.configuration.unauthenticatedIdleSeconds)
        let deadline = Task { [connection] in
            try await Task.sleep(for: .seconds(seconds))
            connection.close(because: "TLS handshake not finished within \(Int(seconds)) s")
        }
        let outcome = await connection.handshake()
        deadline.cancel()
        switch outcome {
        case .done:
            server.log(.debug, "TLS ready", ["conn": connection.id, "version": connection.tlsVersion ?? "?"])
            return true
        case .notTLS:
            connection.sendUnencrypted(server.wording.render(Message(.serverTlsOnly), in: language) + "\n")
            server.log(.warning, "a plain client on the TLS port", ["conn": connection.id, "addr": connection.address])
            connection.close(because: "plain client on the TLS port")
        case .failed(let reason):
            server.log(.warning, "TLS handshake failed", ["conn": connection.id, "addr": connection.address, "error": reason])
            connection.close(because: "TLS handshake failed")
        case .closed:
            connection.close(because: "closed during the TLS handshake")
        }
        return false
    }

    private func refuseSecretInClear(intent: String) {
        server.log(.warning, "login over plain TCP refused", ["conn": connection.id, "addr": connection.address])
        reply(.failure(.tlsRequired, Message(.serverLoginNeedsTls), intent: intent))
    }


    // MARK: Lines

    /// Does what the line protocol says a line asks for.
    private func handle(_ frame: LineFramer.Frame) async {
        let before = (lines.format, lines.language)
        let action = lines.take(frame)
        if lines.format != before.0 { subscriber.format = lines.format }
        if (lines.format, lines.language) != before { sayGoodbyeAsThisConnectionReads() }
        switch action {
        case .reply(let reply):
            send(reply)
        case .quit(let goodbye):
            send(goodbye)
            connection.close(because: "quit")
        case .login(let name, let password):
            await login(name, password: password)
        case .relayLogin(let name, let token):
            await relayLogin(name, token: token)
        case .confirmLink(.irc, let code, let member):
            await confirmIRCLink(code: code, for: member)
        case .confirmLink(.matrix, let code, let member):
            await confirmMatrixLink(code: code, for: member)
        case .refuseSecretInClear(let intent):
            refuseSecretInClear(intent: intent)
        case .endpoint(.answer(let answer)):
            reply(answer)
        case .endpoint(.memberQuit(let nick, let goodbye)):
            relayMemberQuit(nick)
            reply(goodbye)
        case .endpoint(.apply(let line, let speaker, let relayed)):
            await apply(line, from: speaker, relayed: relayed)
        }
    }

    /// A sentence for the bot, through the committer.
    private func apply(_ parsed: ParsedLine, from speaker: UserName, relayed: Bool) async {
        if relayed { server.registry.subscribe(subscriber, to: speaker) }
        let label = parsed.input.label
        subscriber.lineSubmitted()
        // The batch only applies the line: it was parsed before it and is rendered after it, here.
        let outputs = await server.apply(parsed, from: speaker, conversation: connection.id, checkAccount: relayed, fallbackLanguage: language)
        defer { server.committer.finished() }
        guard let outputs else {
            return subscriber.answer(format.render(lines.worded(.storageFailure, label: label), wording: server.wording))
        }
        lines.answered(speaker, in: outputs.reply.language)
        let wording = server.wording
        let answer = format.render(outputs.reply, wording: wording)
        subscriber.answer(outputs.events.isEmpty ? answer : outputs.events.map { format.render($0, relay: relayed, wording: wording) }.joined() + answer)
    }

    /// `link irc CODE` from a logged-in member: the IRC nick that asked the
    /// bot for CODE speaks for them from now on.
    private func confirmIRCLink(code: String, for member: UserName) async {
        guard let bridge = server.ircBridge, let made = await bridge.confirmLink(code: code, for: member) else {
            return reply(.failure(.notFound, Message(.serverLinkUnknown), intent: "link"))
        }
        let message = switch made {
        case .account(let account): Message(.serverLinkDone, ["account": .text(account)])
        case .nick(let nick): Message(.serverLinkDoneSession, ["nick": .text(nick)])
        }
        reply(Reply(ok: true, intent: "link", message: message))
    }

    /// `link matrix CODE` from a logged-in member: the Matrix user who asked
    /// the bot for CODE speaks for them from now on.
    private func confirmMatrixLink(code: String, for member: UserName) async {
        guard let bridge = server.matrixBridge, let user = await bridge.confirmLink(code: code, for: member) else {
            return reply(.failure(.notFound, Message(.serverLinkUnknownMatrix), intent: "link"))
        }
        reply(Reply(ok: true, intent: "link", message: Message(.serverLinkDoneMatrix, ["user": .text(user)])))
    }

    /// A member of a relay said `quit`: the relay stays connected for the
    /// others, while this member's conversation (their current list) is
    /// forgotten and their live events stop coming here; the store keeps them
    /// for the member's next line, as for anyone away.
    private func relayMemberQuit(_ nick: UserName) {
        server.registry.unsubscribe(subscriber, from: nick)
        let id = connection.id
        server.committer.submit(.init(run: { bot in bot.forget(conversation: id, speaker: nick); return [] },
                                      done: { [committer = server.committer] _ in committer.finished() }, member: nick))
    }

    // MARK: Logging in

    private func login(_ name: UserName, password: String) async {
        let address = connection.address
        guard await waitForTurn(account: "member:" + name.value, named: name.value, intent: "login") else { return }
        let account = await server.committer.value { bot in (try? bot.accountBook.account(name)) ?? nil } ?? nil
        server.committer.finished()
        let valid = await Server.verify(password, against: account?.passwordHash)
        guard valid else { return loginFailed(["user": name.value]) }
        server.throttle.succeeded(address: address, account: "member:" + name.value)
        // Counted as logged in before the greeting goes out: a full server never closes it after.
        connection.markAuthenticated()
        lines.loggedIn(ConversationEndpoint(speakers: .member(name), grammars: server.grammars,
                                            language: server.grammars.spoken(account?.language), rate: rate))
        sayGoodbyeAsThisConnectionReads()
        server.registry.subscribe(subscriber, to: name)
        server.log(.info, "login", ["conn": connection.id, "addr": address, "user": name.value])
        reply(Reply(ok: true, intent: "login", message: Message(.serverLoginHello, ["name": .text(name.value)])))
        // News kept while they were away.
        let news = await server.committer.value(for: name) { bot in bot.takeEvents(for: name) } ?? []
        server.committer.finished()
        connection.send(news.map { format.render($0, relay: false, wording: server.wording) }.joined())
    }

    private func relayLogin(_ name: String, token: String) async {
        let address = connection.address
        guard await waitForTurn(account: "relay:" + name, named: name, intent: "relay") else { return }
        let found = await server.committer.value { bot in try? bot.accountBook.relay(named: name) } ?? nil
        server.committer.finished()
        guard let found, Secrets.constantTimeEqual(Array(Secrets.sha256Hex(token).utf8), Array(found.tokenHash.utf8)) else {
            return loginFailed(["relay": name])
        }
        server.throttle.succeeded(address: address, account: "relay:" + name)
        connection.markAuthenticated()
        lines.loggedIn(ConversationEndpoint(speakers: .relay(speaksFor: found.anyUser ? nil : Set(found.users)), grammars: server.grammars,
                                            language: server.grammars.defaultLanguage, rate: rate))
        sayGoodbyeAsThisConnectionReads()
        subscriber.relay = true
        for member in found.users { server.registry.subscribe(subscriber, to: member) }
        server.log(.info, "relay login", ["conn": connection.id, "addr": address, "relay": name])
        reply(Reply(ok: true, intent: "relay", message: Message(.serverRelayReady, ["name": .text(name)])))
    }

    /// Waits as long as failed logins from this address, or at this account,
    /// say (see ``LoginThrottle``); false, after refusing the attempt, when
    /// the account has had too many tries too fast.
    private func waitForTurn(account: String, named name: String, intent: String) async -> Bool {
        switch server.throttle.admit(address: connection.address, account: account) {
        case .refuse:
            let (log, unlogged) = server.throttle.shouldLog(account)
            if log {
                server.log(.warning, "login refused: too many tries",
                           ["conn": connection.id, "addr": connection.address, "account": account, "unlogged_before": unlogged])
            }
            reply(.failure(.rateLimited, Message(.serverLoginBusy, ["name": .text(name)]), intent: intent))
            return false
        case .answer(let seconds):
            if seconds > 0 { try? await Task.sleep(for: .seconds(seconds)) }
            return !connection.isClosed
        }
    }

    /// Lines a second for each speaker, with bursts (per member, on a relay).
    private var rate: (perSecond: Double, burst: Double) {
        (server.configuration.linesPerSecond, server.configuration.burst)
    }

    /// A refused login or relay: logged (never the password or token), the
    /// address slowed down, and the connection closed after too many.
    private func loginFailed(_ who: [String: String]) {
        let address = connection.address
        let account = who["relay"].map { "relay:" + $0 } ?? "member:" + (who["user"] ?? "")
        let failures = server.throttle.failed(address: address, account: account)
        failedLogins += 1
        let relay = who["relay"] != nil
        let (log, unlogged) = server.throttle.shouldLog(account)
        if log {
            server.log(.warning, relay ? "relay login failed" : "login failed",
                       ["conn": connection.id, "addr": address, relay ? "relay" : "user": who.values.first ?? "", "failures": failures,
                        "unlogged_before": unlogged])
        }
        reply(.failure(.unauthenticated, Message(relay ? .serverRelayFailed : .serverLoginFailed),
                       intent: relay ? "relay" : "login"))
        if failedLogins >= Self.maximumFailedLogins {
            reply(.failure(.unauthenticated, Message(.serverLoginTooMany)))
            connection.close(because: "too many failed logins")
        }
    }

    // MARK: Writing

    /// The shutdown's goodbye as this connection reads: its format, its language.
    private func sayGoodbyeAsThisConnectionReads() {
        connection.goodbye = format.render(lines.worded(.failure(.unavailable, Message(.serverShuttingDown))), wording: server.wording)
    }

    /// A reply the connection makes itself, worded in the language of whoever reads it.
    private func reply(_ reply: Reply) { send(lines.worded(reply)) }

    /// A reply already worded for this connection.
    private func send(_ reply: Reply) { connection.send(format.render(reply, wording: server.wording)) }
}
