/// Reads numbers written in digits: "3", "1,000", "-2", "٣"; and tells a
/// number with a decimal part ("1.5", "1,5", "1.000") from a whole one, so
/// that a decimal is refused rather than misread as 15 or as a name.
///
/// A comma before groups of exactly three digits groups thousands, as English
/// writes; any other single comma or point is a decimal mark (the other
/// languages' own separators are theirs to declare when they come).
enum NumberReader {
    enum Reading: Hashable {
        /// Saturating at `Int.max`: an absurd quantity is the domain's to
        /// refuse, with a clear message.
        case whole(Int)
        case decimal
    }

    /// The value of a word made of digits; nil when the word is not a number.
    static func digits(_ word: String) -> Int? {
        if case .whole(let value)? = read(word) { value } else { nil }
    }

    static func read(_ word: String) -> Reading? {
        guard let first = word.utf8.first, first == UInt8(ascii: "-") || first >= 0x80 || (0x30...0x39).contains(first) else {
            return nil
        }
        var value = 0
        var negative = false
        var groupLength = 0
        var isFirstGroup = true
        var commas = 0
        var points = 0
        // Every mark so far ended a group of three digits (the first group: one to three).
        var groupsOfThree = true
        for (offset, character) in word.enumerated() {
            if offset == 0, character == "-" {
                negative = true
                continue
            }
            if character == "," || character == "." {
                // A mark stands between digits, and only digits follow a point.
                guard groupLength > 0, points == 0 else { return nil }
                if isFirstGroup ? groupLength > 3 : groupLength != 3 { groupsOfThree = false }
                if character == "," { commas += 1 } else { points += 1 }
                isFirstGroup = false
                groupLength = 0
                continue
            }
            guard let digit = character.wholeNumberValue, character.isNumber, digit < 10 else { return nil }
            groupLength += 1
            guard points == 0 else { continue }
            let (multiplied, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = multiplied.addingReportingOverflow(digit)
            value = overflow1 || overflow2 ? Int.max : added
        }
        guard groupLength > 0 else { return nil }
        let signed = negative ? (value == Int.max ? Int.min : -value) : value
        switch (commas, points) {
        case (0, 0): return .whole(signed)
        case (_, 0) where groupsOfThree && groupLength == 3: return .whole(signed) // "1,000", "12,345,678"
        case (1, 0), (0, 1): return .decimal // "1,5", "1.5", "1.000"
        case (_, 1) where groupsOfThree: return .decimal // "1,000.5"
        default: return nil // "1,2,3", "1.2.3": a code or a version, not a number
        }
    }
}

extension Grammar {
    /// Understands one sentence, or returns nil.
    public func parse(_ sentence: String) -> Parse? {
        let typed = glued.split(Tokenizer.tokenize(sentence), in: sentence)
        let tokens = typed.tokens
        guard !tokens.isEmpty else { return nil }
        let ids = wordIDs(tokens)
        return ids.withUnsafeBufferPointer { words in
            var matcher = SentenceMatcher(grammar: self, words: words, typed: typed)
            matcher.run()
            for candidate in matcher.ranked() {
                let captures = matcher.pool[Int(candidate.captureStart)..<Int(candidate.captureEnd)]
                if let parse = read(candidate.sentence, captures, typed: typed, words: words, sentence: sentence) { return parse }
            }
            return nil
        }
    }

    /// Turns a reading into slot values; nil when a slot's words do not fit
    /// it (an item phrase with no name, a user name with spaces).
    private func read(
        _ sentenceIndex: Int32, _ captures: ArraySlice<SentenceMatcher.Capture>, typed: GluedQuantities.Split,
        words: UnsafeBufferPointer<Int32>, sentence: String
    ) -> Parse? {
        let tokens = typed.tokens
        let compiled = sentences[Int(sentenceIndex)]
        var slots: [Parse.Slot] = []
        slots.reserveCapacity(captures.count + compiled.fixed.count)
        for capture in captures {
            let spec = slotSpecs[Int(capture.slot)]
            let range = Int(capture.start)..<Int(capture.end)
            let text = String(sentence[tokens[range.lowerBound].range.lowerBound..<tokens[range.upperBound - 1].range.upperBound])
            let value: SlotValue
            switch (spec.kind, spec.name) {
            case (.number, _):
                guard let number = readNumber(range, payload: capture.payload, tokens: tokens, words: words) else { return nil }
                value = number
            case (.values(let list), _):
                value = .value(valueLists[list].values[Int(capture.payload)])
            case (_, "list"):
                guard let list = readListName(range, typed: typed, words: words, sentence: sentence) else { return nil }
                value = list
            case (_, "items"):
                guard let items = readItems(range, tokens: tokens, words: words, sentence: sentence) else { return nil }
                value = items
            case (_, "item"):
                guard let item = readItemName(range, tokens: tokens, words: words, sentence: sentence) else { return nil }
                value = .text(item)
            case (_, "users"):
                let pieces = split(range, on: itemSeparators, words: words, tokens: tokens)
                // One word each, as typed: "x1" is a name even though it reads like "x 1".
                guard pieces.allSatisfy({ typed.wordEnd(from: $0.lowerBound) == $0.upperBound }) else { return nil }
                value = .users(pieces.map { self.text($0, tokens: tokens, sentence: sentence).lowercased() })
            case (_, "user"):
                value = .text(text.lowercased())
            default:
                value = .text(text)
            }
            slots.append(Parse.Slot(name: spec.name, value: value))
        }
        return Parse(intent: intents[compiled.intent].name, slots: slots + compiled.fixed)
    }

