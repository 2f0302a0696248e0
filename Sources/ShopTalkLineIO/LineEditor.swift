/// The line being typed at a terminal: its text, where the cursor is, and
/// the lines typed before, to go back through with Up and Down.
///
/// A value, and no I/O: keys go in, and what to do comes out, so the chat,
/// and later the server's terminal client, share it, and tests drive it
/// key by key. The cursor moves by characters as people see them, so "é"
/// written as e and an accent, or an emoji, is one step.
///
/// | key | does |
/// | --- | --- |
/// | Left, Right; Home or Ctrl-A, End or Ctrl-E | move the cursor |
/// | Backspace, Delete | delete before, at the cursor |
/// | Ctrl-U, Ctrl-K | delete up to, from the cursor |
/// | Ctrl-W | delete the word before the cursor |
/// | Up, Down | go back, forward through the lines typed before |
/// | Ctrl-L | clear the screen |
/// | Ctrl-C | clear the line |
/// | Ctrl-D | on an empty line, leave; else delete at the cursor |
/// | Enter | send the line |
public struct LineEditor: Sendable {
    public private(set) var line: [Character] = []
    /// Where the cursor stands: before `line[cursor]`, or at the end.
    public private(set) var cursor = 0
    private var history: [String] = []
    /// Where Up and Down have got to in `history`; nil on the new line.
    private var historyIndex: Int?
    /// The new line, kept while going through the history.
    private var draft: [Character] = []
    /// Lines kept for Up, the oldest forgotten first.
    public static let historyLimit = 500

    /// What a key asks of whoever shows the line.
    public enum Outcome: Hashable, Sendable {
        /// The line or the cursor changed: show it again.
        case edited
        /// Enter: the line, to be answered; the editor is on a new empty line.
        case submit(String)
        /// Ctrl-D on an empty line.
        case leave
        /// Ctrl-L: clear the screen, then show the line.
        case clearScreen
        /// Nothing changed (Left at the start, an ignored key).
        case nothing
    }

    public init() {}

    public var text: String { String(line) }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .insert(let text):
            let characters = text.filter { DisplayWidth.of($0) > 0 || $0.unicodeScalars.first?.properties.generalCategory == .nonspacingMark }
            guard !characters.isEmpty else { return .nothing }
            line.insert(contentsOf: characters, at: cursor)
            cursor += characters.count
        case .enter:
            let submitted = text
            if !submitted.allSatisfy(\.isWhitespace), history.last != submitted {
                history.append(submitted)
                if history.count > Self.historyLimit { history.removeFirst() }
            }
            (line, cursor, historyIndex, draft) = ([], 0, nil, [])
            return .submit(submitted)
        case .left:
            guard cursor > 0 else { return .nothing }
            cursor -= 1
        case .right:
            guard cursor < line.count else { return .nothing }
            cursor += 1
        case .home, .control("a"):
            cursor = 0
        case .end, .control("e"):
            cursor = line.count
        case .backspace:
            guard cursor > 0 else { return .nothing }
            cursor -= 1
            line.remove(at: cursor)
        case .delete:
            guard cursor < line.count else { return .nothing }
            line.remove(at: cursor)
        case .control("d"):
            if line.isEmpty { return .leave }
            guard cursor < line.count else { return .nothing }
            line.remove(at: cursor)
        case .control("u"):
            line.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            line.removeSubrange(cursor...)
        case .control("w"):
            var start = cursor
            while start > 0, line[start - 1].isWhitespace { start -= 1 }
            while start > 0, !line[start - 1].isWhitespace { start -= 1 }
            line.removeSubrange(start..<cursor)
            cursor = start
        case .control("c"):
            (line, cursor, historyIndex) = ([], 0, nil)
        case .control("l"):
            return .clearScreen
        case .up:
            guard !history.isEmpty, historyIndex != 0 else { return .nothing }
            if historyIndex == nil { draft = line }
            let index = (historyIndex ?? history.count) - 1
            historyIndex = index
            line = Array(history[index])
            cursor = line.count
        case .down:
            guard let index = historyIndex else { return .nothing }
            if index + 1 < history.count {
                historyIndex = index + 1
                line = Array(history[index + 1])
            } else {
                historyIndex = nil
                line = draft
            }
            cursor = line.count
        case .control, .ignored:
            return .nothing
        }
        return .edited
    }

    /// What redraws the line on a terminal `columns` wide: back to the
    /// start of the row, the prompt and as much of the line as fits around
    /// the cursor (a long line scrolls sideways), the rest of the row
    /// cleared, and the cursor put where it stands, counting wide
    /// characters as two columns.
    public func rendering(prompt: String, columns: Int) -> String {
        let widths = line.map(DisplayWidth.of)
        let promptWidth = DisplayWidth.of(prompt)
        let room = max(columns - promptWidth - 1, 4)
        var start = 0
        while widths[start..<cursor].reduce(0, +) > room { start += 1 }
        var end = start, used = 0
        while end < line.count, used + widths[end] <= room {
            used += widths[end]
            end += 1
        }
        let column = promptWidth + widths[start..<cursor].reduce(0, +)
        return "\r" + prompt + String(line[start..<end]) + "\u{1B}[K\r" + (column > 0 ? "\u{1B}[\(column)C" : "")
    }
}
