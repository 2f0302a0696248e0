import ShopTalkGrammar
import ShopTalkText
import Testing

/// Words typed without their accents mean the same: "anade" is "añade".
@Suite("Accents")
struct AccentFoldingTests {
    @Test("Latin letters lose their marks", arguments: [
        ("añade", "anade"), ("qué", "que"), ("Ferretería", "Ferreteria"), ("straße", "strasse"), ("œuf", "oeuf"),
        ("crème", "creme"), ("phở", "pho"), ("đường", "duong"), ("Łódź", "Lodz"),
    ])
    func folded(_ pair: (String, String)) {
        #expect(AccentFolding.folded(pair.0) == pair.1)
    }

    @Test func plainWordsAndOtherScriptsAreLeftAlone() {
        #expect(AccentFolding.folded("milk") == nil)
        #expect(AccentFolding.folded("мой") == nil) // й is its own letter, not и
        #expect(AccentFolding.folded("ёж") == nil)
        #expect(AccentFolding.folded("牛奶") == nil)
    }

    @Test func germanUmlautsMayBeSpelledOut() {
        #expect(AccentFolding.umlautsSpelledOut("für") == "fuer")
        #expect(AccentFolding.umlautsSpelledOut("Äpfel") == "Aepfel")
        #expect(AccentFolding.umlautsSpelledOut("Milch") == nil)
    }

    @Test func aGrammarMatchesItsWordsWithOrWithoutAccents() {
        let spanish = BuiltInGrammars.all["es"]!
        for sentence in ["añade leche", "anade leche", "ANADE leche"] {
            #expect(spanish.parse(sentence)?.intent == "add_items", "\(sentence)")
        }
        // The grammar writes "muestrame"; typed with its accent it is the same word.
        #expect(spanish.parse("muéstrame Mercadona")?.intent == "show_list")
        #expect(spanish.parse("que hay en Mercadona")?.intent == "show_list")
    }

    @Test func simplifiedChineseHasItsTraditionalSpelling() {
        #expect(HanVariants.traditionalSpelling(of: "清单") == "清單")
        #expect(HanVariants.traditionalSpelling(of: "买两瓶") == "買兩瓶")
        #expect(HanVariants.traditionalSpelling(of: "超市") == nil)
        #expect(HanVariants.traditionalSpelling(of: "milk") == nil)
    }

    /// "hòa" and "hoà": the tone of "oa", "oe", "uy" ending a syllable is put on the second vowel to compare.
    @Test func aVietnameseToneOnEitherVowelOfAPairIsOneSpelling() {
        #expect(VietnameseTones.canonical("hòa quả") == "hoà quả")
        #expect(VietnameseTones.canonical("Thúy") == "Thuý")
        #expect(VietnameseTones.canonical("xòe") == "xoè")
        #expect(VietnameseTones.canonical("hoà quả") == nil)
        // Not where a consonant follows ("hoàn", "toán"), nor the "u" of "qu" ("quý"), nor ASCII.
        #expect(VietnameseTones.canonical("hoàn") == nil)
        #expect(VietnameseTones.canonical("toán") == nil)
        #expect(VietnameseTones.canonical("quý") == nil)
        #expect(VietnameseTones.canonical("hoa") == nil)
    }
}
