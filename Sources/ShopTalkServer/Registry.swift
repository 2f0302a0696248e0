import Foundation
import ShopTalkDomain
import ShopTalkSession
import ShopTalkTransports
import Synchronization

/// Where a subscriber's text goes: a client's connection.
protocol EventSink: AnyObject, Sendable {
    func send(_ text: String)
}

extension Connection: EventSink {}

/// A bot on another network (IRC, Matrix), which takes members' news as
/// events and says them its own way, to wherever that member is on its
/// network.
protocol NewsSink: AnyObject, Sendable {
    /// Called in the transaction that takes `events` out of the store: the
    /// bot may keep what it will send in the store there (its outbox), so
    /// news taken is news kept. What to do once the transaction commits.
    func prepare(_ events: [Event], for member: UserName, in bot: Bot) -> Committer.Delivery?

    /// When `member` last spoke to this bot, if they have since it started:
    /// a member on two networks at once reads their news where they spoke last.
    func spokeLast(_ member: UserName) -> ContinuousClock.Instant?
}

/// Who is connected, for live events: each member's sessions and the relays
/// (and the IRC bot) that speak for them.
final class Registry: Sendable {
    /// A connection, as events see it: its format, and whether a relay (whose
    /// lines are addressed) holds it; or a bot that takes the events themselves.
    final class Subscriber: Sendable {
        /// Where its text goes: a client's connection.
        let sink: (any EventSink)?
        /// A bot that says news its own way; events go to it unworded.
        let news: (any NewsSink)?
        private let settings = Mutex((format: ReplyFormat.text, relay: false))

        /// Whether the connection's own line is being answered, the events held meanwhile,
        /// and when its member logged in or last sent a line (see ``NewsSink/spokeLast(_:)``).
        private let answering = Mutex((busy: false, held: [String](), active: ContinuousClock.now))

        init(sink: any EventSink) { (self.sink, news) = (sink, nil) }
        init(news: any NewsSink) { (sink, self.news) = (nil, news) }

        /// The connection's line went to the store: events wait for its answer,
        /// so a client reads the answer to its line before the news it caused.
        func lineSubmitted() { answering.withLock { ($0.busy, $0.active) = (true, .now) } }

        /// When `member` last spoke through it: a connection's last line (or its login), a bot's member's last line there.
        func spokeLast(_ member: UserName) -> ContinuousClock.Instant? {
            news.map { $0.spokeLast(member) } ?? answering.withLock { $0.active }
        }

        /// Sends the answer, then the events held while it was coming.
        func answer(_ text: String) {
            answering.withLock { state in
                sink?.send(text)
                for event in state.held { sink?.send(event) }
                (state.busy, state.held) = (false, [])
            }
        }

        /// Sends events now, or after the answer the connection waits for.
        func send(events text: String) {
            answering.withLock { state in
                if state.busy { state.held.append(text) } else { sink?.send(text) }
            }
        }

        var format: ReplyFormat {
            get { settings.withLock { $0.format } }
            set { settings.withLock { $0.format = newValue } }
        }

        var relay: Bool {
            get { settings.withLock { $0.relay } }
            set { settings.withLock { $0.relay = newValue } }
        }
    }

    private let members = Mutex<[UserName: [Subscriber]]>([:])
    private let all = Mutex(Connections())

    /// The open connections, and how many come from each address.
    private struct Connections {
        var byID: [Int: Connection] = [:]
        var perHost: [String: Int] = [:]
    }

    var connectionCount: Int { all.withLock { $0.byID.count } }
    var connections: [Connection] { all.withLock { Array($0.byID.values) } }

    /// Connections open from `host` (an address without its port).
    func connectionCount(from host: String) -> Int { all.withLock { $0.perHost[host] ?? 0 } }

    /// Of the connections not logged in, the one that has waited longest,
    /// once it has waited `least` seconds by `now`: the first to go when the server is full.
    func longestWaitingToLogIn(least: TimeInterval, now: Date) -> Connection? {
        all.withLock { all in
            all.byID.values.filter { !$0.isAuthenticated && now.timeIntervalSince($0.opened) >= least }.min { $0.opened < $1.opened }
        }
    }

    func opened(_ connection: Connection) {
        all.withLock { all in
            all.byID[connection.id] = connection
            all.perHost[connection.host, default: 0] += 1
        }
    }

    func closed(_ connection: Connection) {
        all.withLock { all in
            guard all.byID.removeValue(forKey: connection.id) != nil else { return }
            all.perHost[connection.host, default: 1] -= 1
            if all.perHost[connection.host] == 0 { all.perHost[connection.host] = nil }
        }
        members.withLock { members in
            for member in Array(members.keys) { Self.drop(member, from: &members) { $0.sink === connection } }
        }
    }

    func subscribe(_ subscriber: Subscriber, to member: UserName) {
        members.withLock { members in
            if !(members[member] ?? []).contains(where: { $0 === subscriber }) { members[member, default: []].append(subscriber) }
        }
    }

    func unsubscribe(_ subscriber: Subscriber, from member: UserName) {
        members.withLock { members in Self.drop(member, from: &members) { $0 === subscriber } }
    }

    /// Takes the subscribers that match out of a member's; a member left with none is forgotten.
    private static func drop(_ member: UserName, from members: inout [UserName: [Subscriber]], where matches: (Subscriber) -> Bool) {
        let left = (members[member] ?? []).filter { !matches($0) }
        members[member] = left.isEmpty ? nil : left
    }

    func subscribers(of member: UserName) -> [Subscriber] { members.withLock { $0[member] ?? [] } }
}
