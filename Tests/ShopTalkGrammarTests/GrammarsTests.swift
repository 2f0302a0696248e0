import Foundation
import ShopTalkGrammar
import ShopTalkGrammarFiles
import Synchronization
import Testing

/// Every language at once: the conversation's language first, and grammars
/// that compile after start-up, each once.
@Suite("Several grammars")
struct GrammarsTests {
    @Test func theLanguageTriedFirstWinsWhenSeveralUnderstand() throws {
        let grammars = try LanguageFiles.builtIn.grammars(defaultLanguage: "en")
        // "no" is English and Spanish.
        #expect(grammars.parse("no", preferring: "es")?.language == "es")
        #expect(grammars.parse("no", preferring: "en")?.language == "en")
        // Only German understands this: whatever is tried first, German answers.
        #expect(grammars.parse("füge Milch zur Einkaufsliste hinzu", preferring: "fr")?.language == "de")
        #expect(grammars.parse("xyzzy plugh", preferring: "en") == nil)
    }

    @Test func aDeferredGrammarIsCompiledOnceWhoeverAsksFirst() async throws {
        let source = try #require(BundledGrammars.grammar("de"))
        let compilations = Atomic<Int>(0)
        let pending = Grammars.Pending(language: "de", knownWords: { KnownWords(grammarSource: source) }) {
            compilations.add(1, ordering: .relaxed)
            return try! Grammar.compile(source: source, file: "de.grammar")
        }
        let english = try LanguageFiles.builtIn.grammar("en")
        let grammars = Grammars(pending: [Grammars.Pending(english), pending], defaultLanguage: "en")
        // A line the default language understands does not wait for German.
        #expect(grammars.parse("add milk", preferring: "en")?.language == "en")
        #expect(compilations.load(ordering: .relaxed) == 0)
        grammars.compileInBackground()
        await withTaskGroup(of: String?.self) { group in
            for _ in 0..<4 { group.addTask { grammars.parse("füg Milch hinzu", preferring: "en")?.language } }
            for await language in group { #expect(language == "de") }
        }
        #expect(compilations.load(ordering: .relaxed) == 1)
    }

    @Test func aLineIsTriedInTheLikeliestLanguageBeforeTheOthersCompile() throws {
        let compiled = Mutex<[String]>([])
        let files = LanguageFiles.builtIn
        let pending = files.languages.filter { $0 != "en" }.map { code in
            let source = BundledGrammars.grammar(code)!
            return Grammars.Pending(language: code, knownWords: { KnownWords(grammarSource: source) }) {
                compiled.withLock { $0.append(code) }
                return try! files.grammar(code)
            }
        }
        let grammars = Grammars(pending: [Grammars.Pending(try files.grammar("en"))] + pending, defaultLanguage: "en")
        #expect(grammars.parse("añade 3 huevos a la lista", preferring: "en")?.language == "es")
        #expect(compiled.withLock { $0 } == ["es"])
    }

    /// Which language answers is decided by words read from the grammar
    /// files, never by how many grammars happen to be compiled when the
    /// line comes: every row of every table, asked of grammars compiled in
    /// advance and of grammars compiled as lines need them, means the same.
    @Test func whatALineMeansDoesNotDependOnWhatIsCompiledYet() throws {
        let ready = try LanguageFiles.builtIn.grammars(defaultLanguage: "en")
        let lazy = try LanguageFiles.builtIn.grammars(defaultLanguage: "en", deferred: true)
        for row in SentenceCase.all {
            for preferred in ["en", row.language] {
                let early = lazy.parse(row.sentence, preferring: preferred)
                let late = ready.parse(row.sentence, preferring: preferred)
                #expect(early?.language == late?.language, "\(row.testDescription), preferring \(preferred)")
                #expect(early?.parse == late?.parse, "\(row.testDescription), preferring \(preferred)")
            }
        }
    }
}
