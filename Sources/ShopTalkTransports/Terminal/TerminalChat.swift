import ShopTalkSession
import ShopTalkLineIO

/// `shoptalk chat` when a person types at a terminal: each line edited
/// with a ``LineEditor`` (arrows, history, Ctrl keys), sent on Enter, and
/// answered below it. Piped input goes through ``StandardIOChat`` instead.
public struct TerminalChat {
    public var session: LineSession
    public let prompt = "> "
    private let terminal = Terminal()

    public init(session: LineSession) {
        self.session = session
    }

    /// Runs until Ctrl-D on an empty line, `quit`, or end of input.
    public mutating func run() {
        terminal.enterRawMode()
        defer { terminal.restore() }
        var editor = LineEditor()
        var keys = KeyReader()
        terminal.write(editor.rendering(prompt: prompt, columns: terminal.columns))
        while let bytes = terminal.read() {
            for key in keys.keys(from: bytes) {
                switch editor.handle(key) {
                case .edited:
                    terminal.write(editor.rendering(prompt: prompt, columns: terminal.columns))
                case .nothing:
                    break
                case .clearScreen:
                    terminal.write("\u{1B}[H\u{1B}[2J" + editor.rendering(prompt: prompt, columns: terminal.columns))
                case .leave:
                    terminal.write("\r\n")
                    return
                case .submit(let line):
                    terminal.write("\r" + prompt + line + "\u{1B}[K\r\n")
                    guard !ProtocolWord.quit.isWholeLine(Array(line.utf8)) else {
                        terminal.write(ReplyFormat.text.render(session.goodbye(), wording: session.wording))
                        return
                    }
                    let outputs = session.respond(to: .line(Array(line.utf8)))
                    terminal.write(outputs.map { ReplyFormat.text.render($0, relay: false, wording: session.wording) }.joined())
                    terminal.write(editor.rendering(prompt: prompt, columns: terminal.columns))
                }
            }
        }
        terminal.write("\r\n")
    }
}
