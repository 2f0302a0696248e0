/// Words a family types in a hurry ("ko", "nc", "щас", "stp") and the
/// particles a word carries after a hyphen ("молоко-то", "добавь-ка"). The
/// grammar lists them:
///
/// ```
/// shorthand: không = ko | k | hông
/// particles after hyphen: то | ка
/// particles kept after: что | кто
/// ```
///
/// and a line is read with the whole word and without the particle before
/// any sentence, model or name sees it: "thêm nc giặt" stores "nước giặt",
/// "печенье-то удали" takes the biscuits off. "что-то" keeps its particle,
/// which there makes a word of its own.
///
/// Only whole words are spelled out, as typed and lowercased: "hong" (not
/// "hông") is "hồng" or "hỏng" as often as "không", so a shorthand lists
/// exactly the spellings that mean one word.
public struct Shorthand: Hashable, Sendable {
    /// A typed form, lowercased, and the word it stands for.
    let wholeWords: [String: String]
    /// "то", "ка": what may hang on a word after a hyphen and add only a tone.
    let particles: Set<String>
    /// "что", "кто": words a particle makes into another word ("что-то").
    let keptBefore: Set<String>

    init(wholeWords: [String: String] = [:], particles: Set<String> = [], keptBefore: Set<String> = []) {
        self.wholeWords = wholeWords
        self.particles = particles
        self.keptBefore = keptBefore
    }

    var isEmpty: Bool { wholeWords.isEmpty && particles.isEmpty }

    /// `line` with each shorthand spelled out and each particle taken off;
    /// the line itself when it holds neither.
    public func spelledOut(_ line: String) -> String {
        guard !isEmpty else { return line }
        var result = ""
        var copied = line.startIndex
        for token in Tokenizer.tokenize(line) where !token.isNumber {
            let typed = line[token.range]
            if let whole = wholeWords[token.text] {
                result += line[copied..<token.range.lowerBound]
                result += whole
                copied = token.range.upperBound
            } else if !particles.isEmpty, let hyphen = token.text.lastIndex(of: "-"),
                      particles.contains(String(token.text[token.text.index(after: hyphen)...])),
                      case let stem = String(token.text[..<hyphen]), !stem.isEmpty, !keptBefore.contains(stem),
                      let typedHyphen = typed.lastIndex(of: "-") {
                result += line[copied..<typedHyphen]
                copied = token.range.upperBound
            }
        }
        guard copied != line.startIndex else { return line }
        result += line[copied...]
        return result
    }
}
