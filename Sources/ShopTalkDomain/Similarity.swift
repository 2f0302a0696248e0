/// Finds the near misses behind "did you mean …?".
public enum Similarity {
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

    /// The known name `text` is most likely a typo of, or nil when none is
    /// that close: one slip for a name of four to seven letters, two from
    /// eight, always keeping the first letter (a slip rarely hits the first
    /// key), and never where digits tell items apart ("item10", "item11").
    /// A short name is another word, not a slip, when one letter is
    /// simply another ("beef" is not "beer"), so below six letters only a
    /// letter swapped, left out or doubled counts ("mlik", "bred", "chesse"),
    /// and of three letters only a doubled letter typed once ("egs").
    public static func typo(of text: String, among candidates: [String]) -> String? {
        typo(of: text, among: candidates, editsFromEight: 2)
    }

    /// The thing a language's word list sells that `text` is likely a slip
    /// of: as ``typo(of:among:)``, but one slip only, however long the name.
    /// The household's own items are few, the word list's thousands: two
    /// slips apart, "paper clips" would be "paper cups".
    public static func slipOfASoldThing(_ text: String, among candidates: [String]) -> String? {
        typo(of: text, among: candidates, editsFromEight: 1)
    }

    private static func typo(of text: String, among candidates: [String], editsFromEight: Int) -> String? {
        let typed = Array(text.lowercased())
        // "item10" and "item11", "AA batteries" and "AAA batteries" are other items, not slips.
        guard typed.count >= 3, let first = typed.first, !typed.contains(where: \.isNumber) else { return nil }
        // Three letters are a slip only of a name with a letter doubled, typed once: "egs".
        if typed.count == 3 { return candidates.first { isDoubledLetterTypedOnce(typed, Array($0.lowercased())) } }
        let limit = typed.count >= 8 ? editsFromEight : 1
        var best: (distance: Int, name: String)?
        for candidate in candidates {
            let known = Array(candidate.lowercased())
            guard known.first == first, known != typed, abs(known.count - typed.count) <= limit, !known.contains(where: \.isNumber) else { continue }
            let distance = editDistance(typed, known)
            guard distance <= limit, distance < (best?.distance ?? .max) else { continue }
            if typed.count < 6, known.count == typed.count, !isSwap(typed, known) { continue }
            best = (distance, candidate)
        }
        return best?.name
    }

    /// Whether `known` is `typed` with one of its letters doubled ("eggs" of "egs").
    private static func isDoubledLetterTypedOnce(_ typed: [Character], _ known: [Character]) -> Bool {
        guard known.count == typed.count + 1 else { return false }
        return known.indices.dropFirst().contains { index in
            known[index] == known[index - 1] && Array(known[..<index] + known[(index + 1)...]) == typed
        }
    }

    /// Whether two words of one length differ only by two neighbouring letters swapped.
    private static func isSwap(_ a: [Character], _ b: [Character]) -> Bool {
        let differences = a.indices.filter { a[$0] != b[$0] }
        guard differences.count == 2, differences[1] == differences[0] + 1 else { return false }
        return a[differences[0]] == b[differences[1]] && a[differences[1]] == b[differences[0]]
    }

    /// Levenshtein distance, with adjacent transpositions counted as one edit.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
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
