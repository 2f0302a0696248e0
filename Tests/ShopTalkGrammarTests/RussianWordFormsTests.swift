import ShopTalkText
import Testing

/// Russian names change with case: the stemmer tells when two forms are one
/// name, and the word-form rules put an item back in the nominative a list
/// shows it in.
@Suite("Russian word forms")
struct RussianWordFormsTests {
    @Test("the forms of one name share a stem", arguments: [
        ["молоко", "молока", "молоку", "молоком", "молоке"],
        ["гречка", "гречку", "гречки", "гречкой"],
        ["Продукты", "продуктов", "продуктам", "продуктами", "продуктах"],
        ["вода", "воду", "воды", "водой"],
        ["соль", "соли", "солью"],
        ["хлеб", "хлеба", "хлебом"],
        ["туалетная", "туалетную", "туалетной"],
        ["ёлка", "елку"],
    ])
    func formsOfOneName(_ forms: [String]) {
        let stems = Set(forms.map(RussianStemmer.stem))
        #expect(stems.count == 1, "\(forms) → \(stems)")
    }

    @Test("different things keep different stems", arguments: [
        ("сыр", "сырок"), ("вода", "водка"), ("сок", "соль"), ("мука", "мак"), ("рис", "рыба"),
        ("масло", "маслины"), ("огурец", "огурцы"),
    ])
    func differentThingsStayApart(_ first: String, _ second: String) {
        #expect(RussianStemmer.stem(first) != RussianStemmer.stem(second))
    }

    @Test("after a verb, a feminine accusative becomes nominative and the rest stays", arguments: [
        ("гречку", "гречка"), ("воду", "вода"), ("туалетную бумагу", "туалетная бумага"), ("Колбасу", "Колбаса"),
        ("синюю изоленту", "синяя изолента"), ("молоко", "молоко"), ("зелёный чай", "зелёный чай"),
        ("бумагу для принтера", "бумага для принтера"), ("пакеты для мусора", "пакеты для мусора"), ("мороженое", "мороженое"),
        ("яйца", "яйца"), ("рагу", "рагу"), ("соль", "соль"), ("eggs", "eggs"),
        // Some of a thing, said in the genitive: "купи молока", "сколько яиц?".
        ("молока", "молоко"), ("хлеба", "хлеб"), ("яиц", "яйца"), ("плов", "плов"), ("картошки", "картошка"), ("шампуня", "шампунь"),
    ])
    func accusative(_ spoken: String, _ stored: String) {
        #expect(RussianWordForms.nominative(spoken, from: .accusative) == stored)
    }

    @Test("after a quantity or a unit, the genitive becomes nominative", arguments: [
        ("молока", "молоко"), ("масла", "масло"), ("яиц", "яйца"), ("помидоров", "помидоры"), ("огурцов", "огурцы"),
        ("воды", "вода"), ("гречки", "гречка"), ("сыра", "сыр"), ("банана", "банан"), ("печенья", "печенье"),
        ("сливочного масла", "сливочное масло"), ("минеральной воды", "минеральная вода"),
        ("бумажных салфеток", "бумажные салфетки"), ("твёрдого сыра", "твёрдый сыр"), ("соли", "соль"),
        ("кофе", "кофе"), ("пирожков", "пирожки"), ("горошка", "горошек"), ("лука", "лук"), ("шампуня", "шампунь"),
    ])
    func genitive(_ spoken: String, _ stored: String) {
        #expect(RussianWordForms.nominative(spoken, from: .genitive) == stored)
    }

    @Test("what «сколько» counts is put back only where its genitive says which it is", arguments: [
        ("туалетной бумаги", "туалетная бумага"), ("зубной пасты", "зубная паста"), ("красной рыбы", "красная рыба"),
        ("огурцов", "огурцов"), ("воды", "воды"), ("сливочного масла", "сливочного масла"),
    ])
    func counted(_ spoken: String, _ shown: String) {
        #expect(RussianWordForms.nominative(counted: spoken) == shown)
    }

    @Test("a form no rule undoes is kept as said", arguments: ["киви", "суши", "мыло", "творожка"])
    func keptAsSaid(_ spoken: String) {
        #expect(RussianWordForms.nominative(spoken, from: .genitive) == spoken)
    }
}
