/// The grammar's words and their ids, looked up by their UTF-8 bytes with a
/// small open-addressing table: cheaper per word than a `Dictionary<String, _>`,
/// which matters because every word of every line is looked up.
struct Vocabulary: Sendable {
    private let bytes: [UInt8]
    /// For each table slot: the word's id, or -1; its bytes are bytes[start..<end].
    private let ids: [Int32]
    private let starts: [Int32]
    private let ends: [Int32]
    private let mask: Int

    init(_ words: [String: Int32]) {
        var capacity = 16
        while capacity < words.count * 2 { capacity <<= 1 }
        var bytes: [UInt8] = [], ids = [Int32](repeating: -1, count: capacity)
        var starts = [Int32](repeating: 0, count: capacity), ends = [Int32](repeating: 0, count: capacity)
        for (word, id) in words {
            var slot = Self.hash(word.utf8) & (capacity - 1)
            while ids[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
            ids[slot] = id
            starts[slot] = Int32(bytes.count)
            bytes += word.utf8
            ends[slot] = Int32(bytes.count)
        }
        self.bytes = bytes
        self.ids = ids
        self.starts = starts
        self.ends = ends
        self.mask = capacity - 1
    }

    /// The id of `word`, or -1 when the grammar never uses it.
    func id(of word: String) -> Int32 {
        var word = word
        return word.withUTF8 { utf8 in
            var slot = Self.hash(utf8) & mask
            while true {
                let id = ids[slot]
                if id < 0 { return -1 }
                let start = Int(starts[slot]), end = Int(ends[slot])
                if end - start == utf8.count && bytes.withUnsafeBufferPointer({ stored in
                    memcmpEqual(stored.baseAddress! + start, utf8.baseAddress!, utf8.count)
                }) {
                    return id
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// FNV-1a.
    private static func hash(_ bytes: some Sequence<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: hash >> 7)
    }
}

@inline(__always)
private func memcmpEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    for offset in 0..<count where a[offset] != b[offset] { return false }
    return true
}
