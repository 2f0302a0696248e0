/// A compiled grammar as bytes, read back with no parsing and no
/// compiling: what ``GrammarCache`` keeps between runs, so that start-up
/// costs reading a file rather than compiling a grammar.
///
/// The order of the fields is the format. Change a field, and change
/// ``Grammar/archiveFormat`` with it: an archive of another format is never read.
extension Grammar {
    /// The version of the archive's layout; archives of any other are compiled anew.
    public static let archiveFormat = 12

    /// The grammar as bytes (see ``init(archive:)``).
    public func archived() -> [UInt8] {
        var writer = ArchiveWriter()
        writer.write(Self.archiveFormat)
        writer.write(language)
        writer.write(languageName)
        writer.write(intents)
        writer.write(helpTopics.map(\.name))
        writer.write(helpTopics.map(\.title))
        writer.write(defaultListName)
        let words = vocabulary.sorted { $0.value < $1.value }
        writer.write(words.map(\.key))
        writer.write(plain: words.map(\.value))
        writer.write(wordTable)
        writer.write(slotSpecs)
        writer.write(trie)
        writer.write(sentences)
        writer.write(fillersBefore)
        writer.write(fillersAfter)
        writer.write(valueLists.map(\.name))
        writer.write(valueLists.count)
        for list in valueLists { writer.write(list.values) }
        writer.write(valueLists.map(\.phrases))
        writer.write(numberJoiners)
        writer.write(halvesAfter)
        writer.write(gluedFractions)
        writer.write(Int(decimalMark))
        // The phrase sets one after another; `init(archive:)` takes them back by
        // position, in this order (the round-trip tests catch a swap).
        for set in [itemSeparators, itemDropBefore, itemAfterQuantity, itemQuantityAfter, itemNotLast, itemNotFirst, itemNeverInName,
                    itemCounting.askHowMany, itemCounting.oneMore, itemCounting.articles,
                    itemListAfter, listDropBefore, listDropAfter, defaultListPhrases, currentListPhrases, listOwnerAfter,
                    itemBareUnits, rephrasing.listLedBy, rephrasing.pronouns, itemAlso, itemPurpose, itemCounting.amountTakenBack, itemCounting.amountMeant,
                    questionParticles, itemSurePurpose] {
            writer.write(set)
        }
        writer.write(listOwnerSuffix)
        writer.write(listCompoundSuffixes)
        writer.write(elision.words.sorted())
        writer.write(wholeNames.names.sorted())
        let shorthand = self.shorthand.wholeWords.sorted { $0.key < $1.key }
        writer.write(shorthand.map(\.key))
        writer.write(shorthand.map(\.value))
        let afterHyphen = self.shorthand.afterHyphen.sorted { $0.key < $1.key }
        writer.write(afterHyphen.map(\.key))
        writer.write(afterHyphen.map(\.value))
        writer.write(self.shorthand.keptBefore.sorted())
        writer.write(itemWordForms?.rawValue)
        writer.write(nameHeadFirst ? 1 : 0)
        writer.write(plain: nameEvidence.isSentenceWord.map { $0 ? UInt8(1) : 0 })
        writer.write(nameEvidence.namesMayHold)
        writer.write(nameEvidence.halfRead)
        writer.write(nameEvidence.halfReadSpelled.sorted())
        writer.write(cues.phrases)
        writer.write(cues.intentsOfPhrase.count)
        for intents in cues.intentsOfPhrase { writer.write(plain: intents) }
        return writer.bytes
    }

