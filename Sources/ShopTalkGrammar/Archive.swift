import Foundation

/// A compiled value written as bytes, to be read back by the same build of
/// ShopTalk with no parsing: numbers and arrays of plain values as they lie
/// in memory, strings as their UTF-8 with a count before them.
///
/// Only the build that wrote an archive reads it (``GrammarCache`` keys
/// archives by the executable), so the layout of a plain value never has to
/// travel between machines or versions. Reading still checks every count
/// against what is left, so a cut or scribbled file is an error, never a
/// read out of bounds.
struct ArchiveWriter: Sendable {
    private(set) var bytes: [UInt8] = []

    init() {}

    mutating func write(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func write(_ value: String) {
        write(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func write(_ value: String?) {
        write(value != nil)
        if let value { write(value) }
    }

    mutating func write(_ values: [String]) {
        write(values.count)
        for value in values { write(value) }
    }

    /// An array of plain values (numbers, tuples of numbers), as they lie in memory.
    mutating func write<Element: BitwiseCopyable>(plain values: [Element]) {
        write(values.count)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    mutating func write<Value: Archivable>(_ value: Value) {
        value.archive(to: &self)
    }

    mutating func write<Value: Archivable>(_ value: Value?) {
        write(value != nil)
        if let value { value.archive(to: &self) }
    }

    mutating func write<Value: Archivable>(_ values: [Value]) {
        write(values.count)
        for value in values { value.archive(to: &self) }
    }
}

/// Reads what an ``ArchiveWriter`` wrote, in the same order.
struct ArchiveReader: ~Copyable {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    /// `bytes` must outlive the reader.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { position == bytes.count }

    private mutating func take(_ count: Int) throws(ArchiveError) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= bytes.count - position else { throw ArchiveError.truncated }
        defer { position += count }
        return UnsafeRawBufferPointer(rebasing: bytes[position..<position + count])
    }

    mutating func readInt() throws(ArchiveError) -> Int {
        let raw = try take(8)
        return Int(Int64(littleEndian: raw.loadUnaligned(as: Int64.self)))
    }

    /// A count of things to follow, each at least `size` bytes long.
    mutating func readCount(atLeast size: Int = 1) throws(ArchiveError) -> Int {
        let count = try readInt()
        guard count >= 0, count <= (bytes.count - position) / max(size, 1) else { throw ArchiveError.truncated }
        return count
    }

    mutating func readBool() throws(ArchiveError) -> Bool {
        switch try take(1)[0] {
        case 0: false
        case 1: true
        default: throw ArchiveError.malformed("a flag that is neither 0 nor 1")
        }
    }

    mutating func readString() throws(ArchiveError) -> String {
        let raw = try take(try readCount())
        // Decoded as UTF-8 bytes and kept only if decoding repaired none: `String(validating:as:)`
        // of raw bytes runs unspecialized, a type lookup a string, a fifth of reading a language's words.
        var string = String(decoding: raw.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
        let unchanged = string.withUTF8 { decoded in decoded.count == raw.count && (raw.isEmpty || memcmp(decoded.baseAddress!, raw.baseAddress!, raw.count) == 0) }
        guard unchanged else { throw ArchiveError.malformed("text that is not UTF-8") }
        return string
    }

    mutating func readOptionalString() throws(ArchiveError) -> String? {
        try readBool() ? try readString() : nil
    }

    mutating func readStrings() throws(ArchiveError) -> [String] {
        let count = try readCount(atLeast: 8)
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try readString()) }
        return strings
    }

    mutating func readPlain<Element: BitwiseCopyable>(_: Element.Type = Element.self) throws(ArchiveError) -> [Element] {
        let count = try readCount(atLeast: MemoryLayout<Element>.stride)
        let raw = try take(count * MemoryLayout<Element>.stride)
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: raw)
            initialized = count
        }
    }

    mutating func read<Value: Archivable>(_: Value.Type = Value.self) throws(ArchiveError) -> Value {
        try Value(from: &self)
    }

    mutating func readOptional<Value: Archivable>(_: Value.Type = Value.self) throws(ArchiveError) -> Value? {
        try readBool() ? try Value(from: &self) : nil
    }

    mutating func readArray<Value: Archivable>(_: Value.Type = Value.self) throws(ArchiveError) -> [Value] {
        let count = try readCount()
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try Value(from: &self)) }
        return values
    }
}

/// A value that writes itself to an archive and reads itself back.
protocol Archivable {
    func archive(to writer: inout ArchiveWriter)
    init(from reader: inout ArchiveReader) throws(ArchiveError)
}

/// Why an archive could not be read: it is then compiled again from its source.
public enum ArchiveError: Error, Equatable, CustomStringConvertible {
    case truncated
    case malformed(String)

    public var description: String {
        switch self {
        case .truncated: "the archive ends too early"
        case .malformed(let what): "the archive holds \(what)"
        }
    }
}
