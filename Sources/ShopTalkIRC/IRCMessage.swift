/// One IRC message (RFC 1459 and 2812, with IRCv3 message tags):
/// `[@tags ][:source ]COMMAND[ params][ :trailing]`, without its CR LF.
///
/// Parsing is forgiving, as servers are not all strict: several spaces
/// separate parts as one (RFC 1459), a tab is not a space, and a tag named
/// twice keeps its last value. Serializing writes the last parameter as a
/// trailing one (`:…`) only when it must: empty, with a space, or starting
/// with a colon.
public struct IRCMessage: Hashable, Sendable, CustomStringConvertible {
    public struct Tag: Hashable, Sendable {
        public var key: String
        /// "" for a tag without a value.
        public var value: String

        public init(_ key: String, _ value: String = "") {
            self.key = key
            self.value = value
        }
    }

    public var tags: [Tag]
    /// The prefix without its colon: "nick!user@host" or a server's name.
    public var source: String?
    /// "PRIVMSG", "001", …; as it came (numerics are digits, words are compared uppercased).
    public var command: String
    public var parameters: [String]

    public init(tags: [Tag] = [], source: String? = nil, _ command: String, _ parameters: [String] = []) {
        self.tags = tags
        self.source = source
        self.command = command
        self.parameters = parameters
    }

    /// A tag's value; nil when the message does not carry it.
    public subscript(tag key: String) -> String? { tags.last { $0.key == key }?.value }

    /// The source's nick: "alice" of "alice!a@host".
    public var nick: String? { source.map { IRCSource($0).nick } }

    /// Reads one line (with or without its CR LF); nil when it holds no command.
    public init?(_ line: some StringProtocol) {
        var rest = Substring(line)
        while let last = rest.last, last == "\r\n" || last == "\r" || last == "\n" { rest.removeLast() }
        func word() -> Substring {
            let end = rest.firstIndex(of: " ") ?? rest.endIndex
            defer { rest = rest[end...] }
            return rest[..<end]
        }
        func skipSpaces() { rest = rest.drop { $0 == " " } }

        var tags: [Tag] = []
        if rest.first == "@" {
            for item in word().dropFirst().split(separator: ";") where !item.isEmpty {
                let equals = item.firstIndex(of: "=")
                let key = String(item[..<(equals ?? item.endIndex)])
                let value = equals.map { Self.unescape(item[item.index(after: $0)...]) } ?? ""
                if let index = tags.firstIndex(where: { $0.key == key }) { tags[index].value = value } else { tags.append(Tag(key, value)) }
            }
            skipSpaces()
        }
        var source: String?
        if rest.first == ":" {
            source = String(word().dropFirst())
            skipSpaces()
        }
        let command = word()
        guard !command.isEmpty else { return nil }
        var parameters: [String] = []
        while true {
            skipSpaces()
            guard let first = rest.first else { break }
            if first == ":" {
                parameters.append(String(rest.dropFirst()))
                break
            }
            parameters.append(String(word()))
        }
        self.init(tags: tags, source: source, String(command), parameters)
    }

    /// The line to send, without CR LF. No part of it can end the line: a
    /// CR, LF or NUL in a parameter or tag (which ``IRCText/lines(of:)``
    /// already keeps out of what the bot says) is written as U+FFFD, or
    /// escaped in a tag value.
    public var serialized: String {
        let line = unguardedLine
        guard line.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else { return line }
        return String(String.UnicodeScalarView(line.unicodeScalars.map { $0 == "\r" || $0 == "\n" || $0 == "\0" ? "\u{FFFD}" : $0 }))
    }

    private var unguardedLine: String {
        var line = ""
        if !tags.isEmpty {
            line += "@" + tags.map { $0.value.isEmpty ? $0.key : $0.key + "=" + Self.escape($0.value) }.joined(separator: ";") + " "
        }
        if let source { line += ":" + source + " " }
        line += command
        for (index, parameter) in parameters.enumerated() {
            let last = index == parameters.count - 1
            if last && (parameter.isEmpty || parameter.contains(" ") || parameter.hasPrefix(":")) {
                line += " :" + parameter
            } else {
                line += " " + parameter
            }
        }
        return line
    }

    public var description: String { serialized }

    /// A tag value as IRCv3 writes it: `\:` for `;`, `\s` for a space, `\\`, `\r`, `\n`.
    static func escape(_ value: String) -> String {
        // By scalars: CR LF is one Character in Swift, and two here.
        var escaped = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            switch scalar {
            case ";": escaped.append(contentsOf: "\\:".unicodeScalars)
            case " ": escaped.append(contentsOf: "\\s".unicodeScalars)
            case "\\": escaped.append(contentsOf: "\\\\".unicodeScalars)
            case "\r": escaped.append(contentsOf: "\\r".unicodeScalars)
            case "\n": escaped.append(contentsOf: "\\n".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }

    /// The reverse, one character at a time; a backslash before any other
    /// character stands for that character, and one at the end for nothing.
    static func unescape(_ value: Substring) -> String {
        var result = String.UnicodeScalarView()
        var escaping = false
        for scalar in value.unicodeScalars {
            if escaping {
                switch scalar {
                case ":": result.append(";")
                case "s": result.append(" ")
                case "r": result.append("\r")
                case "n": result.append("\n")
                default: result.append(scalar)
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}

/// A message's source split into its parts: `nick!user@host`, any part
/// after the nick possibly missing.
public struct IRCSource: Hashable, Sendable {
    public var nick: String
    public var user: String
    public var host: String

    public init(_ source: String) {
        var rest = Substring(source)
        if let at = rest.firstIndex(of: "@") {
            host = String(rest[rest.index(after: at)...])
            rest = rest[..<at]
        } else {
            host = ""
        }
        if let bang = rest.firstIndex(of: "!") {
            user = String(rest[rest.index(after: bang)...])
            rest = rest[..<bang]
        } else {
            user = ""
        }
        nick = String(rest)
    }
}
