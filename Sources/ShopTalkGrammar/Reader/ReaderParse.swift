import Foundation
import ShopTalkText

/// A slot the reader found: `words` of the line fill `slot`, and for a slot
/// of fixed choices, the choice when the model knows it from its examples.
struct FoundSpan: Hashable, Sendable {
    let slot: String
    let words: Range<Int>
    var value: String?
}

extension Grammar {
    /// The reading of `sentence` as `intent` with `spans` filled, its slot
    /// values read as the grammar's own sentences read theirs (an item
    /// phrase's amount, a list's name without "the" and "list", a Russian
    /// name in the nominative): what the commands take, whoever read the line.
    /// Nil when a slot's words are no value of it.
    func parse(_ intent: String, spans: [FoundSpan], in sentence: ReaderSentence) -> Parse? {
        let declared = self.intent(named: intent)?.slots ?? []
        let tokens = sentence.tokens
        var slots: [Parse.Slot] = []
        var items: [ItemPhrase] = []
        var itemNames: [String] = []
        var users: [String] = []
        var loose: (Fraction, String?)?
        var ordered = joiningThings(spans.sorted { $0.words.lowerBound < $1.words.lowerBound }, words: sentence.words)
        if declared.contains("items") { ordered = withThingsLeftBetween(ordered, words: sentence.words) }
        // "add to the list 3 apples": an amount read apart from the things it counts is theirs (below),
        // unless it comes after them and no thing comes right after it ("giò lụa 1 cây, bánh chưng 2 cái").
        func take(_ number: Fraction, _ unit: String?, endingAt end: Int) {
            let next = ordered.first { $0.words.lowerBound >= end }
            if let last = items.last, last.quantity == nil, next?.slot != "item" || next?.words.lowerBound != end {
                items[items.count - 1] = ItemPhrase(name: last.name, quantity: number, unit: unit ?? last.unit)
            } else {
                loose = (number, unit)
            }
        }
        return sentence.words.withUnsafeBufferPointer { words -> Parse? in
            for span in ordered {
                let range = span.words
                let text = self.text(range, tokens: tokens, sentence: sentence.text)
                switch span.slot {
                case "item":
                    if declared.contains("items"), namesNothing(range, words: words) {
                        // "unos | cerillos": an article alone is no thing.
                        continue
                    } else if declared.contains("items"), let (number, unit) = amountAlone(range, tokens: tokens, words: words) {
                        // "2 Packungen | Würstchen", "huevos, | una docena": an amount marked as a thing counts the thing beside it.
                        take(number, unit, endingAt: range.upperBound)
                    } else if declared.contains("items") {
                        guard case .items(var phrases)? = readItems(range, tokens: tokens, words: words, sentence: sentence.text) else { return nil }
                        // "bung | 2 tins of beans": a word the tagger took in before an amount with its unit and
                        // its thing is no part of the thing's name (a verb it does not know).
                        if phrases.count == 1, phrases[0].quantity == nil, range.count >= 4, !tokens[range.lowerBound].isNumber,
                           tokens[range.lowerBound + 1].isNumber,
                           case .items(let rest)? = readItems(range.dropFirst(), tokens: tokens, words: words, sentence: sentence.text),
                           rest.count == 1, rest[0].quantity != nil, rest[0].unit != nil {
                            phrases = rest
                        }
                        if let (number, unit) = loose, let first = phrases.first, first.quantity == nil {
                            phrases[0] = ItemPhrase(name: first.name, quantity: number, unit: unit ?? first.unit)
                            loose = nil
                        }
                        items += phrases
                    } else if ordered.contains(where: { $0.slot == "item" && $0.words != range }),
                              namesNothing(range, words: words) || amountAlone(range, tokens: tokens, words: words) != nil {
                        // "wer hat die 5 Tafeln | Schokolade aufgeschrieben": the thing asked about is the one named.
                        continue
                    } else {
                        guard let name = readItem(range, tokens: tokens, words: words, sentence: sentence.text)?.name else { return nil }
                        // "Les lentilles on en a. Enlève les lentilles": a thing named twice is one thing.
                        if !itemNames.contains(where: { Self.sameName($0, name) }) { itemNames.append(name) }
                    }
                case "list", "to_list":
                    guard var list = readListName(range, typed: sentence.typed, words: words, sentence: sentence.text) else { return nil }
                    if span.slot == "to_list", itemWordForms == .russian, case .list(let name, let spoken, let owner) = list, !name.contains(" ") {
                        list = .list(name: RussianWordForms.nominative(name, from: .accusative),
                                     spoken: RussianWordForms.nominative(spoken, from: .accusative), owner: owner)
                    }
                    // "fais un code Marché qui marche qu'une fois": a list is named once, whatever else sounds like it.
                    if case .list(let name, _, _) = list, slots.contains(where: { slot in
                        guard slot.name == span.slot, case .list(let other, _, _) = slot.value else { return false }
                        return Self.sameName(other, name)
                    }) { continue }
                    slots.append(Parse.Slot(name: span.slot, value: list))
                case "user":
                    if span.value == "me" || declared.contains("who") && !declared.contains("user") && !declared.contains("users") {
                        slots.append(Parse.Slot(name: "who", value: .value("me")))
                    } else if declared.contains("users") {
                        users.append(text.lowercased())
                    } else {
                        slots.append(Parse.Slot(name: "user", value: .text(text.lowercased())))
                    }
                case "new_name" where itemWordForms == .russian && !text.contains(" "):
                    slots.append(Parse.Slot(name: "new_name", value: .text(RussianWordForms.nominative(text, from: .accusative))))
                case "quantity":
                    guard let (end, number) = number(in: words, tokens: tokens, at: range.lowerBound, before: range.upperBound) else { return nil }
                    var unit: String?
                    if end < range.upperBound, let units = valueLists.firstIndex(where: { $0.name == "unit" }),
                       let (_, payload) = valueLists[units].phrases.longestMatch(in: words, at: end) {
                        unit = valueLists[units].values[Int(payload)]
                    }
                    take(number, unit, endingAt: range.upperBound)
                case "every":
                    if !slots.contains(where: { $0.name == "every" }) { slots.append(Parse.Slot(name: "every", value: .value("every"))) }
                case "permission", "since", "uses", "language", "topic", "aisle":
                    guard let value = span.value ?? choice(of: span.slot, in: range, words: words) else { continue }
                    slots.append(Parse.Slot(name: span.slot, value: .value(value)))
                default:
                    slots.append(Parse.Slot(name: span.slot, value: .text(text)))
                }
            }
            if let (number, unit) = loose {
                if let last = items.last, last.quantity == nil {
                    items[items.count - 1] = ItemPhrase(name: last.name, quantity: number, unit: unit ?? last.unit)
                } else if declared.contains("quantity") {
                    slots.append(Parse.Slot(name: "quantity", value: .number(number)))
                    if let unit { slots.append(Parse.Slot(name: "unit", value: .value(unit))) }
                } else {
                    // An amount of nothing the request counts: not a reading of the line.
                    return nil
                }
            }
            // "nicht 10 Eier sondern 12", «не 6 яиц, а 10»: of two amounts, the words say which is meant, whichever the model marked.
            if let at = slots.firstIndex(where: { $0.name == "quantity" }), let (number, unit) = meantAmount(in: sentence.text) {
                slots[at] = Parse.Slot(name: "quantity", value: .number(number))
                slots.removeAll { $0.name == "unit" }
                if let unit { slots.append(Parse.Slot(name: "unit", value: .value(unit))) }
            }
            if !items.isEmpty { slots.insert(Parse.Slot(name: "items", value: .items(items)), at: 0) }
            if !itemNames.isEmpty { slots.insert(Parse.Slot(name: "item", value: .text(itemNames.joined(separator: ", "))), at: 0) }
            if !users.isEmpty { slots.append(Parse.Slot(name: "users", value: .users(users))) }
            return Parse(intent: intent, slots: slots)
        }
    }