    /// "3", "three", "a dozen", "2 dozen" (the matcher took the multiplier
    /// into the slot), or a decimal, which no count can hold.
    private func readNumber(_ range: Range<Int>, payload: Int32, tokens: [Token], words: UnsafeBufferPointer<Int32>) -> SlotValue? {
        var number: Int, end = range.lowerBound + 1
        if payload >= 0 {
            guard let list = numberWords, let value = Int(valueLists[list].values[Int(payload)]),
                  let (phraseEnd, _) = valueLists[list].phrases.longestMatch(in: words, at: range.lowerBound) else { return nil }
            (number, end) = (value, phraseEnd)
        } else {
            switch NumberReader.read(tokens[range.lowerBound].text) {
            case .whole(let whole)?: number = whole
            case .decimal?: return .decimal(tokens[range.lowerBound].text)
            case nil: return nil
            }
        }
        if end < range.upperBound {
            guard let (multiplierEnd, factor) = multiplier(in: words, at: end), multiplierEnd == range.upperBound else { return nil }
            number = Self.multiply(number, by: factor)
        }
        return .number(number)
    }

    private func text(_ range: Range<Int>, tokens: [Token], sentence: String) -> String {
        String(sentence[tokens[range.lowerBound].range.lowerBound..<tokens[range.upperBound - 1].range.upperBound])
    }

    /// Drops leading phrases of `set` ("the", "my") as long as words remain.
    private func dropLeading(_ set: PhraseSet, _ range: Range<Int>, words: UnsafeBufferPointer<Int32>) -> Range<Int> {
        var range = range
        while let (end, _) = set.longestMatch(in: words, at: range.lowerBound), end < range.upperBound {
            range = end..<range.upperBound
        }
        return range
    }

    /// "the groceries list" → groceries; "my list", "the shopping list" → the
    /// default list; "alice's Groceries", "Groceries from alice" → alice's
    /// Groceries; "this list" → the conversation's current list.
    private func readListName(_ range: Range<Int>, typed: GluedQuantities.Split, words: UnsafeBufferPointer<Int32>, sentence: String) -> SlotValue? {
        let tokens = typed.tokens
        // "this list", also when the template itself says "list" after the slot ("rename {list} list to …").
        let through = listDropAfter.longestMatch(in: words, at: range.upperBound)?.end ?? range.upperBound
        if currentListPhrases.matchesExactly(words, range) != nil || currentListPhrases.matchesExactly(words, range.lowerBound..<through) != nil {
            return .currentList
        }
        var core = dropLeading(listDropBefore, range, words: words)
        var owner: String?
        if let suffix = listOwnerSuffix, core.count > 1, tokens[core.lowerBound].text.hasSuffix(suffix) {
            owner = String(tokens[core.lowerBound].text.dropLast(suffix.count))
            core = dropLeading(listDropBefore, core.lowerBound + 1..<core.upperBound, words: words)
        } else if core.count > 2 {
            // The owner is the last word as typed, all its pieces ("from x1").
            var ownerStart = core.upperBound - 1
            while ownerStart > core.lowerBound && typed.isJoined(ownerStart - 1) { ownerStart -= 1 }
            for start in core.lowerBound + 1..<max(core.lowerBound + 1, ownerStart)
            where listOwnerAfter.matchesExactly(words, start..<ownerStart) != nil {
                owner = text(ownerStart..<core.upperBound, tokens: tokens, sentence: sentence).lowercased()
                core = core.lowerBound..<start
                break
            }
        }
        let spoken = text(core, tokens: tokens, sentence: sentence)
        // "my list", "the shopping list", and with an owner "alice's list": a default list.
        if defaultListPhrases.matchesExactly(words, core) != nil
            || owner == nil && listDropBefore.longestMatch(in: words, at: core.lowerBound)?.end == core.upperBound {
            return .list(name: defaultListName, spoken: spoken, owner: owner)
        }
        for start in core.lowerBound + 1..<core.upperBound where listDropAfter.matchesExactly(words, start..<core.upperBound) != nil {
            core = core.lowerBound..<start
            break
        }
        return .list(name: text(core, tokens: tokens, sentence: sentence), spoken: spoken, owner: owner)
    }

