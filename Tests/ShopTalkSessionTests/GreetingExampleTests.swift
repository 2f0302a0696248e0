import Foundation
import ShopTalkWording
import Testing

/// What the bot suggests to a new member works for a household with
/// nothing yet: no list it names is one they lack.
@Suite("The greeting's example")
struct GreetingExampleTests {
    /// The last phrase the message quotes, in the language's own quotation marks.
    static func lastQuoted(_ text: String) -> String? {
        let pairs: [(Character, Character)] = [("“", "”"), ("«", "»"), ("„", "“")]
        var found: (String.Index, String)?
        for (open, close) in pairs {
            var search = text.startIndex
            while let start = text[search...].firstIndex(of: open), let end = text[text.index(after: start)...].firstIndex(of: close) {
                let quoted = String(text[text.index(after: start)..<end]).trimmingCharacters(in: .whitespaces)
                if found.map({ start > $0.0 }) ?? true { found = (start, quoted) }
                search = text.index(after: end)
            }
        }
        return found?.1
    }

    @Test(arguments: ["en", "es", "fr", "de", "ru", "vi", "zh"])
    func theExampleWorksForANewHousehold(_ language: String) throws {
        let greeting = ChatDriver.wording.render(Message(.greeting), in: language)
        let example = try #require(Self.lastQuoted(greeting), "\(greeting)")
        let chat = try ChatDriver(format: .json)
        let reply = try chat.json(example)
        #expect(reply["ok"] as? Bool == true, "\(language): \(example) → \(reply["text"] ?? "")")
    }
}
