import Foundation
import Testing

/// `shoptalk chat` at a terminal, through a pseudo-terminal: lines are edited
/// with the keys a person presses, and answered as edited.
@Suite("Editing lines at a terminal")
struct TerminalChatTests {
    static let left = "\u{1B}[D", right = "\u{1B}[C", up = "\u{1B}[A", home = "\u{1B}[H", end = "\u{1B}[F", delete = "\u{1B}[3~"
    static let backspace = "\u{7F}", ctrlA = "\u{1}", ctrlC = "\u{3}", ctrlD = "\u{4}", ctrlU = "\u{15}", ctrlW = "\u{17}", ctrlE = "\u{5}"

    @Test func arrowsHistoryAndControlKeysEditTheLineThatIsSent() throws {
        let terminal = try PseudoTerminal(["chat", "--db", ":memory:", "--user", "alice"])
        defer { terminal.close() }
        terminal.wait(for: "> ")
        // An arrow key moves the cursor; it is not sent as part of the line.
        terminal.send("add 3 eggs" + Self.home + String(repeating: Self.right, count: 4) + Self.delete + "5\r")
        terminal.wait(for: "Added 5 eggs to the Shopping list.")
        // Up brings the line back; Ctrl-W takes its last word.
        terminal.send(Self.up + Self.ctrlW + "apples\r")
        terminal.wait(for: "Added 5 apples to the Shopping list.")
        terminal.send("nonsense" + Self.ctrlU + "add" + Self.ctrlA + "please " + Self.ctrlE + " milk" + Self.backspace + "k\r")
        terminal.wait(for: "Added milk to the Shopping list.")
        // Ctrl-C clears the line and sends nothing.
        terminal.send("remove everything" + Self.ctrlC + "add 寿司" + Self.left + "x" + Self.end + "\r")
        terminal.wait(for: "Added 寿x司 to the Shopping list.")
        terminal.send("what's on my list?\r")
        let list = terminal.wait(for: "- 寿x司")
        #expect(list.contains("- 5 apples") && list.contains("- 5 eggs") && list.contains("- milk"))
        terminal.send(Self.ctrlD)
        #expect(terminal.exitStatus() == 0)
    }

    @Test func quitLeavesAndTheTerminalIsLeftAsItWas() throws {
        let terminal = try PseudoTerminal(["chat", "--db", ":memory:", "--user", "alice"])
        defer { terminal.close() }
        terminal.wait(for: "> ")
        #expect(!terminal.isInLineMode)
        terminal.send("quit\r")
        terminal.wait(for: "Bye.")
        #expect(terminal.exitStatus() == 0)
        #expect(terminal.isInLineMode)
    }

    /// `--lang de`: the banner and the goodbye are German for a member who chose no language.
    @Test func theBannerAndTheGoodbyeAreInTheChatsLanguage() throws {
        let terminal = try PseudoTerminal(["chat", "--db", ":memory:", "--user", "alice", "--lang", "de"])
        defer { terminal.close() }
        let banner = terminal.wait(for: "> ")
        #expect(banner.contains("ShopTalk: Sag „hilfe“, um zu sehen, was ich verstehe"))
        terminal.send("quit\r")
        terminal.wait(for: "Tschüss!")
        #expect(terminal.exitStatus() == 0)
    }
}
