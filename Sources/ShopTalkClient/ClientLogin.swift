import Foundation
import ShopTalkLineIO

/// `shoptalk connect`'s side of logging in, as a value: after each line the
/// server says (or its silence), what to do next — send a line, ask for the
/// password, give up, or carry on logged in. ``RemoteChat`` reads and
/// writes around it.
///
/// The server must greet as ShopTalk does (in words, not JSON); the client
/// then asks for the machine protocol, whatever it shows, so that a refused
/// login is told from a welcome in every language; a refused password is
/// asked for again, `tries` times in all.
public struct ClientLogin: Sendable {
    public let server: String
    public let user: String
    public let tries: Int
    private var phase = Phase.greeting
    private var attempts = 0
    /// The password being tried, kept once the server takes it.
    public private(set) var password: String?

    private enum Phase { case greeting, format, password, login, done }

    public enum Step: Equatable, Sendable {
        /// Send this line.
        case send(String)
        /// Ask for the password, and tell ``password(_:)``.
        case askPassword
        /// A refused password, said (the next step asks again).
        indirect case refused(String, retry: Step)
        /// Logged in: the server's answer to the login, as it came.
        case loggedIn(String)
        /// Give up. `passing`: worth trying again later (the server is down or restarting).
        case fail(String, passing: Bool)
    }

    /// `password`: one the server took before, tried without asking (a reconnection), and only once.
    public init(server: String, user: String, tries: Int, password: String? = nil) {
        self.server = server
        self.user = user
        self.tries = password == nil ? max(1, tries) : 1
        self.password = password
    }

    /// What the server said next; nil when it said nothing in time, or closed.
    public mutating func received(_ line: String?) -> Step {
        switch phase {
        case .greeting:
            guard let line else { return .fail("\(server) did not greet: is it a ShopTalk server?", passing: true) }
            guard !line.hasPrefix("{") && line.contains("ShopTalk") else {
                return .fail("\(server) said “\(TerminalText.safe(line))”, not ShopTalk's greeting", passing: false)
            }
            phase = .format
            return .send("format json")
        case .format:
            // "Replies are now json.", or nothing: either way, on to the login.
            return nextPassword()
        case .login:
            guard let line else { return .fail("\(server) did not answer the login", passing: true) }
            let reply = ServerLine(line)
            guard case .reply(ok: true, _, _) = reply else {
                let refusal = TerminalText.safe(reply.text.trimmingCharacters(in: .newlines))
                if case .reply(false, _, "unauthenticated") = reply, attempts < tries {
                    password = nil
                    return .refused(refusal, retry: nextPassword())
                }
                phase = .done
                return .fail(refusal, passing: false)
            }
            phase = .done
            return .loggedIn(line)
        case .password, .done:
            return .fail("\(server) spoke out of turn", passing: true)
        }
    }

    /// The password given at ``Step/askPassword``; nil or empty gives up.
    public mutating func password(_ given: String?) -> Step {
        guard let given, !given.isEmpty else {
            phase = .done
            return .fail("no password given", passing: false)
        }
        password = given
        return login()
    }

    private mutating func nextPassword() -> Step {
        if password != nil { return login() }
        phase = .password
        return .askPassword
    }

    private mutating func login() -> Step {
        attempts += 1
        phase = .login
        return .send("login \(user) \(password ?? "")")
    }
}
