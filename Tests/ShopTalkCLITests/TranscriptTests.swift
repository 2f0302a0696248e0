import Foundation
import ShopTalkGrammarFiles
import Testing

/// A chat per language (`Transcripts/<code>.txt`), replayed through the
/// binary: what a member types (`> ` lines) and, word for word, what ShopTalk
/// answers, in that language.
@Suite("Chat transcripts")
struct TranscriptTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcripts")
    static let languages: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()

    @Test func everyLanguageOtherThanEnglishHasATranscript() {
        // English has its transcript in README.md (ReadmeTests).
        #expect(Set(Self.languages) == Set(LanguageFiles.builtIn.languages).subtracting(["en"]))
    }

    @Test(arguments: languages)
    func theChatSaysWhatItsTranscriptSays(_ language: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("\(language).txt"), encoding: .utf8)
        var inputs: [String] = []
        var expected = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() where !line.hasPrefix("#") {
            if line.hasPrefix("> ") { inputs.append(String(line.dropFirst(2))) } else { expected += line + "\n" }
        }
        #expect(inputs.count >= 15)
        let result = try ShopTalkBinary.run(["chat", "--db", ":memory:", "--user", "ana"], input: inputs.joined(separator: "\n") + "\n")
        #expect(result.output == expected)
    }
}