    /// Splits a range of words on separators (",", "and").
    private func split(_ range: Range<Int>, on separators: PhraseSet, words: UnsafeBufferPointer<Int32>, tokens: [Token]) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var pieceStart = range.lowerBound
        var position = range.lowerBound
        while position < range.upperBound {
            if let (end, _) = separators.longestMatch(in: words, at: position), end <= range.upperBound {
                if position > pieceStart { pieces.append(pieceStart..<position) }
                position = end
                pieceStart = end
            } else {
                position += 1
            }
        }
        if range.upperBound > pieceStart { pieces.append(pieceStart..<range.upperBound) }
        return pieces
    }

    /// "eggs, milk and 2 loaves of bread" → eggs, milk, bread × 2 loaves;
    /// "1.5 milk" → the decimal, which no count can hold.
    private func readItems(_ range: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>, sentence: String) -> SlotValue? {
        var items: [ItemPhrase] = []
        for piece in split(range, on: itemSeparators, words: words, tokens: tokens) {
            let first = dropLeading(itemDropBefore, piece, words: words).lowerBound
            if first < piece.upperBound, NumberReader.read(tokens[first].text) == .decimal {
                return .decimal(tokens[first].text)
            }
            let after = quantityAfterName(first..<piece.upperBound, tokens: tokens, words: words)
            if let after, after.number == .decimal { return .decimal(tokens[after.numberAt].text) }
            guard let item = readItem(piece, from: first, quantityAfterName: after, tokens: tokens, words: words, sentence: sentence) else { return nil }
            items.append(item)
        }
        return items.isEmpty ? nil : .items(items)
    }

    /// One item phrase read on its own ("remove the eggs"), where no list of items has looked at it first.
    private func readItem(_ whole: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>, sentence: String) -> ItemPhrase? {
        let first = dropLeading(itemDropBefore, whole, words: words).lowerBound
        let after = quantityAfterName(first..<whole.upperBound, tokens: tokens, words: words)
        return readItem(whole, from: first, quantityAfterName: after, tokens: tokens, words: words, sentence: sentence)
    }

    /// One item: [drop words] [quantity [multiplier]] [unit] [of] name, or
    /// name "x" quantity ("eggs x 2", "tomatoes x3"), or name quantity unit
    /// ("flour 1 kg", "milk 2l"). `position` is past the drop words, and
    /// `after` the quantity after the name, which the caller has looked for.
    private func readItem(
        _ whole: Range<Int>, from position: Int, quantityAfterName after: QuantityAfterName?,
        tokens: [Token], words: UnsafeBufferPointer<Int32>, sentence: String
    ) -> ItemPhrase? {
        var position = position
        var range = whole
        var quantity: Int?
        var unitAfter: String?
        if let after, case .whole(let count) = after.number {
            quantity = count
            unitAfter = after.unit
            range = whole.lowerBound..<after.start
        } else if let number = NumberReader.digits(tokens[position].text) {
            quantity = number
            position += 1
        } else if let list = numberWords, let (end, payload) = valueLists[list].phrases.longestMatch(in: words, at: position), end < range.upperBound {
            quantity = Int(valueLists[list].values[Int(payload)])
            position = end
        }
        if let number = quantity, let (end, factor) = multiplier(in: words, at: position), end < range.upperBound {
            quantity = Self.multiply(number, by: factor)
            position = end
        }
        guard position < range.upperBound else { return nil }
        var unit: String?
        let beforeUnit = position
        if let unitAfter {
            unit = unitAfter
        } else if let list = units, let (end, payload) = valueLists[list].phrases.longestMatch(in: words, at: position), end < range.upperBound {
            // "2 kg of flour", "a loaf of bread": a unit needs a quantity or a following "of".
            let followedByOf = itemAfterQuantity.longestMatch(in: words, at: end) != nil
            if quantity != nil || followedByOf {
                unit = valueLists[list].values[Int(payload)]
                position = end
            }
        }
        if quantity != nil || unit != nil, let (end, _) = itemAfterQuantity.longestMatch(in: words, at: position), end < range.upperBound {
            position = end
        }
        position = dropLeading(itemDropBefore, position..<range.upperBound, words: words).lowerBound
        if position >= range.upperBound {
            guard unit != nil, unitAfter == nil else { return nil }
            position = beforeUnit
            unit = nil
        }
        // "add eggs to": the list is missing, not part of the name.
        for start in position..<range.upperBound where itemNotLast.matchesExactly(words, start..<range.upperBound) != nil {
            return nil
        }
        return ItemPhrase(name: text(position..<range.upperBound, tokens: tokens, sentence: sentence), quantity: quantity ?? 1, unit: unit)
    }

