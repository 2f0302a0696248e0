import Foundation
import ShopTalkGrammar
import ShopTalkGrammarFiles
import Testing

/// The built-in grammars, compiled once for all tests.
enum Grammars {
    static let english: Grammar = try! LanguageFiles.builtIn.grammar("en")
}

/// One row of a sentence table: a sentence and the exact JSON `shoptalk parse` prints.
struct SentenceCase: CustomTestStringConvertible, Sendable {
    let sentence: String
    let expected: String
    let line: Int
    var testDescription: String { "line \(line): \(sentence)" }

    static func load(_ language: String) -> [SentenceCase] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Sentences/\(language).tsv")
        let text = try! String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").enumerated().compactMap { index, line in
            guard !line.hasPrefix("#") else { return nil }
            let columns = line.split(separator: "\t", maxSplits: 1)
            return SentenceCase(sentence: String(columns[0]), expected: String(columns[1]), line: index + 1)
        }
    }
}

@Suite("English sentences")
struct EnglishSentenceTests {
    static let cases = SentenceCase.load("en")

    @Test("each sentence parses exactly as the table says", arguments: cases)
    func sentence(_ row: SentenceCase) {
        #expect(Parse.json(Grammars.english.parse(row.sentence)).serialized == row.expected)
    }

    @Test func theTableIsLargeAndHasSentencesThatMustNotMatch() {
        let negatives = Self.cases.filter { $0.expected.hasPrefix("{\"intent\":null") }
        #expect(Self.cases.count - negatives.count >= 150)
        #expect(negatives.count >= 10)
    }

    @Test func everyIntentOfTheGrammarIsInTheTable() {
        let covered = Set(Self.cases.compactMap { Grammars.english.parse($0.sentence)?.intent })
        #expect(Set(Grammars.english.intents.map(\.name)).subtracting(covered).isEmpty)
    }

    @Test("every help example is understood as its own intent")
    func examples() {
        for intent in Grammars.english.intents {
            for example in intent.examples {
                #expect(Grammars.english.parse(example)?.intent == intent.name, "\(example)")
            }
        }
    }

    @Test func everyFileOfGrammarIsBuiltIn() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Grammar")
        let languages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.contains(".") }
        let files = try languages.flatMap { code in
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(code).path).map { "\(code)/\($0)" }
        }
        #expect(Set(files) == Set(BundledGrammars.files.keys))
    }

    @Test func parsingIsDeterministic() {
        for row in Self.cases.prefix(40) {
            #expect(Grammars.english.parse(row.sentence) == Grammars.english.parse(row.sentence))
        }
    }
}
