import ShopTalkDomain
import ShopTalkSession
import Synchronization
import Testing
@testable import ShopTalkServer

/// A member on the LAN and in a Matrix room (or on IRC) at once reads each
/// piece of news once, where they spoke last.
@Suite("Where a member on two networks reads their news")
struct NewsReadersTests {
    final class Screen: EventSink {
        func send(_ text: String) {}
    }

    /// A network bot that says when the member last spoke through it.
    final class NetworkBot: NewsSink {
        let spoke: Mutex<ContinuousClock.Instant?>
        init(spoke: ContinuousClock.Instant?) { self.spoke = Mutex(spoke) }
        func prepare(_ events: [Event], for member: UserName, in bot: Bot) -> Committer.Delivery? { nil }
        func spokeLast(_ member: UserName) -> ContinuousClock.Instant? { spoke.withLock { $0 } }
    }

    let bob = try! UserName("bob")

    @Test func newsGoesToTheNetworkSpokenThroughLast() {
        let terminal = Registry.Subscriber(sink: Screen())
        let earlier = Registry.Subscriber(news: NetworkBot(spoke: .now - .seconds(60)))
        #expect(Server.readersOfNews([terminal, earlier], for: bob).map(ObjectIdentifier.init) == [ObjectIdentifier(terminal)],
                "logged in on the LAN after speaking in the room: the LAN")
        let lately = Registry.Subscriber(news: NetworkBot(spoke: .now + .seconds(60)))
        #expect(Server.readersOfNews([terminal, lately], for: bob).map(ObjectIdentifier.init) == [ObjectIdentifier(lately)],
                "spoke in the room after logging in: the room")
    }

    @Test func aNetworkNeverSpokenThroughGetsNoNewsWhileTheMemberIsConnected() {
        let terminal = Registry.Subscriber(sink: Screen())
        let silent = Registry.Subscriber(news: NetworkBot(spoke: nil))
        #expect(Server.readersOfNews([terminal, silent], for: bob).map(ObjectIdentifier.init) == [ObjectIdentifier(terminal)])
    }

    @Test func everyConnectionOfAMemberOnTheLANAloneGetsTheNews() {
        let one = Registry.Subscriber(sink: Screen()), two = Registry.Subscriber(sink: Screen())
        #expect(Server.readersOfNews([one, two], for: bob).count == 2)
        let room = Registry.Subscriber(news: NetworkBot(spoke: .now))
        #expect(Server.readersOfNews([room], for: bob).count == 1)
    }
}
