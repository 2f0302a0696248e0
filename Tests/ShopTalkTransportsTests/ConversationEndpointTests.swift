import ShopTalkDomain
import ShopTalkGrammar
import ShopTalkGrammarFiles
import ShopTalkSession
import ShopTalkTransports
import Synchronization
import Testing

/// The rules a line meets on every transport, checked once here: the chat,
/// the TCP server and its relays take their lines through this endpoint.
@Suite("One conversation endpoint")
struct ConversationEndpointTests {
    static let grammars: Grammars = try! LanguageFiles.builtIn.grammars(defaultLanguage: "en")
    let alice = try! UserName("alice"), bob = try! UserName("bob"), zed = try! UserName("zed")

    /// The endpoint's clock, which moves only when a test moves it.
    final class Clock: Sendable {
        private let seconds = Mutex(0.0)
        func now() -> Double { seconds.withLock { $0 } }
        func move(by step: Double) { seconds.withLock { $0 += step } }
    }

    let clock = Clock()

    func endpoint(_ speakers: ConversationEndpoint.Speakers, rate: (perSecond: Double, burst: Double)? = nil) -> ConversationEndpoint {
        let clock = clock
        return ConversationEndpoint(speakers: speakers, grammars: Self.grammars, language: "en", rate: rate, clock: { clock.now() })
    }

    func applied(_ endpoint: inout ConversationEndpoint, _ text: String) -> Bool {
        if case .apply = take(&endpoint, text) { true } else { false }
    }

    func take(_ endpoint: inout ConversationEndpoint, _ text: String) -> ConversationEndpoint.Step {
        endpoint.take(.line(Array(text.utf8)))
    }

    @Test func aMembersLineIsAppliedAsTheirsParsedInTheirLanguage() throws {
        var stream = endpoint(.member(alice))
        guard case .apply(let line, let speaker, let relayed) = take(&stream, "@label=7 add milk") else {
            Issue.record("not applied")
            return
        }
        #expect(speaker == alice && !relayed)
        #expect(line.input.label == "7")
        #expect(line.parse?.intent == "add_items" && line.language == "en")
    }

    /// On IRC or a connection, a line that looks like a relay's is still its speaker's own.
    @Test func aMemberCannotSpeakForAnotherByStartingALineWithTheirNick() throws {
        var stream = endpoint(.member(alice))
        guard case .apply(let line, let speaker, false) = take(&stream, ":bob add milk") else {
            Issue.record("not applied as alice's")
            return
        }
        #expect(speaker == alice && line.input.nick == nil)
    }

    @Test func aRelaysLineIsSpokenByItsNickAndOnlyForItsMembers() throws {
        var stream = endpoint(.relay(speaksFor: [alice, bob]))
        guard case .apply(_, let speaker, true) = take(&stream, ":bob add milk") else {
            Issue.record("not applied for bob")
            return
        }
        #expect(speaker == bob)
        guard case .answer(let refused) = take(&stream, "@label=x :zed add milk") else {
            Issue.record("zed was let through")
            return
        }
        #expect(refused.error == .forbidden && refused.to == "zed" && refused.label == "x")
        guard case .answer(let missing) = take(&stream, "add milk") else {
            Issue.record("a line without a nick was let through")
            return
        }
        #expect(missing.error == .invalid && missing.to == nil)
    }

    @Test func aRelayForAnyoneSpeaksForAnyone() throws {
        var stream = endpoint(.relay(speaksFor: nil))
        guard case .apply(_, let speaker, true) = take(&stream, ":zed add milk") else {
            Issue.record("not applied")
            return
        }
        #expect(speaker == zed)
    }

    @Test func anUnreadableLineIsAnsweredToItsNickOnlyWhenTheRelayMaySpeakForThem() throws {
        var stream = endpoint(.relay(speaksFor: [alice]))
        guard case .answer(let toAlice) = take(&stream, "@label=1 :alice add \u{7}milk") else {
            Issue.record("a control character was let through")
            return
        }
        #expect(toAlice.error == .invalid && toAlice.to == "alice" && toAlice.label == "1")
        guard case .answer(let toNobody) = take(&stream, ":zed add \u{7}milk") else {
            Issue.record("a control character was let through")
            return
        }
        #expect(toNobody.to == nil, "a relay learnt of a member it may not speak for")
        guard case .answer(let tooLong) = stream.take(.tooLong(bytes: 9_000, limit: 4_096, head: Array(":alice add".utf8))) else {
            Issue.record("a line too long was let through")
            return
        }
        #expect(tooLong.error == .tooLong && tooLong.to == "alice")
    }

    /// A burst goes at once; past it, lines go at the rate, and time given back refills it.
    @Test func linesPastTheBurstGoAtTheRate() {
        var stream = endpoint(.member(alice), rate: (perSecond: 2, burst: 3))
        #expect((0..<4).map { _ in applied(&stream, "add milk") } == [true, true, true, false])
        clock.move(by: 0.5) // one line's worth
        #expect((0..<2).map { _ in applied(&stream, "add milk") } == [true, false])
        clock.move(by: 60) // a quiet minute gives back the burst, no more
        #expect((0..<4).map { _ in applied(&stream, "add milk") } == [true, true, true, false])
    }

    @Test func eachSpeakerHasARateLimitOfTheirOwn() throws {
        var stream = endpoint(.relay(speaksFor: nil), rate: (perSecond: 1, burst: 2))
        #expect((0..<3).map { _ in applied(&stream, ":alice add milk") } == [true, true, false])
        guard case .apply = take(&stream, ":bob add milk") else {
            Issue.record("bob was limited by alice's lines")
            return
        }
        guard case .answer(let limited) = take(&stream, ":alice add milk") else {
            Issue.record("alice's fourth line went through")
            return
        }
        #expect(limited.error == .rateLimited && limited.to == "alice")
    }

    @Test func aRelayMemberWhoQuitsIsToldGoodbyeAlone() throws {
        var stream = endpoint(.relay(speaksFor: nil))
        guard case .memberQuit(let member, let goodbye) = take(&stream, ":bob quit") else {
            Issue.record("quit was applied as a sentence")
            return
        }
        #expect(member == bob && goodbye.to == "bob")
        // On a member's own stream `quit` is the transport's: it ends the stream.
        let own = endpoint(.member(alice))
        #expect(own.goodbye().intent == "quit")
    }

    @Test func ownRepliesAreWordedInTheLanguageTheirReaderWasLastAnsweredIn() throws {
        var stream = endpoint(.relay(speaksFor: nil))
        stream.answered(alice, in: "es")
        guard case .answer(let refused) = take(&stream, ":alice add \u{7}") else {
            Issue.record("a control character was let through")
            return
        }
        #expect(refused.language == "es")
        #expect(stream.language == "en", "a relay's own language follows no single member")
        var own = endpoint(.member(alice))
        own.answered(alice, in: "de")
        #expect(own.language == "de" && own.goodbye().language == "de")
    }
}
