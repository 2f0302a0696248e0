/// A hash table from 64-bit keys to 32-bit values, open addressing with a
/// multiplicative hash: the compiler's trie edges and template states, which
/// Swift's `Dictionary` and `Set` (SipHash on every look-up) made a fifth of
/// compiling a grammar. `UInt64.max` is never a key.
///
/// Compiled optimized even in debug builds (`@_optimize(speed)`): unlike the
/// standard library's tables it would otherwise run unoptimized there, and the
/// tests compile every grammar.
struct KeyTable {
    private var keys: [UInt64]
    private var values: [Int32]
    private(set) var count = 0
    private var mask: Int

    @_optimize(speed)
    init(capacity: Int = 16) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [UInt64](repeating: .max, count: size)
        values = [Int32](repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always)
    private static func slot(of key: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    @_optimize(speed)
    subscript(key: UInt64) -> Int32? {
        var slot = Self.slot(of: key, mask: mask)
        while true {
            let found = keys[slot]
            if found == key { return values[slot] }
            if found == .max { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Adds `value` under `key` unless the key is there; true when it was added.
    @_optimize(speed)
    @discardableResult
    mutating func insert(_ key: UInt64, _ value: Int32 = 0) -> Bool {
        if (count + 1) * 2 > keys.count { grow() }
        var slot = Self.slot(of: key, mask: mask)
        while true {
            let found = keys[slot]
            if found == key { return false }
            if found == .max { break }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        values[slot] = value
        count += 1
        return true
    }

    /// Every key and its value, in no particular order.
    var entries: [(key: UInt64, value: Int32)] {
        var result: [(key: UInt64, value: Int32)] = []
        result.reserveCapacity(count)
        for index in keys.indices where keys[index] != .max { result.append((keys[index], values[index])) }
        return result
    }

    @_optimize(speed)
    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        self = KeyTable(capacity: keys.count)
        for index in oldKeys.indices where oldKeys[index] != .max { insert(oldKeys[index], oldValues[index]) }
    }
}
