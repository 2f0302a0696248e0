import Foundation
import ShopTalkGrammar

/// Compiled grammars kept between runs, so that start-up reads a file
/// instead of compiling a grammar (and reading the words of every
/// language's file) each time.
///
/// A cached file is used only when it was written from the same grammar
/// text by the same executable: its name and header carry a hash of both
/// (the executable is told by its size and modification time, so a rebuilt
/// or upgraded `shoptalk` never reads an older one's layout). Its bytes
/// are checked against a checksum, and the grammar's tables against their
/// shape as they are read (see ``Grammar/init(archive:)``). A file that
/// fails any check is ignored: the grammar is compiled, and the file
/// written anew. Nothing is ever taken on trust, and no error reaches the
/// user: a cache that cannot be written only costs the compile.
///
/// Files are written whole to a temporary name and renamed into place, so
/// several processes starting at once never read half a file. The
/// temporary file is made new (never an existing file, never through a
/// symbolic link), and a file is read only when it is a plain file of this
/// user's that nobody else may write, in a folder nobody else may write.
///
/// The checksum tells damage, not intent: someone who can write the
/// user's own cache folder can write a file whose checksum holds. What is
/// read from it is checked as far as it can be without compiling: every
/// index against its table, so a crafted file is refused rather than
/// crashing the first line, and the grammar's intents against the ones its
/// text declares, in order, so swapped names never turn "add" into "show".
public struct GrammarCache: Sendable {
    /// Where the files are kept.
    public let folder: URL
    /// Tells this executable from any other build.
    private let executable: UInt64

    public init(folder: URL) {
        self.folder = folder
        self.executable = Self.executableStamp()
    }

