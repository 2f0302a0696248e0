import Foundation
import ShopTalkGrammar
import ShopTalkGrammarFiles
import Synchronization
import Testing

/// Compiled grammars kept between runs: read back, they understand every
/// line as the grammar compiled from its text does, and a cache file that
/// is stale, cut short or scribbled on is never trusted.
@Suite("Grammar cache")
struct GrammarCacheTests {
    /// Every row of every language's table, read by the grammar compiled
    /// from its text and by the same grammar read back from its archive.
    @Test(arguments: ["en", "es", "de", "fr", "ru", "vi", "zh"])
    func aGrammarReadBackUnderstandsEveryLineAsTheCompiledOneDoes(language: String) throws {
        let compiled = try LanguageFiles.builtIn.grammar(language)
        let archive = compiled.archived()
        let read = try archive.withUnsafeBytes { bytes in try Grammar(archive: bytes) }
        // Written again, it is the same bytes: nothing was lost on the way.
        #expect(read.archived() == archive)
        for sentence in try tableSentences(language) {
            #expect(read.parse(sentence) == compiled.parse(sentence), "\(language): \(sentence)")
            #expect(read.readings(sentence, limit: 8) == compiled.readings(sentence, limit: 8), "\(language): \(sentence)")
        }
        #expect(read.language == compiled.language)
        #expect(read.intents.map(\.name) == compiled.intents.map(\.name))
        #expect(read.helpTopics.map(\.title) == compiled.helpTopics.map(\.title))
    }

    @Test func knownWordsReadBackRankLinesAlike() throws {
        for language in LanguageFiles.builtIn.languages {
            let source = try #require(BundledGrammars.grammar(language))
            let words = KnownWords(grammarSource: source)
            let read = try words.archived().withUnsafeBytes { bytes in try KnownWords(archive: bytes) }
            #expect(read.words.sorted() == words.words.sorted(), "\(language)")
        }
    }

