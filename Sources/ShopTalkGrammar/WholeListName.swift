/// "rename bbq on saturday to BBQ", "delete Pizza and Beer": a list whose
/// name holds words the sentences use ("on", "and", "for") is split by
/// them, and the line acts on "saturday". A name the speaker has is
/// evidence that beats the sentences' words: the line is read again with
/// the name, matched whole, standing as one word no sentence knows, and
/// the name is then put back into whichever slot holds that word.
extension Grammar {
    /// The word that stands for a list's name while the line is read: no
    /// grammar has it, so it only ever fills a slot.
    public static let listStandIn = "shoptalkliststandin"

    /// `line` with the longest of `lists` (the speaker's) that has two
    /// words or more put as ``listStandIn``, quotes round it included, and
    /// that list's name; nil when the line names none of them whole.
    public func wholeListName(in line: String, lists: [String]) -> (text: String, list: String)? {
        let tokens = self.tokens(line)
        guard tokens.count > 1 else { return nil }
        let named = lists.map { ($0, self.tokens($0).map(\.text)) }.filter { $0.1.count > 1 }.sorted { $0.1.count > $1.1.count }
        for (list, words) in named {
            for start in tokens.indices {
                guard let end = nameEnd(words, in: tokens, at: start) else { continue }
                var (from, to) = (tokens[start].range.lowerBound, tokens[end - 1].range.upperBound)
                // `rename "bbq on saturday" to BBQ`: the quotes go with the name.
                if from > line.startIndex, to < line.endIndex,
                   Self.quotes.contains(line[line.index(before: from)]), Self.quotes.contains(line[to]) {
                    (from, to) = (line.index(before: from), line.index(after: to))
                }
                return (String(line[..<from]) + Self.listStandIn + String(line[to...]), list)
            }
        }
        return nil
    }

    private static let quotes: Set<Character> = ["\"", "'", "“", "”", "„", "«", "»", "‘", "’", "「", "」"]
}

extension Parse {
    /// The parse with ``Grammar/listStandIn`` put back as `list`, the name
    /// it stood for; nil when no slot holds it, since the reading then
    /// left out the very name that was the evidence.
    public func puttingBack(_ list: String) -> Parse? {
        let standIn = Grammar.listStandIn
        var found = false
        func restored(_ text: String) -> String {
            guard text.range(of: standIn, options: .caseInsensitive) != nil else { return text }
            found = true
            return text.replacingOccurrences(of: standIn, with: list, options: .caseInsensitive)
        }
        let slots = slots.map { slot -> Slot in
            let value: SlotValue = switch slot.value {
            case .text(let text): .text(restored(text))
            case .list(let name, let spoken, let owner):
                // The list's own name, never a shortened reading of it.
                restored(name) != name || restored(spoken) != spoken ? .list(name: list, spoken: list, owner: owner) : slot.value
            case .items(let phrases):
                .items(phrases.map { ItemPhrase(name: restored($0.name), quantity: $0.quantity, unit: $0.unit, asksHowMany: $0.asksHowMany) })
            case .users(let users): .users(users.map(restored))
            default: slot.value
            }
            return Slot(name: slot.name, value: value)
        }
        return found ? Parse(intent: intent, slots: slots) : nil
    }
}

extension Grammar {
    /// Whether the word right before `index` in `text` is an article or a
    /// possessive the grammar drops before a list's name ("die", "la",
    /// "my"): "auf die Liste" is the default list, "auf Liste" the list
    /// so called, when the speaker has one.
    public func saysArticle(before index: String.Index, in text: String) -> Bool {
        let tokens = self.tokens(String(text[..<index]))
        guard let last = tokens.last else { return false }
        return wordIDs([last]).withUnsafeBufferPointer { listDropBefore.matchesExactly($0, 0..<1) != nil }
    }
}
