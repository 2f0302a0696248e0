import Foundation

/// "no, Costco", "nein, auf Rewe", "no I meant Costco", "no, 2": a reading
/// the bot asked about, answered with a no and another of the speaker's
/// lists, or the amount meant.
extension Grammar {
    /// The list of `lists` (the speaker's) a correction names: a "no" first,
    /// then one list named whole, with at most three other words and no
    /// number beside it (the caller leaves out a list the "no" takes back);
    /// failing that, the longest run of one to three of its words that
    /// `meaning` takes for one list as the family shortens it ("ko phải,
    /// qua bhx" for Bách Hóa Xanh). Nil for a plain no, or a no with a
    /// request after it that says more than a list.
    public func listCorrection(in line: String, lists: [String], meaning: (String) -> String? = { _ in nil }) -> String? {
        guard let (answer, said) = leadingAnswer(in: line), answer.intent == "deny" else { return nil }
        // "nein, nicht Migros, Costco": commas are no words, and "no, add rice to Costco" is read without its first.
        let rest = said.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
        let tokens = self.tokens(rest).filter { !$0.isComma }
        guard !tokens.isEmpty, !tokens.contains(where: \.isNumber) else { return nil }
        // "no, add eggs to Costco" is a request of its own; "no, Costco" may read as showing it, which names only the list.
        if let request = parse(rest), request.slots.contains(where: { $0.name != "list" }) { return nil }
        let named = lists.map { ($0, self.tokens($0).map(\.text)) }.filter { !$0.1.isEmpty }.sorted { $0.1.count > $1.1.count }
        for (list, words) in named where tokens.count - words.count <= 3 {
            if tokens.indices.contains(where: { nameEnd(words, in: tokens, at: $0) != nil }) { return list }
        }
        guard tokens.count <= 4 else { return nil }
        for length in stride(from: min(3, tokens.count), through: 1, by: -1) {
            for start in 0...(tokens.count - length) {
                if let list = meaning(text(start..<start + length, tokens: tokens, sentence: rest)) { return list }
            }
        }
        return nil
    }

    /// "no, 2", "nein, nur 3 Kilo", "нет, 10", "không, 2 hộp thôi": a
    /// reading the bot asked about, answered with a no and the amount
    /// meant (of two, the one the words mean: "no, 3 not 2"), with at most
    /// three other words. Nil for a plain no, or a no with a request after
    /// it ("no, add 2 eggs to Costco").
    public func amountCorrection(in line: String) -> (quantity: Fraction, unit: String?)? {
        guard let (answer, rest) = leadingAnswer(in: line), answer.intent == "deny" else { return nil }
        let amounts = amounts(in: rest)
        guard !amounts.isEmpty, let meant = amounts.count == 1 ? amounts.first : meantAmount(in: rest) else { return nil }
        let words = tokens(rest).filter { !$0.isNumber }.count
        guard words <= 3 + (meant.unit == nil ? 0 : 1) else { return nil }
        if let request = parse(rest), !["answer_quantity", "update_item"].contains(request.intent) { return nil }
        return meant
    }

    /// `slots` (as ``Reading/spans`` writes them) with the list where
    /// `list` stands in `text`, the words it takes no longer another slot's
    /// ("2 tins of beans costco" the thing, corrected: "2 tins of beans");
    /// nil when `text` does not name `list`, so there is nothing to learn.
    public func slots(_ slots: String, withList list: String, in text: String) -> String? {
        let sentence = readerSentence(text, context: ReaderContext(lists: [list]), isFood: { _ in false })
        guard let start = sentence.classes.firstIndex(where: { $0.contains(.listStart) }),
              let end = sentence.classes[start...].firstIndex(where: { $0.contains(.listEnd) }),
              var spans = Self.decoded(slots) else { return nil }
        let words = start..<end + 1
        // Another slot that took the list's words keeps those before them (or else after them).
        spans = spans.compactMap { span in
            guard span.slot != "list" else { return nil }
            guard span.words.overlaps(words) else { return span }
            if span.words.lowerBound < words.lowerBound { return FoundSpan(slot: span.slot, words: span.words.lowerBound..<words.lowerBound, value: span.value) }
            if span.words.upperBound > words.upperBound { return FoundSpan(slot: span.slot, words: words.upperBound..<span.words.upperBound, value: span.value) }
            return nil
        }
        spans.append(FoundSpan(slot: "list", words: words, value: nil))
        return Self.encoded(spans.sorted { $0.words.lowerBound < $1.words.lowerBound })
    }
}
