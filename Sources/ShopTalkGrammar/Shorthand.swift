/// Words a family types in a hurry ("ko", "nc", "щас", "stp") and the
/// words a verb or a noun carries after a hyphen ("молоко-то", "добавь-ка",
/// "ôte-le", "mets-nous"). The grammar lists them:
///
/// ```
/// shorthand: không = ko | k | hông
/// particles after hyphen: то | ка
/// particles kept after: что | кто
/// words after hyphen: ça = le | la | les | en
/// ```
///
/// and a line is read with the whole word, without the particle, and with
/// the word after a hyphen as a word of its own, before any sentence, model
/// or name sees it: "thêm nc giặt" stores "nước giặt", "печенье-то удали"
/// takes the biscuits off, and "le jambon, ôte-le" reads as "le jambon,
/// ôte ça", whose "ça" points back at the ham. "что-то" keeps its particle,
/// which there makes a word of its own.
///
/// Only whole words are spelled out, as typed and lowercased: "hong" (not
/// "hông") is "hồng" or "hỏng" as often as "không", so a shorthand lists
/// exactly the spellings that mean one word.
public struct Shorthand: Hashable, Sendable {
    /// A typed form, lowercased, and the word it stands for.
    let wholeWords: [String: String]
    /// What may hang on a word after a hyphen, and the word it stands for
    /// there: "" for a particle that adds only a tone ("то", "ка") or a
    /// person the thing is for ("moi", "nous"); "ça" for "le", "les", "en".
    let afterHyphen: [String: String]
    /// "что", "кто": words a particle makes into another word ("что-то").
    let keptBefore: Set<String>

    init(wholeWords: [String: String] = [:], afterHyphen: [String: String] = [:], keptBefore: Set<String> = []) {
        self.wholeWords = wholeWords
        self.afterHyphen = afterHyphen
        self.keptBefore = keptBefore
    }

    var isEmpty: Bool { wholeWords.isEmpty && afterHyphen.isEmpty }

    /// `line` with each shorthand spelled out and each word after a hyphen
    /// taken off or set apart; the line itself when it holds neither.
    public func spelledOut(_ line: String) -> String {
        guard !isEmpty else { return line }
        var result = ""
        var copied = line.startIndex
        for token in Tokenizer.tokenize(line) where !token.isNumber {
            if let whole = wholeWords[token.text] {
                result += line[copied..<token.range.lowerBound]
                result += whole
                copied = token.range.upperBound
            } else if !afterHyphen.isEmpty, let (stemEnd, words) = wordsAfterHyphens(line[token.range], lowered: token.text) {
                // "mets-nous-en": each word after a hyphen, from the last, until the stem is left.
                result += line[copied..<stemEnd]
                result += words.reversed().filter { !$0.isEmpty }.map { " " + $0 }.joined()
                copied = token.range.upperBound
            }
        }
        guard copied != line.startIndex else { return line }
        result += line[copied...]
        return result
    }

    /// Where the stem of a typed word ends, and the words that stood after
    /// its hyphens, last first; nil when none of them hangs on it.
    private func wordsAfterHyphens(_ typed: Substring, lowered: String) -> (String.Index, [String])? {
        var stem = typed, lowered = Substring(lowered), words: [String] = []
        while let hyphen = lowered.lastIndex(of: "-"), let typedHyphen = stem.lastIndex(of: "-"),
              let word = afterHyphen[String(lowered[lowered.index(after: hyphen)...])],
              case let rest = lowered[..<hyphen], !rest.isEmpty, !keptBefore.contains(String(rest)) {
            words.append(word)
            stem = stem[..<typedHyphen]
            lowered = rest
        }
        return words.isEmpty ? nil : (stem.endIndex, words)
    }
}
