import Foundation
@testable import ShopTalkGrammar
import ShopTalkGrammarFiles
import ShopTalkLearning
import Testing

/// The reader that learns: example files as data, models trained from them
/// the same way every time, and lines read by what was learned.
@Suite("The reader")
struct ReaderTests {
    /// A small language: three requests, a handful of words.
    static let toyGrammar = """
        language: xx
        items
          separators: , | and
        list names
          drop before: the
          drop after: list
        intent add_items
          example: add milk
          say: add {items} [to {list}]
        intent remove_item
          example: remove milk
          say: remove {item} [from {list}]
        intent show_list
          example: show Groceries
          say: show {list}
        """

    /// Twenty examples of it, as a translator writes them.
    static let toyExamples = """
        intent add_items
          add [milk](item) to [Groceries](list)
          [eggs](item) on the [Party](list) list please
          put [bread](item) and [jam](item) on [Costco](list)
          pop [rice](item) onto [Weekend](list)
          [apples](item) for [Groceries](list)
          we need [butter](item) on [Party](list)
          stick [tea](item) on the [Costco](list) list
        intent remove_item
          take [milk](item) off [Groceries](list)
          [eggs](item) off the [Party](list) list
          get rid of [bread](item) from [Costco](list)
          no more [rice](item) on [Weekend](list)
          drop the [jam](item) from [Groceries](list)
          scrap [butter](item) off [Party](list)
          [tea](item) can go from [Costco](list)
        intent show_list
          what's on [Groceries](list)
          whats on the [Party](list) list
          let me see [Costco](list)
          read me [Weekend](list)
          [Groceries](list) please
          open the [Party](list) list
        """

    static func toy() throws -> (Grammar, [LabeledExample]) {
        let grammar = try Grammar.compile(source: toyGrammar, file: "xx.grammar")
        let examples = try LabeledExample.read(toyExamples, file: "xx.examples", intents: Set(grammar.intents.map(\.name)))
        return (grammar, examples)
    }

    static func teacher(_ grammar: Grammar) -> LanguageModel.Teacher {
        LanguageModel.Teacher(grammar: grammar, source: toyGrammar, foods: ["milk", "eggs", "bread", "cheese", "coffee"],
                              isFood: { ["milk", "eggs", "bread", "cheese", "coffee", "jam", "rice", "tea", "butter", "apples"].contains($0) })
    }

    @Test func aToyLanguageIsLearnedFromTwentyExamples() throws {
        let (grammar, examples) = try Self.toy()
        #expect(examples.count == 20)
        let model = LanguageModel.train(examples, teacher: Self.teacher(grammar))
        let context = ReaderContext(lists: ["Groceries", "Party", "Market"], things: ["cheese"])
        // Lines no template holds and no example wrote, with names never seen in training.
        let food = { (name: String) in ["cheese", "coffee", "milk"].contains(name) }
        let added = try #require(model.readings(of: "we need coffee on Market", grammar: grammar, context: context, isFood: food).first)
        #expect(grammar.parse("we need coffee on Market") == nil)
        #expect(added.parse.intent == "add_items")
        #expect(added.parse[slot: "items"] == .items([ItemPhrase(name: "coffee")]))
        #expect(added.parse[slot: "list"] == .list(name: "Market", spoken: "Market"))
        let removed = try #require(model.readings(of: "cheese can go from Groceries", grammar: grammar, context: context, isFood: food).first)
        #expect(removed.parse.intent == "remove_item")
        #expect(removed.parse[slot: "item"] == .text("cheese"))
        #expect(removed.source == .model)
        #expect(removed.confidence > 0 && removed.confidence <= 1)
    }

    /// Training is deterministic: the same examples give the same bytes, on
    /// every run and machine, so a model cached or shipped is the one trained.
    @Test func trainingGivesTheSameBytesTwice() throws {
        let (grammar, examples) = try Self.toy()
        let first = LanguageModel.train(examples, teacher: Self.teacher(grammar)).archived()
        let second = LanguageModel.train(examples, teacher: Self.teacher(grammar)).archived()
        #expect(first == second)
        let english = try LanguageFiles.builtIn.grammar("en")
        let once = try #require(try LanguageFiles.builtIn.modelTrainedNow("en", grammar: english)).archived()
        let again = try #require(try LanguageFiles.builtIn.modelTrainedNow("en", grammar: english)).archived()
        #expect(once == again)
    }

