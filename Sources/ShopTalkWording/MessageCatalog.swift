/// A mistake in a message file, with where it is, in the form compilers
/// use: `Grammar/en/en.messages:12:9: error: …`.
public struct MessageFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}

/// Everything ShopTalk says in one language: the templates of a message
/// file (`Grammar/<code>/<code>.messages`, see Grammar/README.md), read and
/// checked once, then shared read-only.
///
/// ```
/// language: en
/// decimal mark: .
///
/// added = Added {items} to {list}.
/// count.items = {count, plural, one {# item} other {# items}}
/// ```
public final class MessageCatalog: Sendable {
    public let language: String
    public let pluralRule: PluralRule
    /// "." or ",": how decimals are shown ("1.5", "1,5").
    public let decimalMark: Character
    /// "de" before "Auchan" is "d'Auchan": see `SpokenElision`.
    let elision: SpokenElision
    /// The language's endings: a name's case forms and gender where the
    /// aisle files do not give them (see ``WordEndings``).
    let endings: [String: WordEndings]
    /// German: a thing's name is shown with its noun capitalised, as typed
    /// or not ("1 Packung Butter" for "butter"), set with `nouns: capitalised`.
    let capitalisesNouns: Bool
    /// By `MessageKey.ordinal`; nil for a key the file lacks.
    let templates: [[TemplatePart]?]
    /// Keys the file has that no code uses: a mistake the tests report.
    public let unknownKeys: [String]

