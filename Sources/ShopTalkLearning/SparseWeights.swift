/// A trained linear model's weights, frozen: for each feature seen in
/// training, the labels it speaks for and how much. Most features speak for
/// a few labels only (a word for an intent or two, a suffix for a slot), so
/// each keeps its own short row, found by one probe of an open-addressing
/// table: a language's models stay a few megabytes, and scoring a feature
/// touches one row.
public struct SparseWeights: Sendable, Equatable {
    public let labelCount: Int
    /// A power-of-two table of feature hashes; `empty` where none is.
    let keys: [UInt64]
    /// The row of the feature at the same place in `keys`.
    let slots: [Int32]
    /// Row r's labels and weights: labels[rowStart[r]..<rowStart[r + 1]].
    let rowStart: [Int32]
    let labels: [UInt16]
    let weights: [Float]

    static let empty: UInt64 = 0

    /// Weights of `rows` (feature → one weight per label), keeping the ones
    /// not zero; features in ascending order, so the same rows give the same bytes.
    public init(labelCount: Int, rows: [UInt64: [Float]]) {
        var rowStart: [Int32] = [0], labels: [UInt16] = [], weights: [Float] = []
        var kept: [UInt64] = []
        for feature in rows.keys.sorted() {
            let row = rows[feature]!
            let before = labels.count
            for (label, weight) in row.enumerated() where weight != 0 {
                labels.append(UInt16(label))
                weights.append(weight)
            }
            guard labels.count > before else { continue }
            kept.append(Self.key(feature))
            rowStart.append(Int32(labels.count))
        }
        self.init(labelCount: labelCount, kept: kept, rowStart: rowStart, labels: labels, weights: weights)
    }

    /// Weights of `features` whose rows lie one after another in `dense`,
    /// `labelCount` wide: the same tables as ``init(labelCount:rows:)``
    /// gives, without a dictionary of rows to build first.
    public init(labelCount: Int, features: [UInt64], dense: [Float]) {
        precondition(dense.count == features.count * labelCount, "a row of weights a feature")
        let order = features.indices.sorted { features[$0] < features[$1] }
        var rowStart: [Int32] = [0], labels: [UInt16] = [], weights: [Float] = []
        var kept: [UInt64] = []
        for index in order {
            let before = labels.count
            for label in 0..<labelCount where dense[index * labelCount + label] != 0 {
                labels.append(UInt16(label))
                weights.append(dense[index * labelCount + label])
            }
            guard labels.count > before else { continue }
            kept.append(Self.key(features[index]))
            rowStart.append(Int32(labels.count))
        }
        self.init(labelCount: labelCount, kept: kept, rowStart: rowStart, labels: labels, weights: weights)
    }

    /// The table of `kept` keys, each finding its row.
    private init(labelCount: Int, kept: [UInt64], rowStart: [Int32], labels: [UInt16], weights: [Float]) {
        var capacity = 16
        while capacity < kept.count * 2 { capacity <<= 1 }
        var keys = [UInt64](repeating: Self.empty, count: capacity)
        var slots = [Int32](repeating: -1, count: capacity)
        for (row, key) in kept.enumerated() {
            var slot = Self.slot(of: key, mask: capacity - 1)
            while keys[slot] != Self.empty { slot = (slot + 1) & (capacity - 1) }
            keys[slot] = key
            slots[slot] = Int32(row)
        }
        self.init(labelCount: labelCount, keys: keys, slots: slots, rowStart: rowStart, labels: labels, weights: weights)
    }

    init(labelCount: Int, keys: [UInt64], slots: [Int32], rowStart: [Int32], labels: [UInt16], weights: [Float]) {
        self.labelCount = labelCount
        self.keys = keys
        self.slots = slots
        self.rowStart = rowStart
        self.labels = labels
        self.weights = weights
    }

    /// The tables, for writing the model down (see ``init(parts:)``).
    public var parts: Parts { Parts(labelCount: labelCount, keys: keys, slots: slots, rowStart: rowStart, labels: labels, weights: weights) }

    public struct Parts: Sendable {
        public var labelCount: Int
        public var keys: [UInt64]
        public var slots: [Int32]
        public var rowStart: [Int32]
        public var labels: [UInt16]
        public var weights: [Float]

