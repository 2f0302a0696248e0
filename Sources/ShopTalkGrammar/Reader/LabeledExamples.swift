/// A language's example sentences (`Grammar/<code>/<code>.examples`), each
/// with its intent and its slots marked where they stand: what the reader
/// learns from.
///
/// ```
/// intent add_items
///   add [3 eggs](item) to [Groceries](list)
///   let [ana](user) see it but [not change it](permission=read-only)
/// ```
///
/// A slot is marked `[words as typed](slot)`, or `[words](slot=value)` for
/// a slot of fixed choices; the line without the marks is what the person
/// typed. The block `intent none` holds lines that ask the bot for nothing
/// it does (chat between the family, jokes, the weather): what the reader
/// learns to refuse. Translators write these files; see Grammar/README.md.
public struct LabeledExample: Hashable, Sendable {
    /// A marked piece: `text[start..<end]` (in UTF-8 offsets) fills `slot`.
    public struct Span: Hashable, Sendable {
        public let slot: String
        public let start: Int
        public let end: Int
        /// The value of a slot of fixed choices (`permission=read-only`); nil for a name.
        public let value: String?
    }

    public let intent: String
    /// What the person typed.
    public let text: String
    public let spans: [Span]
    /// Where it was written, for messages: `file:line`.
    public let origin: String
    /// Written where the reader erred, to show it a difference (a language's
    /// `.contrasts` file): always trained on, never kept apart to choose the
    /// thresholds, because such lines were picked for being hard and are no
    /// sample of what a family types.
    public let alwaysTaught: Bool

    public init(intent: String, text: String, spans: [Span], origin: String = "", alwaysTaught: Bool = false) {
        self.intent = intent
        self.text = text
        self.spans = spans
        self.origin = origin
        self.alwaysTaught = alwaysTaught
    }

    /// The example with its marks as the reader learns them: where a thing
    /// goes (moving, copying) is always `to_list`, though a writer marked the
    /// only list of "move the bread to Tools" a `list`.
    public var canonical: LabeledExample {
        guard intent == "move_items" || intent == "copy_list", !spans.contains(where: { $0.slot == "to_list" }),
              let last = spans.lastIndex(where: { $0.slot == "list" }),
              intent == "move_items" || spans.count(where: { $0.slot == "list" }) > 1 else { return self }
        var spans = self.spans
        spans[last] = Span(slot: "to_list", start: spans[last].start, end: spans[last].end, value: spans[last].value)
        return LabeledExample(intent: intent, text: text, spans: spans, origin: origin, alwaysTaught: alwaysTaught)
    }

    /// The marked piece's text.
    public func text(of span: Span) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes[span.start..<span.end], as: UTF8.self)
    }

    /// The slots a reader can mark, and the values of those of fixed choices.
    public static let slots: [String] = [
        "item", "list", "to_list", "user", "new_name", "text", "quantity", "every",
        "permission", "since", "uses", "language", "topic", "code", "channel", "aisle",
    ]

    /// The intent of lines that are no request of the bot's.
    public static let notARequest = "none"

    /// Reads an examples file; `intents` are the grammar's, which every block must name (or ``notARequest``).
    /// `alwaysTaught`: the file holds contrasts (see ``alwaysTaught``). `choices`: the grammar's values
    /// of each slot of fixed choices, one of which a mark must give ("[solo lectura](permission=read)"
    /// taught the reader a permission the bot has not).
    public static func read(_ source: String, file: String, intents: Set<String>, alwaysTaught: Bool = false,
                            choices: [String: [String]] = [:]) throws(GrammarError) -> [LabeledExample] {
        var examples: [LabeledExample] = []
        var intent: String?
        for (index, raw) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            func fail(_ message: String, column: Int = 1) -> GrammarError {
                GrammarError(file: file, location: SourceLocation(line: number, column: column), message: message)
            }
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            // Blank lines and comments, at the margin or indented among the examples.
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#") { continue }
            if line.hasPrefix("intent ") {
                let name = line.dropFirst(7).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
                guard intents.contains(name) || name == notARequest else { throw fail("there is no intent called “\(name)” in the grammar", column: 8) }
                intent = name
                continue
            }
            guard line.first == " " || line.first == "\t" else {
                throw fail("an example is indented under an “intent NAME” line; a line at the margin is “intent NAME” or a # comment")
            }
            guard let intent else { throw fail("an example before any “intent NAME” line") }
            let (text, spans) = try marks(in: line.drop { $0 == " " || $0 == "\t" }, line: number, file: file,
                                          indent: line.count - line.drop { $0 == " " || $0 == "\t" }.count, choices: choices)
            guard !text.isEmpty else { continue }
            examples.append(LabeledExample(intent: intent, text: text, spans: spans, origin: "\(file):\(number)", alwaysTaught: alwaysTaught))
        }
        return examples
    }

    /// The line without its marks, and the marks.
    private static func marks(in line: Substring, line number: Int, file: String, indent: Int,
                              choices: [String: [String]]) throws(GrammarError) -> (String, [Span]) {
        var text: [UInt8] = []
        var spans: [Span] = []
        let bytes = Array(line.utf8)
        var position = 0
        func fail(_ message: String) -> GrammarError {
            GrammarError(file: file, location: SourceLocation(line: number, column: indent + position + 1), message: message)
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "]") { throw fail("a “]” with no “[” before it") }
            guard byte == UInt8(ascii: "[") else {
                text.append(byte)
                position += 1
                continue
            }
            guard let close = bytes[position...].firstIndex(of: UInt8(ascii: "]")),
                  close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: "("),
                  let end = bytes[close...].firstIndex(of: UInt8(ascii: ")")) else {
                throw fail("a “[” starts a mark, written [words](slot)")
            }
            let words = bytes[(position + 1)..<close]
            guard !words.isEmpty, !words.contains(UInt8(ascii: "[")) else { throw fail("a mark holds the words it marks, and no other mark") }
            let label = String(decoding: bytes[(close + 2)..<end], as: UTF8.self)
            let parts = label.split(separator: "=", maxSplits: 1).map(String.init)
            guard let slot = parts.first, slots.contains(slot) else {
                throw fail("“\(label)” is no slot; slots are \(slots.joined(separator: ", "))")
            }
            if parts.count > 1, let values = choices[slot], !values.isEmpty, !values.contains(parts[1]) {
                throw fail("“\(parts[1])” is no \(slot) of the grammar's; its \(slot) values are \(values.joined(separator: ", "))")
            }
            let start = text.count
            text += words
            spans.append(Span(slot: slot, start: start, end: text.count, value: parts.count > 1 ? parts[1] : nil))
            position = end + 1
        }
        return (String(decoding: text, as: UTF8.self).trimmingTrailingSpaces, spans)
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
