import ShopTalkLearning

/// Names a training draw picks from: lists, things, members, shops. A draw
/// gives each name a number from the name and the draw's own salt, and the
/// highest wins (rendezvous hashing). A name added to the pool (a food in
/// the aisles, a list in an example) changes only the draws it wins, about
/// one in the pool's size; picking by index would change nearly all, and
/// every word added to a file would be a new model.
struct NamePool: Sendable {
    let names: [String]
    private let keys: [UInt64]

    init(_ names: [String]) {
        self.names = names
        keys = names.map { FeatureHash.of(UInt8(ascii: "n"), $0) }
    }

    /// One of the names, or nil from an empty pool; one draw of `random` either way.
    func draw(_ random: inout SeededRandom) -> String? {
        let salt = random.next()
        guard !names.isEmpty else { return nil }
        var best = 0, bestScore: UInt64 = 0
        for (index, key) in keys.enumerated() {
            var mixed = SeededRandom(seed: key ^ salt)
            let score = mixed.next()
            if index == 0 || score > bestScore { (best, bestScore) = (index, score) }
        }
        return names[best]
    }
}