    /// Each template draws its samples from a generator of its own: a
    /// template added to a grammar changes no other template's samples, so an
    /// edit to one phrasing is not a new draw of the whole model.
    @Test func aTemplateAddedLeavesTheOthersSamplesAsTheyWere() throws {
        let names = Grammar.SampleNames(lists: NamePool(["Groceries", "Party"]), things: NamePool(["milk", "tea"]), members: NamePool(["bob"]),
                                       shops: NamePool(["Aldi"]))
        let before = Grammar.samples(source: Self.toyGrammar, names: names, perTemplate: 3, seed: 11).map(\.text)
        let edited = Self.toyGrammar.replacingOccurrences(of: "say: remove {item} [from {list}]",
                                                          with: "say: bin {item} [from {list}] [now]\n  say: remove {item} [from {list}]")
        let after = Grammar.samples(source: edited, names: names, perTemplate: 3, seed: 11).map(\.text)
        #expect(after.count == before.count + 3)
        #expect(after.filter { !$0.hasPrefix("bin ") } == before)
    }

    /// A name added to the names training draws from (a food in the aisles,
    /// a list in an example) changes only the draws it wins.
    @Test func aNameAddedChangesOnlyTheDrawsItWins() {
        let names = (0..<40).map { "thing \($0)" }
        let before = NamePool(names), after = NamePool(names + ["lollies"])
        var first = SeededRandom(seed: 3), second = SeededRandom(seed: 3)
        let drawn = (0..<400).map { _ in (before.draw(&first), after.draw(&second)) }
        let changed = drawn.filter { $0.0 != $0.1 }
        #expect(changed.allSatisfy { $0.1 == "lollies" })
        #expect(!changed.isEmpty && changed.count < 40, "about one draw in 41: \(changed.count)")
        #expect(Set(drawn.map(\.0)).count > 30, "every name has its chance")
    }

    @Test func aModelReadBackIsTheModelWrittenAndACutOneIsAnError() throws {
        let (grammar, examples) = try Self.toy()
        let model = LanguageModel.train(examples, teacher: Self.teacher(grammar))
        let archive = model.archived()
        let read = try archive.withUnsafeBytes { try LanguageModel(archive: $0) }
        #expect(read == model)
        for length in stride(from: 0, to: archive.count, by: max(1, archive.count / 200)) {
            #expect(throws: ArchiveError.self) { try Array(archive.prefix(length)).withUnsafeBytes { try LanguageModel(archive: $0) } }
        }
    }

    /// Every language has examples of every request, at least thirty, a
    /// hundred lines that ask for nothing, and every file reads against its grammar.
    @Test(arguments: ["en", "es", "de", "fr", "ru", "vi", "zh"])
    func everyIntentHasExamplesInEveryLanguage(language: String) throws {
        let grammar = try LanguageFiles.builtIn.grammar(language)
        let examples = try LanguageFiles.builtIn.examples(language, grammar: grammar)
        #expect(examples.count >= 3_000)
        let counts = Dictionary(grouping: examples, by: \.intent).mapValues(\.count)
        for intent in grammar.intents.map(\.name) {
            #expect(counts[intent, default: 0] >= 30, "\(language): \(intent) has \(counts[intent, default: 0]) examples")
        }
        // What the reader learns to refuse: chat, jokes, the weather.
        #expect(counts[LabeledExample.notARequest, default: 0] >= 100, "\(language): \(counts[LabeledExample.notARequest, default: 0]) lines that ask for nothing")
    }

