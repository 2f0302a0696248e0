import Foundation
import ShopTalkIRC
import Testing

/// ircdocs' public parser test vectors (Fixtures/README.md): splitting
/// lines into parts, joining parts into lines, and splitting sources.
@Suite("IRC messages, against the public parser tests")
struct ParserVectorTests {
    static func fixture(_ name: String) throws -> [[String: Any]] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name).json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]])
    }

    /// The parts a vector expects, as a message.
    static func message(_ atoms: [String: Any]) -> IRCMessage {
        let tags = (atoms["tags"] as? [String: Any] ?? [:]).map { IRCMessage.Tag($0.key, $0.value as? String ?? "") }
        return IRCMessage(tags: tags, source: atoms["source"] as? String, atoms["verb"] as? String ?? "", atoms["params"] as? [String] ?? [])
    }

    @Test func splittingLines() throws {
        let vectors = try Self.fixture("msg-split")
        #expect(vectors.count >= 30)
        for vector in vectors {
            let input = try #require(vector["input"] as? String)
            let expected = Self.message(try #require(vector["atoms"] as? [String: Any]))
            let parsed = try #require(IRCMessage(input), "\(input.debugDescription) was not read")
            #expect(parsed.source == expected.source, "\(input.debugDescription)")
            #expect(parsed.command == expected.command, "\(input.debugDescription)")
            #expect(parsed.parameters == expected.parameters, "\(input.debugDescription)")
            #expect(Dictionary(uniqueKeysWithValues: parsed.tags.map { ($0.key, $0.value) })
                    == Dictionary(uniqueKeysWithValues: expected.tags.map { ($0.key, $0.value) }), "\(input.debugDescription)")
        }
    }

    @Test func joiningParts() throws {
        let vectors = try Self.fixture("msg-join")
        #expect(vectors.count >= 15)
        for vector in vectors {
            let message = Self.message(try #require(vector["atoms"] as? [String: Any]))
            let matches = try #require(vector["matches"] as? [String])
            #expect(matches.contains(message.serialized), "\(message.serialized.debugDescription) is none of \(matches)")
            // And what is written reads back as the same parts.
            let again = try #require(IRCMessage(message.serialized))
            #expect(again.parameters == message.parameters && again.source == message.source)
        }
    }

    @Test func splittingSources() throws {
        let vectors = try Self.fixture("userhost-split")
        #expect(vectors.count >= 6)
        for vector in vectors {
            let source = try #require(vector["source"] as? String)
            let atoms = try #require(vector["atoms"] as? [String: String])
            let split = IRCSource(source)
            #expect(split.nick == atoms["nick"] ?? "" && split.user == atoms["user"] ?? "" && split.host == atoms["host"] ?? "", "\(source.debugDescription)")
        }
    }

    @Test func aLineEndingIsNotPartOfTheMessage() throws {
        #expect(try #require(IRCMessage("PING :abc\r\n")).parameters == ["abc"])
        #expect(try #require(IRCMessage("PING abc\n")).parameters == ["abc"])
    }

    @Test func aLineWithoutACommandIsNotAMessage() {
        #expect(IRCMessage("") == nil)
        #expect(IRCMessage(":onlyasource") == nil)
        #expect(IRCMessage("@a=b ") == nil)
    }
}
