/// What `shoptalk serve` is told by its flags (see docs/server.md).
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port: UInt16 = 7420
    public var databasePath: String
    public var maximumLineBytes = 4_096
    public var maximumConnections = 1_024
    /// Connections from one address at most; 0 for no limit.
    public var maximumConnectionsPerAddress = 64
    /// Lines per second per connection (per member for a relay); 0 for no limit.
    public var linesPerSecond = 20.0
    public var burst = 40.0
    public var unauthenticatedIdleSeconds = 30.0
    /// A client that lets this much output wait is dropped.
    public var maximumOutputBytes = 1 << 20
    /// The certificate and key (PEM files) to serve TLS with; nil for plain TCP.
    public var tls: TLSFiles?
    /// Seconds a client has to finish its TLS handshake (at most the idle timeout).
    public var handshakeTimeoutSeconds = 10.0
    /// Takes `login` and `relay` over plain TCP from other machines too,
    /// which sends their passwords and tokens in clear text.
    public var allowPlaintextLogin = false
    /// Days a list's history is kept ("what changed on Groceries?"); nil keeps it all.
    public var historyDays: Int? = 180
    /// False for `shoptalk irc` and `shoptalk matrix`: the bot alone, no TCP port.
    public var listens = true
    /// The household's bot on an IRC network; nil for none.
    public var irc: IRCSettings?
    /// The household's bot in Matrix rooms; nil for none.
    public var matrix: MatrixSettings?
    /// On PostgreSQL, how many threads (each with its own connection) apply
    /// different members' commands at once; SQLite applies them on the loop.
    public var storeThreads = 4

    public struct TLSFiles: Sendable, Equatable {
        public var certificatePath: String
        public var keyPath: String

        public init(certificatePath: String, keyPath: String) {
            self.certificatePath = certificatePath
            self.keyPath = keyPath
        }
    }

    /// Whether `host` reaches only this machine: listening there needs no TLS.
    public var listensOnlyOnLoopback: Bool { host.hasPrefix("127.") || host == "localhost" }

    public init(databasePath: String) { self.databasePath = databasePath }
}
