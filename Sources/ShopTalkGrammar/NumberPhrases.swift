/// Numbers said in words, and digits with words after them: "twenty-five",
/// "a hundred and fifty", "two thousand five hundred", "two and a half",
/// "half a dozen", "2 dozen", "2 1/2", "1.5 dozen".
///
/// The words are the grammar's (`values number`, `values multiplier`, and
/// the `numbers` block's `and:`); how they combine is the same for every
/// language, the way people count:
/// - a number word starts a number, and its value is the word's;
/// - a multiplier multiplies what came before ("two hundred", "2 dozen");
///   one of 1,000 or more closes a group ("two thousand five hundred");
/// - after a multiplier, a smaller number adds ("a hundred fifty", "a
///   hundred and fifty"); after a ten (20, 30, ... 90) a unit adds
///   ("twenty five", "twenty-five");
/// - a fraction adds after "and" ("two and a half", "one and a quarter"),
///   or after digits ("2 1/2").
/// Anything else ends the number: "one two" is one, then the word "two".
extension Grammar {
    /// The longest number at `start` that ends at or before `limit`: where
    /// it ends and its value.
    func number(in words: UnsafeBufferPointer<Int32>, tokens: [Token], at start: Int, before limit: Int) -> (end: Int, value: Fraction)? {
        guard start < limit else { return nil }
        var reader = NumberComposer()
        var position = start
        // The first piece: digits, possibly a mixed number ("2 1/2"), or words.
        if tokens[start].isNumber {
            guard let value = NumberReader.read(tokens[start].text, decimalMark: decimalMark) else { return nil }
            reader.begin(value, isTen: false)
            position += 1
            if value.isWhole, position < limit, tokens[position].isNumber,
               let fraction = NumberReader.read(tokens[position].text, decimalMark: decimalMark), fraction.isProperFraction {
                reader.addFraction(fraction)
                position += 1
            }
        } else if let (end, value) = numberWord(in: words, tokens: tokens, at: start, before: limit) {
            reader.begin(value, isTen: Self.isTen(value))
            // "chục", "una docena", "一打": a number said by its multiplier, which a half may follow.
            if end > start, let (multiplierEnd, factor) = multiplier(in: words, at: end - 1), multiplierEnd == end {
                reader.endedWithMultiplier(factor)
            }
            position = end
        } else {
            return nil
        }
        while position < limit {
            if let (wordEnd, value) = numberWord(in: words, tokens: tokens, at: position, before: limit), reader.canAdd(value) {
                reader.add(value, isTen: Self.isTen(value))
                position = wordEnd
            } else if let (multiplierEnd, factor) = multiplier(in: words, at: position), multiplierEnd <= limit {
                reader.multiply(by: factor)
                position = multiplierEnd
            } else if reader.endsWithMultiplier, let (halfEnd, _) = halvesAfter.longestMatch(in: words, at: position), halfEnd <= limit {
                // "chục rưỡi", "一打半": half of the multiplier more.
                reader.add(Fraction(1, over: 2), isTen: false)
                position = halfEnd
            } else if let (joinerEnd, _) = numberJoiners.longestMatch(in: words, at: position), joinerEnd < limit,
                      let (wordEnd, value) = numberWord(in: words, tokens: tokens, at: joinerEnd, before: limit), reader.canAddAfterAnd(value) {
                reader.add(value, isTen: Self.isTen(value))
                position = wordEnd
            } else {
                break
            }
        }
        return (position, reader.value)
    }

    /// One number word or phrase ("seven", "a couple of", "half a"), the
    /// longest; or a word of number words joined by hyphens ("twenty-five").
    private func numberWord(in words: UnsafeBufferPointer<Int32>, tokens: [Token], at position: Int, before limit: Int) -> (end: Int, value: Fraction)? {
        guard let list = numberWords else { return nil }
        if let (end, payload) = valueLists[list].phrases.longestMatch(in: words, at: position), end <= limit {
            return (end, numberValues[Int(payload)])
        }
        let text = tokens[position].text
        guard !tokens[position].isNumber, text.utf8.contains(UInt8(ascii: "-")) else { return nil }
        let pieces = text.split(separator: "-").map { wordTable.id(of: String($0)) }
        guard pieces.count > 1, !pieces.contains(-1) else { return nil }
        let pieceTokens = text.split(separator: "-").map { Token(text: String($0), range: tokens[position].range) }
        let value = pieces.withUnsafeBufferPointer { inner in
            number(in: inner, tokens: pieceTokens, at: 0, before: pieces.count).flatMap { $0.end == pieces.count ? $0.value : nil }
        }
        return value.map { (position + 1, $0) }
    }

    /// 20, 30, ... 90: a unit may follow ("twenty five").
    private static func isTen(_ value: Fraction) -> Bool {
        value.isWhole && (20...90).contains(value.numerator) && value.numerator % 10 == 0
    }
}

/// The arithmetic of a number said in words, as described on ``Grammar/number(in:tokens:at:before:)``.
private struct NumberComposer {
    /// Groups of a thousand and more, closed.
    private var closed = Fraction.zero
    /// The group being said.
    private var group = Fraction.zero
    private var lastWasTen = false
    /// The multiplier just said, if the last word was one.
    private var lastMultiplier: Int?
    private var hasFraction = false

    var value: Fraction { closed.adding(group) }

    mutating func endedWithMultiplier(_ factor: Int) {
        lastMultiplier = factor
    }

    /// The last word said was a multiplier ("dozen", "chục").
    var endsWithMultiplier: Bool { lastMultiplier != nil && !hasFraction }

    mutating func begin(_ value: Fraction, isTen: Bool) {
        group = value
        lastWasTen = isTen
        hasFraction = !value.isWhole
    }

    /// Without "and": a smaller whole number after a multiplier, a unit after a ten.
    func canAdd(_ value: Fraction) -> Bool {
        guard value.isWhole, value.numerator > 0 else { return false }
        if let factor = lastMultiplier { return value.numerator < min(factor, 1_000) }
        return lastWasTen && value.numerator < 10
    }

    /// After "and": a smaller whole number after a multiplier ("a hundred
    /// and fifty"), or a fraction ("two and a half").
    func canAddAfterAnd(_ value: Fraction) -> Bool {
        if value.isProperFraction { return !hasFraction }
        return lastMultiplier != nil && canAdd(value)
    }

    mutating func add(_ value: Fraction, isTen: Bool) {
        // "a dozen and a half" is 18: a half of the dozen, not of one.
        let value = if let factor = lastMultiplier, value.isProperFraction { value.multiplied(by: factor) } else { value }
        group = group.adding(value)
        lastWasTen = isTen
        lastMultiplier = nil
        if !value.isWhole { hasFraction = true }
    }

    mutating func addFraction(_ fraction: Fraction) {
        add(fraction, isTen: false)
    }

    mutating func multiply(by factor: Int) {
        if factor >= 1_000 {
            closed = closed.adding(group.multiplied(by: factor))
            group = .zero
        } else {
            group = group.multiplied(by: factor)
        }
        lastWasTen = false
        lastMultiplier = factor
    }
}
