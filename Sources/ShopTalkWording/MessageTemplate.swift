/// A message's template, read from a message file: text with named
/// placeholders, and choices on a number's plural form or on a value.
///
/// | write | means |
/// | --- | --- |
/// | `{list}` | the argument `list` |
/// | `{count, plural, one {# item} other {# items}}` | the form for the number's CLDR category; `=0 {…}` for exactly 0; `#` is the number |
/// | `{permission, select, read-only {read only} other {{permission}}}` | the branch named by the value; `other` when none is |
/// | `\{`, `\}`, `\#`, `\\` | the character itself; `\n` a new line |
///
/// Every `plural` and `select` must have an `other` branch.
indirect enum TemplatePart: Hashable, Sendable {
    case text(String)
    case placeholder(String)
    /// `#` inside a plural branch: its number, formatted.
    case number
    /// `exact` is keyed by the number after "=": `=0`, `=1`.
    case plural(String, exact: [Int: [TemplatePart]], categories: [PluralCategory: [TemplatePart]])
    case select(String, branches: [String: [TemplatePart]])
}

/// Reads a template; errors carry the column (counted from 1) where they are.
struct TemplateParser {
    struct Failure: Error {
        let column: Int
        let message: String
    }

    /// Unicode scalars, not `Character`s: no template needs grapheme
    /// breaking, and it made reading the message files slow to start.
    private let characters: [Unicode.Scalar]
    private var position = 0

    private init(_ text: String) { characters = Array(text.unicodeScalars) }

    static func parse(_ text: String) throws(Failure) -> [TemplatePart] {
        var parser = TemplateParser(text)
        let parts = try parser.parts(inPlural: false, closing: false)
        return parts
    }

    /// The placeholder names a template uses, anywhere in it.
    static func placeholders(of parts: [TemplatePart]) -> Set<String> {
        names(in: parts, shownOnly: false)
    }

    /// The placeholder names a template writes out as words: `{x}`, `{x.fact}`,
    /// or `#` in x's plural; not those it only chooses a branch by
    /// (`{count, plural, one {is} other {are}}`), which a language without
    /// that agreement leaves out.
    static func shownPlaceholders(of parts: [TemplatePart]) -> Set<String> {
        names(in: parts, shownOnly: true)
    }

    private static func names(in parts: [TemplatePart], shownOnly: Bool) -> Set<String> {
        var names: Set<String> = []
        for part in parts {
            switch part {
            case .text, .number: break
            case .placeholder(let name): names.insert(name)
            case .plural(let name, let exact, let categories):
                for branch in Array(exact.values) + Array(categories.values) {
                    if !shownOnly || branch.contains(.number) { names.insert(name) }
                    names.formUnion(self.names(in: branch, shownOnly: shownOnly))
                }
            case .select(let name, let branches):
                if !shownOnly { names.insert(name) }
                for branch in branches.values { names.formUnion(self.names(in: branch, shownOnly: shownOnly)) }
            }
        }
        return names
    }

    private func failure(_ message: String) -> Failure { Failure(column: position + 1, message: message) }

    private mutating func parts(inPlural: Bool, closing: Bool) throws(Failure) -> [TemplatePart] {
        var parts: [TemplatePart] = []
        var text = ""
        func flush() {
            if !text.isEmpty { parts.append(.text(text)) }
            text = ""
        }
        while position < characters.count {
            let character = characters[position]
            switch character {
            case "\\":
                guard position + 1 < characters.count else { throw failure("a “\\” ends the template; write “\\\\” for a backslash") }
                let escaped = characters[position + 1]
                switch escaped {
                case "{", "}", "#", "\\": text.unicodeScalars.append(escaped)
                case "n": text.append("\n")
                default: throw failure("“\\\(escaped)” is no escape; write \\{, \\}, \\#, \\\\ or \\n")
                }
                position += 2
            case "{":
                flush()
                parts.append(try placeholder())
            case "}":
                guard closing else { throw failure("a “}” closes nothing; write “\\}” for the character") }
                flush()
                return parts
            case "#" where inPlural:
                flush()
                parts.append(.number)
                position += 1
            default:
                text.unicodeScalars.append(character)
                position += 1
            }
        }
        guard !closing else { throw failure("a branch opened with “{” is never closed with “}”") }
        flush()
        return parts
    }

    /// `{name}`, `{name, plural, …}` or `{name, select, …}`, from its "{".
    private mutating func placeholder() throws(Failure) -> TemplatePart {
        let start = position
        position += 1
        let name = word()
        guard !name.isEmpty else { throw Failure(column: start + 1, message: "a placeholder needs a name, as in {list}") }
        skipSpaces()
        guard position < characters.count else { throw Failure(column: start + 1, message: "“{\(name)” is never closed with “}”") }
        if characters[position] == "}" {
            position += 1
            return .placeholder(name)
        }
        guard characters[position] == "," else { throw failure("expected “}” or “,” after {\(name)") }
        position += 1
        skipSpaces()
        let kind = word()
        skipSpaces()
        guard position < characters.count, characters[position] == "," else { throw failure("expected “,” after “\(kind)”") }
        position += 1
        var branches: [String: [TemplatePart]] = [:]
        while true {
            skipSpaces()
            guard position < characters.count else { throw Failure(column: start + 1, message: "“{\(name), \(kind)” is never closed with “}”") }
            if characters[position] == "}" {
                position += 1
                break
            }
            let branchStart = position
            let selector = word()
            guard !selector.isEmpty else { throw failure("expected a branch name, as in “other {…}”") }
            skipSpaces()
            guard position < characters.count, characters[position] == "{" else { throw failure("expected “{” after the branch “\(selector)”") }
            position += 1
            guard branches[selector] == nil else { throw Failure(column: branchStart + 1, message: "the branch “\(selector)” is written twice") }
            branches[selector] = try parts(inPlural: kind == "plural", closing: true)
            position += 1 // the branch's "}"
        }
        guard branches["other"] != nil else { throw Failure(column: start + 1, message: "{\(name), \(kind)} needs an “other {…}” branch") }
        switch kind {
        case "plural":
            var exact: [Int: [TemplatePart]] = [:], categories: [PluralCategory: [TemplatePart]] = [:]
            for (selector, branch) in branches {
                if selector.hasPrefix("="), let number = Int(selector.dropFirst()) {
                    exact[number] = branch
                } else if let category = PluralCategory(rawValue: selector) {
                    categories[category] = branch
                } else {
                    throw Failure(column: start + 1, message: "“\(selector)” is no plural form; use zero, one, two, few, many, other or =N")
                }
            }
            return .plural(name, exact: exact, categories: categories)
        case "select":
            return .select(name, branches: branches)
        default:
            throw Failure(column: start + 1, message: "“\(kind)” is neither plural nor select")
        }
    }

    private mutating func word() -> String {
        var word = ""
        while position < characters.count, Self.isWordScalar(characters[position]) {
            word.unicodeScalars.append(characters[position])
            position += 1
        }
        return word
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".", "=": return true
        default: return !scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
        }
    }

    private mutating func skipSpaces() {
        while position < characters.count, characters[position] == " " { position += 1 }
    }
}