    /// A quantity written after an item's name, ending its phrase: "x 2" in
    /// "eggs x 2", or "1 kg" in "flour 1 kg".
    private struct QuantityAfterName {
        /// Where it starts: the "x", or the number.
        let start: Int
        /// Where its number is, and how that reads.
        let numberAt: Int
        let number: NumberReader.Reading
        /// "kg" in "flour 1 kg"; nil after an "x".
        let unit: String?
    }

    /// The quantity after an item's name ending `range`, if there is one.
    /// The item needs a word before it, so "x 2" alone is no quantity, and
    /// must not start with a number for "1 kg" to count. Without a unit or
    /// an "x", a number after a name stays part of it: "WD 40".
    private func quantityAfterName(_ range: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>) -> QuantityAfterName? {
        guard range.count >= 3 else { return nil }
        let last = range.upperBound - 1
        if !itemQuantityAfter.isEmpty, tokens[last].isNumber, let number = NumberReader.read(tokens[last].text) {
            for start in (range.lowerBound + 1)..<last where itemQuantityAfter.matchesExactly(words, start..<last) != nil {
                return QuantityAfterName(start: start, numberAt: last, number: number, unit: nil)
            }
        }
        guard let list = units, !tokens[range.lowerBound].isNumber else { return nil }
        // Units are a word or two: the number is one of the last three words ("flour 1kg" is split the same way).
        for start in max(range.lowerBound + 1, range.upperBound - 3)..<last where tokens[start].isNumber {
            guard let (end, payload) = valueLists[list].phrases.longestMatch(in: words, at: start + 1), end == range.upperBound,
                  let number = NumberReader.read(tokens[start].text) else { continue }
            return QuantityAfterName(start: start, numberAt: start, number: number, unit: valueLists[list].values[Int(payload)])
        }
        return nil
    }

    /// The items a phrase may name: "eggs and the bread" → eggs, bread; a
    /// phrase with no separator is one name. Whether "mac and cheese" is one
    /// item or two only the list can tell, so the caller decides.
    public func itemNames(in phrase: String) -> [String] {
        let tokens = glued.split(Tokenizer.tokenize(phrase), in: phrase).tokens
        guard !tokens.isEmpty else { return [] }
        return wordIDs(tokens).withUnsafeBufferPointer { words in
            split(0..<tokens.count, on: itemSeparators, words: words, tokens: tokens).compactMap { piece in
                readItemName(piece, tokens: tokens, words: words, sentence: phrase)
            }
        }
    }

    /// A multiplier ("dozen") at `position`: where it ends and what it multiplies by.
    func multiplier(in words: UnsafeBufferPointer<Int32>, at position: Int) -> (end: Int, factor: Int)? {
        guard let list = multipliers, let (end, payload) = valueLists[list].phrases.longestMatch(in: words, at: position),
              let factor = Int(valueLists[list].values[Int(payload)]) else { return nil }
        return (end, factor)
    }

    /// A product too large for any count saturates, so the domain refuses it as absurd rather than the parser crashing.
    static func multiply(_ number: Int, by factor: Int) -> Int {
        let (product, overflow) = number.multipliedReportingOverflow(by: factor)
        return overflow ? .max : product
    }

    /// "the milk" → milk; "2 liters of milk" → milk: the item itself, without how much.
    private func readItemName(_ range: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>, sentence: String) -> String? {
        readItem(range, tokens: tokens, words: words, sentence: sentence)?.name
    }
}
