import CLinuxEvents
import Foundation
import Glibc
import ShopTalkAccounts
import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkSession
import ShopTalkStore
import ShopTalkTLS
import ShopTalkLineIO
import ShopTalkWording
import Synchronization

/// `shoptalk serve`: the household's server. Accepts connections on the
/// reactor, runs one task per connection (on the reactor's thread), applies
/// sentences through the committer (group commit), and pushes events live to
/// members connected.
public final class Server: Sendable {
    public static let version = "0.1.0"

    let configuration: ServerConfiguration
    let log: Log
    let reactor: Reactor
    let registry = Registry()
    let throttle: LoginThrottle.Shared
    let committer: Committer
    /// Connections parse their lines with them before handing them to the committer.
    let grammars: Grammars
    /// Replies and events are worded with it, each in its reader's language.
    let wording: Wording
    /// The certificate and settings of the TLS port; nil when it speaks plain TCP.
    let tls: TLSContext?
    /// The listening socket; -1 when the server only runs its IRC bot (`shoptalk irc`).
    private let listener: Int32
    public let port: UInt16
    /// The household's bot on IRC, when configured; set at the end of `init`, as it holds the server.
    private let irc = Mutex<IRCBridge?>(nil)
    /// The household's bot on Matrix, when configured; set at the end of `init`, as it holds the server.
    private let matrix = Mutex<MatrixBridge?>(nil)
    private let nextID = Atomic<Int>(1)
    /// A descriptor held back for turning a connection away when none is left (see `acceptFailed`).
    private let spareDescriptor = Mutex<Int32>(open("/dev/null", O_RDONLY | O_CLOEXEC))
    private let acceptFailures = Mutex<(count: Int, lastLogged: ContinuousClock.Instant?)>((0, nil))
    private let shuttingDown = Atomic<Bool>(false)
    /// What other servers on the same PostgreSQL database tell this one; nil on SQLite.
    private let otherServers: OtherServers?
    /// The time of day for what is dated: the bots' changes, links made.
    /// A test moves it instead of waiting.
    let now: @Sendable () -> Date

    /// Opens the database and the listening socket; fails (before listening) on either.
    public init(
        configuration: ServerConfiguration, grammars: Grammars, wording: Wording, log: Log, clock: @escaping @Sendable () -> Date = Date.init
    ) throws {
        self.configuration = configuration
        now = clock
        throttle = LoginThrottle.Shared(idleSeconds: configuration.unauthenticatedIdleSeconds)
        self.wording = wording
        self.log = log
        self.grammars = grammars
        // A bad certificate or key fails the start, before the database is touched.
        tls = try configuration.tls.map { files throws(TLSError) in
            try TLSContext.server(certificatePath: files.certificatePath, keyPath: files.keyPath)
        }
        // Open the store here, so a bad database fails the start; the committer's thread owns it after.
        let store = try Store.open(configuration.databasePath)
        if !store.permissionsTightened.isEmpty {
            log(.warning, "the database could be read by other users of this machine; made it the owner's alone (0600)",
                ["files": store.permissionsTightened.joined(separator: ",")])
        }
        otherServers = store.otherServers()
        let registry = self.registry
        let reactor = try Reactor()
        self.reactor = reactor
        // The connections' tasks run on the reactor: what they submit in one
        // pass is applied there as one batch when the pass ends (see `run`).
        // On PostgreSQL, store threads, each with a connection (and a bot) of its own.
        let placement: Committer.Placement = store.waitsOnTheNetwork ? .storeThreads(max(1, configuration.storeThreads)) : .loop
        let stores = try [store] + (1..<max(1, placement.threads)).map { _ in try store.another() }
        committer = Committer(log: log, bots: stores.map { Bot(grammars: grammars, store: $0, clock: clock) }, placement: placement, isOnLoop: { reactor.isCurrent },
                              wakeLoop: { reactor.wakeUp() }, prepareDeliveries: { bot, members in
            Server.deliveries(bot: bot, members: members, registry: registry, wording: wording)
        })
        if configuration.listens {
            let files = FileLimit.raise(toHold: configuration.maximumConnections)
            if files.after < configuration.maximumConnections + FileLimit.reserve {
                log(.warning, "the open-files limit is below what --max-connections needs: fewer members can connect",
                    ["open_files_limit": files.after, "max_connections": configuration.maximumConnections,
                     "can_connect": max(0, files.after - FileLimit.reserve), "raise_with": "ulimit -n, or LimitNOFILE= in the service unit"])
            } else if files.after > files.before {
                log(.info, "open-files limit raised for --max-connections", ["from": files.before, "to": files.after])
            }
            (listener, port) = try Socket.listen(host: configuration.host, port: configuration.port)
        } else {
            (listener, port) = (-1, 0)
        }
        if let settings = configuration.irc {
            let context = try settings.tls ? TLSContext.verifyingClient(authorities: settings.tlsAuthorities) : nil
            let bridge = IRCBridge(server: self, settings: settings, conversation: nextConnectionID(), tls: context)
            irc.withLock { $0 = bridge }
        }
        if let settings = configuration.matrix {
            let context = try settings.homeserver.usesTLS ? TLSContext.verifyingClient(authorities: settings.tlsAuthorities) : nil
            let bridge = MatrixBridge(server: self, settings: settings, conversation: nextConnectionID(), tls: context)
            matrix.withLock { $0 = bridge }
        }
    }