    /// Whether two names read from one line are the same name, told apart by neither case nor marks.
    private static func sameName(_ some: String, _ other: String) -> Bool {
        some.compare(other, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
    }

    /// "unos", "some", "un": words that stand before a thing's name and are none.
    private func namesNothing(_ range: Range<Int>, words: UnsafeBufferPointer<Int32>) -> Bool {
        var position = range.lowerBound
        while position < range.upperBound {
            let ends = [itemCounting.articles, itemDropBefore].compactMap { $0.longestMatch(in: words, at: position)?.end }
            guard let end = ends.filter({ $0 <= range.upperBound }).max() else { return false }
            position = end
        }
        return !range.isEmpty
    }

    /// `spans` (in order) with two things parted only by a word names hold
    /// made one: in «сливки для кофе» the tagger, seeing two things the
    /// household has, began a thing at «кофе»; "cream for coffee" is one.
    private func joiningThings(_ spans: [FoundSpan], words: [Int32]) -> [FoundSpan] {
        var joined: [FoundSpan] = []
        for span in spans {
            if let last = joined.last, last.slot == "item", span.slot == "item", last.words.upperBound < span.words.lowerBound,
               words.withUnsafeBufferPointer({ nameEvidence.namesMayHold.matchesExactly($0, last.words.upperBound..<span.words.lowerBound) != nil }) {
                joined[joined.count - 1] = FoundSpan(slot: "item", words: last.words.lowerBound..<span.words.upperBound, value: nil)
            } else {
                joined.append(span)
            }
        }
        return joined
    }

    /// `spans` (in order) with the words between two things, set apart from
    /// each by a separator of things, made a thing too: in "sun cream, after
    /// sun and insect repellent" the tagger may pass over "after sun", and a
    /// line never loses a thing without a word.
    private func withThingsLeftBetween(_ spans: [FoundSpan], words: [Int32]) -> [FoundSpan] {
        guard spans.count(where: { $0.slot == "item" }) >= 2 else { return spans }
        return words.withUnsafeBufferPointer { words in
            var result: [FoundSpan] = []
            for span in spans {
                if let last = result.last, last.slot == "item", span.slot == "item",
                   let (afterFirst, _) = itemSeparators.longestMatch(in: words, at: last.words.upperBound),
                   let beforeNext = (afterFirst..<span.words.lowerBound).last(where: { itemSeparators.matchesExactly(words, $0..<span.words.lowerBound) != nil }),
                   afterFirst < beforeNext,
                   !(afterFirst..<beforeNext).contains(where: { start in (start + 1...beforeNext).contains { itemSeparators.matchesExactly(words, start..<$0) != nil } }) {
                    result.append(FoundSpan(slot: "item", words: afterFirst..<beforeNext, value: nil))
                }
                result.append(span)
            }
            return result
        }
    }

    /// "2 Packungen", "una docena", "kilo", "3 kg of", "a tub of": words
    /// that are an amount of something and name no thing: a number, a unit,
    /// or a number and a unit, and the word that joins them to a thing.
    private func amountAlone(_ range: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>) -> (Fraction, String?)? {
        var position = range.lowerBound
        var number: Fraction?
        if let (end, value) = self.number(in: words, tokens: tokens, at: position, before: range.upperBound) { (position, number) = (end, value) }
        var unit: String?
        if position < range.upperBound, let units = valueLists.firstIndex(where: { $0.name == "unit" }),
           let (end, payload) = valueLists[units].phrases.longestMatch(in: words, at: position), end <= range.upperBound {
            (position, unit) = (end, valueLists[units].values[Int(payload)])
        }
        // "3 kg of | chicken breast": the tagger began the thing at a name the household has, and left "of" to the amount.
        if position < range.upperBound, number != nil || unit != nil,
           let (end, _) = itemAfterQuantity.longestMatch(in: words, at: position), end == range.upperBound {
            position = end
        }
        guard position == range.upperBound, number != nil || unit != nil else { return nil }
        return (number ?? Fraction(1), unit)
    }

    /// The grammar's own word for a choice said in `range` ("read only" → read-only).
    private func choice(of slot: String, in range: Range<Int>, words: UnsafeBufferPointer<Int32>) -> String? {
        guard let list = valueLists.first(where: { $0.name == slot }) else { return nil }
        for start in range {
            if let (_, payload) = list.phrases.longestMatch(in: words, at: start) { return list.values[Int(payload)] }
        }
        return nil
    }
}
