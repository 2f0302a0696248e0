/// The bot's side of one IRC connection, as a value: messages from the
/// server go in, and what to send and what members asked come out. It
/// registers (asking for IRCv3's `message-tags`, `account-tag` and
/// `extended-join` where the server offers them), answers PING and CTCP VERSION, finds a free nick
/// (NAME, then NAME_, NAME__, then NAME and digits), joins its channels, and
/// follows nick changes. No I/O: the transport sends and reads.
public struct IRCSession: Sendable {
    /// Something a person said to the bot.
    public struct Request: Equatable, Sendable {
        /// Who said it.
        public let nick: String
        /// Their services account, when the server tags messages with it.
        public let account: String?
        /// The channel it was said in, addressed to the bot; nil in private.
        public let channel: String?
        /// What they said, without the bot's name, its formatting codes taken out.
        public let text: String
        /// The host the server says they connect from ("" when it says none):
        /// strangers asking for link codes are counted by it.
        public let host: String

        public init(nick: String, account: String?, channel: String?, text: String, host: String = "") {
            self.nick = nick
            self.account = account
            self.channel = channel
            self.text = text
            self.host = host
        }
    }

    public enum Action: Equatable, Sendable {
        case send(IRCMessage)
        /// Sent before what waits: the server is waiting for it (PONG).
        case sendFirst(IRCMessage)
        /// Registered under `nick`; the channels are being joined.
        case registered(nick: String)
        case request(Request)
        /// Someone the bot can see changed nick: the person is `to` now, and
        /// `from` is free for anyone to take.
        case nickChanged(from: String, to: String)
        /// A nick quit the network: whoever takes it next is someone else.
        case quit(nick: String)
        /// A nick no longer shares a channel with the bot (it left, was
        /// kicked, or the bot left): the bot would not see it quit or change
        /// from now on, so whoever holds it later may be someone else.
        case leftSight(nick: String)
    }

    public static let version = "ShopTalk 0.1.0"
    public let wantedNick: String
    public let channels: [String]
    public private(set) var nick: String
    public private(set) var isRegistered = false
    public private(set) var capabilities: Set<String> = []
    private var nickAttempts = 0
    private static let wantedCapabilities: Set<String> = ["message-tags", "account-tag", "extended-join"]
    /// Services accounts of nicks, as `extended-join` told them when they
    /// joined a channel the bot is in: for messages that carry no account tag.
    private var accounts: [String: String] = [:]
    /// Who is in each channel the bot is in (``IRCName/key(_:)`` of both), from
    /// NAMES, JOIN, PART, KICK, NICK and QUIT: the bot sees a nick quit or
    /// change only while they share a channel.
    private var members: [String: Set<String>] = [:]

    public init(nick: String, channels: [String]) {
        wantedNick = nick
        self.nick = nick
        self.channels = channels
    }

    /// Whether `nick` is in a channel with the bot, where the bot would see
    /// it quit or change nick.
    public func sharesAChannel(with nick: String) -> Bool {
        let key = IRCName.key(nick)
        return members.values.contains { $0.contains(key) }
    }

    /// What to send once connected.
    public func start() -> [IRCMessage] {
        [IRCMessage("CAP", ["LS", "302"]), IRCMessage("NICK", [nick]), IRCMessage("USER", [String(wantedNick.prefix(10)), "0", "*", "ShopTalk shopping lists"])]
    }

    public mutating func receive(_ message: IRCMessage) -> [Action] {
        switch message.command.uppercased() {
        case "PING":
            return [.sendFirst(IRCMessage("PONG", message.parameters))]
        case "CAP":
            return capability(message)
        case "001":
            isRegistered = true
            if let given = message.parameters.first { nick = given }
            let join: [Action] = channels.isEmpty ? [] : [.send(IRCMessage("JOIN", [channels.joined(separator: ",")]))]
            return [.registered(nick: nick)] + join
        case "433", "432", "436":
            // A nick in use (or refused) before registration: the next one to try.
            guard !isRegistered else { return [] }
            nickAttempts += 1
            let base = String(wantedNick.prefix(7))
            nick = nickAttempts <= 2 ? wantedNick + String(repeating: "_", count: nickAttempts) : base + String(UInt16.random(in: 100...999))
            return [.send(IRCMessage("NICK", [nick]))]
        case "JOIN":
            guard let who = message.nick, let channel = message.parameters.first else { return [] }
            // extended-join: JOIN #channel account :real name ("*": not logged in to services).
            if message.parameters.count >= 3 {
                accounts[IRCName.key(who)] = message.parameters[1] == "*" ? nil : message.parameters[1]
            }
            if isMe(who) {
                members[IRCName.key(channel)] = [] // NAMES follows
            } else {
                members[IRCName.key(channel)]?.insert(IRCName.key(who))
            }
            return []
        case "353":
            // RPL_NAMREPLY: me, "=", #channel, "@alice +bob carol" (modes before each nick).
            guard message.parameters.count >= 4 else { return [] }
            let names = message.parameters[3].split(separator: " ").map { IRCName.key(String($0.drop { "~&@%+".contains($0) })) }
            members[IRCName.key(message.parameters[2]), default: []].formUnion(names)
            return []
        case "PART":
            guard let who = message.nick, let channel = message.parameters.first else { return [] }
            return leave(channel, who)
        case "KICK":
            guard message.parameters.count >= 2 else { return [] }
            return leave(message.parameters[0], message.parameters[1])
        case "QUIT":
            guard let who = message.nick else { return [] }
            accounts[IRCName.key(who)] = nil
            for channel in members.keys { members[channel]?.remove(IRCName.key(who)) }
            return [.quit(nick: who)]
        case "NICK":
            guard let old = message.nick, let new = message.parameters.first else { return [] }
            if let account = accounts.removeValue(forKey: IRCName.key(old)) { accounts[IRCName.key(new)] = account }
            for channel in members.keys where members[channel]?.remove(IRCName.key(old)) != nil { members[channel]?.insert(IRCName.key(new)) }
            if isMe(old) {
                nick = new
                return []
            }
            return [.nickChanged(from: old, to: new)]
        case "PRIVMSG":
            return privateMessage(message)
        default:
            return []
        }
    }

