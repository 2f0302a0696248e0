import ShopTalkWording
import Testing

/// How templates become sentences: placeholders, plural and select
/// branches, joined lists and the language's decimal mark.
@Suite("Rendering messages")
struct MessageRenderingTests {
    /// A catalogue of the real keys with templates written for the test.
    func catalog(_ language: String, decimalMark: String = ".", settings: String = "", _ templates: [String: String]) throws -> MessageCatalog {
        let lists = """
            list.and.pair = {a} and {b}
            list.and.more = {a}, {b}
            list.and.last = {a} and {b}
            list.or.pair = {a} or {b}
            list.or.more = {a}, {b}
            list.or.last = {a} or {b}
            sentences.pair = {a} {b}
            sentences.more = {a} {b}
            sentences.last = {a} {b}

            """
        let body = templates.map { "\($0.key) = \($0.value)" }.sorted().joined(separator: "\n")
        return try MessageCatalog(
            source: "language: \(language)\ndecimal mark: \(decimalMark)\n\(settings)\n" + lists + body + "\n", file: "test.messages")
    }

    @Test func placeholdersAreFilledByName() throws {
        let words = try catalog("en", ["goodbye.member": "Bye, {member}."])
        #expect(words.render(Message(.goodbyeMember, ["member": .text("bob")])) == "Bye, bob.")
    }

    @Test func aWordOfTheTemplateIsShortenedBeforeAValueThatStartsWithAVowel() throws {
        let french = try catalog("fr", settings: "elision: de | que\n", [
            "goodbye.member": "Enlevé de {list} : {items}.",
            "goodbye": "Il n'y a que {owner} qui peut.",
        ])
        func removed(from list: String, _ items: String) -> String {
            french.render(Message(.goodbyeMember, ["list": .text(list), "items": .text(items)]))
        }
        #expect(removed(from: "Auchan", "2 kg de oignons") == "Enlevé d'Auchan : 2 kg de oignons.")
        #expect(removed(from: "Écoles", "x") == "Enlevé d'Écoles : x.")
        #expect(removed(from: "œufs bio", "x") == "Enlevé d'œufs bio : x.")
        #expect(removed(from: "Carrefour", "x") == "Enlevé de Carrefour : x.")
        // An "h" may be mute or not: the full word stays.
        #expect(removed(from: "Halles", "x") == "Enlevé de Halles : x.")
        #expect(french.render(Message(.goodbye, ["owner": .text("alice")])) == "Il n'y a qu'alice qui peut.")
        // Only a word standing alone: "Ende" before a value is no "de".
        let alone = try catalog("fr", settings: "elision: de\n", ["goodbye.member": "Ende {list}"])
        #expect(alone.render(Message(.goodbyeMember, ["list": .text("Auchan")])) == "Ende Auchan")
        #expect(throws: MessageFileError.self) { try catalog("fr", settings: "elision: qu'\n", [:]) }
    }

    @Test func pluralBranchesFollowTheLanguagesRuleAndExactNumbersComeFirst() throws {
        let template = "{count, plural, =0 {nothing} one {# thing} few {# things (few)} many {# things (many)} other {# things}}"
        let russian = try catalog("ru", ["goodbye.member": template])
        let said = [0, 1, 2, 5, 21, 22, 25, 111].map { russian.render(Message(.goodbyeMember, ["count": .number($0)])) }
        #expect(said == ["nothing", "1 thing", "2 things (few)", "5 things (many)", "21 thing", "22 things (few)", "25 things (many)", "111 things (many)"])
        let english = try catalog("en", ["goodbye.member": template])
        #expect([1, 2, 21].map { english.render(Message(.goodbyeMember, ["count": .number($0)])) } == ["1 thing", "2 things", "21 things"])
    }

    @Test func decimalsKeepTheirDigitsTakeTheLanguagesMarkAndTheirOwnPluralForm() throws {
        let template = "{count, plural, one {# kilo} other {# kilos}}"
        let english = try catalog("en", ["goodbye.member": template])
        let german = try catalog("de", decimalMark: ",", ["goodbye.member": template])
        let french = try catalog("fr", decimalMark: ",", ["goodbye.member": template])
        #expect(english.render(Message(.goodbyeMember, ["count": .decimal("1.5")])) == "1.5 kilos")
        #expect(german.render(Message(.goodbyeMember, ["count": .decimal("1.5")])) == "1,5 kilos")
        #expect(french.render(Message(.goodbyeMember, ["count": .decimal("1.5")])) == "1,5 kilo") // French: 0 ≤ n < 2 is one
    }

    @Test func selectChoosesByValueAndFallsBackToOther() throws {
        let words = try catalog("en", ["goodbye.member": "{access, select, read-only {can look} other {can change}}"])
        #expect(words.render(Message(.goodbyeMember, ["access": .text("read-only")])) == "can look")
        #expect(words.render(Message(.goodbyeMember, ["access": .text("read-write")])) == "can change")
    }

    @Test func listsAreJoinedTwoAtATimeAsTheLanguageSays() throws {
        let words = try catalog("en", ["goodbye.member": "{names}"])
        func joined(_ names: [String]) -> String {
            words.render(Message(.goodbyeMember, ["names": .list(names.map(MessageArgument.text), .and)]))
        }
        #expect(joined([]) == "")
        #expect(joined(["a"]) == "a")
        #expect(joined(["a", "b"]) == "a and b")
        #expect(joined(["a", "b", "c", "d"]) == "a, b, c and d")
    }

    @Test func nestedMessagesAndLinesAreWordedInTheSameLanguage() throws {
        let words = try catalog("en", ["goodbye.member": "{lines}", "goodbye": "Bye."])
        let message = Message(.goodbyeMember, ["lines": .lines([.message(Message(.goodbye)), .text("x")])])
        #expect(words.render(message) == "Bye.\nx")
    }

    @Test func escapesWriteBracesHashesAndNewlines() throws {
        let words = try catalog("en", ["goodbye": ##"\{not a placeholder\} \# one\ntwo \\"##])
        #expect(words.render(Message(.goodbye)) == "{not a placeholder} # one\ntwo \\")
    }
}