        public init(labelCount: Int, keys: [UInt64], slots: [Int32], rowStart: [Int32], labels: [UInt16], weights: [Float]) {
            self.labelCount = labelCount
            self.keys = keys
            self.slots = slots
            self.rowStart = rowStart
            self.labels = labels
            self.weights = weights
        }
    }

    /// Tables read back, checked for shape before they are trusted (scoring
    /// walks them): nil when anything is out of place.
    public init?(parts: Parts) {
        let rows = parts.rowStart.count - 1
        guard parts.labelCount > 0, parts.labelCount <= Int(UInt16.max), rows >= 0,
              parts.keys.count >= 16, parts.keys.count & (parts.keys.count - 1) == 0, parts.slots.count == parts.keys.count,
              parts.keys.contains(Self.empty),
              parts.rowStart.first == 0, parts.rowStart.last.map(Int.init) == parts.labels.count,
              parts.labels.count == parts.weights.count,
              Self.slotsFit(keys: parts.keys, slots: parts.slots, rows: rows), Self.ascends(parts.rowStart),
              Self.below(parts.labelCount, parts.labels), Self.finite(parts.weights)
        else { return nil }
        self.init(labelCount: parts.labelCount, keys: parts.keys, slots: parts.slots, rowStart: parts.rowStart, labels: parts.labels, weights: parts.weights)
    }

    // The checks of tables read back, as plain loops over their memory: a
    // model's megabytes are checked at the first line the reader reads.

    private static func slotsFit(keys: [UInt64], slots: [Int32], rows: Int) -> Bool {
        keys.withUnsafeBufferPointer { keys in
            slots.withUnsafeBufferPointer { slots in
                var fits = true
                for index in keys.indices {
                    let slot = Int(slots[index])
                    fits = fits && (keys[index] == empty ? slot == -1 : slot >= 0 && slot < rows)
                }
                return fits
            }
        }
    }

    private static func ascends(_ starts: [Int32]) -> Bool {
        starts.withUnsafeBufferPointer { starts in
            var ascends = true
            for index in starts.indices.dropFirst() { ascends = ascends && starts[index - 1] <= starts[index] }
            return ascends
        }
    }

    private static func below(_ count: Int, _ labels: [UInt16]) -> Bool {
        labels.withUnsafeBufferPointer { labels in
            var highest: UInt16 = 0
            for label in labels { highest = max(highest, label) }
            return labels.isEmpty || Int(highest) < count
        }
    }

    private static func finite(_ weights: [Float]) -> Bool {
        weights.withUnsafeBufferPointer { weights in
            // A float is finite unless its exponent's bits are all ones.
            var all: UInt32 = 0
            for weight in weights { all |= ~weight.bitPattern & 0x7F80_0000 == 0 ? 1 : 0 }
            return all == 0
        }
    }

    /// How many features have weights.
    public var featureCount: Int { rowStart.count - 1 }

    /// Bytes the tables take.
    public var byteCount: Int { keys.count * 12 + rowStart.count * 4 + labels.count * 6 }

    /// A feature hash is never the table's empty mark.
    @inline(__always)
    static func key(_ feature: UInt64) -> UInt64 { feature == empty ? 1 : feature }

    @inline(__always)
    static func slot(of key: UInt64, mask: Int) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 33) & mask }

    /// The row of `feature`, if it has one.
    @inline(__always)
    func row(of feature: UInt64) -> Int? {
        let key = Self.key(feature), mask = keys.count - 1
        var slot = Self.slot(of: key, mask: mask)
        while true {
            let found = keys[slot]
            if found == key { return Int(slots[slot]) }
            if found == Self.empty { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Adds the weights of `feature` to each label's score.
    @inline(__always)
    public func add(_ feature: UInt64, to scores: inout [Float]) {
        guard let row = row(of: feature) else { return }
        for index in Int(rowStart[row])..<Int(rowStart[row + 1]) {
            scores[Int(labels[index])] += weights[index]
        }
    }

    /// Each label's score for a set of features.
    public func scores(_ features: [UInt64]) -> [Float] {
        var scores = [Float](repeating: 0, count: labelCount)
        for feature in features { add(feature, to: &scores) }
        return scores
    }

    /// The weights of `feature` for each label it speaks for, for explaining a decision.
    public func weights(of feature: UInt64) -> [(label: Int, weight: Float)] {
        guard let row = row(of: feature) else { return [] }
        return (Int(rowStart[row])..<Int(rowStart[row + 1])).map { (Int(labels[$0]), weights[$0]) }
    }
}
