import ShopTalkWording
import Testing

/// A message file with a mistake is refused with its file, line, column and
/// what is wrong, before any bot could use it.
@Suite("Message file mistakes")
struct MessageFileErrorTests {
    func mistake(in source: String) -> String? {
        do {
            _ = try MessageCatalog(source: source, file: "xx.messages")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func anUnclosedPlaceholderIsFoundWhereItStarts() {
        #expect(mistake(in: "language: en\n\ngoodbye = Bye {who\n")?.hasPrefix("xx.messages:3:15: error:") == true)
    }

    @Test func aPluralWithoutOtherIsRefused() {
        let found = mistake(in: "language: en\ngoodbye = {n, plural, one {#}}\n")
        #expect(found?.hasPrefix("xx.messages:2:") == true)
        #expect(found?.contains("other") == true)
    }

    @Test func aKeyWrittenTwiceIsRefusedAtTheSecond() {
        #expect(mistake(in: "language: en\ngoodbye = Bye.\ngoodbye = Bye!\n") == "xx.messages:3:1: error: the message “goodbye” is written twice")
    }

    @Test func aFileMustSayItsLanguageAndTheLanguageMustHavePluralRules() {
        #expect(mistake(in: "goodbye = Bye.\n")?.contains("language: en") == true)
        #expect(mistake(in: "language: tlh\ngoodbye = Bye.\n")?.contains("no plural rules are known for “tlh”") == true)
    }

    @Test func anIndentedOrShapelessLineIsRefused() {
        #expect(mistake(in: "language: en\n  goodbye = Bye.\n") == "xx.messages:2:1: error: a message starts at the left margin")
        #expect(mistake(in: "language: en\ngoodbye Bye.\n") == "xx.messages:2:1: error: expected “key = template” or “setting: value”")
    }

    @Test func aKeyNoCodeUsesIsKeptApartForTheTestsToReport() throws {
        let catalog = try MessageCatalog(source: "language: en\ngoodbye = Bye.\nfarewell = Farewell.\n", file: "xx.messages")
        #expect(catalog.unknownKeys == ["farewell"])
        #expect(catalog.keys == [.goodbye])
    }
}
