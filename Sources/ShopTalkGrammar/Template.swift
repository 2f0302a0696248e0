/// A sentence pattern as written in a grammar file, before compilation.
///
/// `add {items} [(to|on) {list}]` reads as: the word "add", the slot "items",
/// then optionally "to" or "on" followed by the slot "list".
indirect enum Template: Hashable, Sendable {
    /// Literal text; tokenized like a sentence when compiled.
    case text(String)
    case sequence([Template])
    /// Exactly one of the branches; an empty branch matches nothing.
    case choice([Template])
    case optional(Template)
    case slot(String, SourceLocation)
    case rule(String, SourceLocation)
}

/// Reads the template language: words, `(a|b)`, `[optional]`, `{slot}`,
/// `<rule>`. Groups glued to letters choose word endings: `apple[s]`,
/// `добав(ить|ь)`.
struct TemplateParser {
    /// Unicode scalars, not `Character`s: grapheme breaking made reading
    /// templates a fifth of compiling a grammar, and no template needs it.
    private let characters: [Unicode.Scalar]
    private var index = 0
    private let origin: SourceLocation
    private let file: String

    /// Parses `text`, which starts at `origin` in `file`, for error locations.
    static func parse(_ text: String, at origin: SourceLocation, in file: String) throws(GrammarError) -> Template {
        var parser = TemplateParser(characters: Array(text.unicodeScalars), origin: origin, file: file)
        let template = try parser.parseChoice()
        if parser.index < parser.characters.count {
            throw parser.error("unexpected “\(parser.characters[parser.index])”: it closes a group that was never opened")
        }
        if case .sequence(let parts) = template, parts.isEmpty { throw parser.error("empty sentence", at: 0) }
        return template
    }

    private init(characters: [Unicode.Scalar], origin: SourceLocation, file: String) {
        self.characters = characters
        self.origin = origin
        self.file = file
    }

    private var location: SourceLocation { SourceLocation(line: origin.line, column: origin.column + index) }

    private func error(_ message: String, at offset: Int? = nil) -> GrammarError {
        GrammarError(file: file, location: SourceLocation(line: origin.line, column: origin.column + (offset ?? index)), message: message)
    }

    private mutating func parseChoice() throws(GrammarError) -> Template {
        var branches = [try parseSequence()]
        while index < characters.count, characters[index] == "|" {
            index += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : .choice(branches)
    }

    /// A run of parts; parts with no space between them form one word.
    private mutating func parseSequence() throws(GrammarError) -> Template {
        var words: [[Template]] = []
        var spaced = true
        while index < characters.count {
            let character = characters[index]
            if character == "|" || character == ")" || character == "]" { break }
            if Self.isSpace(character) {
                spaced = true
                index += 1
                continue
            }
            let part = try parsePart()
            if spaced || words.isEmpty { words.append([part]) } else { words[words.count - 1].append(part) }
            spaced = false
        }
        let parts = words.flatMap(Self.joinWord)
        return parts.count == 1 ? parts[0] : .sequence(parts)
    }

    private mutating func parsePart() throws(GrammarError) -> Template {
        let start = index
        switch characters[index] {
        case "(":
            index += 1
            let inner = try parseChoice()
            guard index < characters.count, characters[index] == ")" else { throw error("“(” at column \(origin.column + start) is never closed with “)”", at: start) }
            index += 1
            return inner
        case "[":
            index += 1
            let inner = try parseChoice()
            guard index < characters.count, characters[index] == "]" else { throw error("“[” at column \(origin.column + start) is never closed with “]”", at: start) }
            index += 1
            return .optional(inner)
        case "{", "<":
            let closer: Unicode.Scalar = characters[index] == "{" ? "}" : ">"
            index += 1
            let nameStart = index
            while index < characters.count, characters[index] != closer {
                guard Self.isNameCharacter(characters[index]) else {
                    throw error("a \(closer == "}" ? "slot" : "rule") name is letters, digits and “_”, closed by “\(closer)”")
                }
                index += 1
            }
            guard index < characters.count else { throw error("“\(characters[start])” is never closed with “\(closer)”", at: start) }
            let name = Self.string(characters[nameStart..<index])
            index += 1
            guard !name.isEmpty else { throw error("empty name", at: start) }
            let location = SourceLocation(line: origin.line, column: origin.column + start)
            return closer == "}" ? .slot(name, location) : .rule(name, location)
        case "}", ">":
            throw error("unexpected “\(characters[index])”")
        default:
            let textStart = index
            while index < characters.count, !Self.isSpecial(characters[index]), !Self.isSpace(characters[index]) {
                index += 1
            }
            return .text(Self.string(characters[textStart..<index]))
        }
    }

    @inline(__always)
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// Letters, digits and "_": what slot and rule names are made of.
    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let byte = UInt8(scalar.value)
            return (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    @inline(__always)
    private static func isSpecial(_ character: Unicode.Scalar) -> Bool {
        switch character {
        case "(", ")", "[", "]", "{", "}", "<", ">", "|": true
        default: false
        }
    }

    /// Parts written without spaces between them. When all are literal
    /// ("apple[s]", "добав(ить|ь)"), they spell one word in several ways;
    /// otherwise (a slot glued to Chinese text) they simply follow each other.
    private static func joinWord(_ parts: [Template]) -> [Template] {
        guard parts.count > 1, let spellings = spellings(of: .sequence(parts)) else { return parts }
        let unique = Array(Set(spellings)).sorted()
        return [unique.count == 1 ? .text(unique[0]) : .choice(unique.map { Template.text($0) })]
    }

    /// Every string a literal-only template spells, or nil when it holds a slot or rule.
    private static func spellings(of template: Template) -> [String]? {
        switch template {
        case .text(let text): return [text]
        case .slot, .rule: return nil
        case .optional(let inner): return spellings(of: inner).map { [""] + $0 }
        case .choice(let branches):
            var all: [String] = []
            for branch in branches {
                guard let strings = spellings(of: branch) else { return nil }
                all += strings
            }
            return all
        case .sequence(let parts):
            var all = [""]
            for part in parts {
                guard let strings = spellings(of: part) else { return nil }
                all = all.flatMap { prefix in strings.map { prefix + $0 } }
                if all.count > 1_000 { return nil }
            }
            return all
        }
    }
}
