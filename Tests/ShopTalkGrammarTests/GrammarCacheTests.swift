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

    /// An aisle file read back from its archive knows every name, and every
    /// name's facts, as the file read from its text does: the reader's
    /// first line and a first reply that names a thing read these.
    @Test(arguments: ["en", "es", "de", "fr", "ru", "vi", "zh"])
    func aisleWordsAndFactsReadBackKnowEveryNameAsTheText(language: String) throws {
        let words = try #require(try LanguageFiles.builtIn.aisleWords(language))
        let archive = words.archived()
        let read = try archive.withUnsafeBytes { bytes in try AisleWords(archive: bytes, source: words.source) }
        #expect(read.archived() == archive)
        #expect(read.aisles == words.aisles && read.names == words.names && read.keys == words.keys)
        let facts = ThingFacts(source: words.source)
        let readFacts = try facts.archived().withUnsafeBytes { bytes in try ThingFacts(archive: bytes) }
        #expect(!readFacts.isEmpty || language == "en")
        // Each name, its plural or a made-up compound, and a word no file knows.
        let names = words.names + words.names.map { $0 + "s" } + words.names.map { "oat " + $0 } + ["zzqx", "flibber jam"]
        for name in names {
            #expect(read.knows(name) == words.knows(name), "\(language): \(name)")
            #expect(readFacts.facts(of: name) == facts.facts(of: name), "\(language): \(name)")
        }
        for length in stride(from: 0, to: archive.count, by: max(1, archive.count / 200)) {
            #expect(throws: ArchiveError.self) {
                try Array(archive.prefix(length)).withUnsafeBytes { bytes in try AisleWords(archive: bytes, source: words.source) }
            }
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
        let cache = try CountingCache()
        let source = try #require(BundledGrammars.grammar("de"))
        let first = try cache.load("de", source: source)
        let second = try cache.load("de", source: source)
        #expect(cache.compilations == 1)
        #expect(second.parse("füg 2 Liter Milch hinzu") == first.parse("füg 2 Liter Milch hinzu"))
        #expect(try cache.files().count == 1)
    }

    @Test func aFileOfOtherTextIsNotReadAndMakesWayForTheNewOne() throws {
        let cache = try CountingCache()
        let source = try #require(BundledGrammars.grammar("en"))
        _ = try cache.load("en", source: source)
        // A translator edits the file: the grammar is compiled anew, and only the new file stays.
        let edited = source + "\n# an edit\n"
        let grammar = try cache.load("en", source: edited)
        #expect(cache.compilations == 2)
        #expect(grammar.parse("add milk")?.intent == "add_items")
        #expect(try cache.files().count == 1)
        _ = try cache.load("en", source: edited)
        #expect(cache.compilations == 2)
    }

    /// A cache file cut short or with a byte changed anywhere (header,
    /// tables, words) is ignored: the grammar is compiled and the file
    /// written anew, and the run goes on.
    @Test(arguments: [CacheDamage.cut, .flippedInHeader, .flippedInTables, .flippedAtEnd, .emptied])
    func aDamagedFileIsCompiledAnewAndRewritten(damage: CacheDamage) throws {
        let cache = try CountingCache()
        let source = try #require(BundledGrammars.grammar("vi"))
        let original = try cache.load("vi", source: source)
        let file = try #require(try cache.files().first)
        let written = try Data(contentsOf: file)
        try damage.apply(to: written).write(to: file)
        let recovered = try cache.load("vi", source: source)
        #expect(cache.compilations == 2)
        #expect(recovered.parse("thêm 2 hộp sữa") == original.parse("thêm 2 hộp sữa"))
        // Rewritten whole, and read from then on.
        #expect(try Data(contentsOf: file).count == written.count)
        _ = try cache.load("vi", source: source)
        #expect(cache.compilations == 2)
    }

    /// A file crafted with a valid checksum (whoever can write the user's
    /// cache folder can make one) with intents swapped is refused and the
    /// grammar compiled anew: "add" is never read as "show".
    @Test func aCraftedFileWithAValidChecksumIsNotTrusted() throws {
        let cache = try CountingCache()
        let source = try #require(BundledGrammars.grammar("en"))
        _ = try cache.load("en", source: source)
        let file = try #require(try cache.files().first)
        var bytes = [UInt8](try Data(contentsOf: file))
        let header = 16 + 3 * 8
        var payload = Array(bytes[header...])
        // "add_items" and "show_list" are nine letters each: swapped in place, every count still holds.
        let add = Array("add_items".utf8), show = Array("show_list".utf8)
        var swapped = 0
        var index = 0
        while index + 9 <= payload.count {
            let word = Array(payload[index..<index + 9])
            if word == add || word == show {
                payload.replaceSubrange(index..<index + 9, with: word == add ? show : add)
                swapped += 1
                index += 9
            } else {
                index += 1
            }
        }
        #expect(swapped >= 2)
        // The checksum is no secret: four chains of words, folded, then the tail.
        let start: UInt64 = 0x9E37_79B9_7F4A_7C15
        func mixed(_ value: UInt64, _ word: UInt64) -> UInt64 { let product = (value ^ word) &* 0xFF51_AFD7_ED55_8CCD; return product ^ product >> 32 }
        func word(at offset: Int) -> UInt64 { payload.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) } }
        var lanes = [start, start ^ 1, start ^ 2, start ^ 3]
        var offset = 0
        while offset + 32 <= payload.count {
            for lane in 0..<4 { lanes[lane] = mixed(lanes[lane], word(at: offset + 8 * lane)) }
            offset += 32
        }
        var checksum = start
        for lane in lanes { checksum = mixed(checksum, lane) }
        while offset + 8 <= payload.count {
            checksum = mixed(checksum, word(at: offset))
            offset += 8
        }
        var tail = UInt64(payload.count - offset) << 56
        for index in offset..<payload.count { tail |= UInt64(payload[index]) << (8 * UInt64(index - offset)) }
        checksum = mixed(checksum, tail)
        withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(16 + 16..<16 + 24, with: $0) }
        bytes.replaceSubrange(header..., with: payload)
        try Data(bytes).write(to: file)
        let read = try cache.load("en", source: source)
        #expect(cache.compilations == 2, "refused, and compiled anew")
        #expect(read.parse("add milk")?.intent == "add_items")
        #expect(read.parse("what's on my list?")?.intent == "show_list")
    }

    /// A cache file that is not the user's own plain file is not read: a symbolic link, or one others may write.
    @Test func aFileOthersCouldHaveWrittenIsNotRead() throws {
        let cache = try CountingCache()
        let source = try #require(BundledGrammars.grammar("en"))
        _ = try cache.load("en", source: source)
        let file = try #require(try cache.files().first)
        chmod(file.path, 0o666)
        _ = try cache.load("en", source: source)
        #expect(cache.compilations == 2)
        // Rewritten as the user's own, and read from then on.
        _ = try cache.load("en", source: source)
        #expect(cache.compilations == 2)
        let elsewhere = cache.folder.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: file, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: elsewhere)
        _ = try cache.load("en", source: source)
        #expect(cache.compilations == 3)
    }

    /// The temporary file is made new, never through a symbolic link planted under its name.
    @Test func theTemporaryFileNeverFollowsALink() throws {
        let cache = try CountingCache()
        let target = cache.folder.appendingPathComponent("victim")
        try Data("keep me".utf8).write(to: target)
        let source = try #require(BundledGrammars.grammar("zh"))
        _ = try cache.load("zh", source: source)
        let file = try #require(try cache.files().first { $0.lastPathComponent.hasSuffix(".grammar") })
        try FileManager.default.removeItem(at: file)
        let temporary = cache.folder.appendingPathComponent(".\(file.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        try FileManager.default.createSymbolicLink(at: temporary, withDestinationURL: target)
        _ = try cache.load("zh", source: source)
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep me")
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aFolderThatCannotBeWrittenOnlyCostsTheCompile() throws {
        let scratch = try CountingCache()
        let blocker = scratch.folder.appendingPathComponent("not-a-folder")
        try Data("a file where the cache folder would be".utf8).write(to: blocker)
        let cache = GrammarCache(folder: blocker)
        let source = try #require(BundledGrammars.grammar("zh"))
        let grammar = try cache.grammar("zh", source: source) { try Grammar.compile(source: source, file: "zh.grammar") }
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

    /// A cache in a folder of its own, that counts how often it had to compile.
    private final class CountingCache {
        let folder: URL
        let cache: GrammarCache
        private let compiled = Atomic<Int>(0)
        var compilations: Int { compiled.load(ordering: .relaxed) }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-cache-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            cache = GrammarCache(folder: folder)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func load(_ language: String, source: String) throws -> Grammar {
            try cache.grammar(language, source: source) {
                compiled.add(1, ordering: .relaxed)
                return try Grammar.compile(source: source, file: "\(language).grammar")
            }
        }

        func files() throws -> [URL] {
            try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).filter { !$0.lastPathComponent.hasPrefix(".") }
        }
    }
}
