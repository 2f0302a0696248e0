/// The order a training pass visits its examples in: shuffled, the same on
/// every run, and drawn from each example's own fingerprint, so that one
/// example added (a template, a sentence a household taught) takes its
/// place in each pass without moving the others. A shuffle of the whole
/// array would give every pass a new order, and every edit a new model.
public enum PassOrder {
    /// The examples' indices for pass `round`, from their fingerprints.
    public static func indices(fingerprints: [UInt64], seed: UInt64, round: Int) -> [Int] {
        var pass = SeededRandom(seed: seed &+ UInt64(round))
        let salt = pass.next()
        let keys = fingerprints.map { fingerprint -> UInt64 in
            var draw = SeededRandom(seed: fingerprint ^ salt)
            return draw.next()
        }
        return keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
    }

    /// A fingerprint of features and labels (FNV-1a over their bytes).
    public static func fingerprint(_ features: [UInt64], labels: [Int]) -> UInt64 {
        var hash = FeatureHash(UInt8(ascii: "P"))
        for feature in features { hash.add(number: Int(bitPattern: UInt(feature))) }
        for label in labels { hash.add(number: label) }
        return hash.value
    }
}