    /// `$XDG_CACHE_HOME/shoptalk/grammars`, or `~/.cache/shoptalk/grammars`:
    /// where a desktop keeps what it can rebuild. Nil when neither is set.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> GrammarCache? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return GrammarCache(folder: URL(fileURLWithPath: cache).appendingPathComponent("shoptalk/grammars", isDirectory: true))
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return GrammarCache(folder: URL(fileURLWithPath: home).appendingPathComponent(".cache/shoptalk/grammars", isDirectory: true))
    }

    /// The grammar compiled from `source`, read from the cache when it
    /// holds it, else compiled with `compile` and written there.
    public func grammar<Failure: Error>(_ language: String, source: String, compile: () throws(Failure) -> Grammar) throws(Failure) -> Grammar {
        try cached(language, kind: "grammar", sources: [source], read: { bytes throws(ArchiveError) in
            let grammar = try Grammar(archive: bytes)
            guard grammar.intents.map(\.name) == Self.declaredIntents(in: source) else { throw ArchiveError.malformed("other intents than its text declares") }
            return grammar
        }, make: compile, archived: { $0.archived() })
    }

    /// The intents a grammar's text declares (`intent NAME` at the margin), in order: cheap to find without compiling.
    /// Read as bytes: a grammar is tens of kilobytes, and this is done at
    /// every start, before the first line.
    static func declaredIntents(in source: String) -> [String] {
        let prefix = Array("intent ".utf8)
        return source.utf8.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard line.starts(with: prefix) else { return nil }
            let name = line.dropFirst(prefix.count).split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }).first
            return name.map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The words of the grammar `source`, read from the cache when it holds
    /// them, else read from the text and written there.
    public func knownWords(_ language: String, source: String) -> KnownWords {
        cached(language, kind: "words", sources: [source], read: { bytes throws(ArchiveError) in try KnownWords(archive: bytes) },
               make: { KnownWords(grammarSource: source) }, archived: { $0.archived() })
    }

    /// The words of an aisle file `source`, read from the cache when it
    /// holds them, else read with `read` and written there: the reader
    /// looks a line's words up in every language's file.
    public func aisleWords<Failure: Error>(_ language: String, source: String, read: () throws(Failure) -> AisleWords) throws(Failure) -> AisleWords {
        try cached(language, kind: "aisles", sources: [source], read: { bytes throws(ArchiveError) in try AisleWords(archive: bytes, source: source) },
                   make: read, archived: { $0.archived() })
    }

    /// The facts of the names of an aisle file `source` (gender, classifier,
    /// case forms), read from the cache when it holds them, else read from
    /// the text and written there: the first reply that names a thing
    /// needs them at once.
    public func facts(_ language: String, source: String) -> ThingFacts {
        cached(language, kind: "facts", sources: [source], read: { bytes throws(ArchiveError) in try ThingFacts(archive: bytes) },
               make: { ThingFacts(source: source) }, archived: { $0.archived() })
    }

    /// The reader's model trained from `source` (the language's grammar,
    /// examples and aisle words), read from the cache when it holds it,
    /// else trained with `train` and written there.
    public func model<Failure: Error>(_ language: String, sources: [String], train: () throws(Failure) -> LanguageModel) throws(Failure) -> LanguageModel {
        try cached(language, kind: "model", sources: sources, read: { bytes throws(ArchiveError) in try LanguageModel(archive: bytes) },
                   make: train, archived: { $0.archived() })
    }

    /// The value kept for `source`, or else made and written.
    private func cached<Value, Failure: Error>(
        _ language: String, kind: String, sources: [String],
        read: (UnsafeRawBufferPointer) throws(ArchiveError) -> Value,
        make: () throws(Failure) -> Value, archived: (Value) -> [UInt8]
    ) throws(Failure) -> Value {
        let entry = Entry(cache: self, language: language, kind: kind, sources: sources)
        if let value = entry.read(read) { return value }
        let value = try make()
        entry.write(archived(value))
        return value
    }

    /// One cached file: `<language>-<key>.<kind>`.
    private struct Entry {
        let cache: GrammarCache
        let language: String
        let kind: String
        let key: UInt64

        init(cache: GrammarCache, language: String, kind: String, sources: [String]) {
            self.cache = cache
            self.language = language
            self.kind = kind
            var hash = Checksum()
            hash.add("\(Grammar.archiveFormat) \(cache.executable) \(kind) \(language)\n")
            // Each text hashed with its length: ["ab", "c"] and ["a", "bc"] are other keys.
            for source in sources {
                hash.add(source)
                hash.add(String(source.utf8.count))
            }
            self.key = hash.value
        }

        var file: URL { cache.folder.appendingPathComponent("\(language)-\(String(key, radix: 16)).\(kind)") }

        /// The header: a magic word, the key, the payload's length and checksum.
        static let magic = Array("SHOPTALK-CACHE\n\0".utf8)
        static let headerSize = magic.count + 3 * 8

        func read<Value>(_ decode: (UnsafeRawBufferPointer) throws(ArchiveError) -> Value) -> Value? {
            guard Self.isTheUsersOwn(cache.folder.path, kind: S_IFDIR), Self.isTheUsersOwn(file.path, kind: S_IFREG) else { return nil }
            // Mapped, not copied: the tables are copied out of it once, as they are read.
            guard let data = try? Data(contentsOf: file, options: .alwaysMapped), data.count >= Self.headerSize else { return nil }
            return data.withUnsafeBytes { bytes -> Value? in
                guard bytes.prefix(Self.magic.count).elementsEqual(Self.magic) else { return nil }
                func word(_ index: Int) -> UInt64 {
                    UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: Self.magic.count + index * 8, as: UInt64.self))
                }
                let payload = UnsafeRawBufferPointer(rebasing: bytes[Self.headerSize...])
                guard word(0) == key, word(1) == UInt64(payload.count) else { return nil }
                guard word(2) == Checksum.ofPayload(payload) else { return nil }
                return try? decode(payload)
            }
        }

        /// Writes the file whole under a temporary name, renames it into
        /// place, and removes this language's files of other keys: a cache
        /// holds one version of each language.
        func write(_ payload: [UInt8]) {
            let manager = FileManager.default
            guard (try? manager.createDirectory(at: cache.folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])) != nil else { return }
            var header = Self.magic
            for word in [key, UInt64(payload.count), payload.withUnsafeBytes(Checksum.ofPayload)] {
                withUnsafeBytes(of: word.littleEndian) { header.append(contentsOf: $0) }
            }
            // Written straight from the arrays (a grammar is megabytes: no copy into one buffer first).
            // A new file, never one that was there (nor what a symbolic link of that name points to):
            // what a crashed run left is removed first, and anything made in between makes the write give up.
            let temporary = cache.folder.appendingPathComponent(".\(file.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp").path
            unlink(temporary)
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return }
            let written = Self.writeAll(header, to: descriptor) && Self.writeAll(payload, to: descriptor)
            guard close(descriptor) == 0, written, rename(temporary, file.path) == 0 else {
                unlink(temporary)
                return
            }
            for name in (try? manager.contentsOfDirectory(atPath: cache.folder.path)) ?? []
            where name.hasPrefix("\(language)-") && name.hasSuffix(".\(kind)") && name != file.lastPathComponent {
                try? manager.removeItem(at: cache.folder.appendingPathComponent(name))
            }
        }

        /// Whether `path` is, itself (not through a link), of `kind` and this
        /// user's, and writable by nobody else.
        static func isTheUsersOwn(_ path: String, kind: mode_t) -> Bool {
            var status = stat()
            return lstat(path, &status) == 0 && status.st_mode & S_IFMT == kind && status.st_uid == getuid() && status.st_mode & 0o022 == 0
        }

        private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
            bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return false }
                    offset += count
                }
                return true
            }
        }
    }

    /// The running executable's size and modification time, hashed: a
    /// rebuilt binary has another, and so never reads an archive whose
    /// layout it may not share.
    private static func executableStamp() -> UInt64 {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first ?? ""
        var status = stat()
        guard stat(path, &status) == 0 else { return 0 }
        var hash = Checksum()
        hash.add(Array("\(path) \(status.st_size) \(status.st_mtim.tv_sec) \(status.st_mtim.tv_nsec) \(status.st_ino)".utf8))
        return hash.value
    }
}

