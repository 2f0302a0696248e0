import ShopTalkJSON
import Testing

@Suite("JSON writer")
struct JSONWriterTests {
    @Test("plain text, numbers and nesting are written compactly, in member order")
    func compact() {
        let value = JSON.object([("ok", .bool(true)), ("n", .int(-3)), ("x", .null), ("list", .array([.string("eggs"), .int(2)]))])
        #expect(value.serialized == #"{"ok":true,"n":-3,"x":null,"list":["eggs",2]}"#)
    }

    @Test("a protocol line is the value and one newline, with any newline inside escaped")
    func line() {
        let value = JSON.object([("text", .string("two\nlines"))])
        #expect(value.serializedLine == #"{"text":"two\nlines"}"# + "\n")
        #expect(value.serializedLine.utf8.filter { $0 == 0x0A }.count == 1)
    }

    @Test("quotes, backslashes and line ends are escaped")
    func escapes() {
        #expect(JSON.string("say \"hi\" \\ now\nthen\r\t.").serialized == #""say \"hi\" \\ now\nthen\r\t.""#)
    }

    @Test("C0 and C1 controls, DEL and the Unicode line separators never appear raw")
    func controls() {
        let text = "a\u{0}b\u{1B}[31mc\u{7F}d\u{85}e\u{9F}f\u{2028}g\u{2029}h"
        #expect(JSON.string(text).serialized == #""a\u0000b\u001b[31mc\u007fd\u0085e\u009ff\u2028g\u2029h""#)
    }

    @Test("other multi-byte characters are copied as they are", arguments: ["“Groceries” — 2 €", "молоко", "trứng", "鸡蛋", "🥚 eggs", "é\u{2027}\u{202A}"])
    func multibyte(text: String) throws {
        let written = JSON.string(text).serialized
        #expect(written == "\"\(text)\"")
        #expect(try JSONReader.parse(written) == .string(text))
    }

    @Test("what is written reads back as the same value")
    func roundTrip() throws {
        let value = JSON.object([("text", .string("Shopping list:\n- eggs \"large\"\u{1}\u{2028}")), ("items", .array([.object([("q", .int(12))])]))])
        #expect(try JSONReader.parse(value.serialized) == value)
    }
}
