/// A word of a command typed with one slip of the finger: "ad" for "add",
/// "remvoe" for "remove", "sahre" for "share", "undoo", «добаь» for
/// «добавь». Only a line nothing else reads is looked at this way (the
/// session decides), only words this grammar never uses are put right, and
/// only in a line with one such word: with two, the second is a guess too.
///
/// A slip is one of what fingers do on a phone:
/// - two letters swapped ("remvoe", "sahre", "lsit"), in a word of four or more;
/// - a letter left out ("ad", "tke", "shw", "remve"), of a word of three or more;
/// - a letter too many ("undoo", "gott"), in a word of four or more;
/// - a letter for another ("remoce"), in a word of five or more, where a
///   shorter word would too often be another word ("pot", "lose");
/// - a letter held down ("jaaa", "siii", «дааа», "yesss"), in a word of two
///   or more: the word with one of its letters typed again and again.
extension Grammar {
    /// One word of a line put right, and what the grammar then reads.
    public struct SlipReading: Sendable {
        /// The line with the word put right.
        public let text: String
        public let parse: Parse
        /// A letter typed for another: the typed word may be a word of its
        /// own the grammar lacks («докинь», one letter from «покинь»), so
        /// the session takes it only where the model does not read otherwise.
        public let replacedALetter: Bool
    }

    /// The line with one of its words put right and what this grammar then
    /// reads; nil unless exactly one reading is found. Two words of the
    /// grammar as near as each other that read the line two ways, or two
    /// words that each miss or swap letters, are a guess the bot does not make.
    public func readingOfOneSlip(in text: String) -> SlipReading? {
        let tokens = self.tokens(text)
        guard !tokens.isEmpty, tokens.count <= 12 else { return nil }
        var found: SlipReading?
        var words: [[Unicode.Scalar]]?
        var slipped = 0
        for token in tokens where !token.isNumber && wordTable.id(of: token.text) < 0 {
            let typed = Array(token.text.unicodeScalars)
            guard typed.count >= 2, typed.allSatisfy({ $0.properties.isAlphabetic && !$0.properties.isIdeographic }) else { continue }
            if words == nil { words = vocabulary.keys.map { Array($0.unicodeScalars) } }
            let near = words!.compactMap { word in Self.slip(typed, of: word).map { (word, $0) } }
            // "ad tht 2", "do we hav enough milk on the lst": two words typed with slips leave a guess at the
            // second. A letter for another is not counted: "galletas maria" is not "marca".
            if near.contains(where: { $0.1 != .replaced }) { slipped += 1 }
            guard slipped < 2 else { return nil }
            for (word, slip) in near {
                let respelled = text.replacingCharacters(in: token.range, with: String(String.UnicodeScalarView(word)))
                // Held by a sentence as typed, or once a thing named first is put where it is pointed back at
                // ("des bananes, rajoutes ça 6"); the session reads it again either way.
                guard let parse = parse(respelled) ?? thingPointedBack(in: respelled).flatMap({ parse($0) }) else { continue }
                // A second reading, by another word or another slip, makes the first a guess; two words
                // that read the same ("rajoutes": "rajoute", "rajouter") are one.
                if let found, found.parse != parse { return nil }
                found = found ?? SlipReading(text: respelled, parse: parse, replacedALetter: slip == .replaced)
            }
        }
        return found
    }

    /// What a finger did to a word.
    enum Slip { case swapped, missing, extra, replaced, held }

    /// How `typed` is `word` with one slip (see above); nil when it is not.
    static func slip(_ typed: [Unicode.Scalar], of word: [Unicode.Scalar]) -> Slip? {
        if word.count >= 2, typed.count > word.count, word.count == 2 || typed.count > word.count + 1,
           isHeld(typed, of: word) { return .held }
        guard word.count >= 3, typed != word else { return nil }
        switch typed.count - word.count {
        case 0:
            let differ = typed.indices.filter { typed[$0] != word[$0] }
            if differ.count == 2, differ[1] == differ[0] + 1, typed[differ[0]] == word[differ[1]], typed[differ[1]] == word[differ[0]] {
                // "remvoe"; in three letters another word too often ("ils", "lis").
                return typed.count >= 4 ? .swapped : nil
            }
            return differ.count == 1 && typed.count >= 5 ? .replaced : nil
        case -1:
            return isOneLetterShort(typed, of: word) ? .missing : nil
        case 1:
            return typed.count >= 4 && isOneLetterShort(word, of: typed) ? .extra : nil
        default:
            return nil
        }
    }

    /// True when `typed` is `word` with one of its letters typed more
    /// times than it has it, and nothing else different ("yesss", "jaa").
    private static func isHeld(_ typed: [Unicode.Scalar], of word: [Unicode.Scalar]) -> Bool {
        var i = 0, j = 0, held = 0
        while i < typed.count, j < word.count {
            guard typed[i] == word[j] else { return false }
            var typedRun = 1, wordRun = 1
            while i + typedRun < typed.count, typed[i + typedRun] == typed[i] { typedRun += 1 }
            while j + wordRun < word.count, word[j + wordRun] == word[j] { wordRun += 1 }
            guard typedRun >= wordRun else { return false }
            if typedRun > wordRun { held += 1 }
            i += typedRun
            j += wordRun
        }
        return i == typed.count && j == word.count && held == 1
    }

    /// True when `short` is `long` with one letter left out.
    private static func isOneLetterShort(_ short: [Unicode.Scalar], of long: [Unicode.Scalar]) -> Bool {
        var skipped = false, i = 0, j = 0
        while i < short.count {
            if short[i] == long[j] {
                i += 1
                j += 1
            } else if skipped {
                return false
            } else {
                skipped = true
                j += 1
            }
        }
        return true
    }
}
