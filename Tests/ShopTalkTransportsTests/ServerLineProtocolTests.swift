import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkLineIO
import ShopTalkSession
import ShopTalkTransports
import ShopTalkWording
import Testing

/// What each line asks of the server, before and after logging in: the
/// connection's protocol as a value, without a socket.
@Suite("The server's line protocol")
struct ServerLineProtocolTests {
    static func line(_ text: String) -> LineFramer.Frame { .line(Array(text.utf8)) }

    /// A connection from this machine (or over TLS), where secrets may be said.
    static func connection() -> ServerLineProtocol { ServerLineProtocol(defaultLanguage: "en", refusesSecretsInClear: false) }

    static func reply(_ action: ServerLineProtocol.Action) -> Reply? {
        if case .reply(let reply) = action { reply } else { nil }
    }

    @Test func beforeLoggingInASentenceIsToldToLogInFirst() {
        var lines = Self.connection()
        let refused = Self.reply(lines.take(Self.line("add milk")))
        #expect(refused?.error == .unauthenticated)
        #expect(refused?.message == Message(.serverLoginFirst))
        #expect(Self.reply(lines.take(Self.line("help")))?.message == Message(.serverLoginHelp))
    }

    @Test func loginAsksForTheMembersPasswordToBeChecked() {
        var lines = Self.connection()
        guard case .login(let name, let password) = lines.take(Self.line("LOGIN alice s3cret")) else { Issue.record("not a login"); return }
        #expect(name == (try? UserName("alice")) && password == "s3cret")
        #expect(Self.reply(lines.take(Self.line("login alice")))?.message == Message(.serverLoginHow))
        guard case .relayLogin(let relay, let token) = lines.take(Self.line("relay IRC-Bridge tok")) else { Issue.record("not a relay"); return }
        #expect(relay == "irc-bridge" && token == "tok")
    }

    @Test func secretsInClearFromAnotherMachineAreRefused() {
        var lines = ServerLineProtocol(defaultLanguage: "en", refusesSecretsInClear: true)
        guard case .refuseSecretInClear("login") = lines.take(Self.line("login alice s3cret")) else { Issue.record("taken"); return }
        guard case .refuseSecretInClear("relay") = lines.take(Self.line("relay irc tok")) else { Issue.record("taken"); return }
    }

    @Test func onceLoggedInSentencesGoThroughTheEndpointAndLoginIsRefused() throws {
        var lines = Self.connection()
        let alice = try UserName("alice")
        lines.loggedIn(ConversationEndpoint(speakers: .member(alice), grammars: ConversationEndpointTests.grammars, language: "de"))
        guard case .endpoint(.apply(let parsed, let speaker, false)) = lines.take(Self.line("add milk")) else { Issue.record("not applied"); return }
        #expect(speaker == alice && parsed.input.text == "add milk")
        let again = Self.reply(lines.take(Self.line("login bob pw")))
        #expect(again?.message == Message(.serverLoginAlready) && again?.language == "de", "in the member's language")
        guard case .confirmLink(.irc, let code, alice) = lines.take(Self.line("link irc AB12")) else { Issue.record("no link"); return }
        #expect(code == "AB12")
        guard case .confirmLink(.matrix, "cd34", alice) = lines.take(Self.line("link Matrix cd34")) else { Issue.record("no Matrix link"); return }
    }

    @Test func aRelayMayNotConfirmAnIRCLink() {
        var lines = Self.connection()
        lines.loggedIn(ConversationEndpoint(speakers: .relay(speaksFor: nil), grammars: ConversationEndpointTests.grammars, language: "en"))
        #expect(Self.reply(lines.take(Self.line("link irc AB12")))?.error == .unauthenticated)
    }

    @Test func formatChangesHowRepliesAreWritten() {
        var lines = Self.connection()
        #expect(Self.reply(lines.take(Self.line("format json")))?.intent == "format")
        #expect(lines.format == .json)
        #expect(Self.reply(lines.take(Self.line("format xml")))?.message == Message(.serverFormatHow))
        #expect(lines.format == .json)
    }

    @Test func quitAloneEndsTheConnectionWithAGoodbye() {
        var lines = Self.connection()
        guard case .quit(let goodbye) = lines.take(Self.line("  Quit ")) else { Issue.record("no quit"); return }
        #expect(goodbye.intent == Reply.goodbye().intent)
        #expect(Self.reply(lines.take(Self.line("quit smoking")))?.error == .unauthenticated, "a sentence, before login")
    }

    @Test func anUnreadableLineBeforeLoginIsRefusedWithItsLabel() {
        var lines = Self.connection()
        let bad = Self.reply(lines.take(.line(Array("@label=7 add caf".utf8) + [0xFF])))
        #expect(bad?.ok == false && bad?.label == "7")
        let long = Self.reply(lines.take(.tooLong(bytes: 5_000, limit: 4_096, head: Array("@label=8 add".utf8))))
        #expect(long?.ok == false && long?.label == "8")
    }
}
