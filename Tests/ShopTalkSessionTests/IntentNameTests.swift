@testable import ShopTalkSession
import Testing

/// The intents the grammars declare and the intents the bot runs are one
/// set: the compiler checks that `Command` handles every ``IntentName``; this
/// checks that every grammar declares exactly those.
@Suite("Intent names")
struct IntentNameTests {
    @Test(arguments: ChatDriver.grammars.languages)
    func everyGrammarDeclaresExactlyTheIntentsTheBotRuns(language: String) throws {
        let grammar = try #require(ChatDriver.grammars[language])
        let declared = Set(grammar.intents.map(\.name))
        let run = Set(IntentName.allCases.map(\.rawValue))
        #expect(declared.subtracting(run).isEmpty, "\(language) declares intents the bot has no handler for: \(declared.subtracting(run).sorted())")
        #expect(run.subtracting(declared).isEmpty, "\(language) has no sentences for: \(run.subtracting(declared).sorted())")
    }
}