    /// Any cut of an archive, and a flipped byte in its tables, is an
    /// error: never a grammar that matches wrongly or reads out of bounds.
    @Test func aCutOrScribbledArchiveIsAnError() throws {
        let archive = try LanguageFiles.builtIn.grammar("zh").archived()
        for length in stride(from: 0, to: archive.count, by: max(1, archive.count / 500)) {
            #expect(throws: ArchiveError.self) {
                try Array(archive.prefix(length)).withUnsafeBytes { bytes in try Grammar(archive: bytes) }
            }
        }
        // The format's version, then a count made huge: both refused.
        var otherFormat = archive
        otherFormat[0] &+= 1
        #expect(throws: ArchiveError.self) { try otherFormat.withUnsafeBytes { bytes in try Grammar(archive: bytes) } }
        var hugeCount = archive
        hugeCount[15] = 0x7F
        #expect(throws: ArchiveError.self) { try hugeCount.withUnsafeBytes { bytes in try Grammar(archive: bytes) } }
    }

    @Test func theSecondRunReadsTheGrammarInsteadOfCompilingIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = GrammarCache(folder: folder)
        let source = try #require(BundledGrammars.grammar("de"))
        let compilations = Atomic<Int>(0)
        func load() throws -> Grammar {
            try cache.grammar("de", source: source) {
                compilations.add(1, ordering: .relaxed)
                return try Grammar(source: source, file: "de.grammar")
            }
        }
        let first = try load()
        let second = try load()
        #expect(compilations.load(ordering: .relaxed) == 1)
        #expect(second.parse("füg 2 Liter Milch hinzu") == first.parse("füg 2 Liter Milch hinzu"))
        #expect(try cacheFiles(folder).count == 1)
    }

    @Test func aFileOfOtherTextIsNotReadAndMakesWayForTheNewOne() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = GrammarCache(folder: folder)
        let source = try #require(BundledGrammars.grammar("en"))
        let compilations = Atomic<Int>(0)
        func load(_ text: String) throws -> Grammar {
            try cache.grammar("en", source: text) {
                compilations.add(1, ordering: .relaxed)
                return try Grammar(source: text, file: "en.grammar")
            }
        }
        _ = try load(source)
        // A translator adds a word: the grammar is compiled anew, and only the new file stays.
        let edited = source + "\n# an edit\n"
        let grammar = try load(edited)
        #expect(compilations.load(ordering: .relaxed) == 2)
        #expect(grammar.parse("add milk")?.intent == "add_items")
        #expect(try cacheFiles(folder).count == 1)
        _ = try load(edited)
        #expect(compilations.load(ordering: .relaxed) == 2)
    }

    /// A cache file cut short or with a byte changed anywhere (header,
    /// tables, words) is ignored: the grammar is compiled and the file
    /// written anew, and the run goes on.
    @Test(arguments: [CacheDamage.cut, .flippedInHeader, .flippedInTables, .flippedAtEnd, .emptied])
    func aDamagedFileIsCompiledAnewAndRewritten(damage: CacheDamage) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = GrammarCache(folder: folder)
        let source = try #require(BundledGrammars.grammar("vi"))
        let compilations = Atomic<Int>(0)
        func load() throws -> Grammar {
            try cache.grammar("vi", source: source) {
                compilations.add(1, ordering: .relaxed)
                return try Grammar(source: source, file: "vi.grammar")
            }
        }
        let original = try load()
        let file = try #require(try cacheFiles(folder).first)
        let written = try Data(contentsOf: file)
        let damaged = damage.apply(to: written)
        try damaged.write(to: file)
        let recovered = try load()
        #expect(compilations.load(ordering: .relaxed) == 2)
        #expect(recovered.parse("thêm 2 hộp sữa") == original.parse("thêm 2 hộp sữa"))
        // Rewritten whole, and read from then on.
        #expect(try Data(contentsOf: file).count == written.count)
        _ = try load()
        #expect(compilations.load(ordering: .relaxed) == 2)
    }

    @Test func aFolderThatCannotBeWrittenOnlyCostsTheCompile() throws {
        let blocker = try temporaryFolder().appendingPathComponent("not-a-folder")
        defer { try? FileManager.default.removeItem(at: blocker.deletingLastPathComponent()) }
        try Data("a file where the cache folder would be".utf8).write(to: blocker)
        let cache = GrammarCache(folder: blocker)
        let source = try #require(BundledGrammars.grammar("zh"))
        let grammar = try cache.grammar("zh", source: source) { try Grammar(source: source, file: "zh.grammar") }
        #expect(grammar.parse("加牛奶")?.intent == "add_items")
    }

    @Test func theStandardFolderIsTheUsersCacheFolder() {
        #expect(GrammarCache.standard(environment: ["XDG_CACHE_HOME": "/var/cache/ana", "HOME": "/home/ana"])?.folder.path == "/var/cache/ana/shoptalk/grammars")
        #expect(GrammarCache.standard(environment: ["HOME": "/home/ana"])?.folder.path == "/home/ana/.cache/shoptalk/grammars")
        #expect(GrammarCache.standard(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/ana"])?.folder.path == "/home/ana/.cache/shoptalk/grammars")
        #expect(GrammarCache.standard(environment: [:]) == nil)
    }

    enum CacheDamage: CaseIterable, Sendable {
        case cut, flippedInHeader, flippedInTables, flippedAtEnd, emptied

        func apply(to data: Data) -> Data {
            var bytes = [UInt8](data)
            switch self {
            case .cut: bytes.removeLast(bytes.count / 3)
            case .flippedInHeader: bytes[20] ^= 0x01
            case .flippedInTables: bytes[bytes.count / 2] ^= 0x40
            case .flippedAtEnd: bytes[bytes.count - 1] ^= 0x01
            case .emptied: bytes = []
            }
            return Data(bytes)
        }
    }

    private func tableSentences(_ language: String) throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Sentences/\(language).tsv")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .compactMap { $0.split(separator: "\t", omittingEmptySubsequences: false).first.map(String.init) }
            .filter { !$0.isEmpty }
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func cacheFiles(_ folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).filter { !$0.lastPathComponent.hasPrefix(".") }
    }
}