    private func isMe(_ who: String) -> Bool { IRCName.key(who) == IRCName.key(nick) }

    /// `who` left `channel` (PART or KICK); the bot itself leaving forgets
    /// the channel. Whoever shares no channel with the bot any more leaves its sight.
    private mutating func leave(_ channel: String, _ who: String) -> [Action] {
        let left: Set<String>
        if isMe(who) {
            left = members.removeValue(forKey: IRCName.key(channel)) ?? []
        } else {
            left = members[IRCName.key(channel)]?.remove(IRCName.key(who)).map { [$0] } ?? []
        }
        return left.filter { !sharesAChannel(with: $0) && !isMe($0) }.sorted().map { .leftSight(nick: $0) }
    }

    private mutating func capability(_ message: IRCMessage) -> [Action] {
        guard message.parameters.count >= 3 else { return [] }
        let list = Set(message.parameters.last!.split(separator: " ").map { String($0.split(separator: "=").first ?? $0) })
        switch message.parameters[1].uppercased() {
        case "LS":
            // A multi-line LS ("*" before the list) is answered after its last line.
            if message.parameters.count >= 4 && message.parameters[2] == "*" { return [] }
            let wanted = Self.wantedCapabilities.intersection(list)
            return wanted.isEmpty ? [.send(IRCMessage("CAP", ["END"]))] : [.send(IRCMessage("CAP", ["REQ", wanted.sorted().joined(separator: " ")]))]
        case "ACK":
            capabilities.formUnion(list)
            return [.send(IRCMessage("CAP", ["END"]))]
        case "NAK":
            return [.send(IRCMessage("CAP", ["END"]))]
        default:
            return []
        }
    }

    private func privateMessage(_ message: IRCMessage) -> [Action] {
        guard let from = message.nick, message.parameters.count >= 2, from.lowercased() != nick.lowercased() else { return [] }
        let target = message.parameters[0], text = message.parameters[1]
        if text.hasPrefix("\u{1}") {
            // CTCP: VERSION is answered; ACTION and the rest are not for the bot.
            let command = text.dropFirst().prefix { $0 != " " && $0 != "\u{1}" }.uppercased()
            guard command == "VERSION" else { return [] }
            return [.send(IRCMessage("NOTICE", [from, "\u{1}VERSION \(Self.version)\u{1}"]))]
        }
        let account = message[tag: "account"] ?? accounts[IRCName.key(from)]
        if target.lowercased() == nick.lowercased() {
            return [.request(Request(nick: from, account: account, channel: nil, text: IRCText.plain(text), host: host(of: message)))]
        }
        guard let said = addressed(IRCText.plain(text)) else { return [] }
        return [.request(Request(nick: from, account: account, channel: target, text: said, host: host(of: message)))]
    }

    private func host(of message: IRCMessage) -> String { message.source.map { IRCSource($0).host } ?? "" }

    /// A channel line's words after the bot's name ("shopbot: add eggs",
    /// "shopbot, what's on Groceries?"); nil when it is not addressed to the bot.
    func addressed(_ text: String) -> String? {
        let trimmed = text.drop { $0 == " " }
        guard trimmed.lowercased().hasPrefix(nick.lowercased()) else { return nil }
        let rest = trimmed.dropFirst(nick.count)
        guard let separator = rest.first, separator == ":" || separator == "," || separator == " " else { return nil }
        return String(rest.dropFirst().drop { $0 == " " })
    }
}
