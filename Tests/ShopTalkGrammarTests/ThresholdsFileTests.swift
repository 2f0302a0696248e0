import Testing
import ShopTalkGrammar
import ShopTalkGrammarFiles

@Suite("Thresholds chosen across folds")
struct ThresholdsFileTests {
    /// Each language's thresholds were chosen from the files as they are:
    /// after an edit of its grammar, examples, contrasts or aisle words,
    /// `shoptalk train --write-thresholds --grammar Grammar CODE` chooses
    /// them again (else the reader falls back to the part kept apart).
    @Test(arguments: LanguageFiles.builtIn.languages)
    func eachLanguagesThresholdsAreThoseOfItsFiles(_ language: String) throws {
        let files = LanguageFiles.builtIn
        let chosen = try #require(files.chosenThresholds(language), "Grammar/\(language)/\(language).thresholds is missing")
        #expect(chosen.source == files.thresholdsSource(language),
                "Grammar/\(language)/\(language).thresholds is stale: run `swift run -c release shoptalk train --write-thresholds --grammar Grammar \(language)`")
        #expect(chosen.thresholds.ask <= chosen.thresholds.act && chosen.thresholds.act <= chosen.thresholds.destroy)
    }

    @Test func aFileIsReadAsWritten() throws {
        let file = ThresholdsFile(source: "a1b2", thresholds: .init(act: 0.95, ask: 0.4, destroy: 0.99, actOnWhatIsThere: 0.9))
        #expect(ThresholdsFile(text: file.text) == file)
        #expect(ThresholdsFile(text: "source: a1b2\nact: 1.5\nask: 0.4\ndestroy: 0.99\nabout what the speaker has: 0.9\n") == nil)
        #expect(ThresholdsFile(text: "act: 0.9\n") == nil)
    }

    /// The model of a language uses the file's thresholds while its source holds, and its own when stale.
    @Test func aStaleFileIsNotUsed() throws {
        let (grammar, _) = try ReaderTests.toy()
        var files = ["xx/xx.grammar": ReaderTests.toyGrammar, "xx/xx.examples": ReaderTests.toyExamples]
        let chosen = LanguageModel.Thresholds(act: 0.77, ask: 0.41, destroy: 0.88, actOnWhatIsThere: 0.66)
        files["xx/xx.thresholds"] = ThresholdsFile(source: LanguageFiles(files: files, root: "").thresholdsSource("xx"), thresholds: chosen).text
        let fresh = LanguageFiles(files: files, root: "")
        #expect(try fresh.modelTrainedNow("xx", grammar: grammar)?.thresholds == chosen)
        files["xx/xx.examples"]! += "\nintent add_items\n  add [tea](item) please\n"
        let stale = LanguageFiles(files: files, root: "")
        #expect(try stale.modelTrainedNow("xx", grammar: grammar)?.thresholds != chosen)
    }
}