    /// Reads what ``archived()`` wrote, checking it as it goes; an archive
    /// of another format, cut short or out of shape is an error, never a
    /// grammar that matches wrongly.
    public convenience init(archive bytes: UnsafeRawBufferPointer) throws(ArchiveError) {
        var reader = ArchiveReader(bytes)
        guard try reader.readInt() == Self.archiveFormat else { throw ArchiveError.malformed("another format") }
        let language = try reader.readString()
        let languageName = try reader.readString()
        let intents: [Intent] = try reader.readArray()
        let topicNames = try reader.readStrings()
        let topicTitles = try reader.readStrings()
        guard topicNames.count == topicTitles.count else { throw ArchiveError.malformed("help topics without titles") }
        let defaultListName = try reader.readString()
        let words = try reader.readStrings()
        let ids: [Int32] = try reader.readPlain()
        guard words.count == ids.count else { throw ArchiveError.malformed("words without ids") }
        let vocabulary = Dictionary(zip(words, ids)) { first, _ in first }
        let wordTable: Vocabulary = try reader.read()
        let slotSpecs: [SlotSpec] = try reader.readArray()
        let trie: WordTrie = try reader.read()
        let sentences: [Sentence] = try reader.readArray()
        let fillersBefore: PhraseSet = try reader.read()
        let fillersAfter: PhraseSet = try reader.read()
        let listNames = try reader.readStrings()
        let listCount = try reader.readCount()
        guard listCount == listNames.count else { throw ArchiveError.malformed("value lists without values") }
        var listValues: [[String]] = []
        for _ in 0..<listCount { listValues.append(try reader.readStrings()) }
        let listPhrases: [PhraseSet] = try reader.readArray()
        guard listPhrases.count == listNames.count else { throw ArchiveError.malformed("value lists without phrases") }
        let numberJoiners: PhraseSet = try reader.read()
        let halvesAfter: PhraseSet = try reader.read()
        let gluedFractions = try reader.readStrings()
        let decimalMark = try reader.readInt()
        guard (0...127).contains(decimalMark) else { throw ArchiveError.malformed("a decimal mark beyond ASCII") }
        var sets: [PhraseSet] = []
        for _ in 0..<25 { sets.append(try reader.read()) }
        let listOwnerSuffix = try reader.readOptionalString()
        let listCompoundSuffixes = try reader.readStrings()
        let elision = Elision(try reader.readStrings())
        let wholeNames = WholeNames(try reader.readStrings())
        let typed = try reader.readStrings(), whole = try reader.readStrings()
        guard typed.count == whole.count else { throw ArchiveError.malformed("shorthand without its whole words") }
        let hung = try reader.readStrings(), standing = try reader.readStrings()
        guard hung.count == standing.count else { throw ArchiveError.malformed("words after a hyphen without what they stand for") }
        let shorthand = Shorthand(wholeWords: Dictionary(zip(typed, whole), uniquingKeysWith: { first, _ in first }),
                                  afterHyphen: Dictionary(zip(hung, standing), uniquingKeysWith: { first, _ in first }),
                                  keptBefore: Set(try reader.readStrings()))
        let itemWordForms = try reader.readOptionalString().map { name throws(ArchiveError) in
            guard let forms = ItemWordForms(rawValue: name) else { throw ArchiveError.malformed("unknown word forms “\(name)”") }
            return forms
        }
        let nameHeadFirst = try reader.readInt()
        let sentenceWordFlags: [UInt8] = try reader.readPlain()
        let namesMayHold: PhraseSet = try reader.read()
        let halfRead: PhraseSet? = try reader.readOptional()
        let halfReadSpelled = Set(try reader.readStrings())
        let cuePhrases: PhraseSet = try reader.read()
        let cueCount = try reader.readCount()
        var intentsOfPhrase: [[Int]] = []
        for _ in 0..<cueCount { intentsOfPhrase.append(try reader.readPlain()) }
        guard reader.isAtEnd else { throw ArchiveError.malformed("bytes after the grammar") }
        // What indexes another table must stay inside it.
        guard slotSpecs.allSatisfy({ spec in
                  if case .values(let index) = spec.kind { index >= 0 && index < listNames.count } else { true }
              }),
              sentences.allSatisfy({ $0.intent >= 0 && $0.intent < intents.count }),
              intentsOfPhrase.allSatisfy({ $0.allSatisfy { $0 >= 0 && $0 < intents.count } }),
              trie.fits(slots: slotSpecs.count, payloads: sentences.count),
              zip(listPhrases, listValues).allSatisfy({ $0.trie.fits(slots: 0, payloads: $1.count) }),
              cuePhrases.trie.fits(slots: 0, payloads: cueCount),
              ([fillersBefore, fillersAfter, numberJoiners, halvesAfter, namesMayHold] + sets + [halfRead].compactMap { $0 })
                  .allSatisfy({ $0.trie.fits(slots: 0, payloads: Int(Int32.max)) })
        else { throw ArchiveError.malformed("an index out of its table") }

        let nameEvidence = NameEvidence(
            sentenceWords: Set(sentenceWordFlags.indices.filter { sentenceWordFlags[$0] != 0 }.map { Int32($0) }),
            vocabularySize: sentenceWordFlags.count, namesMayHold: namesMayHold, halfRead: halfRead, halfReadSpelled: halfReadSpelled)
        self.init(
            language: language, languageName: languageName, intents: intents,
            helpTopics: zip(topicNames, topicTitles).map { (name: $0, title: $1) },
            defaultListName: defaultListName, vocabulary: vocabulary, slotSpecs: slotSpecs, trie: trie,
            sentences: sentences, fillersBefore: fillersBefore, fillersAfter: fillersAfter, questionParticles: sets[23],
            valueLists: (0..<listCount).map { (name: listNames[$0], values: listValues[$0], phrases: listPhrases[$0]) },
            itemSeparators: sets[0], itemDropBefore: sets[1], itemAfterQuantity: sets[2], itemQuantityAfter: sets[3],
            itemNotLast: sets[4], itemNotFirst: sets[5], itemNeverInName: sets[6],
            itemCounting: ItemCounting(askHowMany: sets[7], oneMore: sets[8], articles: sets[9], amountTakenBack: sets[21], amountMeant: sets[22]),
            itemListAfter: sets[10], numberJoiners: numberJoiners, halvesAfter: halvesAfter, gluedFractions: gluedFractions, decimalMark: UInt8(decimalMark),
            listDropBefore: sets[11], listDropAfter: sets[12], defaultListPhrases: sets[13], currentListPhrases: sets[14],
            listOwnerAfter: sets[15], listOwnerSuffix: listOwnerSuffix, listCompoundSuffixes: listCompoundSuffixes,
            elision: elision, wholeNames: wholeNames, shorthand: shorthand, itemWordForms: itemWordForms, nameHeadFirst: nameHeadFirst == 1, itemBareUnits: sets[16], itemAlso: sets[19], itemPurpose: sets[20], itemSurePurpose: sets[24], nameEvidence: nameEvidence,
            rephrasing: RephrasingWords(listLedBy: sets[17], pronouns: sets[18]),
            cues: IntentCues(phrases: cuePhrases, intentsOfPhrase: intentsOfPhrase), wordTable: wordTable)
    }
}

