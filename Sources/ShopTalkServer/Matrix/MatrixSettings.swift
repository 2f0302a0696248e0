import ShopTalkMatrix

/// Where the household's Matrix bot goes, and how it proves who it is.
public struct MatrixSettings: Sendable, Equatable {
    public var homeserver: MatrixHomeserver
    /// The bot's user ID, "@shoptalk:example.org".
    public var user: String
    public var secret: Secret
    /// Trust the certificate authorities in this PEM file rather than the system's.
    public var tlsAuthorities: String?
    /// How long a `/sync` waits for news before asking again.
    public var syncTimeoutSeconds = 30
    /// News sent as plain messages (`m.text`) rather than notices: some
    /// bridges drop notices (mautrix-telegram, by default), and the family
    /// on the other side would never read the news.
    public var newsAsText = false

    /// Read from a file or standard input, never from the command line.
    public enum Secret: Sendable, Equatable {
        /// Logs in (as the device `SHOPTALK`) at start, and again if the token is revoked.
        case password(String)
        /// An access token made elsewhere (Element's settings, or the admin API).
        case accessToken(String)
    }

    public init(homeserver: MatrixHomeserver, user: String, secret: Secret) {
        self.homeserver = homeserver
        self.user = user
        self.secret = secret
    }

    /// "@name:server": what Matrix accepts as a user ID.
    public static func isUserID(_ text: String) -> Bool {
        guard text.hasPrefix("@"), let colon = text.firstIndex(of: ":") else { return false }
        let localpart = text[text.index(after: text.startIndex)..<colon], server = text[text.index(after: colon)...]
        return !localpart.isEmpty && !server.isEmpty && text.utf8.count <= 255
            && !text.unicodeScalars.contains { $0.value < 0x21 || $0.value == 0x7F }
    }
}
