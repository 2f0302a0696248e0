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
        let pending = Grammars.Pending(language: "de") {
            compilations.add(1, ordering: .relaxed)
            return try! Grammar(source: source, file: "de.grammar")
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
}
