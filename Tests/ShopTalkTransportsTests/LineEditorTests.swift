import ShopTalkTransports
import Testing
import ShopTalkLineIO

/// The terminal's line editor, key by key.
@Suite("Line editor")
struct LineEditorTests {
    /// Types `keys` into a new editor (or `editor`) and returns it.
    @discardableResult
    func type(_ keys: [Key], into editor: inout LineEditor) -> [LineEditor.Outcome] {
        keys.map { editor.handle($0) }
    }

    @Test func arrowsHomeAndEndMoveTheCursorAndTextGoesInWhereItStands() {
        var editor = LineEditor()
        type([.insert("add 3 eggs"), .home, .right, .right, .right, .right, .delete, .insert("5")], into: &editor)
        #expect(editor.text == "add 5 eggs" && editor.cursor == 5)
        type([.end, .backspace, .backspace, .control("a"), .insert("please "), .control("e"), .insert("gs")], into: &editor)
        #expect(editor.text == "please add 5 eggs")
        #expect(editor.handle(.left) == .edited && editor.cursor == 16)
        type([.end, .right], into: &editor)
        #expect(editor.handle(.right) == .nothing)
    }

    @Test func ctrlUCtrlKAndCtrlWDeletePartsOfTheLine() {
        var editor = LineEditor()
        type([.insert("add 2 kg of flour"), .control("w")], into: &editor)
        #expect(editor.text == "add 2 kg of ")
        type([.control("w"), .control("w")], into: &editor)
        #expect(editor.text == "add 2 ")
        type([.left, .left, .control("k")], into: &editor)
        #expect(editor.text == "add ")
        type([.insert("milk"), .left, .left, .control("u")], into: &editor)
        #expect(editor.text == "lk" && editor.cursor == 0)
    }

    @Test func enterSendsTheLineAndUpAndDownGoThroughThoseSentBefore() {
        var editor = LineEditor()
        #expect(type([.insert("add milk"), .enter], into: &editor).last == .submit("add milk"))
        type([.insert("add eggs"), .enter, .insert("add bread"), .enter, .insert("add bread"), .enter], into: &editor)
        type([.insert("half-typed"), .up], into: &editor)
        #expect(editor.text == "add bread" && editor.cursor == 9)
        type([.up, .up], into: &editor)
        #expect(editor.text == "add milk")
        #expect(editor.handle(.up) == .nothing)
        type([.down, .down], into: &editor)
        #expect(editor.text == "add bread")
        type([.down], into: &editor)
        #expect(editor.text == "half-typed")
        #expect(editor.handle(.down) == .nothing)
        #expect(editor.handle(.enter) == .submit("half-typed"))
        #expect(editor.text.isEmpty)
    }

    @Test func ctrlCClearsTheLineAndCtrlDLeavesOnlyWhenItIsEmpty() {
        var editor = LineEditor()
        type([.insert("delete everything"), .control("c")], into: &editor)
        #expect(editor.text.isEmpty && editor.cursor == 0)
        type([.insert("ab"), .home], into: &editor)
        #expect(editor.handle(.control("d")) == .edited && editor.text == "b")
        type([.control("d")], into: &editor)
        #expect(editor.handle(.control("d")) == .leave)
        #expect(editor.handle(.control("l")) == .clearScreen)
    }

    @Test func wideCharactersAreOneStepAndTwoColumns() {
        var editor = LineEditor()
        type([.insert("add 寿司"), .left, .insert("x")], into: &editor)
        #expect(editor.text == "add 寿x司")
        // Back to the start of the row, prompt and line, clear the rest, then right past "> add 寿x" = 2 + 4 + 2 + 1 columns.
        #expect(editor.rendering(prompt: "> ", columns: 80) == "\r> add 寿x司\u{1B}[K\r\u{1B}[9C")
        type([.end, .backspace, .backspace], into: &editor)
        #expect(editor.text == "add 寿")
        type([.insert("🥚"), .left, .left], into: &editor)
        #expect(editor.cursor == 4)
        #expect(editor.rendering(prompt: "", columns: 80).hasSuffix("\r\u{1B}[4C"))
    }

    @Test func aLineWiderThanTheTerminalScrollsToKeepTheCursorInSight() {
        var editor = LineEditor()
        type([.insert(String(repeating: "a", count: 30) + "XYZ")], into: &editor)
        let shown = editor.rendering(prompt: "> ", columns: 20)
        #expect(shown.contains("XYZ") && !shown.contains(String(repeating: "a", count: 20)))
        type([.home], into: &editor)
        #expect(editor.rendering(prompt: "> ", columns: 20) == "\r> " + String(repeating: "a", count: 17) + "\u{1B}[K\r\u{1B}[2C")
    }

    @Test func controlCharactersAreNeverTyped() {
        var editor = LineEditor()
        #expect(editor.handle(.insert("\u{7}")) == .nothing)
        #expect(editor.handle(.ignored) == .nothing)
        #expect(editor.text.isEmpty)
    }
}

@Suite("Keys from a terminal")
struct KeyReaderTests {
    @Test func arrowsHomeEndAndDeleteInBothFormsTerminalsSend() {
        var reader = KeyReader()
        let bytes = Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[3~\u{1B}[1;5C".utf8)
        #expect(reader.keys(from: bytes) == [.up, .down, .right, .left, .home, .end, .home, .end, .home, .end, .delete, .right])
    }

    @Test("a key cut between two reads comes whole", arguments: 1...6)
    func chunked(_ size: Int) {
        var reader = KeyReader()
        let bytes = Array("a寿\u{1B}[D\r\n\u{7F}é\u{1B}[3~".utf8)
        var keys: [Key] = []
        for start in stride(from: 0, to: bytes.count, by: size) {
            keys += reader.keys(from: bytes[start..<min(start + size, bytes.count)])
        }
        let text = keys.compactMap { if case .insert(let text) = $0 { text } else { nil } }.joined()
        #expect(text == "a寿é")
        #expect(keys.filter { if case .insert = $0 { false } else { true } } == [.left, .enter, .backspace, .delete])
    }

    @Test func controlKeysComeAsTheirLetters() {
        var reader = KeyReader()
        #expect(reader.keys(from: [0x01, 0x05, 0x15, 0x17, 0x0C, 0x03, 0x04, 0x0B]) == "aeuwlcdk".map { .control($0) })
        #expect(reader.keys(from: [0x1B, UInt8(ascii: "x"), 0xFF]) == [.ignored, .ignored])
    }
}

@Suite("Columns a character takes")
struct DisplayWidthTests {
    @Test(arguments: [("a", 1), ("é", 1), ("寿", 2), ("한", 2), ("🥚", 2), ("❤️", 2), ("\u{301}", 0), ("ｱ", 1), ("Ａ", 2)])
    func width(_ row: (String, Int)) {
        #expect(DisplayWidth.of(Character(row.0)) == row.1)
    }
}
