/// The grammar's words and their ids, looked up by their UTF-8 bytes with a
/// small open-addressing table: cheaper per word than a `Dictionary<String, _>`,
/// which matters because every word of every line is looked up.
///
/// A slot keeps the word's hash beside its id and where its bytes are, in
/// one 16-byte value: a probe reads one cache line, and compares bytes only
/// when the hashes agree. That keeps the table of every language's words
/// (``WordLanguages``), too big for the nearest cache, cheap.
struct Vocabulary: Sendable {
    fileprivate struct Slot: BitwiseCopyable {
        /// The word's id, or -1 for an empty slot.
        var id: Int32 = -1
        var hash: UInt32 = 0
        var start: Int32 = 0
        var count: Int32 = 0
    }

    fileprivate let bytes: [UInt8]
    fileprivate let slots: [Slot]
    fileprivate let mask: Int

    init(_ words: [String: Int32]) {
        var capacity = 16
        while capacity < words.count * 2 { capacity <<= 1 }
        var bytes: [UInt8] = [], slots = [Slot](repeating: Slot(), count: capacity)
        // In the words' order, not the dictionary's: the same grammar is then the same bytes in the cache on every run.
        for (word, id) in words.sorted(by: { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }) {
            let hash = Self.hash(word.utf8)
            var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while slots[slot].id >= 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Slot(id: id, hash: UInt32(truncatingIfNeeded: hash >> 25), start: Int32(bytes.count), count: Int32(word.utf8.count))
            bytes += word.utf8
        }
        self.bytes = bytes
        self.slots = slots
        self.mask = capacity - 1
    }

    /// The id of `word`, or -1 when the grammar never uses it.
    func id(of word: String) -> Int32 {
        var word = word
        return word.withUTF8 { utf8 in
            let hash = Self.hash(utf8)
            let short = UInt32(truncatingIfNeeded: hash >> 25)
            return slots.withUnsafeBufferPointer { slots in
                bytes.withUnsafeBufferPointer { stored in
                    var index = Int(truncatingIfNeeded: hash) & mask
                    while true {
                        let slot = slots[index]
                        if slot.id < 0 { return -1 }
                        if slot.hash == short && Int(slot.count) == utf8.count
                            && memcmpEqual(stored.baseAddress! + Int(slot.start), utf8.baseAddress!, utf8.count) {
                            return slot.id
                        }
                        index = (index + 1) & mask
                    }
                }
            }
        }
    }

    /// Every word of the table, in no particular order.
    var words: [String] {
        slots.filter { $0.id >= 0 }.map { String(decoding: bytes[Int($0.start)..<Int($0.start + $0.count)], as: UTF8.self) }
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

extension Vocabulary: Archivable {
    func archive(to writer: inout ArchiveWriter) {
        writer.write(plain: bytes)
        writer.write(plain: slots)
    }

    /// Checked before it is trusted: a slot's bytes lie within the table's
    /// (lookups read them without bounds checks) and the slots fill a power of two.
    init(from reader: inout ArchiveReader) throws(ArchiveError) {
        let bytes: [UInt8] = try reader.readPlain()
        let slots: [Slot] = try reader.readPlain()
        guard slots.count >= 16, slots.count & (slots.count - 1) == 0,
              slots.contains(where: { $0.id < 0 }),
              slots.allSatisfy({ $0.id < 0 || ($0.start >= 0 && $0.count >= 0 && Int($0.start) + Int($0.count) <= bytes.count) })
        else { throw ArchiveError.malformed("a word table out of shape") }
        self.bytes = bytes
        self.slots = slots
        self.mask = slots.count - 1
    }
}
