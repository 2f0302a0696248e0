/// Features are 64-bit hashes of short texts ("w=milk", "s3=ilk"), made
/// without building the texts: a kind byte, then the bytes of the parts, in
/// order (FNV-1a). The same text gives the same hash in every process and
/// on every machine, so a model trained once reads the same everywhere.
public struct FeatureHash: Hashable, Sendable {
    public private(set) var value: UInt64

    /// A feature of `kind` (a letter that tells word, suffix, shape, ... apart).
    @inline(__always)
    public init(_ kind: UInt8) {
        value = 0xcbf2_9ce4_8422_2325
        mix(kind)
    }

    @inline(__always)
    public mutating func mix(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// Adds a part: its bytes, then a separator, so ("ab","c") and ("a","bc") differ.
    @inline(__always)
    public mutating func add<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes { mix(byte) }
        mix(0x1F)
    }

    @inline(__always)
    public mutating func add(_ text: String) {
        add(text.utf8)
    }

    @inline(__always)
    public mutating func add(number: Int) {
        var number = UInt64(bitPattern: Int64(number))
        for _ in 0..<8 {
            mix(UInt8(truncatingIfNeeded: number))
            number >>= 8
        }
        mix(0x1F)
    }

    /// A feature of `kind` and one part.
    @inline(__always)
    public static func of(_ kind: UInt8, _ text: String) -> UInt64 {
        var hash = FeatureHash(kind)
        hash.add(text)
        return hash.value
    }

    /// A feature of `kind` and two parts.
    @inline(__always)
    public static func of(_ kind: UInt8, _ first: String, _ second: String) -> UInt64 {
        var hash = FeatureHash(kind)
        hash.add(first)
        hash.add(second)
        return hash.value
    }

    /// Two features' conjunction ("this intent, and this word").
    @inline(__always)
    public static func joined(_ first: UInt64, _ second: UInt64) -> UInt64 {
        var hash = FeatureHash(UInt8(ascii: "&"))
        hash.add(number: Int(bitPattern: UInt(first)))
        hash.add(number: Int(bitPattern: UInt(second)))
        return hash.value
    }
}

/// A small fixed-seed generator (SplitMix64): the same sequence on every run,
/// so shuffling examples and drawing variants never changes what is learned.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in 0..<bound, without the bias of `%` mattering here.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }

    /// True with probability `chance`.
    public mutating func chance(_ chance: Double) -> Bool { Double(next() >> 11) / Double(1 << 53) < chance }
}
