/// Lines waiting to go to the IRC server, let out slowly enough that the
/// server never drops the bot for flooding: a token bucket of `rate` lines a
/// second with bursts of `burst`, and no more than `bytesPerSecond` on
/// average (ngircd allows 3 commands and 256 bytes a second before it
/// delays a client, and disconnects one that keeps on).
///
/// It is fair as well as slow. What the server waits for (PONG) goes first,
/// then the bot's own commands (JOIN, NICK), then what is said to people:
/// each target (a nick or a channel) has a queue of its own, at most
/// `linesPerTarget` long, and the targets take turns, one line each, so a
/// long list for one member never holds up another's answer. Members'
/// targets go before strangers': nicks linked to no one, who can be many.
public struct SendQueue: Sendable {
    /// Whose line it is, for the order lines go in.
    public enum Priority: Sendable {
        /// A linked member, a channel: answered first.
        case member
        /// A nick linked to no one: answered when no member waits.
        case stranger
    }

    public let rate: Double
    public let burst: Double
    public let bytesPerSecond: Double
    public let linesPerTarget: Int
    private var tokens: Double
    private var byteTokens: Double
    private var last: Double?
    /// PONG, then the bot's own commands, in order.
    private var urgent: [IRCMessage] = []
    private var commands: [IRCMessage] = []
    /// Lines said to each target (by ``IRCName/key(_:)``).
    private var said: [String: [IRCMessage]] = [:]
    /// Targets with lines waiting, in the order they take their turns.
    private var members: [String] = []
    private var strangers: [String] = []

    public init(rate: Double = 1, burst: Double = 4, bytesPerSecond: Double = 200, linesPerTarget: Int = 60) {
        self.rate = rate
        self.burst = burst
        self.bytesPerSecond = bytesPerSecond
        self.linesPerTarget = linesPerTarget
        tokens = burst
        byteTokens = bytesPerSecond * burst
    }

    /// Lines waiting, all told.
    public var count: Int { urgent.count + commands.count + said.values.reduce(0) { $0 + $1.count } }

    /// Lines waiting for `target`.
    public func count(for target: String) -> Int { said[IRCName.key(target)]?.count ?? 0 }

    /// Queues a message: a PRIVMSG or NOTICE waits in its target's queue;
    /// any other is the bot's own command. False when the target's queue is
    /// full and the line was dropped.
    @discardableResult
    public mutating func append(_ message: IRCMessage, priority: Priority = .member) -> Bool {
        guard let target = Self.target(of: message) else {
            commands.append(message)
            return true
        }
        let key = IRCName.key(target)
        let waiting = said[key]?.count ?? 0
        guard waiting < linesPerTarget else { return false }
        if waiting == 0 {
            switch priority {
            case .member: members.append(key)
            case .stranger: strangers.append(key)
            }
        }
        said[key, default: []].append(message)
        return true
    }

    /// Queues a message ahead of the others: PONG, which the server waits for.
    public mutating func appendUrgent(_ message: IRCMessage) { urgent.append(message) }

    /// Forgets what waits for `target`: its nick quit, and whoever takes it
    /// next must not read it. How many lines were dropped.
    @discardableResult
    public mutating func dropLines(to target: String) -> Int {
        let key = IRCName.key(target)
        let dropped = said.removeValue(forKey: key)?.count ?? 0
        members.removeAll { $0 == key }
        strangers.removeAll { $0 == key }
        return dropped
    }

    /// What waits for `old` goes to `new`: the same person changed nick.
    public mutating func retarget(from old: String, to new: String) {
        let oldKey = IRCName.key(old), newKey = IRCName.key(new)
        guard oldKey != newKey, let lines = said.removeValue(forKey: oldKey) else { return }
        let moved = lines.map { line in
            var line = line
            line.parameters[0] = new
            return line
        }
        if said[newKey, default: []].isEmpty {
            members = members.map { $0 == oldKey ? newKey : $0 }
            strangers = strangers.map { $0 == oldKey ? newKey : $0 }
        } else {
            members.removeAll { $0 == oldKey }
            strangers.removeAll { $0 == oldKey }
        }
        said[newKey, default: []].append(contentsOf: moved)
    }

    /// The lines that may go at `now` (seconds on any steady clock), without CR LF.
    public mutating func due(at now: Double) -> [String] {
        if let last {
            let elapsed = max(0, now - last)
            tokens = min(burst, tokens + elapsed * rate)
            byteTokens = min(bytesPerSecond * burst, byteTokens + elapsed * bytesPerSecond)
        }
        last = now
        var out: [String] = []
        while tokens >= 1, let line = peek() {
            let size = Double(line.utf8.count + 2)
            guard byteTokens >= size || out.isEmpty && byteTokens >= bytesPerSecond else { break }
            tokens -= 1
            byteTokens -= size
            out.append(line)
            pop()
        }
        return out
    }

    /// Seconds until the next line may go; nil when none waits.
    public func wait(at now: Double) -> Double? {
        guard let next = peek() else { return nil }
        let elapsed = last.map { max(0, now - $0) } ?? 0
        let lineWait = max(0, (1 - (tokens + elapsed * rate)) / rate)
        let needed = min(Double(next.utf8.count + 2), bytesPerSecond)
        let byteWait = max(0, (needed - (byteTokens + elapsed * bytesPerSecond)) / bytesPerSecond)
        return max(lineWait, byteWait)
    }

    // MARK: Taking turns

    /// The line whose turn it is.
    private func peek() -> String? {
        if let first = urgent.first ?? commands.first { return first.serialized }
        guard let key = members.first ?? strangers.first else { return nil }
        return said[key]?.first?.serialized
    }

    /// Takes the line ``peek()`` showed; its target goes to the back of the turns.
    private mutating func pop() {
        if !urgent.isEmpty {
            urgent.removeFirst()
        } else if !commands.isEmpty {
            commands.removeFirst()
        } else if !members.isEmpty {
            members.append(contentsOf: takeTurn(members.removeFirst()))
        } else if !strangers.isEmpty {
            strangers.append(contentsOf: takeTurn(strangers.removeFirst()))
        }
    }

    /// Sends one of `key`'s lines; `key` again when more wait.
    private mutating func takeTurn(_ key: String) -> [String] {
        said[key]?.removeFirst()
        guard said[key]?.isEmpty == false else {
            said[key] = nil
            return []
        }
        return [key]
    }

    /// The nick or channel a line is said to; nil for the bot's own commands.
    private static func target(of message: IRCMessage) -> String? {
        let command = message.command.uppercased()
        guard command == "PRIVMSG" || command == "NOTICE", let target = message.parameters.first else { return nil }
        return target
    }
}
