import Foundation
import ShopTalkDomain
import ShopTalkGrammar

/// A question the bot asked instead of guessing or acting at once: "Delete
/// Groceries and its 9 items?", "Did you mean milk?", "How many napkins?".
///
/// It is kept in the conversation, and only the conversation's next line can
/// answer it ("yes", "no", or for "how many?" a number); any other line drops
/// it, and it expires after ``lifetime``. Answers are sentences like any
/// other, run with nothing more asked about them.
///
/// An immutable class, so that a conversation, copied in and out of the
/// bot's table on every line, carries one pointer for it, not two sentences
/// and a reply.
public final class PendingQuestion: Hashable, Sendable {
    /// Five minutes: long enough to read the question, short enough that a
    /// "yes" said much later is not taken for an answer to it.
    public static let lifetime: TimeInterval = 5 * 60

    public enum Kind: String, Hashable, Sendable {
        /// Deleting a list with items, clearing one: "yes" does it.
        case confirm
        /// A name that looks like a typo of a known item.
        case didYouMean = "did_you_mean"
        /// An item's name that ends with a list's name: "sunscreen for Camping".
        case listOrItem = "list_or_item"
        /// "several napkins": a number answers.
        case howMany = "how_many"
        /// "the milk" with two milks on the list: a line naming one answers.
        case whichItem = "which_item"
    }

    public let kind: Kind
    /// What "yes" runs.
    let onYes: Parse?
    /// What "no" runs; nil: nothing, and `declined` is the answer.
    let onNo: Parse?
    /// The reply to "no" when it runs nothing: "OK, Groceries stays as it is."
    let declined: Reply?
    /// For "how many?": the sentence a number completes, and which of its items the number is for.
    let awaitingQuantity: (sentence: Parse, item: Int)?
    /// A reading the reader was not sure of: "yes" keeps the line as the household's own example.
    let learning: LearnedLine?
    /// For "which one?": the sentence, the name said in it, and the items it may mean.
    let choosing: (sentence: Parse, said: String, choices: [String])?

    /// The reading asked about with "Did you mean …?", and the line it would teach; nil for other questions.
    var readingAsked: (meant: Parse, learning: LearnedLine)? {
        guard let learning, let onYes else { return nil }
        return (onYes, learning)
    }
    public let askedAt: Date

    private init(kind: Kind, onYes: Parse?, onNo: Parse?, declined: Reply?, awaitingQuantity: (sentence: Parse, item: Int)?,
                 learning: LearnedLine? = nil, choosing: (sentence: Parse, said: String, choices: [String])? = nil, askedAt: Date) {
        self.kind = kind
        self.onYes = onYes
        self.onNo = onNo
        self.declined = declined
        self.awaitingQuantity = awaitingQuantity
        self.learning = learning
        self.choosing = choosing
        self.askedAt = askedAt
    }

    static func whichItem(_ sentence: Parse, said: String, choices: [String], at now: Date) -> PendingQuestion {
        .init(kind: .whichItem, onYes: nil, onNo: nil, declined: Replies.nothingDone, awaitingQuantity: nil,
              choosing: (sentence, said, choices), askedAt: now)
    }

    /// The sentence a line answering "which one?" runs: the one choice the
    /// line names by a word that sets it apart ("the light one", "la verte",
    /// "全脂的"), nil when it names none, or several.
    func chosen(by line: String) -> Parse? {
        guard let choosing, line.count <= 40 else { return nil }
        let said = Set(Self.words(of: choosing.said))
        let typed = Self.folded(line)
        let typedWords = Self.words(of: line).filter { $0.count >= 3 }
        let named = choosing.choices.filter { choice in
            let apart = Self.words(of: choice).filter { !said.contains($0) }
            if choice.unicodeScalars.contains(where: { $0.value >= 0x3000 }) {
                // Written without spaces: what the choice says besides the name said, or two characters of it.
                let rest = apart.joined().replacingOccurrences(of: Self.folded(choosing.said), with: "")
                return !rest.isEmpty && (typed.contains(rest) || Self.pairs(of: rest).contains { typed.contains($0) })
            }
            // "verte" names "vert", "light" names "light": a word of the line that starts one of the choice's, or the other way round.
            return apart.contains { word in typedWords.contains { $0.hasPrefix(word) || (word.hasPrefix($0) && $0.count * 4 >= word.count * 3) } }
        }
        guard named.count == 1, let choice = named.first else { return nil }
        return choosing.sentence.naming(item: choice, insteadOf: choosing.said)
    }