extension Grammar.Intent: Archivable {
    func archive(to writer: inout ArchiveWriter) {
        writer.write(name)
        writer.write(topic)
        writer.write(help)
        writer.write(examples)
        writer.write(slots.sorted())
    }

    init(from reader: inout ArchiveReader) throws(ArchiveError) {
        self.init(name: try reader.readString(), topic: try reader.readOptionalString(), help: try reader.readOptionalString(),
                  examples: try reader.readStrings(), slots: Set(try reader.readStrings()))
    }
}

extension Grammar.SlotSpec: Archivable {
    func archive(to writer: inout ArchiveWriter) {
        writer.write(name)
        switch kind {
        case .wildcard: writer.write(-1)
        case .word: writer.write(-2)
        case .number: writer.write(-3)
        case .values(let index): writer.write(index)
        }
    }

    init(from reader: inout ArchiveReader) throws(ArchiveError) {
        let name = try reader.readString()
        let kind: Kind
        switch try reader.readInt() {
        case -1: kind = .wildcard
        case -2: kind = .word
        case -3: kind = .number
        case let index where index >= 0: kind = .values(index)
        default: throw ArchiveError.malformed("an unknown kind of slot")
        }
        self.init(name: name, kind: kind)
    }
}

extension Grammar.Sentence: Archivable {
    /// A sentence's fixed slots are only ever the current list, a number or
    /// a value of a list (see `GrammarCompiler`).
    func archive(to writer: inout ArchiveWriter) {
        writer.write(intent)
        writer.write(asked)
        writer.write(asksFirst)
        writer.write(fixed.count)
        for slot in fixed {
            writer.write(slot.name)
            switch slot.value {
            case .currentList:
                writer.write(0)
            case .number(let number):
                writer.write(1)
                writer.write(number.numerator)
                writer.write(number.denominator)
            case .value(let value):
                writer.write(2)
                writer.write(value)
            default:
                preconditionFailure("a sentence fixes \(slot.name) to a kind of value no grammar compiles to")
            }
        }
    }

    init(from reader: inout ArchiveReader) throws(ArchiveError) {
        let intent = try reader.readInt()
        let asked = try reader.readBool()
        let asksFirst = try reader.readBool()
        var fixed: [Parse.Slot] = []
        for _ in 0..<(try reader.readCount()) {
            let name = try reader.readString()
            switch try reader.readInt() {
            case 0: fixed.append(Parse.Slot(name: name, value: .currentList))
            case 1: fixed.append(Parse.Slot(name: name, value: .number(Fraction(try reader.readInt(), over: try reader.readInt()))))
            case 2: fixed.append(Parse.Slot(name: name, value: .value(try reader.readString())))
            default: throw ArchiveError.malformed("an unknown kind of fixed slot")
            }
        }
        self.init(intent: intent, fixed: fixed, asked: asked, asksFirst: asksFirst)
    }
}

extension PhraseSet: Archivable {
    func archive(to writer: inout ArchiveWriter) {
        trie.archive(to: &writer)
    }

    init(from reader: inout ArchiveReader) throws(ArchiveError) {
        self.init(trie: try WordTrie(from: &reader))
    }
}
