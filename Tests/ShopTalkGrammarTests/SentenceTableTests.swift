import Foundation
import ShopTalkGrammar
import ShopTalkGrammarFiles
import Testing

/// The built-in grammars, compiled once for all tests.
enum BuiltInGrammars {
    static let english: Grammar = try! LanguageFiles.builtIn.grammar("en")
    static let all: [String: Grammar] = Dictionary(uniqueKeysWithValues: LanguageFiles.builtIn.languages.map {
        ($0, try! LanguageFiles.builtIn.grammar($0))
    })
    static var languages: [String] { LanguageFiles.builtIn.languages }
}

/// One row of a sentence table: a sentence and the exact JSON `shoptalk parse --lang` prints.
struct SentenceCase: CustomTestStringConvertible, Sendable {
    let language: String
    let sentence: String
    let expected: String
    let line: Int
    var testDescription: String { "\(language).tsv line \(line): \(sentence)" }

    static func load(_ language: String) -> [SentenceCase] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Sentences/\(language).tsv")
        let text = try! String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").enumerated().compactMap { index, line in
            guard !line.hasPrefix("#") else { return nil }
            let columns = line.split(separator: "\t", maxSplits: 1)
            return SentenceCase(language: language, sentence: String(columns[0]), expected: String(columns[1]), line: index + 1)
        }
    }

    /// Every row of every built-in language's table.
    static let all: [SentenceCase] = BuiltInGrammars.languages.flatMap(load)
}

/// Each language's sentence table (`Sentences/<code>.tsv`), written from how
/// people talk, holds its grammar to what it must understand, and to what it
/// must not.
@Suite("Sentence tables")
struct SentenceTableTests {
    @Test("each sentence parses exactly as its table says", arguments: SentenceCase.all)
    func sentence(_ row: SentenceCase) {
        #expect(Parse.json(BuiltInGrammars.all[row.language]!.parse(row.sentence)).serialized == row.expected)
    }

    @Test(arguments: BuiltInGrammars.languages)
    func theTableIsLargeAndHasSentencesThatMustNotMatch(_ language: String) {
        let cases = SentenceCase.load(language)
        let negatives = cases.filter { $0.expected.hasPrefix("{\"intent\":null") }
        #expect(cases.count - negatives.count >= 150)
        #expect(negatives.count >= 10)
    }

    @Test(arguments: BuiltInGrammars.languages)
    func everyIntentOfTheGrammarIsInTheTable(_ language: String) {
        let grammar = BuiltInGrammars.all[language]!
        let covered = Set(SentenceCase.load(language).compactMap { grammar.parse($0.sentence)?.intent })
        #expect(Set(grammar.intents.map(\.name)).subtracting(covered).isEmpty)
    }

    /// Every language can do what English can, and nothing the bot does not know.
    @Test(arguments: BuiltInGrammars.languages)
    func everyGrammarHasTheIntentsOfEnglish(_ language: String) {
        let intents = Set(BuiltInGrammars.all[language]!.intents.map(\.name))
        #expect(intents == Set(BuiltInGrammars.english.intents.map(\.name)), "\(language)")
    }

    /// All languages are loaded at once, so no grammar may claim another's
    /// sentences: a line of one language's table, said first to a bot that
    /// speaks English, is answered in its own language, or in English when
    /// English understands it too ("ok", "6", a bare name), never in a third.
    @Test func noLanguageTakesAnothersSentences() throws {
        let grammars = try LanguageFiles.builtIn.grammars(defaultLanguage: "en")
        for row in SentenceCase.all where row.language != "en" && !row.expected.hasPrefix("{\"intent\":null") {
            let answer = grammars.parse(row.sentence, preferring: "en")?.language
            #expect(answer == row.language || answer == "en", "\(row.testDescription) is answered in \(answer ?? "no language")")
        }
    }

    @Test("every help example is understood as its own intent", arguments: BuiltInGrammars.languages)
    func examples(_ language: String) {
        let grammar = BuiltInGrammars.all[language]!
        for intent in grammar.intents {
            for example in intent.examples {
                #expect(grammar.parse(example)?.intent == intent.name, "\(example)")
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
        // Exactly as written, byte for byte.
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(BundledGrammars.files[file] == text, "\(file)")
        }
    }

    @Test func parsingIsDeterministic() {
        for row in SentenceCase.all where row.line % 5 == 0 {
            let grammar = BuiltInGrammars.all[row.language]!
            #expect(grammar.parse(row.sentence) == grammar.parse(row.sentence))
        }
    }
}