    /// The Matrix bot, when this server runs one.
    var matrixBridge: MatrixBridge? { matrix.withLock { $0 } }

    /// The IRC bot, when this server runs one.
    var ircBridge: IRCBridge? { irc.withLock { $0 } }

    /// An identifier for a new connection (or the IRC bot's conversations).
    func nextConnectionID() -> Int { nextID.wrappingAdd(1, ordering: .relaxed).oldValue }

    /// Serves until SIGINT or SIGTERM, then shuts down and returns.
    ///
    /// The signals are watched, and dispatch's timers made ready, before
    /// anyone is accepted: dispatch opens a descriptor for each, which a
    /// crowd at the door could leave it without (see ``DispatchWarmUp``).
    /// Called on the main thread: the warm-up waits for timers that fire on
    /// Swift's shared threads, which a caller on one of them could hold up.
    public func run() {
        let done = DispatchSemaphore(value: 0)
        let watching = DispatchGroup()
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                log(.info, "shutting down", ["signal": number == SIGINT ? "SIGINT" : "SIGTERM"])
                // On a thread of its own: the bots send what waits for a few
                // seconds as it goes, and their timers need the shared threads free.
                Thread.detachNewThread { [self] in
                    shutDown()
                    done.signal()
                }
            }
            watching.enter()
            source.setRegistrationHandler { watching.leave() }
            source.resume()
            return source
        }
        // SIGHUP (a closed terminal, `systemctl kill -s HUP`) would end the
        // process by default: it is logged and otherwise ignored. Nothing is
        // reread or reopened; a changed config or certificate needs a restart.
        signal(SIGHUP, SIG_IGN)
        let hangUp = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        hangUp.setEventHandler { [log] in log(.info, "SIGHUP ignored: restart the server to apply a changed config or certificate") }
        watching.enter()
        hangUp.setRegistrationHandler { watching.leave() }
        hangUp.resume()
        watching.wait()
        DispatchWarmUp.prepareTimers()
        start()
        done.wait()
        hangUp.cancel()
        sources.forEach { $0.cancel() }
    }

    /// Starts serving — the reactor, the listening socket, the bots — and
    /// returns at once; ``shutDown()`` ends it. `run()` does this and waits
    /// for a signal; a test starts a server in its own process this way.
    public func start() {
        // OpenSSL writes with write(2), which raises SIGPIPE on a socket the
        // client has closed; the error it returns is handled instead.
        signal(SIGPIPE, SIG_IGN)
        reactor.start(afterPass: { [committer] in committer.flush() })
        if listener >= 0 { reactor.add(listener, Listener(server: self)) }
        if let bridge = ircBridge {
            Task(executorPreference: reactor) { await bridge.run() }
        }
        if let bridge = matrixBridge {
            Task(executorPreference: reactor) { await bridge.run() }
        }
        if let otherServers {
            // A thread of its own: libpq's wait blocks.
            Thread.detachNewThread { [self] in
                while !shuttingDown.load(ordering: .relaxed) {
                    let eventIDs = otherServers.next(waitingUpTo: 0.5)
                    if !eventIDs.isEmpty && !shuttingDown.load(ordering: .relaxed) { committer.deliver(newsFromOtherServers: eventIDs) }
                }
            }
        }
        if let days = configuration.historyDays {
            Task(executorPreference: reactor) { [self] in await pruneHistory(olderThanDays: days) }
        }
        let address = "\(configuration.host):\(port)"
        if listener < 0 {
            log(.info, "started without a TCP port: the \(ircBridge == nil ? "Matrix" : "IRC") bot alone", ["db": StoreLocation.shown(configuration.databasePath)])
        } else if let tls {
            log(.info, "listening", ["addr": address, "db": StoreLocation.shown(configuration.databasePath), "tls_sha256": tls.fingerprint?.text ?? "unknown"])
        } else {
            log(.info, "listening", ["addr": address, "db": StoreLocation.shown(configuration.databasePath)])
        }
        if listener >= 0 && tls == nil && !configuration.listensOnlyOnLoopback {
            log(.warning, "listening beyond this machine without TLS: start with --tls auto to encrypt",
                ["addr": address,
                 "plaintext_login": configuration.allowPlaintextLogin ? "allowed" : "refused from other machines"])
        }
    }

    /// Keeps history to its retention: at start and every hour, rows older
    /// than `days` go, 500 at a time, each batch a job of its own beside the
    /// members' commands (a few milliseconds), never inside one.
    private func pruneHistory(olderThanDays days: Int) async {
        let batch = 500
        while !shuttingDown.load(ordering: .relaxed) {
            var total = 0
            while !shuttingDown.load(ordering: .relaxed) {
                let pruned = await committer.value { bot in (try? bot.pruneHistory(olderThanDays: days, limit: batch)) ?? 0 } ?? 0
                committer.finished()
                total += pruned
                guard pruned == batch else { break }
                await Task.yield()
            }
            if total > 0 { log(.info, "history pruned", ["rows": total, "older_than_days": days]) }
            try? await Task.sleep(for: .seconds(3_600))
        }
    }

    /// Stops accepting, finishes the commands in flight, tells every client, closes the store.
    public func shutDown() {
        guard !shuttingDown.exchange(true, ordering: .relaxed) else { return }
        if listener >= 0 {
            reactor.remove(listener)
            close(listener)
        }
        ircBridge?.stop()
        matrixBridge?.stop()
        committer.stop()
        for connection in registry.connections {
            connection.send(connection.goodbye ?? wording.render(Message(.serverShuttingDown), in: grammars.defaultLanguage) + "\n")
            connection.close(because: "server shutting down")
        }
        reactor.stop()
        log(.info, "stopped")
    }

    // MARK: Connections

    func accept() {
        while true {
            switch Socket.accept(listener) {
            case .none:
                return
            case .failed(let error):
                return acceptFailed(error)
            case .connection(let fd, let address):
                if shuttingDown.load(ordering: .relaxed) {
                    close(fd)
                    continue
                }
                guard makeRoom(for: address, fd: fd) else { continue }
                serve(fd, from: address)
            }
        }
    }

    /// A connection waits and cannot be accepted (the process is out of
    /// file descriptors, most often): it is said in the log, at most once a
    /// minute, and the one waiting is taken with the spare descriptor kept
    /// for this and closed at once, so the client hears "no" rather than
    /// nothing and the reactor does not spin on it.
    private func acceptFailed(_ error: Int32) {
        let now = ContinuousClock.now
        let shouldLog = acceptFailures.withLock { state -> Int? in
            state.count += 1
            guard state.lastLogged.map({ now - $0 >= .seconds(60) }) ?? true else { return nil }
            defer { (state.lastLogged, state.count) = (now, 0) }
            return state.count
        }
        if let count = shouldLog {
            log(.error, "cannot accept a connection", ["error": String(cString: strerror(error)), "times": count,
                                                       "open_files_limit": FileLimit.current, "max_connections": configuration.maximumConnections])
        }
        spareDescriptor.withLock { spare in
            guard spare >= 0 else { return }
            close(spare)
            if case .connection(let fd, _) = Socket.accept(listener) { close(fd) }
            spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
        }
    }

    /// A connection from inside this process, served as one accepted from
    /// this machine (127.0.0.1) would be, in plain text: the other end of a
    /// socket pair, for the caller to speak the line protocol on and close.
    /// What a test of the server needs without a port or a second process.
    public func connectInMemory() throws -> Int32 {
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw OutgoingSocket.Failure(description: String(cString: strerror(errno)))
        }
        // The caller's end blocks, as a test's reads expect.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) & ~O_NONBLOCK)
        // Let in, or turned away, as an accepted connection is.
        if makeRoom(for: "127.0.0.1:0", fd: ends[0]) { serve(ends[0], from: "127.0.0.1:0", tls: false) }
        return ends[1]
    }

    /// Serves a connection accepted (or made in memory) on its own task.
    private func serve(_ fd: Int32, from address: String, tls: Bool = true) {
        let id = nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        var stream: TLSStream?
        if tls, let context = self.tls {
            do {
                stream = try TLSStream(context: context, fd: fd, isServer: true)
            } catch {
                close(fd)
                log(.error, "refused: cannot start TLS", ["addr": address, "error": error.message])
                return
            }
        }
        let connection = Connection(
            id: id, fd: fd, address: address, tls: stream, reactor: reactor, maximumOutput: configuration.maximumOutputBytes, opened: now(),
            onClose: { [registry, committer, log] connection, reason in
                registry.closed(connection)
                committer.submitToEveryBot(.init(run: { bot in bot.forget(conversation: connection.id); return [] }, done: { _ in committer.finished() }))
                log(.debug, "closed", ["conn": connection.id, "reason": reason])
            })
        registry.opened(connection)
        reactor.add(fd, connection)
        log(.debug, "accepted", ["conn": id, "addr": address])
        let session = ClientSession(server: self, connection: connection)
        Task(executorPreference: reactor) { await session.serve() }
    }

    /// Whether a connection from `address` may be taken: no one address may
    /// hold more than its share of the server (`--max-connections-per-address`),
    /// and when the server is full, the connection that has waited longest
    /// without logging in makes room, rather than the newcomer being refused.
    /// A connection refused is told why in one line and closed.
    private func makeRoom(for address: String, fd: Int32) -> Bool {
        func refuse(_ message: Message, _ why: String) -> Bool {
            let words = wording.render(message, in: grammars.defaultLanguage) + "\n"
            _ = words.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            close(fd)
            log(.warning, why, ["addr": address])
            return false
        }
        let perAddress = configuration.maximumConnectionsPerAddress
        if perAddress > 0, registry.connectionCount(from: Connection.host(of: address)) >= perAddress {
            return refuse(Message(.serverFullForAddress, ["count": .number(perAddress)]), "refused: too many connections from one address")
        }
        guard registry.connectionCount >= configuration.maximumConnections else { return true }
        guard let idle = registry.longestWaitingToLogIn(least: 1, now: now()) else {
            return refuse(Message(.serverFull, ["count": .number(configuration.maximumConnections)]), "refused: too many connections")
        }
        idle.close(because: "server full: made room for a new connection")
        registry.closed(idle) // counted out now, not when its task next runs
        return true
    }

    /// Inside a batch: the events of members with connections open, taken
    /// from the store and rendered for each connection, to send once the
    /// batch is on disk. Members without one keep theirs for their next login.
    static func deliveries(bot: Bot, members: [UserName], registry: Registry, wording: Wording) -> [Committer.Delivery] {
        var deliveries: [Committer.Delivery] = []
        for member in members {
            let subscribers = Self.readersOfNews(registry.subscribers(of: member), for: member)
            guard !subscribers.isEmpty else { continue }
            let events = bot.takeEvents(for: member)
            guard !events.isEmpty else { continue }
            for subscriber in subscribers {
                if let news = subscriber.news {
                    if let delivery = news.prepare(events, for: member, in: bot) { deliveries.append(delivery) }
                    continue
                }
                let text = events.map { subscriber.format.render($0, relay: subscriber.relay, wording: wording) }.joined()
                deliveries.append { subscriber.send(events: text) }
            }
        }
        return deliveries
    }

    /// A member on the LAN and on IRC or Matrix at once reads each piece of
    /// news once: where they spoke last, their connections (every one) or
    /// the network bot they spoke through most lately.
    static func readersOfNews(_ subscribers: [Registry.Subscriber], for member: UserName) -> [Registry.Subscriber] {
        guard subscribers.count > 1, subscribers.contains(where: { $0.news != nil }) else { return subscribers }
        let connections = subscribers.filter { $0.news == nil }
        let bots = subscribers.filter { $0.news != nil }
        // Where each way of reading was last spoken through; a bot the member never spoke through is never where they read.
        let lastOnConnections = connections.compactMap { $0.spokeLast(member) }.max()
        let lastBot = bots.compactMap { bot in bot.spokeLast(member).map { (bot, $0) } }.max { $0.1 < $1.1 }
        guard let lastBot else { return connections }
        guard let lastOnConnections else { return [lastBot.0] }
        return lastBot.1 > lastOnConnections ? [lastBot.0] : connections
    }

    /// PBKDF2 takes tens of milliseconds on purpose: it runs off the reactor,
    /// whose thread runs every connection's task. A missing account still
    /// costs one hash, so timing does not tell names that exist.
    static func verify(_ password: String, against hash: String?) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                guard let hash else {
                    _ = PasswordHash.make(password)
                    return continuation.resume(returning: false)
                }
                continuation.resume(returning: PasswordHash.verify(password, against: hash))
            }
        }
    }
}

/// The listening socket's reactor client: accepts whenever connections wait.
private final class Listener: ReactorClient {
    let server: Server
    init(server: Server) { self.server = server }
    func readable() { server.accept() }
    func writable() {}
}