    public init(source: String, file: String) throws(MessageFileError) {
        var language: String?, decimalMark: Character = ".", elision = SpokenElision.none
        var endings: [String: WordEndings] = [:]
        var capitalisesNouns = false
        var templates: [MessageKey: [TemplatePart]] = [:]
        var unknown: [String] = []
        var lineNumber = 0
        func failure(_ column: Int, _ message: String) -> MessageFileError {
            MessageFileError(file: file, line: lineNumber, column: column, message: message)
        }
        // Split as bytes, not `Character`s: "\n" is one byte, and grapheme breaking made start-up slow.
        for rawLine in source.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Substring.init) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            guard trimmed.utf8.count == line.utf8.count else { throw failure(1, "a message starts at the left margin") }
            if let equals = Self.separator(in: line) {
                let key = String(line[..<equals.lowerBound])
                let template = String(line[equals.upperBound...])
                let templateColumn = line.distance(from: line.startIndex, to: equals.upperBound) + 1
                guard Self.isKey(key) else {
                    throw failure(1, "a key is letters, digits, “.”, “_” and “-”, not “\(key)”")
                }
                let parts: [TemplatePart]
                do {
                    parts = try TemplateParser.parse(template)
                } catch {
                    throw failure(templateColumn + error.column - 1, error.message)
                }
                guard let known = MessageKey.byName[key] else {
                    unknown.append(key)
                    continue
                }
                guard templates[known] == nil else { throw failure(1, "the message “\(key)” is written twice") }
                templates[known] = parts
            } else if let colon = line.firstIndex(of: ":") {
                let setting = line[..<colon], value = line[line.index(after: colon)...].drop { $0 == " " }
                switch setting {
                case "language": language = String(value)
                case "decimal mark":
                    guard value == "." || value == "," else { throw failure(15, "the decimal mark is “.” or “,”") }
                    decimalMark = value.first!
                case "elision":
                    let words = value.split(separator: "|").map { $0.split(separator: " ").joined(separator: " ") }
                    guard !words.isEmpty, words.allSatisfy(SpokenElision.isValid) else {
                        throw failure(10, "elision lists words of letters that end in the vowel they drop, as “de | le | que”")
                    }
                    elision = SpokenElision(words: words)
                case "nouns":
                    guard value == "capitalised" || value == "as typed" else { throw failure(8, "“nouns:” is “capitalised” or “as typed”") }
                    capitalisesNouns = value == "capitalised"
                case _ where setting.hasPrefix("form ") || setting.hasPrefix("guess "):
                    let guessing = setting.hasPrefix("guess ")
                    let fact = String(setting.dropFirst(guessing ? 6 : 5).split(separator: " ").joined(separator: " "))
                    guard let rules = WordEndings(value, guessing: guessing) else {
                        throw failure(setting.count + 3, "endings are “ending → ending” pairs joined by “,”, as “а → ы, я → и”")
                    }
                    endings[fact] = rules
                default:
                    throw failure(1, "unknown setting “\(setting)”; expected language, decimal mark, elision, “form NAME” or “guess NAME”")
                }
            } else {
                throw failure(1, "expected “key = template” or “setting: value”")
            }
        }
        guard let language else {
            lineNumber = 1
            throw failure(1, "the file must say which language it is, as “language: en”")
        }
        guard let rule = PluralRule(language: language) else {
            lineNumber = 1
            throw failure(1, "no plural rules are known for “\(language)”; the languages are \(PluralRule.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.language = language
        self.pluralRule = rule
        self.decimalMark = decimalMark
        self.elision = elision
        self.endings = endings
        self.capitalisesNouns = capitalisesNouns
        var byOrdinal = [[TemplatePart]?](repeating: nil, count: MessageKey.allCases.count)
        for (key, parts) in templates { byOrdinal[key.ordinal] = parts }
        self.templates = byOrdinal
        self.unknownKeys = unknown
    }

    /// Where " = " parts a line's key from its template: looked for in the
    /// line's bytes, as every line of every message file is at start-up.
    private static func separator(in line: Substring) -> Range<String.Index>? {
        let bytes = line.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: " ") {
                let second = bytes.index(after: index)
                if second != bytes.endIndex, bytes[second] == UInt8(ascii: "=") {
                    let third = bytes.index(after: second)
                    if third != bytes.endIndex, bytes[third] == UInt8(ascii: " ") { return index..<bytes.index(after: third) }
                }
            }
            index = bytes.index(after: index)
        }
        return nil
    }

    /// Letters, digits, ".", "_" and "-": every key the code knows is ASCII,
    /// told byte by byte; another is told by its characters.
    private static func isKey(_ key: String) -> Bool {
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            return key.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"): true
                default: false
                }
            }
        }
        return key.allSatisfy { $0.isLetter || $0.isNumber || "._-".contains($0) }
    }

    /// The keys the file has a template for.
    public var keys: Set<MessageKey> { Set(MessageKey.allCases.filter { templates[$0.ordinal] != nil }) }

    /// The placeholders the template of `key` uses.
    public func placeholders(of key: MessageKey) -> Set<String> {
        templates[key.ordinal].map(TemplateParser.placeholders) ?? []
    }

    /// The plural forms the template of `key` writes, for a placeholder.
    /// The placeholders of `key` written out as words, not only chosen by
    /// (see `TemplateParser.shownPlaceholders(of:)`).
    public func shownPlaceholders(of key: MessageKey) -> Set<String> {
        templates[key.ordinal].map(TemplateParser.shownPlaceholders) ?? []
    }

    func pluralForms(of key: MessageKey) -> Set<PluralCategory> {
        func forms(_ parts: [TemplatePart]) -> Set<PluralCategory> {
            parts.reduce(into: []) { found, part in
                switch part {
                case .plural(_, let exact, let categories):
                    found.formUnion(categories.keys)
                    for branch in Array(exact.values) + Array(categories.values) { found.formUnion(forms(branch)) }
                case .select(_, let branches):
                    for branch in branches.values { found.formUnion(forms(branch)) }
                default: break
                }
            }
        }
        return templates[key.ordinal].map(forms) ?? []
    }

    // MARK: Wording

    /// The message in this language. A key this file lacks (which the tests
    /// forbid) is written as the key itself, never as nothing.
    public func render(_ message: Message, things: ThingWords? = nil) -> String {
        // Written as bytes and made a string once: every reply is worded here,
        // and appending to a byte array costs less than growing a string.
        var output: [UInt8] = []
        output.reserveCapacity(128)
        render(message, things: things, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The message, written at the end of `output`: nested messages are
    /// worded into the same bytes, with nothing in between to allocate.
    func render(_ message: Message, things: ThingWords?, into output: inout [UInt8]) {
        guard let parts = templates[message.key.ordinal] else { return output.append(contentsOf: message.key.rawValue.utf8) }
        render(parts, message.arguments, number: nil, things: things, into: &output)
    }

    private func render(_ parts: [TemplatePart], _ arguments: MessageArguments, number: MessageArgument?, things: ThingWords?, into output: inout [UInt8]) {
        for part in parts {
            switch part {
            case .text(let text):
                output.append(contentsOf: text.utf8)
            case .number:
                if let number { render(number, things: things, into: &output) }
            case .placeholder(let name):
                if let argument = arguments[name] {
                    let start = output.count
                    let elides = !elision.isEmpty && elision.endsWithElidableWord(output, before: start)
                    render(argument, things: things, into: &output)
                    if elides { elision.apply(to: &output, valueStart: start) }
                } else if let (argument, fact) = factArgument(name, arguments) {
                    let start = output.count
                    let elides = !elision.isEmpty && elision.endsWithElidableWord(output, before: start)
                    if let value = self.fact(fact, of: argument, things: things) {
                        output.append(contentsOf: value.utf8)
                    } else if !Self.isSelectorFact(fact) {
                        render(argument, things: things, into: &output)
                    }
                    if elides { elision.apply(to: &output, valueStart: start) }
                } else {
                    output.append(contentsOf: "{\(name)}".utf8)
                }
            case .plural(let name, let exact, let categories):
                guard let argument = arguments[name] else { continue }
                let operands: PluralOperands
                switch argument {
                case .number(let count): operands = PluralOperands(integer: count)
                case .decimal(let written): operands = PluralOperands(decimal: written)
                default: operands = PluralOperands(integer: 0)
                }
                let exactBranch = operands.v == 0 && !exact.isEmpty ? exact[operands.i] : nil
                let branch = exactBranch ?? categories[pluralRule.category(operands)] ?? categories[.other] ?? []
                render(branch, arguments, number: argument, things: things, into: &output)
            case .select(let name, let branches):
                let value: String? = switch arguments[name] {
                case .text(let text)?, .thing(let text, _, _, _, _)?: text
                case .number(let count)?: String(count)
                case .decimal(let written)?: written
                case .message(let nested)?: nested.key.rawValue
                default:
                    // `{item.gender, select, …}`: a fact of the argument, "none" when unknown.
                    factArgument(name, arguments).map { argument, fact in self.fact(fact, of: argument, things: things) ?? "none" }
                }
                render(value.flatMap { branches[$0] } ?? branches["other"] ?? [], arguments, number: number, things: things, into: &output)
            }
        }
    }

    private func render(_ argument: MessageArgument, things: ThingWords?) -> String {
        var output: [UInt8] = []
        render(argument, things: things, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private func render(_ argument: MessageArgument, things: ThingWords?, into output: inout [UInt8]) {
        switch argument {
        case .thing(let name, _, let typedIn, _, _) where capitalisesNouns && (typedIn == nil || typedIn == language):
            output.append(contentsOf: Self.capitalisingLastWord(name).utf8)
        case .text(let text), .thing(let text, _, _, _, _):
            output.append(contentsOf: text.utf8)
        case .number(let count):
            Self.append(count, to: &output)
        case .decimal(let written):
            // Written with "."; shown with the language's mark.
            let mark = decimalMark.asciiValue ?? UInt8(ascii: ".")
            for byte in written.utf8 { output.append(byte == UInt8(ascii: ".") ? mark : byte) }
        case .message(let message):
            render(message, things: things, into: &output)
        case .lines(let lines):
            for (index, line) in lines.enumerated() {
                if index > 0 { output.append(UInt8(ascii: "\n")) }
                render(line, things: things, into: &output)
            }
        case .list(let items, let conjunction):
            if items.count == 1 {
                render(items[0], things: things, into: &output)
            } else {
                output.append(contentsOf: join(items.map { render($0, things: things) }, conjunction).utf8)
            }
        }
    }

    /// A whole number's digits, without making a string of it.
    // MARK: Facts of names

    /// `item.gender` → the argument `item` and the fact `gender`, when the
    /// message has an `item`.
    private func factArgument(_ name: String, _ arguments: MessageArguments) -> (MessageArgument, String)? {
        guard let dot = name.firstIndex(of: "."), let argument = arguments[String(name[..<dot])] else { return nil }
        return (argument, String(name[name.index(after: dot)...]))
    }

    /// Facts that choose a branch and are no words of their own: unknown,
    /// they put nothing in, where an unknown form puts the name as it is.
    private static func isSelectorFact(_ fact: String) -> Bool {
        fact == "gender" || fact == "classifier" || fact == "plural" || fact == "vowel"
    }

    /// A fact of a name, for a template's `{item.fact}`: whether it is
    /// plural (`plural`: yes or no) or starts with a vowel (`vowel`), the
    /// name with a capital (`capitalised`, at the start of a sentence), a
    /// description without one (`uncapitalised`, after a colon), its
    /// gender and classifier and case forms as the aisle files give them
    /// (``ThingWords/facts(of:in:)``), else as this file's endings make or
    /// guess them; nil when none says.
    func fact(_ fact: String, of argument: MessageArgument, things: ThingWords?) -> String? {
        let word: String
        switch argument {
        case .thing(let name, let plural, let typedIn, _, let measured):
            if fact == "plural" {
                // With no lexicon to say it has a plural, a thing after a unit is named as typed.
                let plural = things?.isPlural(name, in: language, plural: plural, measured: measured, typedIn: typedIn) ?? (plural && !measured)
                return plural ? "yes" : "no"
            }
            // A name of another language, which the reader has no word for, has none of this one's facts.
            if let typedIn, typedIn != language { return fact == "vowel" ? Self.startsWithVowel(name) : nil }
            word = name
            if fact != "vowel", let known = things?.facts(of: word, in: language)?[fact] { return known }
        case .text(let text):
            word = text
        case .message(let nested):
            // "Just now:" heading a history's changes: a message put in at the start of a line.
            if fact == "capitalised" { return Self.capitalised(render(nested, things: things)) }
            // "3 eggs", "1.5 litres of milk": an amount has the facts of its thing.
            guard let name = nested.arguments["name"] else { return nil }
            return self.fact(fact, of: name, things: things)
        case .list(let parts, _):
            // "Den Kürbis von Kaufland entfernt.": things joined at the start of a sentence.
            if fact == "capitalised" { return Self.capitalised(render(argument, things: things)) }
            // One thing is that thing; several are plural, and nothing more is known.
            if parts.count == 1 { return self.fact(fact, of: parts[0], things: things) }
            return fact == "plural" ? "yes" : nil
        default:
            return nil
        }
        if fact == "vowel" { return Self.startsWithVowel(word) }
        if fact == "capitalised" { return Self.capitalised(word) }
        // "« crée une liste » : créer une nouvelle liste": a description put after a colon, where French, Spanish and
        // Vietnamese go on in lowercase. Never for a name (an acronym, "Noël") or in German, whose nouns keep their capital.
        if fact == "uncapitalised" { return word.prefix(1).lowercased() + word.dropFirst() }
        return endings[fact]?.apply(to: word)
    }

    /// "frische butter" → "frische Butter": the noun, last in a German name.
    private static func capitalisingLastWord(_ name: String) -> String {
        guard let start = name.lastIndex(of: " ").map({ name.index(after: $0) }) ?? Optional(name.startIndex),
              start < name.endIndex, name[start].isLowercase else { return name }
        return name[..<start] + name[start].uppercased() + name[name.index(after: start)...]
    }

    private static func capitalised(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }

    private static func startsWithVowel(_ word: String) -> String {
        SpokenElision.startsWithVowel(Array(word.utf8)[...]) ? "yes" : "no"
    }

    private static func append(_ number: Int, to output: inout [UInt8]) {
        guard number != 0 else { return output.append(UInt8(ascii: "0")) }
        if number < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        let start = output.count
        while magnitude > 0 {
            output.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        }
        output[start...].reverse()
    }

    /// "a", "a and b", "a, b and c", as the file's `list.and.*` (or
    /// `list.or.*`, `list.plain.*`, `sentences.*`) messages join two parts at
    /// a time: `pair` for just two, `more` before the last, `last` for the last.
    private func join(_ parts: [String], _ conjunction: MessageArgument.Conjunction) -> String {
        let (pair, more, last): (MessageKey, MessageKey, MessageKey) = switch conjunction {
        case .and: (.listAndPair, .listAndMore, .listAndLast)
        case .or: (.listOrPair, .listOrMore, .listOrLast)
        case .plain: (.listPlainPair, .listPlainMore, .listPlainLast)
        case .sentences: (.sentencesPair, .sentencesMore, .sentencesLast)
        }
        func joined(_ key: MessageKey, _ a: String, _ b: String) -> String {
            render(Message(key, ["a": .text(a), "b": .text(b)]), things: nil)
        }
        switch parts.count {
        case 0: return ""
        case 1: return parts[0]
        case 2: return joined(pair, parts[0], parts[1])
        default:
            let head = parts.dropLast().dropFirst().reduce(parts[0]) { joined(more, $0, $1) }
            return joined(last, head, parts.last!)
        }
    }
}
