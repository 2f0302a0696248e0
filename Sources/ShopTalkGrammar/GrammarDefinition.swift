/// A grammar file as written, read but not yet compiled.
struct GrammarDefinition {
    struct Located<Value> {
        let value: Value
        let location: SourceLocation
    }

    struct ValueList {
        let name: String
        /// Canonical value, and the phrasings that mean it.
        var entries: [(value: String, phrasing: Template, location: SourceLocation)] = []
    }

    struct Intent {
        let name: String
        let location: SourceLocation
        var topic: String?
        var help: String?
        var examples: [Located<String>] = []
        /// `asksFirst`: written `ask:`, a sentence whose words may mean another request, asked about before it is done.
        var sentences: [(template: Template, fixed: [(slot: String, value: String)], location: SourceLocation, asksFirst: Bool)] = []
    }

    var file: String
    var language: Located<String>?
    var languageName: String?
    /// "l'", "d'", "qu'": words written against the next with an apostrophe.
    var elision: [String] = []
    /// "không = ko | k": a word and how it is typed in a hurry.
    var shorthand: [(whole: String, typed: [String], location: SourceLocation)] = []
    /// "то | ка": particles after a hyphen; "что | кто": words that keep theirs.
    var hyphenParticles: [String] = []
    /// "ça = le | la": words after a hyphen that stand for a word of their own.
    var hyphenWords: [(whole: String, typed: [String], location: SourceLocation)] = []
    var hyphenParticlesKeptAfter: [String] = []
    var before: [Located<Template>] = []
    var after: [Located<Template>] = []
    /// Words that ask a line they end: "có trứng không", "鸡蛋买了吗".
    var questionParticles: [Located<Template>] = []
    var rules: [String: Located<Template>] = [:]
    var values: [String: ValueList] = [:]
    var itemSeparators: [Located<Template>] = []
    var itemDropBefore: [Located<Template>] = []
    var itemAfterQuantity: [Located<Template>] = []
    var itemQuantityAfter: [Located<Template>] = []
    var itemNotLast: [Located<Template>] = []
    var itemNotFirst: [Located<Template>] = []
    var itemNeverInName: [Located<Template>] = []
    var itemNamesMayHold: [Located<Template>] = []
    var itemHalfRead: [Located<Template>] = []
    var itemAskHowMany: [Located<Template>] = []
    var itemOneMore: [Located<Template>] = []
    var itemAmountTakenBack: [Located<Template>] = []
    var itemAmountMeant: [Located<Template>] = []
    var itemArticles: [Located<Template>] = []
    var itemListAfter: [Located<Template>] = []
    var itemWordForms: Located<String>?
    var nameHeadFirst: Located<String>?
    var itemBareUnits: [Located<Template>] = []
    var itemAlso: [Located<Template>] = []
    var itemPurpose: [Located<Template>] = []
    /// "để" ("to", so as to): a purpose whatever the thing before it is.
    var itemSurePurpose: [Located<Template>] = []
    var decimalMark: Located<String>?
    var numberJoiners: [Located<Template>] = []
    var halvesAfter: [Located<Template>] = []
    var listDropBefore: [Located<Template>] = []
    var listLedBy: [Located<Template>] = []
    var itemPronouns: [Located<Template>] = []
    var itemWholeNames: [String] = []
    var listDropAfter: [Located<Template>] = []
    var defaultListName: String?
    var defaultListPhrases: [Located<Template>] = []
    var listOwnerAfter: [Located<Template>] = []
    var currentListPhrases: [Located<Template>] = []
    var listOwnerSuffix: String?
    /// "liste" in "Baumarktliste": an ending that names a list, written against its name.
    var listCompoundSuffixes: [String] = []
    var helpTopics: [(name: String, title: String)] = []
    var intents: [Intent] = []
}

/// Reads the line structure of a grammar file (see Grammar/README.md):
/// top-level `key: value` lines, and blocks (`values NAME`, `items`,
/// `numbers`, `list names`, `intent NAME`) whose entries are indented beneath them.
struct GrammarFileReader {
    private enum Block {
        case none
        case values(String)
        case items
        case listNames
        case numbers
        case intent(Int)
    }