    /// The held-out tables measure lines the reader never saw: no example
    /// may be one of them, in any round, whatever its case or spacing.
    @Test(arguments: ["en", "es", "de", "fr", "ru", "vi", "zh"])
    func noExampleIsALineOfAHeldOutTable(language: String) throws {
        func normalized(_ text: String) -> String { text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let heldOut = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../HeldOut")
        var held = Set<String>()
        let tables = FileManager.default.enumerator(atPath: heldOut.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix("\(language).tsv") } ?? []
        #expect(tables.count >= 5, "the held-out rounds are where they were")
        for table in tables {
            let text = try String(contentsOf: heldOut.appendingPathComponent(table), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("category") {
                let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
                if columns.count >= 5 {
                    // An items table: the lines typed before the sentence, then the sentence.
                    for before in columns[1].components(separatedBy: " // ") where !before.isEmpty { held.insert(normalized(before)) }
                    held.insert(normalized(String(columns[2])))
                } else if columns.count > 1 {
                    held.insert(normalized(String(columns[1])))
                }
            }
        }
        let grammar = try LanguageFiles.builtIn.grammar(language)
        let examples = try LanguageFiles.builtIn.examples(language, grammar: grammar)
        let seen = examples.map(\.text).filter { held.contains(normalized($0)) }
        #expect(seen.isEmpty, "\(language): \(seen.prefix(5))")
    }

    @Test func aMistakeInAnExamplesFileIsToldWhereItIs() {
        let intents: Set = ["add_items"]
        func error(_ text: String) -> String? {
            do {
                _ = try LabeledExample.read(text, file: "xx.examples", intents: intents)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(error("intent add_item\n  add [milk](item)\n") == "xx.examples:1:8: error: there is no intent called “add_item” in the grammar")
        #expect(error("intent add_items\n  add [milk](food)\n") == "xx.examples:2:7: error: “food” is no slot; slots are \(LabeledExample.slots.joined(separator: ", "))")
        #expect(error("intent add_items\n  add [milk(item)\n")?.hasPrefix("xx.examples:2:7: error: a “[” starts a mark") == true)
        #expect(error("add milk\n")?.hasPrefix("xx.examples:1:1: error: an example is indented") == true)
        // A choice the grammar has not is taught to no reader: the bot could not act on it.
        let shared = "intent add_items\n  share [Lidl](list) with [pili](user) [to look at](permission=read)\n"
        #expect(throws: GrammarError.self) {
            try LabeledExample.read(shared, file: "xx.examples", intents: intents, choices: ["permission": ["read-only", "read-write"]])
        }
        #expect((try? LabeledExample.read(shared.replacingOccurrences(of: "=read)", with: "=read-only)"), file: "xx.examples",
                                          intents: intents, choices: ["permission": ["read-only", "read-write"]]))?.count == 1)
        let read = try? LabeledExample.read("intent add_items\n  # a comment\n  add [2 kg of flour](item) to [Big shop](list)\n", file: "x", intents: intents)
        #expect(read?.count == 1)
        #expect(read.map { examples in examples[0].spans.map { examples[0].text(of: $0) } } == ["2 kg of flour", "Big shop"])
        #expect(read?.first?.text == "add 2 kg of flour to Big shop")
    }

    /// A household's confirmed line is read again with other names in its slots.
    @Test func aConfirmedLineReadsTheSamePhrasingWithOtherNames() throws {
        let grammar = try Self.toy().0
        let learned = [(text: "bung the jam on Groceries", intent: "add_items", slots: "item@2-3;list@4-5")]
        let reading = try #require(grammar.readingByLearnedLines("bung the olive oil on Big shop", lines: learned, context: ReaderContext(), isFood: { _ in false }))
        #expect(reading.source == .household)
        #expect(reading.parse.intent == "add_items")
        #expect(reading.parse[slot: "items"] == .items([ItemPhrase(name: "olive oil")]))
        #expect(reading.parse[slot: "list"] == .list(name: "Big shop", spoken: "Big shop"))
        #expect(grammar.readingByLearnedLines("throw the jam on Groceries", lines: learned, context: ReaderContext(), isFood: { _ in false }) == nil)
    }

    /// A line that ends where the learned one had a slot is no match, and
    /// no crash ("на дачу: уголь, спички" confirmed, then "на даче что есть?").
    @Test func aLineEndingWhereTheLearnedOneHadASlotIsNoMatch() throws {
        let grammar = try Self.toy().0
        let learned = [(text: "bung the jam on Groceries", intent: "add_items", slots: "item@2-3;list@4-5")]
        for line in ["bung the jam on", "bung the", "bung"] {
            #expect(grammar.readingByLearnedLines(line, lines: learned, context: ReaderContext(), isFood: { _ in false }) == nil, "\(line)")
        }
    }

    /// Learned lines come from the store, which an import fills: slots that
    /// overlap, run past the line or are too many are no lesson, and never a hang.
    @Test func aScribbledLearnedLineIsSkipped() throws {
        let grammar = try Self.toy().0
        let line = Array(repeating: "x", count: 40).joined(separator: " ")
        let many = (0..<40).map { "item@\($0)-\($0 + 1)" }.joined(separator: ";")
        for slots in [many, "item@0-3;list@2-5", "item@0-99", "list@-1-2", "nonsense"] {
            let learned = [(text: line, intent: "add_items", slots: slots)]
            #expect(grammar.readingByLearnedLines(line, lines: learned, context: ReaderContext(), isFood: { _ in false }) == nil, "\(slots)")
        }
    }
}
