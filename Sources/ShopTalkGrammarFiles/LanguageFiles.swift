import Foundation
import Synchronization
import ShopTalkGrammar
import ShopTalkWording

/// The files that teach ShopTalk a language, read from `Grammar/`: for each
/// language code, `<code>/<code>.grammar` (what it understands),
/// `<code>/<code>.messages` (what it says) and `<code>/<code>.aisles` (where
/// things are in a shop). Built in by default; grammar
/// authors and translators point `--grammar DIR` at a folder laid out the same way.
public struct LanguageFiles: Sendable {
    /// Path under the root, such as `es/es.messages` → its text.
    public let files: [String: String]
    /// How paths are shown in errors: `Grammar/` for the built-in files.
    public let root: String

    public init(files: [String: String], root: String) {
        self.files = files
        self.root = root
    }

    /// The files compiled into the binary.
    public static let builtIn = LanguageFiles(
        files: BundledGrammars.files, root: "Grammar/")

    /// Every `<code>/<code>.grammar`, `.messages`, `.aisles`, `.examples`, `.contrasts` and `.thresholds` under `folder`.
    public init(folder: String) throws(LanguageFileError) {
        let url = URL(fileURLWithPath: folder, isDirectory: true)
        guard let codes = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
            throw LanguageFileError("cannot read the folder \(url.path)")
        }
        var files: [String: String] = [:]
        for code in codes.sorted() {
            for kind in ["grammar", "messages", "aisles", "examples", "contrasts", "thresholds"] {
                let relative = "\(code)/\(code).\(kind)"
                let path = url.appendingPathComponent(relative).path
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                guard let text = String(data: data, encoding: .utf8) else {
                    throw LanguageFileError("\(path) is not UTF-8 text")
                }
                files[relative] = text
            }
        }
        self.init(files: files, root: url.path.hasSuffix("/") ? url.path : url.path + "/")
    }

    /// The codes of the languages with a grammar here.
    public var languages: [String] {
        files.keys.filter { $0.hasSuffix(".grammar") }.map { String($0.split(separator: "/")[0]) }.sorted()
    }

    /// The compiled grammar of `language`, or its file's first mistake as `file:line:column`.
    /// With a `cache`, the grammar compiled from the same text before is read from it.
    public func grammar(_ language: String, cache: GrammarCache? = nil) throws(LanguageFileError) -> Grammar {
        let relative = "\(language)/\(language).grammar"
        guard let source = files[relative] else {
            throw LanguageFileError("no grammar for “\(language)”; there are: \(languages.joined(separator: ", "))")
        }
        func compile() throws(LanguageFileError) -> Grammar {
            do {
                return try Grammar.compile(source: source, file: root + relative)
            } catch {
                throw LanguageFileError(error.description)
            }
        }
        guard let cache else { return try compile() }
        return try cache.grammar(language, source: source, compile: compile)
    }

    /// The examples of `language` (`<code>/<code>.examples`), and its
    /// contrasts (`<code>/<code>.contrasts`, lines written where the reader
    /// erred, always trained on), read and checked against its grammar's
    /// intents; none when it has no examples.
    public func examples(_ language: String, grammar: Grammar) throws(LanguageFileError) -> [LabeledExample] {
        let relative = "\(language)/\(language).examples"
        guard let source = files[relative] else { return [] }
        let intents = Set(grammar.intents.map(\.name))
        let contrasts = "\(language)/\(language).contrasts"
        let choices = Dictionary(uniqueKeysWithValues: LabeledExample.slots.map { ($0, grammar.values($0)) })
        do {
            return try LabeledExample.read(source, file: root + relative, intents: intents, choices: choices)
                + LabeledExample.read(files[contrasts] ?? "", file: root + contrasts, intents: intents, alwaysTaught: true, choices: choices)
        } catch {
            throw LanguageFileError(error.description)
        }
    }

    /// The reader's model of `language`, trained from its examples (or read
    /// from `cache`, which keeps it for the same grammar, examples and
    /// aisle words); nil when the language has no examples.
    public func model(_ language: String, grammar: Grammar, cache: GrammarCache? = nil) throws(LanguageFileError) -> LanguageModel? {
        let relative = "\(language)/\(language).examples"
        guard files[relative] != nil else { return nil }
        let sources = ["grammar", "examples", "aisles", "contrasts", "thresholds"].map { files["\(language)/\(language).\($0)"] ?? "" }
        func train() throws(LanguageFileError) -> LanguageModel {
            guard let model = try modelTrainedNow(language, grammar: grammar) else { preconditionFailure("no examples for \(language)") }
            return model
        }
        // One training a process for the same files, whoever asks (each test's bot, each `Grammars`),
        // kept by a checksum of the text rather than by the megabyte of text itself.
        var checksum = Checksum()
        for source in sources {
            checksum.add(source)
            checksum.add(String(source.utf8.count))
        }
        let kept = "\(language) \(String(checksum.value, radix: 16))"
        if let trained = Self.trained.withLock({ $0[kept] }) { return trained }
        let model = if let cache { try cache.model(language, sources: sources, train: train) } else { try train() }
        Self.trained.withLock { $0[kept] = model }
        return model
    }

    /// The models this process trained or read, by their language and the checksum of the text they came from.
    private static let trained = Mutex<[String: LanguageModel]>([:])

    /// One language alone, its grammar compiled now and its reader's model when first needed.
    public func grammars(only language: String, cache: GrammarCache? = nil) throws(LanguageFileError) -> Grammars {
        let grammar = try self.grammar(language, cache: cache)
        _ = try examples(language, grammar: grammar)
        let pending = Grammars.Pending(grammar, model: { [self] grammar in try? model(language, grammar: grammar, cache: cache) })
        let aisles = lazyAisleGuide(defaultLanguage: language, cache: cache)
        return Grammars(pending: [pending], defaultLanguage: language) { aisles }
    }

    /// The reader's model of `language`, trained now from its files, neither
    /// read from a cache nor kept; nil when the language has no examples.
    public func modelTrainedNow(_ language: String, grammar: Grammar) throws(LanguageFileError) -> LanguageModel? {
        guard files["\(language)/\(language).examples"] != nil else { return nil }
        let examples = try self.examples(language, grammar: grammar)
        let teacher = try self.teacher(language, grammar: grammar)
        let model = LanguageModel.train(examples, teacher: teacher)
        guard let chosen = chosenThresholds(language), chosen.source == thresholdsSource(language) else { return model }
        return model.with(chosen.thresholds)
    }

    /// What training takes besides the examples: the grammar, its text, and the language's aisle words.
    private func teacher(_ language: String, grammar: Grammar) throws(LanguageFileError) -> LanguageModel.Teacher {
        let words = try aisleWords(language)
        return LanguageModel.Teacher(grammar: grammar, source: files["\(language)/\(language).grammar"], foods: words?.names ?? [],
                                     isFood: { words?.knows($0) ?? false })
    }

    /// The thresholds kept in `<code>/<code>.thresholds`, whether or not they
    /// are still those of the files (compare ``thresholdsSource(_:)``); nil
    /// when there is no such file or it cannot be read.
    public func chosenThresholds(_ language: String) -> ThresholdsFile? {
        files["\(language)/\(language).thresholds"].flatMap(ThresholdsFile.init(text:))
    }

    /// A checksum of the files a language's thresholds are chosen from: its
    /// grammar, examples, contrasts and aisle words.
    public func thresholdsSource(_ language: String) -> String {
        var checksum = Checksum()
        for kind in ["grammar", "examples", "contrasts", "aisles"] {
            checksum.add(files["\(language)/\(language).\(kind)"] ?? "")
            checksum.add([0])
        }
        return String(checksum.value, radix: 16)
    }

    /// Thresholds of `language`'s reader chosen across `folds` parts of its
    /// examples, dealt `deals` ways (see ``LanguageModel/crossValidated(_:teacher:folds:deals:)``).
    public func crossValidatedThresholds(_ language: String, grammar: Grammar, folds: Int, deals: Int = 1) throws(LanguageFileError)
        -> (LanguageModel.Thresholds, LanguageModel.Report, eachDeal: [(LanguageModel.Thresholds, LanguageModel.Report)]) {
        let examples = try self.examples(language, grammar: grammar)
        let teacher = try self.teacher(language, grammar: grammar)
        return LanguageModel.crossValidated(examples, teacher: teacher, folds: folds, deals: deals)
    }

    /// Every language's grammar, `defaultLanguage` first.
    ///
    /// With `deferred`, none is compiled before this returns: each is
    /// compiled when first needed, or when the caller asks (start-up compiles
    /// the default language itself and the others on a thread of its own),
    /// so that start-up costs one grammar, not all. Only for files already checked, the built-in ones, whose every
    /// mistake `swift test` reports; files from a folder are all compiled
    /// first, so that a broken one never reaches a running bot.
    ///
    /// With a `cache`, each grammar compiled from the same text before, and
    /// its words, are read from it instead (see ``GrammarCache``).
    public func grammars(defaultLanguage: String, deferred: Bool = false, cache: GrammarCache? = nil) throws(LanguageFileError) -> Grammars {
        guard languages.contains(defaultLanguage) else {
            throw LanguageFileError("no grammar for “\(defaultLanguage)”; there are: \(languages.joined(separator: ", "))")
        }
        guard languages.count <= Grammars.maximumLanguages else {
            throw LanguageFileError("\(root) has \(languages.count) languages; ShopTalk loads at most \(Grammars.maximumLanguages) at once")
        }
        if deferred {
            let pending = languages.map { code in
                Grammars.Pending(language: code, knownWords: knownWords(code, cache: cache), compile: { [self] in
                    do {
                        return try grammar(code, cache: cache)
                    } catch {
                        preconditionFailure("a built-in grammar has a mistake, which swift test reports: \(error)")
                    }
                }, model: { [self] grammar in
                    do {
                        return try model(code, grammar: grammar, cache: cache)
                    } catch {
                        preconditionFailure("a built-in examples file has a mistake, which swift test reports: \(error)")
                    }
                })
            }
            let aisles = lazyAisleGuide(defaultLanguage: defaultLanguage, cache: cache)
            return Grammars(pending: pending, defaultLanguage: defaultLanguage) { aisles }
        }
        // Compiled side by side, one language a core: compiling is most of start-up.
        let codes = languages
        let results = Mutex<[Result<Grammar, LanguageFileError>?]>(Array(repeating: nil, count: codes.count))
        DispatchQueue.concurrentPerform(iterations: codes.count) { index in
            let result: Result<Grammar, LanguageFileError>
            do throws(LanguageFileError) {
                result = .success(try grammar(codes[index], cache: cache))
            } catch {
                result = .failure(error)
            }
            results.withLock { $0[index] = result }
        }
        var compiled: [Grammar] = []
        for result in results.withLock({ $0 }) {
            // The first file's mistake, in the order of the languages, whichever finished first.
            switch result! {
            case .success(let grammar): compiled.append(grammar)
            case .failure(let error): throw error
            }
        }
        // Examples from a folder are checked here, as its grammars are: a mistake stops the start, not a line.
        for grammar in compiled { _ = try examples(grammar.language, grammar: grammar) }
        let aisles = try aisleGuide(defaultLanguage: defaultLanguage)
        return Grammars(pending: compiled.map { grammar in
            Grammars.Pending(grammar, knownWords: knownWords(grammar.language, cache: cache)) { [self] grammar in
                try? model(grammar.language, grammar: grammar, cache: cache)
            }
        }, defaultLanguage: defaultLanguage) { aisles }
    }

    /// One language's word list of where things are in a shop, or its
    /// file's first mistake; nil when the language has none.
    /// With a `cache`, they are read from it when it holds this text's.
    public func aisleWords(_ language: String, cache: GrammarCache? = nil) throws(LanguageFileError) -> AisleWords? {
        let relative = "\(language)/\(language).aisles"
        guard let source = files[relative] else { return nil }
        let words: AisleWords
        do {
            let read = { () throws(GrammarError) in try AisleWords(source: source, file: root + relative) }
            words = if let cache { try cache.aisleWords(language, source: source, read: read) } else { try read() }
        } catch {
            throw LanguageFileError(error.description)
        }
        guard words.language == language else {
            throw LanguageFileError("\(root)\(relative):1:1: error: it says “language: \(words.language)” in the folder of “\(language)”")
        }
        return words
    }

    /// Every language's aisle words, `defaultLanguage` first, each read
    /// when first needed: only for the built-in files, whose every mistake
    /// `swift test` reports.
    /// With a `cache`, the facts of their names are read from it.
    func lazyAisleGuide(defaultLanguage: String, cache: GrammarCache? = nil) -> AisleGuide {
        let codes = ([defaultLanguage] + languages.filter { $0 != defaultLanguage }).filter { files["\($0)/\($0).aisles"] != nil }
        return AisleGuide(pending: codes.map { code in
            AisleGuide.Pending(language: code, read: { [self] in
                do {
                    guard let words = try aisleWords(code, cache: cache) else { preconditionFailure("no aisle file for \(code)") }
                    return words
                } catch {
                    preconditionFailure("a built-in aisle file has a mistake, which swift test reports: \(error)")
                }
            }, facts: { [self] in
                let source = files["\(code)/\(code).aisles"] ?? ""
                return cache?.facts(code, source: source) ?? ThingFacts(source: source)
            })
        })
    }

    /// Every language's aisle words, `defaultLanguage` first.
    public func aisleGuide(defaultLanguage: String) throws(LanguageFileError) -> AisleGuide {
        var all: [AisleWords] = []
        for language in [defaultLanguage] + languages.filter({ $0 != defaultLanguage }) {
            if let words = try aisleWords(language) {
                // A folder's files are checked whole, the facts of its names with them.
                do {
                    _ = try ThingFacts(checking: words.source, file: root + "\(language)/\(language).aisles")
                } catch {
                    throw LanguageFileError(error.description)
                }
                all.append(words)
            }
        }
        return AisleGuide(all)
    }

    /// Reads the words of `language`'s grammar from its text when first asked:
    /// how lines are ranked between languages, the same whether a grammar is
    /// compiled yet or not, and whether the files are built in or not.
    private func knownWords(_ language: String, cache: GrammarCache?) -> @Sendable () -> KnownWords {
        let source = files["\(language)/\(language).grammar"] ?? ""
        guard let cache else { return { KnownWords(grammarSource: source) } }
        return { cache.knownWords(language, source: source) }
    }

    /// Every language's messages, ready to word replies; fails on the first
    /// file with a mistake, or a language with a grammar and no messages.
    ///
    /// With `deferred`, none is read before this returns, but each when first
    /// needed: as for grammars, only for the built-in files, whose every
    /// mistake `swift test` reports.
    public func wording(deferred: Bool = false) throws(LanguageFileError) -> Wording {
        for language in languages where files["\(language)/\(language).messages"] == nil {
            throw LanguageFileError("\(root)\(language)/\(language).messages is missing: every grammar needs its messages")
        }
        if deferred {
            let pending = languages.map { code in
                Wording.Pending(language: code) { [self] in
                    do {
                        return try catalog(code)
                    } catch {
                        preconditionFailure("a built-in message file has a mistake, which swift test reports: \(error)")
                    }
                }
            }
            var wording = Wording(pending: pending)
            let guide = lazyAisleGuide(defaultLanguage: languages.first ?? "en")
            wording.things = ThingWords(guide)
            return wording
        }
        var catalogs: [MessageCatalog] = []
        for language in languages { catalogs.append(try catalog(language)) }
        var wording = Wording(catalogs)
        // Files from a folder: the aisle files, checked with the grammars, are read when a reply first names a thing.
        let guide = Once { [self] in (try? aisleGuide(defaultLanguage: languages.first ?? "en")) ?? .none }
        wording.things = ThingWords(guide.value)
        return wording
    }


    /// The messages of `language`, or its file's first mistake as `file:line:column`.
    public func catalog(_ language: String) throws(LanguageFileError) -> MessageCatalog {
        let relative = "\(language)/\(language).messages"
        guard let source = files[relative] else {
            throw LanguageFileError("\(root)\(relative) is missing: every grammar needs its messages")
        }
        let catalog: MessageCatalog
        do {
            catalog = try MessageCatalog(source: source, file: root + relative)
        } catch {
            throw LanguageFileError(error.description)
        }
        guard catalog.language == language else {
            throw LanguageFileError("\(root)\(relative):1:1: error: it says “language: \(catalog.language)” in the folder of “\(language)”")
        }
        return catalog
    }
}

/// A language file that could not be read or has a mistake, said the way
/// compilers say it: `file:line:column: error: …` where the file tells.
public struct LanguageFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

extension ThingWords {
    /// Each reader's word for a thing, from the lexicon of the aisle files
    /// `guide` reads, asked for when a reply first names a thing.
    public init(_ guide: @autoclosure @escaping @Sendable () -> AisleGuide) {
        self.init(
            { name, language, plural, typedIn in guide().word(for: name, in: language, plural: plural, typedIn: typedIn) },
            facts: { word, language in guide().facts(of: word, in: language) })
    }

    /// The same from the aisle files `grammars` reads: one reading of the
    /// files for understanding lines and wording replies.
    public init(_ grammars: Grammars) {
        self.init(grammars.aisles)
    }
}