    private static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func words(of text: String) -> [String] {
        folded(text).split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).map(String.init)
    }

    /// Every two characters side by side: "全脂" of "全脂纯".
    private static func pairs(of text: String) -> [String] {
        let characters = Array(text)
        guard characters.count > 2 else { return [] }
        return (0..<(characters.count - 1)).map { String(characters[$0...($0 + 1)]) }
    }

    static func confirm(_ sentence: Parse, declined: Reply, at now: Date) -> PendingQuestion {
        .init(kind: .confirm, onYes: sentence, onNo: nil, declined: declined, awaitingQuantity: nil, askedAt: now)
    }

    /// "Did you mean: …?" of a reading the reader was not sure of; "yes" does it and learns the line (when `learning` is given).
    static func confirmReading(_ sentence: Parse, learning: LearnedLine?, at now: Date) -> PendingQuestion {
        .init(kind: .confirm, onYes: sentence, onNo: nil, declined: Replies.nothingDone, awaitingQuantity: nil, learning: learning, askedAt: now)
    }

    static func choice(_ kind: Kind, yes: Parse, no: Parse, at now: Date) -> PendingQuestion {
        .init(kind: kind, onYes: yes, onNo: no, declined: nil, awaitingQuantity: nil, askedAt: now)
    }

    static func howMany(_ sentence: Parse, item: Int, at now: Date) -> PendingQuestion {
        .init(kind: .howMany, onYes: nil, onNo: nil, declined: nil, awaitingQuantity: (sentence, item), askedAt: now)
    }

    func hasExpired(at now: Date) -> Bool {
        now.timeIntervalSince(askedAt) > Self.lifetime
    }

    public static func == (lhs: PendingQuestion, rhs: PendingQuestion) -> Bool {
        lhs.kind == rhs.kind && lhs.onYes == rhs.onYes && lhs.onNo == rhs.onNo && lhs.declined == rhs.declined && lhs.learning == rhs.learning
            && lhs.awaitingQuantity?.sentence == rhs.awaitingQuantity?.sentence && lhs.awaitingQuantity?.item == rhs.awaitingQuantity?.item
            && lhs.askedAt == rhs.askedAt
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(onYes)
        hasher.combine(askedAt)
    }
}

extension Parse {
    /// The parse with `quantity`, and `unit` in place of any unit it had.
    func withAmount(_ quantity: Fraction, unit: String?) -> Parse {
        Parse(intent: intent, slots: slots.filter { $0.name != "quantity" && $0.name != "unit" } + [.init(name: "quantity", value: .number(quantity))]
              + (unit.map { [.init(name: "unit", value: .value($0))] } ?? []))
    }

    /// The same sentence without the slots called `names`.
    func without(_ names: Set<String>) -> Parse {
        Parse(intent: intent, slots: slots.filter { !names.contains($0.name) })
    }

    /// The same sentence with one slot's value replaced, or added when it had none.
    func replacing(_ name: String, with value: SlotValue) -> Parse {
        var slots = self.slots
        if let index = slots.firstIndex(where: { $0.name == name }) {
            slots[index] = Slot(name: name, value: value)
        } else {
            slots.append(Slot(name: name, value: value))
        }
        return Parse(intent: intent, slots: slots)
    }

    /// The same sentence with the list it named as `missing` named
    /// `suggestion` instead: what "yes" to "Did you mean Groceries?" runs.
    /// Nil for a sentence that deletes or empties a list, which is asked
    /// about again rather than run on a "yes" to another question.
    func naming(_ suggestion: String, insteadOf missing: String) -> Parse? {
        guard !["delete_list", "clear_list", "clear_checked"].contains(intent) else { return nil }
        var replaced = false
        let slots = slots.map { slot -> Slot in
            guard case .list(let name, let spoken, let owner) = slot.value, name == missing || spoken == missing else { return slot }
            replaced = true
            return Slot(name: slot.name, value: .list(name: suggestion, spoken: suggestion, owner: owner))
        }
        return replaced ? Parse(intent: intent, slots: slots) : nil
    }

    /// The same sentence with the thing it named as `missing` named
    /// `suggestion` instead: what "yes" to "There is no “carne” on Semana.
    /// Did you mean carne picada?" runs. Nil when no slot named it so.
    func naming(item suggestion: String, insteadOf missing: String) -> Parse? {
        var replaced = false
        let slots = slots.map { slot -> Slot in
            switch slot.value {
            case .text(let said) where slot.name == "item" && said.caseInsensitiveCompare(missing) == .orderedSame:
                replaced = true
                return Slot(name: slot.name, value: .text(suggestion))
            case .items(let phrases) where phrases.contains(where: { $0.name.caseInsensitiveCompare(missing) == .orderedSame }):
                replaced = true
                return Slot(name: slot.name, value: .items(phrases.map { phrase in
                    phrase.name.caseInsensitiveCompare(missing) == .orderedSame
                        ? phrase.renamed(suggestion) : phrase
                }))
            default:
                return slot
            }
        }
        return replaced ? Parse(intent: intent, slots: slots) : nil
    }
}
