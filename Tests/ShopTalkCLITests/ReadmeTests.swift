import Foundation
import Testing

/// The README's chat transcript is replayed through the binary: docs that lie fail here.
@Suite("README examples")
struct ReadmeTests {
    @Test func theChatTranscriptIsWhatTheChatSays() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let transcript = try #require(text.components(separatedBy: "```\n> ").dropFirst().first?.components(separatedBy: "\n```").first)
        var inputs: [String] = []
        var expected = ""
        for line in ("> " + transcript).split(separator: "\n") {
            if line.hasPrefix("> ") { inputs.append(String(line.dropFirst(2))) } else { expected += line + "\n" }
        }
        #expect(inputs.count >= 4)
        let result = try ShopTalkBinary.run(["chat", "--db", ":memory:", "--user", "alice"], input: inputs.joined(separator: "\n") + "\n")
        #expect(result.output == expected)
    }
}
