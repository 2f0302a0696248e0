import ShopTalkText

extension Grammar {
    /// Understands one sentence, or returns nil.
    public func parse(_ sentence: String) -> Parse? {
        parse(sentence, words: Tokenizer.tokenize(sentence))
    }

    /// The same, for a sentence already cut into words by `Tokenizer`, as
    /// ``Grammars`` does once for all its languages.
    func parse(_ sentence: String, words tokenized: [Token]) -> Parse? {
        readings(sentence, words: tokenized, limit: 1).first
    }

    /// Every reading of a sentence that its slots' words fit, best first,
    /// at most `limit`: where the best names a list the speaker does not
    /// have ("add eggs to Groceries oat milk"), the session looks for the
    /// next that names one they do.
    public func readings(_ sentence: String, limit: Int) -> [Parse] {
        readings(sentence, words: Tokenizer.tokenize(sentence), limit: limit)
    }

    private func readings(_ sentence: String, words tokenized: [Token], limit: Int) -> [Parse] {
        let typed = glued.split(words(of: tokenized, in: sentence), in: sentence)
        let tokens = typed.tokens
        guard !tokens.isEmpty else { return [] }
        let ids = wordIDs(tokens)
        return ids.withUnsafeBufferPointer { words in
            let asked = hasAskedSentences && isAsked(sentence, words: tokens)
            var matcher = SentenceMatcher(grammar: self, words: words, typed: typed, asked: asked)
            matcher.run()
            var found: [Parse] = []
            for candidate in matcher.ranked() {
                let captures = matcher.pool[Int(candidate.captureStart)..<Int(candidate.captureEnd)]
                guard let parse = read(candidate.sentence, captures, typed: typed, words: words, sentence: sentence),
                      !found.contains(parse) else { continue }
                found.append(parse)
                if found.count == limit { break }
            }
            return found
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
        // "ajoute à Marché 3 pommes": a number between a list and the items
        // said right after it is the items' quantity, not the list's last word.
        for (list, items) in zip(captures, captures.dropFirst())
        where list.end == items.start && list.end > list.start && tokens[Int(list.end) - 1].isNumber
            && slotSpecs[Int(items.slot)].name == "items" && ["list", "to_list"].contains(slotSpecs[Int(list.slot)].name) {
            return nil
        }
        for capture in captures {
            let spec = slotSpecs[Int(capture.slot)]
            let range = Int(capture.start)..<Int(capture.end)
            let text = self.text(range, tokens: tokens, sentence: sentence)
            let value: SlotValue
            switch (spec.kind, spec.name) {
            case (.number, _):
                guard let number = readNumber(range, tokens: tokens, words: words) else { return nil }
                value = number
            case (.values(let list), _):
                value = .value(valueLists[list].values[Int(capture.payload)])
            case (_, "to_list") where itemWordForms == .russian:
                // "перенеси хлеб в Дачу": where things go is said in the accusative.
                guard let list = readListName(range, typed: typed, words: words, sentence: sentence) else { return nil }
                if case .list(let name, let spoken, let owner) = list, !name.contains(" ") {
                    value = .list(name: RussianWordForms.nominative(name, from: .accusative), spoken: RussianWordForms.nominative(spoken, from: .accusative), owner: owner)
                } else {
                    value = list
                }
            case (_, "list"), (_, "to_list"):
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
            case (_, "new_name") where itemWordForms == .russian && !text.contains(" "):
                // "переименуй Продукты в Еду": a one-word new name said in the accusative.
                value = .text(RussianWordForms.nominative(text, from: .accusative))
            default:
                value = .text(text)
            }
            slots.append(Parse.Slot(name: spec.name, value: value))
        }
        // "сколько туалетной бумаги?": what is counted is said in the genitive.
        if itemWordForms == .russian, slots.contains(where: { $0.name == "question" && $0.value == .value("count") }),
           let index = slots.firstIndex(where: { $0.name == "item" }), case .text(let name) = slots[index].value {
            slots[index] = Parse.Slot(name: "item", value: .text(RussianWordForms.nominative(counted: name)))
        }
        return Parse(intent: intents[compiled.intent].name, slots: slots + compiled.fixed, asksFirst: compiled.asksFirst)
    }

    /// "3", "1.5", "three", "a dozen", "2 dozen", "two and a half": the
    /// number the matcher took into the slot, all of it.
    private func readNumber(_ range: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>) -> SlotValue? {
        guard let (end, value) = number(in: words, tokens: tokens, at: range.lowerBound, before: range.upperBound),
              end == range.upperBound else { return nil }
        return .number(value)
    }

    /// The words of `range` as typed, with the brackets that open or close
    /// inside it kept whole: "milk (oat)" keeps its ")", "(organic) milk"
    /// its "(". Nothing typed between the words is cut; what stands beyond
    /// them is taken only to close a bracket.
    func text(_ range: Range<Int>, tokens: [Token], sentence: String) -> String {
        String(sentence[TypedText.balanced(range, tokens: tokens, in: sentence)])
    }

    /// The text of a slot written in quotes (`"Mom's list"`), as typed
    /// between them; nil when it is not quoted.
    func quoted(_ range: Range<Int>, tokens: [Token], sentence: String) -> String? {
        TypedText.quoted(range, tokens: tokens, in: sentence).map { String(sentence[$0]) }
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
    func readListName(_ range: Range<Int>, typed: GluedQuantities.Split, words: UnsafeBufferPointer<Int32>, sentence: String) -> SlotValue? {
        let tokens = typed.tokens
        // `"Mom's list"`: a name in quotes is the name, as typed, with no word dropped or read.
        if let name = quoted(range, tokens: tokens, sentence: sentence) { return .list(name: name, spoken: name) }
        // "this list", also when the template itself says "list" after the slot ("rename {list} list to …").
        let through = listDropAfter.longestMatch(in: words, at: range.upperBound)?.end ?? range.upperBound
        if currentListPhrases.matchesExactly(words, range) != nil || currentListPhrases.matchesExactly(words, range.lowerBound..<through) != nil {
            return .currentList
        }
        var core = dropLeading(listDropBefore, range, words: words)
        // As said, owner and all: "Gifts from grandma" may be a list's whole name.
        let whole = core
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
            // Said whole ("the shopping list", "список Список покупок"): a list the speaker has may be called so.
            return .defaultList(spoken: owner == nil ? text(range, tokens: tokens, sentence: sentence) : spoken, owner: owner)
        }
        for start in core.lowerBound + 1..<core.upperBound where listDropAfter.matchesExactly(words, start..<core.upperBound) != nil {
            core = core.lowerBound..<start
            break
        }
        let spokenWhole = owner == nil ? spoken : text(whole, tokens: tokens, sentence: sentence)
        // "Baumarktliste", "Baumarkt-Liste": one word, the list Baumarkt.
        if core.count == 1, !listCompoundSuffixes.isEmpty {
            let word = tokens[core.lowerBound].text
            for suffix in listCompoundSuffixes where word.count > suffix.count + 1 && word.hasSuffix(suffix) {
                var name = text(core, tokens: tokens, sentence: sentence).dropLast(suffix.count)
                while name.last == "-" { name = name.dropLast() }
                return .list(name: String(name), spoken: spokenWhole, owner: owner)
            }
        }
        return .list(name: text(core, tokens: tokens, sentence: sentence), spoken: spokenWhole, owner: owner)
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

    /// "eggs, milk and 2 loaves of bread" → eggs, milk, bread × 2 loaves.
    func readItems(_ range: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>, sentence: String) -> SlotValue? {
        // `add "salt and pepper"`: one item, named as typed between the quotes.
        if let name = quoted(range, tokens: tokens, sentence: sentence) { return .items([ItemPhrase(name: name)]) }
        var items: [ItemPhrase] = []
        var previous: Range<Int>?
        for piece in splitItems(range, tokens: tokens, words: words, sentence: sentence) {
            defer { previous = piece }
            // "snags, 2kg", "coriandre, un bouquet": an amount alone after a thing and a comma is that thing's.
            if let last = items.last, last.quantity == nil, last.unit == nil, let previous,
               sentence[tokens[previous.upperBound - 1].range.upperBound..<tokens[piece.lowerBound].range.lowerBound].contains(where: { $0 == "," || $0 == "，" }),
               let (quantity, unit) = amountAlone(piece, tokens: tokens, words: words) {
                items[items.count - 1] = ItemPhrase(name: last.name, quantity: quantity, unit: unit)
                continue
            }
            guard let item = readItem(piece, tokens: tokens, words: words, sentence: sentence, bareNumberAfter: true) else { return nil }
            items.append(item)
        }
        return items.isEmpty ? nil : .items(items)
    }

    /// Item phrases split on separators, but never inside the number an
    /// item starts with: "a hundred and fifty grams of yeast and milk" is
    /// two items, "two and a half kilos of flour" one.
    /// Two words of a script written without spaces (Chinese, Japanese)
    /// with a space between them: in such a script the space is typed only
    /// to set things apart.
    static func spaceSeparates(_ before: Token, _ after: Token) -> Bool {
        guard before.range.upperBound != after.range.lowerBound,
              let last = before.text.unicodeScalars.last, let first = after.text.unicodeScalars.first else { return false }
        return Tokenizer.isUnspacedScript(last) && Tokenizer.isUnspacedScript(first)
    }

    private func splitItems(_ range: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>, sentence: String) -> [Range<Int>] {
        // "yoghurt (greek, the big tub)": what a bracket holds is one note, commas and all.
        let bracketDepths = TypedText.bracketDepths(range, tokens: tokens, in: sentence)
        func numberEnd(at start: Int) -> Int {
            let first = dropLeading(itemDropBefore, start..<range.upperBound, words: words).lowerBound
            // "kilo y medio de papas": a unit said with no number, then its half.
            if let list = units, let (unitEnd, _) = valueLists[list].phrases.longestMatch(in: words, at: first),
               let (halfEnd, _) = fractionAfterUnit(in: words, tokens: tokens, at: unitEnd, before: range.upperBound) {
                return halfEnd
            }
            guard let end = number(in: words, tokens: tokens, at: first, before: range.upperBound)?.end else { return start }
            // "a kilo and a half of flour": the half after the unit belongs to the number too.
            guard let list = units, let (unitEnd, _) = valueLists[list].phrases.longestMatch(in: words, at: end),
                  let (halfEnd, _) = fractionAfterUnit(in: words, tokens: tokens, at: unitEnd, before: range.upperBound) else { return end }
            return halfEnd
        }
        var pieces: [Range<Int>] = []
        var pieceStart = range.lowerBound
        var protectedUntil = numberEnd(at: pieceStart)
        var position = range.lowerBound
        while position < range.upperBound {
            if position > pieceStart, position >= protectedUntil, Self.spaceSeparates(tokens[position - 1], tokens[position]) {
                // "螺丝 钉子 胶水": where words run together, a space is where one thing ends.
                pieces.append(pieceStart..<position)
                pieceStart = position
                protectedUntil = numberEnd(at: position)
            } else if position >= protectedUntil, bracketDepths.map({ $0[position - range.lowerBound] == 0 }) ?? true,
                      let (end, _) = itemSeparators.longestMatch(in: words, at: position), end <= range.upperBound {
                if position > pieceStart { pieces.append(pieceStart..<position) }
                position = end
                pieceStart = end
                protectedUntil = end < range.upperBound ? numberEnd(at: end) : end
            } else {
                position += 1
            }
        }
        if range.upperBound > pieceStart { pieces.append(pieceStart..<range.upperBound) }
        return pieces
    }

    /// One item: [drop words] [quantity] [unit] [of] name, or name "x"
    /// quantity ("eggs x 2", "tomatoes x3"), or name quantity [unit]
    /// ("flour 1 kg", "milk 2l", and, where items are added, "milk 2");
    /// "several napkins" leaves the quantity for the bot to ask.
    func readItem(
        _ whole: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>, sentence: String, bareNumberAfter: Bool = false
    ) -> ItemPhrase? {
        var position = whole.lowerBound
        // "another egg": one more of it, said without a digit.
        let oneMore = itemCounting.oneMore.longestMatch(in: words, at: position).map(\.0)
        if let oneMore, oneMore < whole.upperBound { position = oneMore }
        position = dropLeading(itemDropBefore, position..<whole.upperBound, words: words).lowerBound
        guard position < whole.upperBound else { return nil }
        var range = whole
        var quantity: Fraction?? = nil // nil: none said; .some(nil): "several"
        var saidAsArticle = false // "an egg", "eine Packung Nudeln": one, but no number said
        var unitAfter: String?
        if let after = quantityAfterName(position..<whole.upperBound, tokens: tokens, words: words, sentence: sentence, bareNumber: bareNumberAfter) {
            quantity = .some(after.number)
            saidAsArticle = after.saidAsArticle
            unitAfter = after.unit
            range = whole.lowerBound..<after.start
        } else if let (end, _) = itemCounting.askHowMany.longestMatch(in: words, at: position), end < range.upperBound {
            quantity = .some(nil)
            position = end
        } else if let (end, value) = number(in: words, tokens: tokens, at: position, before: range.upperBound),
                  !numeralBeginsName(position..<end, tokens: tokens, words: words) {
            // A number leaves at least the name: "add 2" is no item, and "add a dozen" is an item called "a dozen".
            if end < range.upperBound {
                quantity = .some(value)
                saidAsArticle = itemCounting.articles.matchesExactly(words, position..<end) != nil
                position = end
            } else if tokens[position].isNumber {
                return nil
            }
        }
        var unit: String?
        let beforeUnit = position
        if let unitAfter {
            unit = unitAfter
        } else if let (end, sized) = sizedContainer(at: position, tokens: tokens, words: words, before: range.upperBound) {
            // "a 10 pack of sausages", "2 x 500ml cream": how many, and the size of each.
            unit = sized
            position = end
        } else if let list = units, let (end, payload) = valueLists[list].phrases.longestMatch(in: words, at: position), end < range.upperBound {
            // "2 kg of flour", "a loaf of bread": a unit needs a quantity or a following "of",
            // unless the grammar says it is one of it alone ("пачку масла"), or a half follows ("kilo y medio").
            let wordGoesOn = quantity == nil && Self.wordGoesOn(after: end, in: tokens)
            let followedByOf = itemAfterQuantity.longestMatch(in: words, at: end) != nil && !wordGoesOn
            let one = !itemBareUnits.isEmpty && itemBareUnits.matchesExactly(words, position..<end) != nil && !wordGoesOn
            let half = quantity == nil ? fractionAfterUnit(in: words, tokens: tokens, at: end, before: range.upperBound) : nil
            if quantity != nil || followedByOf || one || half != nil {
                unit = valueLists[list].values[Int(payload)]
                position = end
                if half != nil { quantity = .some(.one) }
                // "a case of 24 beers", "一箱24瓶啤酒", "thùng 24 lon bia": the size of each after the container.
                let said = valueLists[list].values[Int(payload)]
                if let (more, moreEnd) = smallerAmount(after: said, at: position, tokens: tokens, words: words, before: range.upperBound) {
                    // "un kilo doscientos de pollo", "1 кг 200 гр", "2 ký 3": kilograms and grams said together.
                    let whole: Fraction = if case .some(let said?) = quantity { said } else { .one }
                    quantity = .some(whole.adding(more))
                    position = moreEnd
                } else if half == nil, !Self.measures.contains(said), fractionAfterUnit(in: words, tokens: tokens, at: position, before: range.upperBound) == nil,
                   let (sizeEnd, size) = sizeAfterContainer(at: position, tokens: tokens, words: words, before: range.upperBound) {
                    unit = "\(said)/\(size)"
                    position = sizeEnd
                }
            }
        }
        // "2 lốc sting dâu 6 lon", "1 thùng bia 24 lon", "2 Kisten Wasser 6 Flaschen": the size of each
        // container said after the thing's name is no part of the name.
        if let container = unit, unitAfter == nil, !container.contains("/"), !Self.measures.contains(container),
           let (sizeStart, size) = sizeAfterName(position..<range.upperBound, tokens: tokens, words: words) {
            unit = "\(container)/\(size)"
            range = range.lowerBound..<sizeStart
        }
        if case .some(let said?) = quantity, unit != nil, unitAfter == nil,
           let (end, fraction) = fractionAfterUnit(in: words, tokens: tokens, at: position, before: range.upperBound), end < range.upperBound {
            quantity = .some(said.adding(fraction))
            position = end
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
        guard !holdsWordsNoNameHas(position..<range.upperBound, tokens: tokens, words: words) else { return nil }
        // "加一包", "两瓶": a Chinese measure word counts a thing and is never one ("包" is no item); elsewhere a
        // container may be a thing too (a «батон» is a loaf and the bread), and "2 bottles" stays as said.
        if quantity != nil, unit == nil, let list = units, tokens[position].text.unicodeScalars.allSatisfy({ $0.properties.isIdeographic }),
           valueLists[list].phrases.matchesExactly(words, position..<range.upperBound) != nil {
            return nil
        }
        let name = asListed(text(position..<range.upperBound, tokens: tokens, sentence: sentence),
                            counted: (quantity != nil || unit != nil) && range == whole)
        if quantity == nil, oneMore != nil { quantity = .some(.one) }
        if saidAsArticle, quantity == .some(.one) { quantity = nil }
        let asksHowMany = if case .some(nil) = quantity { true } else { false }
        return ItemPhrase(name: name, quantity: quantity ?? nil, unit: unit, asksHowMany: asksHowMany)
    }

    /// "三文鱼", "五花肉", "八角", "一次性杯子": a number in Chinese numerals
    /// counts a thing only through a measure word or a unit ("三个苹果",
    /// "两斤排骨"); straight before another character it is the first of a
    /// name. "俩", "仨" hold their measure word ("俩苹果").
    private func numeralBeginsName(_ number: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>) -> Bool {
        let next = number.upperBound
        return next < tokens.count && Self.isIdeographic(tokens[next].text)
            && tokens[number].allSatisfy { $0.text.allSatisfy(Self.chineseNumerals.contains) }
            && itemAfterQuantity.longestMatch(in: words, at: next) == nil
            && units.map { valueLists[$0].phrases.longestMatch(in: words, at: next) == nil } ?? true
    }

    /// "包子", "罐头", "包菜", "盒饭", "瓶装水": a measure word said without a
    /// number counts one of what follows ("来包烟"), unless these make a word of it.
    private static func wordGoesOn(after unit: Int, in tokens: [Token]) -> Bool {
        unit < tokens.count && wordEndingsAfterAMeasureWord.contains(tokens[unit].text)
    }

    private static let wordEndingsAfterAMeasureWord: Set<String> = ["子", "头", "頭", "儿", "兒", "装", "裝", "菜", "心", "饭", "飯"]

    /// The numerals themselves: not "俩" or "仨", nor "打" (a dozen) of "一打".
    private static let chineseNumerals: Set<Character> = ["零", "一", "二", "两", "兩", "三", "四", "五", "六", "七", "八", "九", "十", "百", "千", "万", "萬"]

    private static func isIdeographic(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.isIdeographic }
    }

    /// A thing's name as a list shows it: in Russian, the nominative of a
    /// name said after an amount (`counted`: a number, a unit, "несколько")
    /// in the genitive, else, after a verb, in the accusative ("добавь
    /// гречку", "два литра молока"); in other languages, as said.
    func asListed(_ name: String, counted: Bool) -> String {
        itemWordForms == .russian ? RussianWordForms.nominative(name, from: counted ? .genitive : .accusative) : name
    }

    /// True when the words of an item's name are evidence that it is no
    /// name: it starts with a word no name starts with ("à la liste du
    /// marché 3 pommes", "em 2 hộp sữa chua"), or holds a word no name holds
    /// ("zu meiner Baumarktliste Eier", "ли в списке молока") — a list's
    /// word, also as the end of a compound, or a question's, before any
    /// word that may lead to a list ("tea for my list" is tea, for the
    /// session to put on "my list"). Such a reading
    /// is dropped, so the line is read another way, or not understood and
    /// answered so, rather than stored as a junk item.
    private func holdsWordsNoNameHas(_ name: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>) -> Bool {
        guard !name.isEmpty else { return false }
        if itemNotFirst.longestMatch(in: words, at: name.lowerBound).map({ $0.end <= name.upperBound }) == true { return true }
        // "fromage râpé au lieu de" (100g): the words that take an amount back end no name.
        if name.contains(where: { itemCounting.amountTakenBack.matchesExactly(words, $0..<name.upperBound) != nil }) { return true }
        for start in name {
            // "tea for my list": an item, then the list it goes on, which the session reads apart.
            if start > name.lowerBound, itemListAfter.longestMatch(in: words, at: start) != nil { return false }
            if itemNeverInName.longestMatch(in: words, at: start).map({ $0.end <= name.upperBound }) == true { return true }
            let word = tokens[start].text
            for suffix in listCompoundSuffixes where word.count > suffix.count + 1 && word.hasSuffix(suffix) { return true }
        }
        return false
    }

    /// A container's size said before it, after the count: "a 10 pack",
    /// "2 5kg bags", or a size alone after an "x" ("2 x 500ml cream", a
    /// piece each). The unit as stored ("pack/10", "bag/5kg",
    /// "piece/500ml") and where it ends; nil when the words say no size.
    private func sizedContainer(at position: Int, tokens: [Token], words: UnsafeBufferPointer<Int32>, before limit: Int) -> (end: Int, unit: String)? {
        // "2 x 500ml": the "x" of a count, then the size of each.
        var start = position
        let afterX = itemQuantityAfter.longestMatch(in: words, at: position).map(\.end)
        if let afterX { start = afterX }
        guard let list = units, let (numberEnd, size) = number(in: words, tokens: tokens, at: start, before: limit),
              size.numerator > 0 else { return nil }
        var end = numberEnd
        var measure = ""
        if let (unitEnd, payload) = valueLists[list].phrases.longestMatch(in: words, at: end), unitEnd < limit, Self.measures.contains(valueLists[list].values[Int(payload)]) {
            measure = valueLists[list].values[Int(payload)]
            end = unitEnd
        }
        if let (containerEnd, payload) = valueLists[list].phrases.longestMatch(in: words, at: end), containerEnd < limit,
           !Self.measures.contains(valueLists[list].values[Int(payload)]) {
            let container = valueLists[list].values[Int(payload)]
            guard !container.contains("/") else { return nil }
            return (containerEnd, "\(container)/\(size.description)\(measure)")
        }
        // "2 x 500ml cream": a measure of each after the "x".
        guard !measure.isEmpty, afterX != nil else { return nil }
        return (end, "piece/\(size.description)\(measure)")
    }

    /// The size of each container, said after it: "of 24" in "a case of 24
    /// beers", "de 6" in "2 packs de 6 de agua", "à 24" in "Kiste à 24
    /// Flaschen Bier", "24瓶" in "一箱24瓶啤酒", "24 lon" in "thùng 24 lon
    /// bia". A name must follow; what is said of it is its count ("24") or
    /// its measure ("1.5litre").
    private func sizeAfterContainer(at start: Int, tokens: [Token], words: UnsafeBufferPointer<Int32>, before limit: Int) -> (end: Int, size: String)? {
        var position = start
        // The joiner is an "after quantity" word of the grammar: "of", "de", "à", "по".
        if let (end, _) = itemAfterQuantity.longestMatch(in: words, at: position), end < limit { position = end }
        // A size is a whole number of two or more: "一斤半" is a jin and a half, not jins of half a one.
        guard position < limit, let (numberEnd, size) = number(in: words, tokens: tokens, at: position, before: limit), numberEnd < limit,
              size.isWhole, size.numerator >= 2 else { return nil }
        position = numberEnd
        var measure = ""
        if let list = units, let (end, payload) = valueLists[list].phrases.longestMatch(in: words, at: position), end < limit {
            // "24 bottles of", "24瓶": what each holds is counted in a container, or measured.
            let unit = valueLists[list].values[Int(payload)]
            if Self.measures.contains(unit) { measure = unit }
            position = end
        }
        // "24个", "de 6 de agua", "of beer": a counting word or an "of" after it.
        if let (end, _) = itemAfterQuantity.longestMatch(in: words, at: position), end < limit { position = end }
        position = dropLeading(itemDropBefore, position..<limit, words: words).lowerBound
        guard position < limit, !tokens[position].isNumber else { return nil }
        return (position, "\(size.description)\(measure)")
    }

    /// The size of each container, said after the thing's name and ending
    /// it: "6 lon" in "2 lốc sting dâu 6 lon", "30 quả" in "1 vỉ trứng cút
    /// 30 quả" (a whole number of two or more, then a unit that counts or a
    /// counting word), where the size starts, and how many each holds; nil
    /// when the name ends otherwise. A measure ends a name only after a
    /// word of `after quantity` ("2 bolsas de hielo de 5 kilos", "un sac de
    /// patates de 10 livres", "2 Kartons Orangensaft à 1 Liter": 5 kg, 10 lb,
    /// a litre each); alone, "nước suối 24 chai 500ml" says two sizes, and is left as said.
    private func sizeAfterName(_ name: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>) -> (start: Int, size: String)? {
        guard let list = units, name.count >= 3 else { return nil }
        for start in (name.lowerBound + 1)..<(name.upperBound - 1) {
            if let (ofEnd, _) = itemAfterQuantity.longestMatch(in: words, at: start), !tokens[start].isNumber,
               let (numberEnd, size) = number(in: words, tokens: tokens, at: ofEnd, before: name.upperBound), numberEnd < name.upperBound,
               let (unitEnd, payload) = valueLists[list].phrases.longestMatch(in: words, at: numberEnd), unitEnd == name.upperBound,
               case let measure = valueLists[list].values[Int(payload)], Self.measures.contains(measure) {
                return (start, "\(size.description)\(measure)")
            }
            guard let (numberEnd, size) = number(in: words, tokens: tokens, at: start, before: name.upperBound), size.isWhole, size.numerator >= 2,
                  numberEnd < name.upperBound else { continue }
            if let (unitEnd, payload) = valueLists[list].phrases.longestMatch(in: words, at: numberEnd), unitEnd == name.upperBound {
                return Self.measures.contains(valueLists[list].values[Int(payload)]) ? nil : (start, size.description)
            }
            if itemAfterQuantity.matchesExactly(words, numberEnd..<name.upperBound) != nil, !tokens[numberEnd].isNumber {
                return (start, size.description)
            }
        }
        return nil
    }

    /// "2kg", "un bouquet", "3": a number or an article, and perhaps a unit,
    /// and nothing else; nil for anything more.
    private func amountAlone(_ range: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>) -> (Fraction?, String?)? {
        guard let (end, value) = number(in: words, tokens: tokens, at: range.lowerBound, before: range.upperBound) else { return nil }
        let article = itemCounting.articles.matchesExactly(words, range.lowerBound..<end) != nil
        if end == range.upperBound { return article ? nil : (value, nil) }
        guard let list = units, let (unitEnd, payload) = valueLists[list].phrases.longestMatch(in: words, at: end), unitEnd == range.upperBound else { return nil }
        return (article ? nil : value, valueLists[list].values[Int(payload)])
    }

    /// What is said after kilograms of the grams with them, in kilograms:
    /// "doscientos" in "un kilo doscientos" (200 g), "200 гр" in "1 кг 200
    /// гр", "3" in "2 ký 3" (3 lạng), "zwanzig deka" (20 dag). A number
    /// under 10 with no unit counts hundreds of grams, as a market does.
    /// A name follows, unless `ending`: then the grams end the phrase.
    private func smallerAmount(
        after unit: String, at start: Int, tokens: [Token], words: UnsafeBufferPointer<Int32>, before limit: Int, ending: Bool = false
    ) -> (Fraction, Int)? {
        guard unit == "kg", start < limit, let (end, value) = number(in: words, tokens: tokens, at: start, before: limit), value.isWhole,
              itemCounting.articles.matchesExactly(words, start..<end) == nil else { return nil }
        var grams: Int
        var position = end
        if let list = units, let (unitEnd, payload) = valueLists[list].phrases.longestMatch(in: words, at: end), unitEnd <= limit {
            let smaller: [String: Int] = ["g": 1, "dag": 10, "lang": 100, "liang": 50]
            guard let size = smaller[valueLists[list].values[Int(payload)]] else { return nil }
            grams = value.numerator * size
            position = unitEnd
        } else {
            grams = value.numerator < 10 ? value.numerator * 100 : value.numerator
        }
        // A name must follow (or nothing, `ending`), and the grams be less than a kilogram.
        guard grams > 0, grams < 1_000, ending ? position == limit : position < limit else { return nil }
        if ending { return (Fraction(grams, over: 1_000), position) }
        if let (ofEnd, _) = itemAfterQuantity.longestMatch(in: words, at: position), ofEnd < limit { position = ofEnd }
        return (Fraction(grams, over: 1_000), position)
    }

    /// Units that measure (a size of each: "500ml"), not containers.
    static let measures: Set<String> = ["kg", "g", "lb", "oz", "litre", "ml", "cl", "dl", "pint", "gallon", "jin", "liang", "lang", "pfund", "dag"]

    /// "and a half" after a unit ("a kilo and a half of flour"): the `and`
    /// word, then a fraction said in words.
    private func fractionAfterUnit(in words: UnsafeBufferPointer<Int32>, tokens: [Token], at position: Int, before limit: Int) -> (end: Int, value: Fraction)? {
        // "一斤半", "ký rưỡi": a half said right after the unit.
        if let (end, _) = halvesAfter.longestMatch(in: words, at: position), end <= limit { return (end, Fraction(1, over: 2)) }
        guard let (joinerEnd, _) = numberJoiners.longestMatch(in: words, at: position), joinerEnd < limit, !tokens[joinerEnd].isNumber,
              let (end, value) = number(in: words, tokens: tokens, at: joinerEnd, before: limit), value.isProperFraction else { return nil }
        return (end, value)
    }

    /// A quantity written after an item's name, ending its phrase: "x 2" in
    /// "eggs x 2", "1 kg" in "flour 1 kg", "2" in "milk 2", "a kilo" in
    /// "potatoes a kilo", «кило» in «яблок кило».
    private struct QuantityAfterName {
        /// Where it starts: the "x", the number, or a unit said alone.
        let start: Int
        let number: Fraction
        /// "kg" in "flour 1 kg"; nil after an "x" or with no unit.
        let unit: String?
        /// One said with an article or a unit alone ("a kilo", «кило»), not with a number.
        var saidAsArticle = false
    }

    /// The quantity after an item's name ending `range`, if there is one.
    /// The item needs a word before it, so "x 2" alone is no quantity, and
    /// must not start with a number for "1 kg" to count. With `bareNumber`,
    /// digits alone after a name ("milk 2") are its quantity, unless the
    /// word before them is written in capitals ("WD 40"): then, as always
    /// without `bareNumber`, they are part of the name.
    private func quantityAfterName(
        _ range: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>, sentence: String, bareNumber: Bool
    ) -> QuantityAfterName? {
        guard range.count >= 2, !tokens[range.lowerBound].isNumber else { return nil }
        if let kilograms = kilogramsAndGramsAfterName(range, tokens: tokens, words: words) { return kilograms }
        let last = range.upperBound - 1
        if tokens[last].isNumber, let number = NumberReader.read(tokens[last].text, decimalMark: decimalMark) {
            if !itemQuantityAfter.isEmpty {
                for start in (range.lowerBound + 1)..<last where itemQuantityAfter.matchesExactly(words, start..<last) != nil {
                    return QuantityAfterName(start: start, number: number, unit: nil)
                }
            }
            // Typed apart from the name ("milk 2", not "x2"), after a word that is not a code ("WD 40") nor an "x".
            let typedApart = tokens[last - 1].range.upperBound < tokens[last].range.lowerBound
            if bareNumber, typedApart, !isCapitalized(tokens[last - 1], in: sentence),
               itemQuantityAfter.matchesExactly(words, (last - 1)..<last) == nil {
                return QuantityAfterName(start: last, number: number, unit: nil)
            }
        }
        guard range.count >= 3 else { return weightAloneAfterName(range, words: words) }
        // A number, in digits or words, and a unit of a word or two end the phrase: "flour 1 kg" ("flour 1kg" is
        // split the same way), "potatoes two kilos", "patatas un kilo", «картошки пару кило». The first number
        // that reaches a unit is the whole of it ("twenty two kilos"); after an "of" it is the name's ("pan de un kilo").
        for start in max(range.lowerBound + 1, range.upperBound - 5)..<last
        where !isOf(at: start - 1, words: words) && itemQuantityAfter.matchesExactly(words, start..<(start + 1)) == nil {
            guard let list = units, let (numberEnd, number) = self.number(in: words, tokens: tokens, at: start, before: last),
                  let (end, payload) = valueLists[list].phrases.longestMatch(in: words, at: numberEnd) else { continue }
            // "柳丁一斤半", "thịt vai 3 lạng rưỡi": a half after the unit ends it too.
            var amount = number
            if end < range.upperBound {
                guard let (fractionEnd, fraction) = fractionAfterUnit(in: words, tokens: tokens, at: end, before: range.upperBound),
                      fractionEnd == range.upperBound else { continue }
                amount = number.adding(fraction)
            }
            let article = itemCounting.articles.matchesExactly(words, start..<numberEnd) != nil
            return QuantityAfterName(start: start, number: amount, unit: valueLists[list].values[Int(payload)], saidAsArticle: article)
        }
        if let measure = weightAloneAfterName(range, words: words) { return measure }
        // "trứng 10 quả", "bắp 3 trái", "鸡蛋两个": a number, in digits or words, and the word that counts it,
        // after the name; "檸檬茶一打": a number of two words or more ending it.
        for start in max(range.lowerBound + 1, range.upperBound - 4)..<range.upperBound {
            guard let (numberEnd, number) = self.number(in: words, tokens: tokens, at: start, before: range.upperBound) else { continue }
            if numberEnd < range.upperBound, itemAfterQuantity.matchesExactly(words, numberEnd..<range.upperBound) != nil {
                return QuantityAfterName(start: start, number: number, unit: nil)
            }
            if numberEnd == range.upperBound, numberEnd - start >= 2, !tokens[start..<numberEnd].contains(where: \.isNumber) {
                return QuantityAfterName(start: start, number: number, unit: nil)
            }
        }
        return nil
    }

    /// "bạch tuộc 2 ký 3", "яблок 1 кг 200 г": kilograms and the grams with
    /// them (``smallerAmount(after:at:tokens:words:before:ending:)``) ending a name.
    private func kilogramsAndGramsAfterName(_ range: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>) -> QuantityAfterName? {
        guard range.count >= 4, let list = units else { return nil }
        for start in max(range.lowerBound + 1, range.upperBound - 6)..<(range.upperBound - 2) where !isOf(at: start - 1, words: words) {
            guard let (numberEnd, number) = self.number(in: words, tokens: tokens, at: start, before: range.upperBound - 1),
                  let (unitEnd, payload) = valueLists[list].phrases.longestMatch(in: words, at: numberEnd), unitEnd < range.upperBound,
                  valueLists[list].values[Int(payload)] == "kg",
                  let (grams, end) = smallerAmount(after: "kg", at: unitEnd, tokens: tokens, words: words, before: range.upperBound, ending: true),
                  end == range.upperBound else { continue }
            return QuantityAfterName(start: start, number: number.adding(grams), unit: "kg")
        }
        return nil
    }

    /// «яблок кило», "thịt heo ký": a weight or volume the grammar says is
    /// one of it when said alone (`one unit`), ending a name of its own,
    /// is one of that measure. A container stays in the name, as it names
    /// a kind: "cá hộp" is tinned fish. Nil for anything else.
    private func weightAloneAfterName(_ range: Range<Int>, words: UnsafeBufferPointer<Int32>) -> QuantityAfterName? {
        guard range.count >= 2, !itemBareUnits.isEmpty, let list = units else { return nil }
        for start in max(range.lowerBound + 1, range.upperBound - 2)..<range.upperBound
        where itemBareUnits.matchesExactly(words, start..<range.upperBound) != nil && !isOf(at: start - 1, words: words) {
            guard let (end, payload) = valueLists[list].phrases.longestMatch(in: words, at: start), end == range.upperBound else { continue }
            let unit = valueLists[list].values[Int(payload)]
            guard Self.measures.contains(unit) else { return nil }
            return QuantityAfterName(start: start, number: .one, unit: unit, saidAsArticle: true)
        }
        return nil
    }

    /// True when the word at `position` is one that joins an amount to what it measures ("of", "de").
    private func isOf(at position: Int, words: UnsafeBufferPointer<Int32>) -> Bool {
        itemAfterQuantity.matchesExactly(words, position..<(position + 1)) != nil
    }

    /// "WD", "AA": a word typed in capitals only, as codes and brands are.
    private func isCapitalized(_ token: Token, in sentence: String) -> Bool {
        let typed = sentence[token.range]
        return typed.contains { $0.isUppercase } && !typed.contains { $0.isLowercase }
    }

    /// True when `phrase` is no more than the language's word for a list
    /// ("list", "Liste", "lista", "список"): what "my list" or "die Liste"
    /// leaves once its article or owner is dropped. Such a phrase means the
    /// default list even where a list is called "Liste".
    public func isBareListWord(_ phrase: String) -> Bool {
        let tokens = self.tokens(phrase)
        guard !tokens.isEmpty else { return false }
        return wordIDs(tokens).withUnsafeBufferPointer { words in
            // "Shopping list" may name a list of its own; "list", "Liste", "список" alone never do.
            listDropAfter.matchesExactly(words, 0..<tokens.count) != nil
                || tokens.count == 1 && itemNeverInName.matchesExactly(words, 0..<tokens.count) != nil
        }
    }

    /// "the shopping list" → ["the shopping list", "shopping list"],
    /// "список Список покупок" → ["список Список покупок", "Список покупок"]:
    /// a phrase for a list as said, then without each of the words leading to
    /// a list in turn. Longest first: a list the speaker has, called by the
    /// longest, is the one meant.
    public func listPhraseReadings(_ phrase: String) -> [String] {
        let tokens = self.tokens(phrase)
        guard !tokens.isEmpty else { return [phrase] }
        return wordIDs(tokens).withUnsafeBufferPointer { words in
            var readings = [phrase], start = 0
            while let (end, _) = listDropBefore.longestMatch(in: words, at: start), end < tokens.count {
                start = end
                readings.append(text(start..<tokens.count, tokens: tokens, sentence: phrase))
            }
            return readings
        }
    }

    /// "the shopping list" → "shopping", "la lista del súper" → "súper":
    /// the words of a phrase for the default list that could be a list's
    /// own name, without the words leading to a list and the list word
    /// after it; nil when no word was dropped, or none is left. A list the
    /// speaker has of that name is what the phrase names (the session decides).
    public func nameInsideListPhrase(_ phrase: String) -> String? {
        let tokens = self.tokens(phrase)
        guard !tokens.isEmpty else { return nil }
        return wordIDs(tokens).withUnsafeBufferPointer { words -> String? in
            var core = dropLeading(listDropBefore, 0..<tokens.count, words: words)
            if let cut = (core.lowerBound + 1..<core.upperBound).first(where: { listDropAfter.matchesExactly(words, $0..<core.upperBound) != nil }) {
                core = core.lowerBound..<cut
            }
            guard !core.isEmpty, core != 0..<tokens.count else { return nil }
            return text(core, tokens: tokens, sentence: phrase)
        }
    }

    /// A whole line read as items and nothing else ("leche y pan", "2
    /// baguettes", "Milch + Brot"), as an `{items}` slot reads them; nil
    /// when some piece is no item. Whether a line with no verb is meant as
    /// items is for the caller to weigh: see the session's bare items.
    /// `wholeLine`: `line` is all the speaker said, so the words a line may
    /// end with ("asap", "no" for "noch") are no part of its last thing.
    public func itemPhrases(in line: String, wholeLine: Bool = false) -> [ItemPhrase]? {
        let tokens = glued.split(self.tokens(line), in: line).tokens
        guard !tokens.isEmpty else { return nil }
        return wordIDs(tokens).withUnsafeBufferPointer { words in
            let range = wholeLine ? withoutWordsAfter(0..<tokens.count, tokens: tokens, words: words) : 0..<tokens.count
            guard case .items(let items)? = readItems(range, tokens: tokens, words: words, sentence: line) else { return nil }
            return items
        }
    }

    /// The amounts a line says, in order, each a number and the unit after
    /// it if any: "sorry meant 4 cans not 2" → 4 cans, 2; "oops 2 lbs" →
    /// 2 lb. What a correction of the item just added may change it to.
    public func amounts(in line: String) -> [(quantity: Fraction, unit: String?)] {
        markedAmounts(in: line).map { ($0.quantity, $0.unit) }
    }

    /// The amount meant where a line says two or more: the one led by a
    /// word for the amount meant ("not 6 but 10", "von 6 auf 10"), else the
    /// first not led by a word that takes one back ("10 not 6", "12 statt
    /// 10", «не 6, а 10», "不是6个是10个"). Nil for a line of one amount or
    /// none, and for one of several where no word tells which is meant
    /// ("6 eggs 10"): a guess would change the list wrongly.
    public func meantAmount(in line: String) -> (quantity: Fraction, unit: String?)? {
        let amounts = markedAmounts(in: line)
        guard amounts.count > 1, amounts.contains(where: { $0.isTakenBack || $0.isMeant }) else { return nil }
        return (amounts.first { $0.isMeant && !$0.isTakenBack } ?? amounts.first { !$0.isTakenBack }).map { ($0.quantity, $0.unit) }
    }

    private struct MarkedAmount {
        let quantity: Fraction
        let unit: String?
        let isTakenBack: Bool
        let isMeant: Bool
    }

    private func markedAmounts(in line: String) -> [MarkedAmount] {
        let tokens = glued.split(self.tokens(line), in: line).tokens
        guard !tokens.isEmpty else { return [] }
        return wordIDs(tokens).withUnsafeBufferPointer { words in
            // A phrase of `set` that ends where the amount begins ("au lieu de" 6, "не" 6).
            func led(_ position: Int, by set: PhraseSet) -> Bool {
                (max(0, position - 4)..<position).contains { set.matchesExactly(words, $0..<position) != nil }
            }
            var found: [MarkedAmount] = []
            var position = 0
            while position < tokens.count {
                // Digits, or number words that are no article ("a", "un"): "make it a dozen" is said with a digit or a word.
                guard let (end, value) = number(in: words, tokens: tokens, at: position, before: tokens.count),
                      tokens[position].isNumber || itemCounting.articles.matchesExactly(words, position..<end) == nil else {
                    position += 1
                    continue
                }
                var unit: String?
                var next = end
                if let list = units, let (unitEnd, payload) = valueLists[list].phrases.longestMatch(in: words, at: end) {
                    unit = valueLists[list].values[Int(payload)]
                    next = unitEnd
                }
                found.append(MarkedAmount(quantity: value, unit: unit, isTakenBack: led(position, by: itemCounting.amountTakenBack),
                                          isMeant: led(position, by: itemCounting.amountMeant)))
                position = max(next, position + 1)
            }
            return found
        }
    }

    /// How many words of `line` the grammar has no word for, numbers left
    /// out: names, mostly. "oops 2 lbs" has none or one; "fromage en
    /// grains 1 lb" says a thing of its own.
    public func unknownWords(in line: String) -> Int {
        let tokens = glued.split(self.tokens(line), in: line).tokens
        return zip(tokens, wordIDs(tokens)).filter { token, id in id < 0 && !token.isNumber }.count
    }

    /// "and the tim tams", "juice as well", "y una piñata tmb", "и ещё курт",
    /// "还有贝果一袋": things said to go with the line before, led by a word
    /// that joins things or an "also" word, or ended by one; nil when no
    /// such word is said, or the rest is no things.
    public func continuation(in line: String) -> [ItemPhrase]? {
        let tokens = glued.split(self.tokens(line), in: line).tokens
        guard tokens.count >= 2 else { return nil }
        return wordIDs(tokens).withUnsafeBufferPointer { words -> [ItemPhrase]? in
            var range = 0..<tokens.count
            var joined = false
            // "oh and also", "à với": joining and "also" words, in any order, before the things.
            while range.count > 1, let (end, _) = itemSeparators.longestMatch(in: words, at: range.lowerBound).map({ $0 })
                    ?? itemAlso.longestMatch(in: words, at: range.lowerBound).map({ $0 }), end < range.upperBound {
                range = end..<range.upperBound
                joined = true
            }
            // "juice as well", "xì dầu nữa", "курт тоже".
            for start in stride(from: range.upperBound - 1, to: range.lowerBound, by: -1)
            where itemAlso.matchesExactly(words, start..<range.upperBound) != nil {
                range = range.lowerBound..<start
                joined = true
                break
            }
            guard joined, !range.isEmpty,
                  case .items(let items)? = readItems(withoutWordsAfter(range, tokens: tokens, words: words), tokens: tokens, words: words, sentence: line)
            else { return nil }
            return items
        }
    }

    /// `range` without the words a line may end with ("deodorant asap",
    /// "Schlagobers brauch ma no"): they are no part of the last thing.
    /// Only words set apart from it: in a script without spaces, "牛奶喇"
    /// may be a name the grammar never heard of, and "唔使買牛奶喇" no thing at all.
    private func withoutWordsAfter(_ range: Range<Int>, tokens: [Token], words: UnsafeBufferPointer<Int32>) -> Range<Int> {
        var end = range.upperBound
        while let start = (range.lowerBound + 1..<end).first(where: { start in
            tokens[start - 1].range.upperBound != tokens[start].range.lowerBound
                && !(tokens[start].text.unicodeScalars.first.map(Tokenizer.isUnspacedScript) ?? true)
                && fillersAfter.matchesExactly(words, start..<end) != nil
        }) { end = start }
        return range.lowerBound..<end
    }

    /// The items a phrase may name: "eggs and the bread" → eggs, bread; a
    /// phrase with no separator is one name. Whether "mac and cheese" is one
    /// item or two only the list can tell, so the caller decides.
    public func itemNames(in phrase: String) -> [String] {
        let tokens = glued.split(self.tokens(phrase), in: phrase).tokens
        guard !tokens.isEmpty else { return [] }
        return wordIDs(tokens).withUnsafeBufferPointer { words in
            split(0..<tokens.count, on: itemSeparators, words: words, tokens: tokens).compactMap { piece in
                readItemName(piece, tokens: tokens, words: words, sentence: phrase)
            }
        }
    }

    /// The ways an item's name could end with the name of a list ("sunscreen
    /// for Camping", "food for the dog"): the item before a `list after`
    /// word, and the list after it, read as a `{list}` slot is; the longest
    /// list name first. Whether such a list exists only the household knows,
    /// so the caller decides.
    public func trailingLists(in name: String) -> [(item: String, list: SlotValue)] {
        // An item, a word and a list are three words at least: "eggs" or "oat milk" need no look.
        guard !itemListAfter.isEmpty, name.utf8.lazy.filter({ $0 == UInt8(ascii: " ") }).count >= 2 else { return [] }
        let typed = glued.split(tokens(name), in: name)
        let tokens = typed.tokens
        guard tokens.count >= 3, !itemListAfter.isEmpty else { return [] }
        return wordIDs(tokens).withUnsafeBufferPointer { words in
            var found: [(item: String, list: SlotValue)] = []
            for start in 1..<(tokens.count - 1) {
                guard let (end, _) = itemListAfter.longestMatch(in: words, at: start), end < tokens.count,
                      let list = readListName(end..<tokens.count, typed: typed, words: words, sentence: name) else { continue }
                found.append((text(0..<start, tokens: tokens, sentence: name), list))
            }
            return found
        }
    }

    /// An item's name said with what it is for ("lollies for the kids
    /// party", "Zwetschken für an Kuchen", "куру на суп"): the thing before
    /// the grammar's first `purpose` word, and the words from it on, as
    /// typed, and what they are for ("the kids party" after "for the"). Whether
    /// the thing ends there ("shampoo for dry hair" may be one product) only
    /// the aisles and the household can tell, so the caller decides; `sure`:
    /// the words are of `purpose always` ("để làm bánh"), and it ends there.
    public func purposeSaid(in name: String) -> (item: String, purpose: String, subject: String, sure: Bool)? {
        guard !itemPurpose.isEmpty, name.contains(" ") else { return nil }
        let tokens = glued.split(tokens(name), in: name).tokens
        guard tokens.count >= 2 else { return nil }
        return wordIDs(tokens).withUnsafeBufferPointer { words in
            for start in 1..<tokens.count {
                // "for dinner": a purpose phrase may be all that is said of it.
                guard let end = purposeWords(in: words, tokens: tokens, at: start) else { continue }
                return (text(0..<start, tokens: tokens, sentence: name), text(start..<tokens.count, tokens: tokens, sentence: name),
                        end < tokens.count ? text(end..<tokens.count, tokens: tokens, sentence: name) : "",
                        itemSurePurpose.longestMatch(in: words, at: start) != nil)
            }
            return nil
        }
    }

    /// Whether `phrase` opens with the grammar's words for a purpose: "for
    /// Tayla's party", "на бешбармак", a head that says what things are for.
    public func opensWithPurpose(_ phrase: String) -> Bool {
        guard !itemPurpose.isEmpty else { return false }
        let tokens = glued.split(tokens(phrase), in: phrase).tokens
        guard tokens.count >= 2 else { return false }
        return wordIDs(tokens).withUnsafeBufferPointer { purposeWords(in: $0, tokens: tokens, at: 0) != nil }
    }

    /// Where the words for a purpose that begin at `start` end: the
    /// grammar's `purpose` words, or their first word before an owner's
    /// ("for saturday's bbq", "for mum's birthday"), which says whose as
    /// "the" or "my" would.
    private func purposeWords(in words: UnsafeBufferPointer<Int32>, tokens: [Token], at start: Int) -> Int? {
        if let (end, _) = itemPurpose.longestMatch(in: words, at: start) { return end }
        guard let suffix = listOwnerSuffix, start + 1 < tokens.count, itemPurpose.hasPhrase(beginningWith: words[start]),
              case let owner = tokens[start + 1].text.lowercased(), owner.count > suffix.count, owner.hasSuffix(suffix) else { return nil }
        return start + 1
    }

    /// The ways an item's name could end with a list's name said with no
    /// word before it ("zahnpasta drogerie", "螺丝 五金"): the item before,
    /// and the last one to three words read as a `{list}` slot is. Only
    /// the household can tell whether such a list exists, and whether the
    /// words are rather part of the item's name, so the caller decides.
    public func trailingBareLists(in name: String) -> [(item: String, list: SlotValue)] {
        guard name.utf8.contains(UInt8(ascii: " ")) else { return [] }
        let typed = glued.split(tokens(name), in: name)
        let tokens = typed.tokens
        guard tokens.count >= 2 else { return [] }
        return wordIDs(tokens).withUnsafeBufferPointer { words in
            stride(from: max(1, tokens.count - 3), to: tokens.count, by: 1).compactMap { start in
                guard let list = readListName(start..<tokens.count, typed: typed, words: words, sentence: name), case .list = list else { return nil }
                return (text(0..<start, tokens: tokens, sentence: name), list)
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
