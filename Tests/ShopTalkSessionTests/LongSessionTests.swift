import Foundation
import Testing
import TestSupport

/// A household's long evening: every line of a language's first-round
/// table (`Tests/HeldOut/seen`, written by native speakers), in one chat,
/// each followed by a "yes", a "no", an "undo" or nothing, some cut short.
/// What is asserted is only that every line gets an answer: a confirmed
/// line once stopped the bot on a shorter one («на дачу: уголь, спички»,
/// then «на даче что есть?»), and no single test had the lines to find it.
@Suite("A long evening of family lines")
struct LongSessionTests {
    private static let answers: [String: (yes: String, no: String)] = [
        "en": ("yes", "no"), "de": ("ja", "nein"), "ru": ("да", "нет"), "zh": ("好", "不"), "vi": ("có", "không"),
    ]

    /// The table's lines and the lists its rows name.
    private static func table(_ language: String) throws -> (lines: [String], lists: [String]) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../HeldOut/seen/\(language).tsv")
        var lines: [String] = [], lists = Set<String>()
        for row in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !row.hasPrefix("#") {
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 4 else { continue }
            lines.append(columns[1])
            for slot in columns[3].split(separator: ";") {
                let pair = slot.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1).map(String.init)
                if pair.count == 2, pair[0] == "list" || pair[0] == "to_list", pair[1] != "default" { lists.insert(pair[1]) }
            }
        }
        return (lines, lists.sorted())
    }

    @Test(arguments: ["en", "de", "ru", "zh", "vi"])
    func everyLineOfAnEveningIsAnswered(language: String) throws {
        let (lines, lists) = try Self.table(language)
        #expect(lines.count > 200)
        let chat = try ChatDriver()
        for list in lists { chat.say("create a list called \"\(list)\"") }
        var random = SplitMix(state: 20_261_201)
        let (yes, no) = Self.answers[language]!
        for line in lines {
            var said = line
            // Some lines cut short, as a thumb sends them.
            if random.next() % 7 == 0, said.count > 3 { said = String(said.prefix(said.count / 2)) }
            #expect(!chat.say(said).isEmpty, "\(language): \(said)")
            switch random.next() % 10 {
            case 0..<4: #expect(!chat.say(yes).isEmpty)
            case 4: #expect(!chat.say(no).isEmpty)
            case 5: #expect(!chat.say("undo").isEmpty)
            default: break
            }
        }
    }
}
