import Foundation
import ShopTalkGrammarFiles
import ShopTalkWording
import Testing

/// Every language says everything the code says, with the same placeholders,
/// and nothing the code never says: a key added in Swift fails here until
/// each message file has it, and a key left behind in a file fails too.
@Suite("Message catalogues")
struct CatalogCompletenessTests {
    static let files = LanguageFiles.builtIn
    static let catalogs: [MessageCatalog] = files.languages.map { language in
        try! MessageCatalog(source: files.files["\(language)/\(language).messages"]!, file: "Grammar/\(language)/\(language).messages")
    }

    @Test func everyBuiltInLanguageHasAGrammarAndAMessageFileThatLoad() throws {
        #expect(Self.files.languages.contains("en"))
        let wording = try Self.files.wording()
        #expect(Set(wording.languages) == Set(Self.files.languages))
        for language in Self.files.languages {
            #expect(try Self.files.grammar(language).language == language)
            #expect(wording[language]?.language == language)
        }
    }

    @Test func catalogsReadLaterWordRepliesAsThoseReadAtOnce() throws {
        let now = try Self.files.wording()
        let later = try Self.files.wording(deferred: true)
        let message = Message(.listCreated, ["list": .text("Rewe")])
        for language in Self.files.languages {
            #expect(later.render(message, in: language) == now.render(message, in: language))
        }
    }

    @Test(arguments: catalogs)
    func aCatalogHasEveryKeyTheCodeHasAndNoOther(_ catalog: MessageCatalog) {
        let missing = Set(MessageKey.allCases).subtracting(catalog.keys).map(\.rawValue).sorted()
        #expect(missing.isEmpty, "\(catalog.language) lacks \(missing)")
        #expect(catalog.unknownKeys.isEmpty, "\(catalog.language) has keys no code uses: \(catalog.unknownKeys)")
    }

    @Test(arguments: catalogs)
    func aKeyHasTheSamePlaceholdersInEveryLanguage(_ catalog: MessageCatalog) {
        let english = Self.catalogs.first { $0.language == "en" }!
        for key in MessageKey.allCases {
            // A unit is given its count, which a language words by or not: "kg", "{count, plural, one {libra} …}".
            if key.rawValue.hasPrefix("unit.") {
                #expect(catalog.placeholders(of: key).isSubset(of: ["count"]), "\(catalog.language) \(key.rawValue)")
                continue
            }
            // By the argument: "{item.gender, select, …}" uses the item as "{item}" does.
            func arguments(_ names: Set<String>) -> Set<String> { Set(names.map { String($0.prefix { $0 != "." }) }) }
            let used = arguments(catalog.placeholders(of: key)), englishUses = arguments(english.placeholders(of: key))
            // What English shows, every language shows; what English only agrees with
            // ("{count, plural, one {is} other {are}}") a language without that agreement may leave out.
            let shown = arguments(english.shownPlaceholders(of: key))
            #expect(used.isSubset(of: englishUses) && shown.isSubset(of: used),
                    "\(catalog.language) \(key.rawValue): \(used.sorted()) but en has \(englishUses.sorted()), showing \(shown.sorted())")
        }
    }

    /// Each key is named in Swift as `.camelCase`, except the units and the
    /// languages' names, which are looked up by the grammar's own values
    /// (`unit.kg`, `language.es`).
    @Test func everyKeyIsUsedByTheCode() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources")
        var code = ""
        for case let url as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        where url.pathExtension == "swift" && url.lastPathComponent != "MessageKey.swift" {
            code += try String(contentsOf: url, encoding: .utf8)
        }
        let units = Set(try Self.files.grammar("en").values("unit").map { "unit.\($0)" })
        let languages = Set(try Self.files.grammar("en").values("language").map { "language.\($0)" })
        for key in MessageKey.allCases {
            if key.rawValue.hasPrefix("unit.") {
                #expect(units.contains(key.rawValue), "\(key.rawValue) is no unit of the grammar")
            } else if languages.contains(key.rawValue) {
                continue
            } else {
                let named = try Regex("\\.\(Self.caseName(of: key))(?![A-Za-z0-9_])")
                #expect(code.contains(named), "no code says .\(Self.caseName(of: key)) (\(key.rawValue))")
            }
        }
    }

    @Test func everyUnitTheGrammarsKnowHasWords() throws {
        for language in Self.files.languages {
            for unit in try Self.files.grammar(language).values("unit") {
                // "pack/6": a pack of six is worded as a pack, with its size.
                let container = unit.split(separator: "/").first.map(String.init) ?? unit
                #expect(MessageKey(rawValue: "unit.\(container)") != nil, "\(language) understands the unit \(unit), which no message words")
            }
        }
    }

    /// "speak Spanish" in any language names the same seven languages, each of
    /// which every message file names, and each loaded language among them.
    @Test func everyGrammarNamesEveryLanguageAndEveryFileWordsItsName() throws {
        let everyLanguage = ["en", "es", "de", "fr", "ru", "vi", "zh"]
        for language in Self.files.languages {
            #expect(everyLanguage.contains(language))
            #expect(try Self.files.grammar(language).values("language").sorted() == everyLanguage.sorted(), "\(language)")
        }
        for code in everyLanguage {
            #expect(MessageKey(rawValue: "language.\(code)") != nil, "no message names \(code)")
        }
    }

    /// `list.and.pair` is `.listAndPair`.
    static func caseName(of key: MessageKey) -> String {
        String(describing: key)
    }
}
