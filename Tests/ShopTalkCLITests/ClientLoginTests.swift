import ShopTalkClient
import Testing

/// `shoptalk connect` logging in, as a value: what it sends after each line the server says.
@Suite("The client's login")
struct ClientLoginTests {
    static let greeting = "ShopTalk 0.1.0: say “login NAME PASSWORD” (or “relay NAME TOKEN”), “format json” for the machine protocol, or “quit”."
    static let welcome = #"{"ok":true,"intent":"login","text":"Hello, alice!"}"#
    static let refused = #"{"ok":false,"intent":"login","error":"unauthenticated","text":"That name and password do not match."}"#

    @Test func afterTheGreetingItAsksForJSONThenThePasswordThenLogsIn() {
        var login = ClientLogin(server: "home:7420", user: "alice", tries: 3)
        #expect(login.received(Self.greeting) == .send("format json"))
        #expect(login.received(#"{"ok":true,"intent":"format","text":"Replies are now json."}"#) == .askPassword)
        #expect(login.password("s3cret") == .send("login alice s3cret"))
        #expect(login.received(Self.welcome) == .loggedIn(Self.welcome))
        #expect(login.password == "s3cret")
    }

    @Test func aRefusedPasswordIsAskedForAgainAsManyTimesAsAllowed() {
        var login = ClientLogin(server: "home:7420", user: "alice", tries: 2)
        _ = login.received(Self.greeting)
        _ = login.received(nil)
        #expect(login.password("wrong") == .send("login alice wrong"))
        #expect(login.received(Self.refused) == .refused("That name and password do not match.", retry: .askPassword))
        #expect(login.password("still wrong") == .send("login alice still wrong"))
        #expect(login.received(Self.refused) == .fail("That name and password do not match.", passing: false))
    }

    @Test func aReconnectionTriesThePasswordTakenBeforeWithoutAsking() {
        var login = ClientLogin(server: "home:7420", user: "alice", tries: 3, password: "s3cret")
        _ = login.received(Self.greeting)
        #expect(login.received(nil) == .send("login alice s3cret"))
        #expect(login.received(Self.refused) == .fail("That name and password do not match.", passing: false), "changed meanwhile: asked no more")
    }

    @Test func somethingThatIsNotShopTalkIsLeftBeforeAnyPasswordIsSent() {
        var silent = ClientLogin(server: "home:7420", user: "alice", tries: 3)
        #expect(silent.received(nil) == .fail("home:7420 did not greet: is it a ShopTalk server?", passing: true))
        var other = ClientLogin(server: "home:7420", user: "alice", tries: 3)
        #expect(other.received("SSH-2.0-OpenSSH_9.2\u{1B}[2J") == .fail("home:7420 said “SSH-2.0-OpenSSH_9.2\\u{1B}[2J”, not ShopTalk's greeting", passing: false))
        var noPassword = ClientLogin(server: "home:7420", user: "alice", tries: 3)
        _ = noPassword.received(Self.greeting)
        _ = noPassword.received(nil)
        #expect(noPassword.password("") == .fail("no password given", passing: false))
    }

    @Test func aServerThatStopsAnsweringTheLoginIsWorthTryingLater() {
        var login = ClientLogin(server: "home:7420", user: "alice", tries: 1)
        _ = login.received(Self.greeting)
        _ = login.received(nil)
        _ = login.password("s3cret")
        #expect(login.received(nil) == .fail("home:7420 did not answer the login", passing: true))
    }
}
