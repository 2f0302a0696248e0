/// Finds the near misses behind "did you mean …?".
enum Similarity {
    /// The candidate closest to `text` by edit distance, ignoring case, when it
    /// is close enough to be a typo (at most one edit per three characters);
    /// else the first candidate that contains every word of `text`.
    static func closest(to text: String, among candidates: [String]) -> String? {
        let needle = Array(text.lowercased())
        let limit = max(1, needle.count / 3)
        var best: (distance: Int, name: String)?
        for candidate in candidates {
            let distance = editDistance(needle, Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (distance, candidate)
            }
        }
        if let best { return best.name }
        // "milk" for "oat milk": a candidate holding every word typed.
        let words = Set(text.lowercased().split(separator: " "))
        return candidates.first { candidate in
            words.isSubset(of: Set(candidate.lowercased().split(separator: " ")))
        }
    }

    /// Levenshtein distance, with adjacent transpositions counted as one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