/// A 64-bit checksum read eight bytes at a time: it tells a cut or
/// scribbled file, fast enough for megabytes at start-up. Not a
/// cryptographic hash, and not used as one: the files it checks are the
/// user's own.
struct Checksum {
    private(set) var value: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { add($0) }
    }

    /// The text's UTF-8 bytes, read where they lie (a grammar's text is megabytes: no copy).
    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset + 8 <= bytes.count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        var tail: UInt64 = UInt64(bytes.count - offset) << 56
        for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
        mix(tail)
    }

    private mutating func mix(_ word: UInt64) {
        value = Self.mixed(value, word)
    }

    @inline(__always)
    private static func mixed(_ value: UInt64, _ word: UInt64) -> UInt64 {
        let multiplied = (value ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return multiplied ^ multiplied >> 32
    }

    /// The checksum of a cached file's megabytes: four words at a time in
    /// four chains, folded into one at the end. One chain waits on each
    /// multiply before the next; four keep the core busy, and a first line
    /// that reads a model checks it four times as fast.
    static func ofPayload(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let start = Checksum().value
        var lanes = (start, start ^ 1, start ^ 2, start ^ 3)
        var offset = 0
        while offset + 32 <= bytes.count {
            func word(_ index: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8 * index, as: UInt64.self)) }
            lanes = (mixed(lanes.0, word(0)), mixed(lanes.1, word(1)), mixed(lanes.2, word(2)), mixed(lanes.3, word(3)))
            offset += 32
        }
        var folded = Checksum()
        for lane in [lanes.0, lanes.1, lanes.2, lanes.3] { folded.mix(lane) }
        folded.add(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
        return folded.value
    }
}
