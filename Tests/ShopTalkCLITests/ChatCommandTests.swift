import Foundation
import Testing

/// `shoptalk chat` and `shoptalk parse`, run as a user would run them.
@Suite("chat and parse through the binary")
final class ChatCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-chat-\(UUID().uuidString)")

    init() throws { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test func parsePrintsOneJSONLinePerSentence() throws {
        let result = try ShopTalkBinary.run(["parse"], input: "add 3 eggs to Groceries\nblah blah\n")
        #expect(result.status == 0)
        #expect(result.output == """
            {"intent":"add_items","slots":{"items":[{"name":"eggs","quantity":3,"unit":null}],"list":{"name":"Groceries"}}}
            {"intent":null,"slots":{}}

            """)
    }

    /// `parse --explain` shows the reader's readings to a person: the line's
    /// own words come back, but never as something the terminal acts on.
    @Test func parseExplainShowsReadingsAndNoEscapeFromTheLine() throws {
        let result = try ShopTalkBinary.run(["parse", "--explain", "--lang", "en"], input: "bung 2 tins of beans on the list\nadd \u{1B}]0;owned\u{07} beans\n")
        #expect(result.status == 0)
        #expect(result.output.contains("model (en)"), "\(result.output)")
        #expect(result.output.contains("add_items"), "\(result.output)")
        #expect(!result.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(result.output)")
        #expect(result.output.contains("\\u{1B}"), "\(result.output)")
    }

    @Test func chatKeepsTheListInTheDatabaseBetweenRuns() throws {
        let db = folder.appendingPathComponent("shoptalk.sqlite").path
        let first = try ShopTalkBinary.run(["chat", "--db", db, "--user", "alice"], input: "add 3 eggs\nadd milk\n")
        #expect(first.output == "Added 3 eggs to the Shopping list.\nAdded milk to the Shopping list.\n")
        let second = try ShopTalkBinary.run(["--db", db, "--user", "alice"], input: "what's on my list?")
        #expect(second.status == 0)
        #expect(second.output == "Shopping list:\n- 3 eggs\n- milk\n")
    }

    @Test func quitEndsTheChatAndTheLinesAfterItAreNotApplied() throws {
        let db = folder.appendingPathComponent("quit.sqlite").path
        let result = try ShopTalkBinary.run(["chat", "--db", db, "--user", "alice"], input: "add milk\n  QUIT \nadd eggs\n")
        #expect(result.status == 0)
        #expect(result.output == "Added milk to the Shopping list.\nBye.\n")
        let after = try ShopTalkBinary.run(["chat", "--db", db, "--user", "alice", "--format", "json"], input: "what's on my list\nquit\n")
        let lines = after.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""name":"milk""#) && !lines[0].contains("eggs"))
        #expect(lines[1] == #"{"ok":true,"intent":"quit","text":"Bye.","lang":"en","data":{}}"#)
    }

    @Test func aSentenceStartingWithQuitIsStillASentence() throws {
        let result = try ShopTalkBinary.run(["chat", "--db", ":memory:", "--user", "alice"], input: "quit smoking\nadd milk\n")
        #expect(result.output.hasPrefix("Sorry, I didn't understand"))
        #expect(result.output.hasSuffix("Added milk to the Shopping list.\n"))
    }

    @Test func theUserDefaultsToTheLoginName() throws {
        let db = folder.appendingPathComponent("user.sqlite").path
        _ = try ShopTalkBinary.run(["chat", "--db", db], input: "add milk\n", environment: ["USER": "carol"])
        let result = try ShopTalkBinary.run(["chat", "--db", db, "--format", "json"], input: "show my lists\n", environment: ["USER": "carol"])
        #expect(result.output.contains(#""owner":"carol""#))
    }

    @Test func relayModeOverJSON() throws {
        let result = try ShopTalkBinary.run(["chat", "--db", ":memory:", "--relay", "--format", "json"], input: ":bob add milk\n:carol show my lists\n")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasSuffix(#","to":"bob"}"#))
        #expect(lines[1].contains(#""to":"carol""#))
    }

    @Test(arguments: [("de_DE.UTF-8", "de"), ("fr_CA.UTF-8", "fr"), ("C.UTF-8", "en"), ("tlh_KX.UTF-8", "en")])
    func theTerminalSpeaksTheLanguageOfItsLocale(locale: String, language: String) throws {
        let result = try ShopTalkBinary.run(["chat", "--db", folder.appendingPathComponent("\(language).sqlite").path, "--format", "json"],
                                            input: "ok\n", environment: ["LANG": locale])
        #expect(result.output.contains("\"lang\":\"\(language)\""), "\(locale): \(result.output)")
        // --lang still decides when given.
        let told = try ShopTalkBinary.run(["chat", "--db", folder.appendingPathComponent("told.sqlite").path, "--format", "json", "--lang", "es"],
                                          input: "ok\n", environment: ["LANG": locale])
        #expect(told.output.contains("\"lang\":\"es\""), "\(told.output)")
    }

    @Test func theBuiltInGrammarWorksFromAnyFolder() throws {
        let copy = folder.appendingPathComponent("shoptalk-copy")
        try FileManager.default.copyItem(at: ShopTalkBinary.url, to: copy)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["parse"]
        process.currentDirectoryURL = folder
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("show my lists\n".utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: data, as: UTF8.self) == #"{"intent":"show_lists","slots":{}}"# + "\n")
    }

    @Test func aGrammarFolderReplacesTheBuiltInGrammar() throws {
        let grammar = """
            language: en
            intent show_lists
              example: lists please
              say: lists please

            """
        try write(grammar, to: "en/en.grammar")
        let result = try ShopTalkBinary.run(["parse", "--grammar", folder.path], input: "lists please\nshow my lists\n")
        #expect(result.output == #"{"intent":"show_lists","slots":{}}"# + "\n" + #"{"intent":null,"slots":{}}"# + "\n")
    }

    @Test func aBrokenGrammarIsRefusedWithItsLocation() throws {
        try write("language: en\nintent x\n  example: q\n  say: q {nope}\n", to: "en/en.grammar")
        let result = try ShopTalkBinary.run(["parse", "--grammar", folder.path], input: "q\n")
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("shoptalk: \(folder.path)/en/en.grammar:4:10: error: there is no slot called {nope}"))
    }

    /// The second run reads the grammars the first compiled; a grammar
    /// whose file changed is compiled anew, and a broken one is refused as
    /// before, never served from the cache.
    @Test func compiledGrammarsAreKeptBetweenRunsAndNeverOutliveTheirText() throws {
        let cache = folder.appendingPathComponent("cache")
        let lines = "add 3 eggs\nañade leche\n"
        let first = try ShopTalkBinary.run(["chat", "--db", ":memory:", "--grammar-cache", cache.path], input: lines)
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache.path).filter { $0.hasSuffix(".grammar") }.sorted()
        #expect(kept.contains { $0.hasPrefix("en-") } && kept.contains { $0.hasPrefix("es-") }, "\(kept)")
        let second = try ShopTalkBinary.run(["chat", "--db", ":memory:", "--grammar-cache", cache.path], input: lines)
        #expect(second.output == first.output)
        #expect(first.output == "Added 3 eggs to the Shopping list.\nHe añadido leche a Shopping list.\n")

        try write("language: en\nintent show_lists\n  example: lists please\n  say: lists please\n", to: "en/en.grammar")
        let own = try ShopTalkBinary.run(["parse", "--grammar", folder.path, "--grammar-cache", cache.path], input: "lists please\n")
        #expect(own.output == #"{"intent":"show_lists","slots":{}}"# + "\n")
        try write("language: en\nintent show_lists\n  example: lists please\n  say: lists please {nope}\n", to: "en/en.grammar")
        let broken = try ShopTalkBinary.run(["parse", "--grammar", folder.path, "--grammar-cache", cache.path], input: "lists please\n")
        #expect(broken.status == 1)
        #expect(broken.error.contains("there is no slot called {nope}"))
    }

    @Test func moreLanguagesThanCanBeRankedAreAClearError() throws {
        let codes = ["en"] + (0..<16).map { "x\(Character(UnicodeScalar(UInt8(ascii: "a") + UInt8($0))))" }
        for code in codes {
            try write("language: \(code)\nintent show_lists\n  example: lists please\n  say: lists please\n", to: "\(code)/\(code).grammar")
        }
        let result = try ShopTalkBinary.run(["parse", "--grammar", folder.path], input: "lists please\n")
        #expect(result.status == 1)
        #expect(result.error.contains("has 17 languages; ShopTalk loads at most 16 at once"), "\(result.error)")
    }

    @Test func noCacheIsWrittenWhenToldOff() throws {
        let home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let result = try ShopTalkBinary.run(["parse", "--grammar-cache", "off"], input: "show my lists\n",
                                            environment: ["HOME": home.path, "XDG_CACHE_HOME": home.appendingPathComponent("cache").path])
        #expect(result.output == #"{"intent":"show_lists","slots":{}}"# + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
    }

    @Test func aBrokenMessageFileIsRefusedWithItsLocationBeforeAnyLineIsRead() throws {
        try write("language: en\nintent show_lists\n  example: lists please\n  say: lists please\n", to: "en/en.grammar")
        try write("language: en\n\ngoodbye = Bye {who\n", to: "en/en.messages")
        let result = try ShopTalkBinary.run(["chat", "--grammar", folder.path, "--db", ":memory:"], input: "lists please\n")
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("shoptalk: \(folder.path)/en/en.messages:3:"))
    }

    @Test func anUnknownLanguageIsAClearError() throws {
        let result = try ShopTalkBinary.run(["parse", "--lang", "tlh"], input: "")
        #expect(result.status == 1)
        #expect(result.error == "shoptalk: no grammar for “tlh”; there are: de, en, es, fr, ru, vi, zh\n")
    }

    @Test func aBadFormatIsAUsageError() throws {
        let result = try ShopTalkBinary.run(["chat", "--format", "xml", "--db", ":memory:"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("shoptalk: invalid value 'xml' for --format"))
    }

    @Test func aLineLimitAboveWhatSentencesMayHoldIsAUsageError() throws {
        let result = try ShopTalkBinary.run(["serve", "--max-line-bytes", "8000", "--db", ":memory:"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("shoptalk: invalid value '8000' for --max-line-bytes"))
    }

    @Test(arguments: ["0", "65", "many"])
    func storeThreadsOutsideOneToSixtyFourAreAUsageError(_ value: String) throws {
        let result = try ShopTalkBinary.run(["serve", "--store-threads", value, "--db", ":memory:"])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("shoptalk: invalid value '\(value)' for --store-threads"), "\(result.error)")
    }

    /// Writes a language file under the test's folder, making its language's folder.
    private func write(_ text: String, to relative: String) throws {
        let url = folder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