    static func read(_ text: String, file: String) throws(GrammarError) -> GrammarDefinition {
        var reader = GrammarFileReader(definition: GrammarDefinition(file: file))
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            try reader.read(line: rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine, number: lineNumber)
        }
        guard reader.definition.language != nil else {
            throw GrammarError(file: file, location: .init(line: 1, column: 1), message: "the file must say which language it is, as “language: en”")
        }
        return reader.definition
    }

    private var definition: GrammarDefinition
    private var block = Block.none

    private init(definition: GrammarDefinition) { self.definition = definition }

    private var file: String { definition.file }

    private func error(_ message: String, line: Int, column: Int = 1) -> GrammarError {
        GrammarError(file: file, location: SourceLocation(line: line, column: column), message: message)
    }

    private static func commentStart(in line: Substring) -> Substring.Index? {
        let bytes = line.utf8
        var index = bytes.startIndex
        var previousIsBlank = true
        while index < bytes.endIndex {
            let byte = bytes[index]
            let next = bytes.index(after: index)
            if byte == UInt8(ascii: "#"), previousIsBlank, next == bytes.endIndex || bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t") {
                return index
            }
            previousIsBlank = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
            index = next
        }
        return nil
    }

    private mutating func read(line: Substring, number: Int) throws(GrammarError) {
        // A "#" alone (at the start or after a blank, before a blank or the
        // end) starts a comment; "#home", a channel, is a word. Blanks are
        // ASCII, so the indent is counted in bytes. Marks are ASCII, so they
        // are looked for as bytes: walking a line by `Character` made reading
        // the file a tenth of compiling it.
        let content = Self.commentStart(in: line).map { line[..<$0] } ?? line
        let indent = content.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
        let text = String(content.utf8.dropFirst(indent)).map(\.trimmingTrailingBlanks) ?? ""
        guard !text.isEmpty else { return }
        if indent == 0 {
            try readTopLevel(text, line: number)
        } else {
            try readEntry(text, line: number, column: indent + 1)
        }
    }

    private mutating func readTopLevel(_ text: String, line: Int) throws(GrammarError) {
        if let (key, value, valueColumn) = Self.keyValue(text) {
            block = .none
            switch key {
            case "language":
                definition.language = .init(value: value, location: .init(line: line, column: valueColumn))
            case "name":
                definition.languageName = value
            case "before":
                definition.before.append(try located(value, line: line, column: valueColumn))
            case "after":
                definition.after.append(try located(value, line: line, column: valueColumn))
            case "question particles":
                definition.questionParticles.append(try located(value, line: line, column: valueColumn))
            case "elision":
                definition.elision += Self.alternatives(value)
            case "shorthand":
                guard let (whole, typed, _) = Self.split(value, on: "=") else {
                    throw error("a shorthand reads “shorthand: word = typed | typed”", line: line, column: valueColumn)
                }
                definition.shorthand.append((whole, Self.alternatives(typed), .init(line: line, column: valueColumn)))
            case "particles after hyphen":
                definition.hyphenParticles += Self.alternatives(value)
            case "words after hyphen":
                guard let (whole, typed, _) = Self.split(value, on: "=") else {
                    throw error("words after a hyphen read “words after hyphen: word = typed | typed”", line: line, column: valueColumn)
                }
                definition.hyphenWords.append((whole, Self.alternatives(typed), .init(line: line, column: valueColumn)))
            case "particles kept after":
                definition.hyphenParticlesKeptAfter += Self.alternatives(value)
            case "topic":
                guard let (name, title, _) = Self.split(value, on: "=") else {
                    throw error("a help topic reads “topic: NAME = Title”", line: line, column: valueColumn)
                }
                definition.helpTopics.append((name, title))
            default:
                throw error("unknown setting “\(key)”; expected language, name, before, after, elision, shorthand, particles after hyphen, words after hyphen, particles kept after, topic, rule, values, items, list names or intent", line: line)
            }
            return
        }
        let words = text.split(separator: " ", maxSplits: 1).map(String.init)
        switch (words.first, words.count) {
        case ("rule", 2):
            guard let (name, body, bodyOffset) = Self.split(words[1], on: "=") else {
                throw error("a rule reads “rule NAME = sentence part”", line: line)
            }
            guard Self.isName(name) else { throw error("a rule name is letters, digits and “_”", line: line, column: 6) }
            guard definition.rules[name] == nil else { throw error("the rule <\(name)> is defined twice", line: line, column: 6) }
            let column = 6 + bodyOffset
            definition.rules[name] = .init(value: try template(body, line: line, column: column), location: .init(line: line, column: 6))
            block = .none
        case ("values", 2):
            let name = words[1]
            guard Self.isName(name) else { throw error("a value list name is letters, digits and “_”", line: line, column: 8) }
            guard definition.values[name] == nil else { throw error("the value list “\(name)” is defined twice", line: line, column: 8) }
            definition.values[name] = .init(name: name)
            block = .values(name)
        case ("items", 1):
            block = .items
        case ("numbers", 1):
            block = .numbers
        case ("list", 2) where words[1] == "names":
            block = .listNames
        case ("intent", 2):
            let name = words[1]
            guard Self.isName(name) else { throw error("an intent name is letters, digits and “_”", line: line, column: 8) }
            guard !definition.intents.contains(where: { $0.name == name }) else {
                throw error("the intent \(name) is defined twice", line: line, column: 8)
            }
            definition.intents.append(.init(name: name, location: .init(line: line, column: 8)))
            block = .intent(definition.intents.count - 1)
        default:
            throw error("expected “intent NAME”, “rule NAME = …”, “values NAME”, “items”, “numbers”, “list names” or “key: value”", line: line)
        }
    }

    private mutating func readEntry(_ text: String, line: Int, column: Int) throws(GrammarError) {
        switch block {
        case .none:
            throw error("this line is indented but belongs to no block (intent, values, items, numbers or list names)", line: line, column: column)
        case .values(let name):
            guard let (value, phrasing, offset) = Self.split(text, on: "=") else {
                throw error("a value reads “VALUE = phrasing | phrasing”", line: line, column: column)
            }
            let template = try template(phrasing, line: line, column: column + offset)
            definition.values[name]!.entries.append((value, template, .init(line: line, column: column)))
        case .items:
            let (key, value, valueColumn) = try entry(text, line: line, column: column)
            if key == "word forms" {
                definition.itemWordForms = .init(value: value, location: .init(line: line, column: valueColumn))
                return
            }
            if key == "name head" {
                guard value == "first" || value == "last" else { throw error("a name's head is “first” or “last”", line: line, column: valueColumn) }
                definition.nameHeadFirst = .init(value: value, location: .init(line: line, column: valueColumn))
                return
            }
            if key == "whole names" {
                definition.itemWholeNames += Self.alternatives(value)
                return
            }
            let template = try located(value, line: line, column: valueColumn)
            switch key {
            case "separators": definition.itemSeparators.append(template)
            case "drop before": definition.itemDropBefore.append(template)
            case "after quantity": definition.itemAfterQuantity.append(template)
            case "quantity after": definition.itemQuantityAfter.append(template)
            case "not last": definition.itemNotLast.append(template)
            case "not first": definition.itemNotFirst.append(template)
            case "never in names": definition.itemNeverInName.append(template)
            case "names may hold": definition.itemNamesMayHold.append(template)
            case "half read": definition.itemHalfRead.append(template)
            case "pronouns": definition.itemPronouns.append(template)
            case "ask how many": definition.itemAskHowMany.append(template)
            case "one more": definition.itemOneMore.append(template)
            case "amount taken back": definition.itemAmountTakenBack.append(template)
            case "amount meant": definition.itemAmountMeant.append(template)
            case "articles": definition.itemArticles.append(template)
            case "list after": definition.itemListAfter.append(template)
            case "one unit": definition.itemBareUnits.append(template)
            case "also": definition.itemAlso.append(template)
            case "purpose": definition.itemPurpose.append(template)
            case "purpose always":
                definition.itemPurpose.append(template)
                definition.itemSurePurpose.append(template)
            default:
                throw error("unknown items setting “\(key)”; expected separators, drop before, after quantity, quantity after, not last, not first, never in names, names may hold, half read, pronouns, ask how many, one more, amount taken back, amount meant, articles, list after, one unit, also, purpose, purpose always, whole names, word forms or name head", line: line, column: column)
            }
        case .numbers:
            let (key, value, valueColumn) = try entry(text, line: line, column: column)
            switch key {
            case "decimal mark":
                guard value == "." || value == "," else {
                    throw error("the decimal mark is “.” or “,”", line: line, column: valueColumn)
                }
                definition.decimalMark = .init(value: value, location: .init(line: line, column: valueColumn))
            case "and": definition.numberJoiners.append(try located(value, line: line, column: valueColumn))
            case "half after": definition.halvesAfter.append(try located(value, line: line, column: valueColumn))
            default: throw error("unknown numbers setting “\(key)”; expected decimal mark, and or half after", line: line, column: column)
            }
        case .listNames:
            let (key, value, valueColumn) = try entry(text, line: line, column: column)
            switch key {
            case "drop before": definition.listDropBefore.append(try located(value, line: line, column: valueColumn))
            case "drop after": definition.listDropAfter.append(try located(value, line: line, column: valueColumn))
            case "led by": definition.listLedBy.append(try located(value, line: line, column: valueColumn))
            case "default":
                guard let (name, phrasing, offset) = Self.split(value, on: "=") else {
                    throw error("the default list reads “default: Name = phrasing | phrasing”", line: line, column: valueColumn)
                }
                definition.defaultListName = name
                definition.defaultListPhrases.append(try located(phrasing, line: line, column: valueColumn + offset))
            case "owner after": definition.listOwnerAfter.append(try located(value, line: line, column: valueColumn))
            case "owner suffix": definition.listOwnerSuffix = value
            case "compound suffix":
                definition.listCompoundSuffixes += value.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
            case "current": definition.currentListPhrases.append(try located(value, line: line, column: valueColumn))
            default:
                throw error("unknown list names setting “\(key)”; expected drop before, drop after, led by, default, current, owner after, owner suffix or compound suffix", line: line, column: column)
            }
        case .intent(let index):
            let (key, value, valueColumn) = try entry(text, line: line, column: column)
            let location = SourceLocation(line: line, column: valueColumn)
            switch key {
            case "topic": definition.intents[index].topic = value
            case "help": definition.intents[index].help = value
            case "example": definition.intents[index].examples.append(.init(value: value, location: location))
            case "say", "ask":
                var sentence = value
                var fixed: [(String, String)] = []
                if let arrow = Self.arrow(in: value) {
                    sentence = String(value[..<arrow.lowerBound]).trimmingTrailingBlanks
                    for assignment in value[arrow.upperBound...].split(separator: ",") {
                        guard let (slot, slotValue, _) = Self.split(String(assignment), on: "=") else {
                            throw error("after “->” write slot = value", line: line, column: valueColumn)
                        }
                        fixed.append((slot, slotValue))
                    }
                }
                let template = try template(sentence, line: line, column: valueColumn)
                definition.intents[index].sentences.append((template, fixed, location, key == "ask"))
            default:
                throw error("unknown intent setting “\(key)”; expected topic, help, example, say or ask", line: line, column: column)
            }
        }
    }

    private func entry(_ text: String, line: Int, column: Int) throws(GrammarError) -> (String, String, Int) {
        guard let (key, value, valueColumn) = Self.keyValue(text) else {
            throw error("expected “key: value”", line: line, column: column)
        }
        return (key, value, column + valueColumn - 1)
    }

    private func located(_ text: String, line: Int, column: Int) throws(GrammarError) -> GrammarDefinition.Located<Template> {
        .init(value: try template(text, line: line, column: column), location: SourceLocation(line: line, column: column))
    }

    private func template(_ text: String, line: Int, column: Int) throws(GrammarError) -> Template {
        try TemplateParser.parse(text, at: SourceLocation(line: line, column: column), in: file)
    }

    /// "key: value" → (key, value, column of value counted from 1). Keys may hold spaces ("drop before").
    static func keyValue(_ text: String) -> (String, String, Int)? {
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let key = String(text[..<colon])
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0 == " " || $0 == "_" }) else { return nil }
        let afterColon = text[text.index(after: colon)...]
        let value = afterColon.drop { $0 == " " || $0 == "\t" }
        let column = text.distance(from: text.startIndex, to: value.startIndex) + 1
        return (key, String(value).trimmingTrailingBlanks, column)
    }

    /// "l' | d' | qu'" → ["l'", "d'", "qu'"].
    static func alternatives(_ text: String) -> [String] {
        text.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// "a = b" → ("a", "b", offset of b from the start of text).
    static func split(_ text: String, on separator: Unicode.Scalar) -> (String, String, Int)? {
        guard let mark = text.utf8.firstIndex(of: UInt8(separator.value)) else { return nil }
        let left = String(text[..<mark]).trimmingTrailingBlanks.drop { $0 == " " }
        let rightRaw = text[text.index(after: mark)...]
        let right = rightRaw.drop { $0 == " " || $0 == "\t" }
        guard !left.isEmpty, !right.isEmpty else { return nil }
        return (String(left), String(right).trimmingTrailingBlanks, text.distance(from: text.startIndex, to: right.startIndex))
    }

    /// Where "->" stands in a sentence line.
    static func arrow(in text: String) -> Range<String.Index>? {
        let bytes = text.utf8
        var index = bytes.startIndex
        while let dash = bytes[index...].firstIndex(of: UInt8(ascii: "-")) {
            let next = bytes.index(after: dash)
            if next < bytes.endIndex && bytes[next] == UInt8(ascii: ">") { return dash..<bytes.index(after: next) }
            index = next
        }
        return nil
    }

    static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}

extension String {
    var trimmingTrailingBlanks: String {
        var result = self
        while let last = result.last, last == " " || last == "\t" { result.removeLast() }
        return result
    }
}
