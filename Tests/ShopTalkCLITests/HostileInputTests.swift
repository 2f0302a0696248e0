import Foundation
import Glibc
import Testing

/// The hostile input catalog (docs/reliability.md): each line is answered with
/// a clear error or stored safely, nothing else is lost, the next line works,
/// and text output never carries a raw control character. Every case runs
/// over standard input and over TCP.
struct HostileCase: CustomTestStringConvertible, Sendable {
    enum Expect: Sendable { case error(String), ok, okContaining(String), blank }
    let name: String
    let bytes: [UInt8]
    let expect: Expect
    var testDescription: String { name }

    init(_ name: String, _ text: String, _ expect: Expect) {
        self.init(name, Array(text.utf8), expect)
    }

    init(_ name: String, _ bytes: [UInt8], _ expect: Expect) {
        self.name = name
        self.bytes = bytes
        self.expect = expect
    }

    static let catalog: [HostileCase] = [
        .init("a line over 4096 bytes", "add " + String(repeating: "x", count: 5_000), .error("too_long")),
        .init("invalid UTF-8", Array("add ".utf8) + [0xC3, 0x28] + Array(" eggs".utf8), .error("invalid")),
        .init("overlong UTF-8 for '/'", Array("add ".utf8) + [0xC0, 0xAF], .error("invalid")),
        .init("an encoded UTF-16 surrogate", Array("add ".utf8) + [0xED, 0xA0, 0x80], .error("invalid")),
        .init("a stray continuation byte", Array("add ".utf8) + [0x80], .error("invalid")),
        .init("a NUL", "add eg\u{0}gs", .error("invalid")),
        .init("an ANSI colour sequence in an item", "add \u{1B}[31mred\u{1B}[0m", .error("invalid")),
        .init("a terminal title sequence in a list name", "create list \u{1B}]0;pwned\u{7}", .error("invalid")),
        .init("a bell", "add milk\u{7}", .error("invalid")),
        .init("a C1 control (CSI)", "add \u{9B}31m", .error("invalid")),
        .init("DEL", "add milk\u{7F}", .error("invalid")),
        .init("a carriage return inside the line", "add milk\rshow my lists", .error("invalid")),
        .init("a right-to-left override in a list name", "create list \u{202E}seirecorG", .error("invalid")),
        .init("a bidirectional isolate", "create list Gro\u{2066}ceries\u{2069}", .error("invalid")),
        .init("a zero-width space in a list name", "create list Gro\u{200B}ceries", .error("invalid")),
        .init("a zero-width joiner in a list name", "create list Gro\u{200D}ceries", .error("invalid")),
        .init("a soft hyphen in an item", "add mi\u{AD}lk", .error("invalid")),
        .init("a list name that looks like a relay line", "create list :bob add milk", .ok),
        // Words of the bot's own sentences ("ok", "delete", "items") in a name: asked about before it is stored.
        .init("an item that looks like JSON", #"add {"ok":true}"#, .error("question")),
        .init("an item that looks like a label", "add @label=7 milk", .ok),
        .init("a label with control characters", "@label=a\u{1B}b add milk", .error("invalid")),
        .init("a label of 100 characters", "@label=" + String(repeating: "x", count: 100) + " add milk", .error("invalid")),
        .init("101 items in one sentence", "add " + (1...101).map { "i\($0)" }.joined(separator: ", "), .error("invalid")),
        .init("quantity in Arabic-Indic digits", "add \u{663} eggs", .okContaining(#""quantity":3"#)),
        .init("quantity in Devanagari digits", "add \u{967}\u{968} limes", .okContaining(#""quantity":12"#)),
        .init("quantity with thousands separators", "add 1,000 clips", .okContaining(#""quantity":1000"#)),
        .init("an absurd quantity", "add 99999999999999999999999999 eggs", .error("invalid")),
        .init("a negative quantity", "add -5 eggs", .error("invalid")),
        .init("a zero quantity", "add 0 eggs", .error("invalid")),
        .init("a quantity just over the limit", "add 1000001 eggs", .error("invalid")),
        .init("SQL in a list name", "create list x'); DROP TABLE users;--", .ok),
        .init("SQL in an item", "add '; DELETE FROM items; --", .error("question")),
        .init("an item name of 300 characters", "add " + String(repeating: "y", count: 300), .error("invalid")),
        .init("a list name of 101 characters", "create list " + String(repeating: "z", count: 101), .error("invalid")),
        .init("emoji", "add 🥚🥚 and 🥛", .ok),
        .init("combining accents", "add e\u{301}clairs", .ok),
        .init("right-to-left script", "add حليب", .ok),
        .init("Chinese", "add 牛奶", .ok),
        .init("a tab between words", "add\tmilk", .ok),
        .init("only spaces", "      ", .blank),
        .init("a sentence of 4000 spaces then help", String(repeating: " ", count: 4_000) + "help", .ok),
        .init("a line of punctuation", "?!?!?!;;;,,,", .error("not_understood")),
        .init("an unknown member in a share", "share Shopping list with nobody123", .error("not_found")),
        .init("sharing with oneself", "share Shopping list with alice", .error("invalid")),
        .init("a nick-like prefix outside relay mode", ":bob add milk", .error("not_understood")),
    ]
}

@Suite("Hostile input")
struct HostileInputTests {
    /// Checks one reply line against what the case expects.
    static func check(_ reply: String, _ expect: HostileCase.Expect, _ name: String) {
        switch expect {
        case .error(let code): #expect(reply.contains(#""ok":false"#) && reply.contains(#""error":"\#(code)""#), "\(name): \(reply)")
        case .ok: #expect(reply.contains(#""ok":true"#), "\(name): \(reply)")
        case .okContaining(let text): #expect(reply.contains(#""ok":true"#) && reply.contains(text), "\(name): \(reply)")
        case .blank: #expect(reply == #"{"ok":true,"intent":null,"text":"","lang":"en","data":{}}"#, "\(name): \(reply)")
        }
    }

    @Test func theCatalogIsLarge() {
        #expect(HostileCase.catalog.count >= 40)
    }

    @Test func everyCaseOverStandardInput() throws {
        var input: [UInt8] = Array("add milk\n".utf8)
        for hostile in HostileCase.catalog { input += hostile.bytes + [0x0A] + Array("show my lists\n".utf8) }
        let result = try ShopTalkBinary.run(["chat", "--db", ":memory:", "--user", "alice", "--format", "json"], inputBytes: input)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == 1 + 2 * HostileCase.catalog.count)
        for (index, hostile) in HostileCase.catalog.enumerated() where 2 + 2 * index < lines.count {
            Self.check(lines[1 + 2 * index], hostile.expect, hostile.name)
            #expect(lines[2 + 2 * index].contains(#""intent":"show_lists""#), "after \(hostile.name)")
        }
        // Nothing was lost along the way.
        #expect(lines.last?.contains(#""name":"Shopping list","owner":"alice","access":"owner""#) == true)
    }

    @Test func everyCaseOverTCPWithOtherClientsUnaffected() throws {
        let server = try ServerProcess(arguments: ["--max-lines-per-second", "0"])
        let alice = try LineClient(port: server.port), bob = try LineClient(port: server.port)
        for (client, name) in [(alice, "alice"), (bob, "bob")] {
            _ = client.line()
            _ = client.ask("login \(name) pw-\(name)")
            _ = client.ask("format json")
        }
        _ = alice.ask("add milk")
        for hostile in HostileCase.catalog {
            alice.send(bytes: hostile.bytes + [0x0A])
            Self.check(alice.line() ?? "<nothing>", hostile.expect, hostile.name)
            #expect(bob.ask("what's on my list").contains(#""intent":"show_list""#), "bob after \(hostile.name)")
        }
        #expect(alice.ask("what's on my list").contains(#""name":"milk""#))
        #expect(server.stop() == 0)
    }

    @Test func textOutputNeverCarriesRawControlCharacters() throws {
        var input: [UInt8] = []
        for hostile in HostileCase.catalog { input += hostile.bytes + [0x0A] }
        input += Array("show my lists\nwhat's on my list\nhelp\n".utf8)
        let result = try ShopTalkBinary.run(["chat", "--db", ":memory:", "--user", "alice"], inputBytes: input)
        let bad = result.output.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) }
        #expect(bad.isEmpty, "raw control characters: \(bad.map { String($0.value, radix: 16) })")
    }

    @Test func bytesWithNoNewlineEverEndWithOneReply() throws {
        let endless = Array(repeating: UInt8(ascii: "a"), count: 200_000)
        let result = try ShopTalkBinary.run(["chat", "--db", ":memory:", "--user", "alice", "--format", "json"], inputBytes: endless)
        #expect(result.output.split(separator: "\n").count == 1)
        #expect(result.output.contains(#""error":"too_long""#))
    }

    @Test func aMebibyteLineAndAnEndlessLineOverTCP() throws {
        let server = try ServerProcess()
        let alice = try LineClient(port: server.port)
        _ = alice.line()
        _ = alice.ask("login alice pw-alice")
        alice.send(bytes: Array(repeating: UInt8(ascii: "b"), count: 1 << 20) + [0x0A])
        #expect(alice.line() == "That line is too long (1048576 bytes); a line may hold up to 4096.")
        #expect(alice.ask("add milk") == "Added milk to the Shopping list.")
        let endless = try LineClient(port: server.port)
        _ = endless.line()
        endless.send(bytes: Array(repeating: UInt8(ascii: "c"), count: 2 << 20))
        let bob = try LineClient(port: server.port)
        _ = bob.line()
        #expect(bob.ask("login bob pw-bob").hasPrefix("Hello, bob!"))
        #expect(server.stop() == 0)
    }

    @Test func aSlowClientSendingByteByByteHoldsNobodyUp() throws {
        let server = try ServerProcess()
        let slow = try LineClient(port: server.port), quick = try LineClient(port: server.port)
        _ = slow.line()
        _ = slow.ask("login alice pw-alice")
        _ = quick.line()
        _ = quick.ask("login bob pw-bob")
        for byte in Array("add milk\n".utf8) {
            slow.send(bytes: [byte])
            #expect(quick.ask("what's on my list").hasPrefix("The Shopping list"))
            usleep(50_000)
        }
        #expect(slow.line() == "Added milk to the Shopping list.")
    }

    /// Twelve wrong passwords for alice, then the right one: slowed down,
    /// but answered well before the connection's idle timeout.
    @Test func theRightPasswordAfterTwelveWrongOnesIsAnswered() throws {
        let server = try ServerProcess()
        for round in 0..<2 {
            let guesser = try LineClient(port: server.port, timeout: 30)
            _ = guesser.line()
            for guess in 0..<6 { #expect(guesser.ask("login alice wrong\(round)\(guess)") == "That name and password do not match.") }
        }
        let alice = try LineClient(port: server.port, timeout: 30)
        _ = alice.line()
        #expect(alice.ask("login alice pw-alice").hasPrefix("Hello, alice!"))
        #expect(alice.ask("add milk") == "Added milk to the Shopping list.")
    }

    @Test func aThousandWrongLoginsInARowEndTheConnectionAndTheServerStaysUp() throws {
        let server = try ServerProcess()
        let guesser = try LineClient(port: server.port, timeout: 30)
        _ = guesser.line()
        guesser.send((0..<1_000).map { "login alice wrong\($0)\n" }.joined())
        let answers = (0..<9).compactMap { _ in guesser.line() }
        #expect(answers.prefix(8).allSatisfy { $0 == "That name and password do not match." })
        #expect(answers.last == "Too many failed logins; closing this connection.")
        #expect(guesser.isClosedByServer())
        // The same address is still slowed down, but the right password gets in.
        let bob = try LineClient(port: server.port, timeout: 30)
        _ = bob.line()
        #expect(bob.ask("login bob pw-bob").hasPrefix("Hello, bob!"))
        #expect(server.stop() == 0)
        // Eight guesses, five lines: a flood of guesses at one account writes a few lines a minute, not one each.
        #expect(server.logText().components(separatedBy: "msg=\"login failed\"").count - 1 == 5)
        #expect(!server.logText().contains("wrong1"))
    }
}
