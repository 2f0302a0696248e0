import ShopTalkGrammar
import Testing

/// What families write about how much: local weights, cases and packs with
/// the size of each, halves after the unit, kilograms and grams together.
/// The count, the unit and the thing come out as three things, and the
/// thing keeps its own name.
@Suite("Amounts as families say them")
struct AmountPhraseTests {
    /// "name quantity unit" of the first thing a line adds, as the grammar of `language` reads it.
    static func amount(_ language: String, _ line: String) -> String? {
        guard let grammar = BuiltInGrammars.all[language],
              case .items(let items)? = grammar.parse(line)?[slot: "items"], let item = items.first else { return nil }
        return [item.name, item.quantity?.description ?? "-", item.unit ?? "-"].joined(separator: " ")
    }

    @Test("a weight of one country is kept as typed", arguments: [
        ("zh", "加三斤苹果", "苹果 3 jin"), ("zh", "加二两茶叶", "茶叶 2 liang"), ("zh", "加两瓶水", "水 2 bottle"),
        ("zh", "加一斤半猪肉", "猪肉 1.5 jin"), ("vi", "thêm 3 lạng tôm", "tôm 3 lang"),
        // The half may follow the unit after the name, too.
        ("zh", "加柳丁一斤半", "柳丁 1.5 jin"), ("vi", "thêm thịt vai 3 lạng rưỡi", "thịt vai 3.5 lang"),
        ("ru", "добавь яблок полтора кило", "яблоки 1.5 kg"), ("vi", "thêm bạch tuộc 2 ký 3", "bạch tuộc 2.3 kg"),
        ("ru", "добавь яблок 1 кг 200 г", "яблоки 1.2 kg"),
        ("de", "füg ein Pfund Hack hinzu", "Hack - pfund"), ("de", "füg 20 dag Extrawurst hinzu", "Extrawurst 20 dag"),
    ])
    func localWeights(_ row: (String, String, String)) {
        #expect(Self.amount(row.0, row.1) == row.2)
    }

    @Test("a case is a case, and a pack or case says the size of each", arguments: [
        ("en", "add a 10 pack of sausages", "sausages - pack/10"), ("en", "add a case of 24 beers", "beers - case/24"),
        ("en", "add 2 x 500ml cream", "cream 2 piece/500ml"), ("en", "add 3 5kg bags of potatoes", "potatoes 3 bag/5kg"),
        ("en", "add a six pack of coke", "coke - pack/6"), ("en", "add a case of water", "water - case"),
        ("es", "añade 2 packs de 6 de agua mineral", "agua mineral 2 pack/6"), ("fr", "ajoute une caisse de 24 bières", "bières - case/24"),
        ("de", "füg 2 Kisten à 24 Flaschen Bier hinzu", "Bier 2 case/24"), ("zh", "加一箱24瓶啤酒", "啤酒 1 case/24"),
        ("vi", "thêm 1 thùng 24 lon bia", "bia 1 case/24"),
        ("de", "füg a Packerl Germ hinzu", "Germ - pack"), ("de", "füg no a Becher Schlagobers hinzu", "Schlagobers - tub"),
        ("de", "füg 'n Bund Schnittlauch hinzu", "Schnittlauch - bunch"),
    ])
    func packsAndCases(_ row: (String, String, String)) {
        #expect(Self.amount(row.0, row.1) == row.2)
    }

    /// Swiss German writes its articles and numbers as it speaks them ("e
    /// Büchse", "es Glas", "en Bund", "drü", "föif") and its containers small
    /// ("Päckli", "Fläsche", "Tafle"); a Swiss kitchen measures in decilitres.
    /// The article is one, the container a container, the thing its own name.
    @Test("Swiss and Austrian amounts", arguments: [
        ("de", "füg e Büchse Thon hinzu", "Thon - can"), ("de", "füg es Glas Aprikosenkonfi hinzu", "Aprikosenkonfi - jar"),
        ("de", "füg en Bund Peterli hinzu", "Peterli - bunch"), ("de", "füg drü Stück Gipfeli hinzu", "Gipfeli 3 piece"),
        ("de", "füg 3 Päckli Hörnli hinzu", "Hörnli 3 pack"), ("de", "füg föif Fläsche Rivella hinzu", "Rivella 5 bottle"),
        ("de", "füg 2 Tafle Schoggi hinzu", "Schoggi 2 bar"), ("de", "füg 5 dl Vollmilch hinzu", "Vollmilch 5 dl"),
        ("de", "füg e Zwölferpack Eier hinzu", "Eier - pack/12"), ("de", "füg es Sächserpack Rivella hinzu", "Rivella - pack/6"),
        ("de", "füg zwei Dotze Eier hinzu", "Eier 24 -"), ("de", "füg eineinviertel Kilo Kalbsgeschnetzeltes hinzu", "Kalbsgeschnetzeltes 1.25 kg"),
        ("de", "füg a Glaserl Pfefferoni hinzu", "Pfefferoni - jar"), ("de", "füg a Tragerl Stiegl hinzu", "Stiegl - case"),
        ("fr", "ajoute 75 cl de vin blanc", "vin blanc 75 cl"), ("es", "añade 33 cl de cerveza", "cerveza 33 cl"),
    ])
    func swissAndAustrianAmounts(_ row: (String, String, String)) {
        #expect(Self.amount(row.0, row.1) == row.2)
    }

    /// "2 bolsas de hielo de 5 kilos": a weight or volume after the thing's
    /// name, joined by "de" or "à", is what each container holds; a name
    /// with "de" and no amount after it stays whole.
    @Test("a measure after the name is the size of each container", arguments: [
        ("es", "añade 2 bolsas de hielo de 5 kilos", "hielo 2 bag/5kg"), ("fr", "ajoute un sac de patates de 10 livres", "patates - bag/10lb"),
        ("de", "füg 2 Kisten Apfelsaft à 1 Liter hinzu", "Apfelsaft 2 case/1litre"), ("fr", "ajoute 2 bouteilles de vin de 75 cl", "vin 2 bottle/75cl"),
        ("es", "añade 2 bolsas de pan de molde", "pan de molde 2 bag"), ("es", "añade 3 kilos de carne de res", "carne de res 3 kg"),
    ])
    func aMeasureAfterTheNameIsTheSizeOfEach(_ row: (String, String, String)) {
        #expect(Self.amount(row.0, row.1) == row.2)
    }

    /// "es" is Swiss German's "ein" before a thing, and standard German's
    /// "it": where no thing follows, it is still "it".
    @Test func esBeforeNoThingIsStillIt() throws {
        let german = try #require(BuiltInGrammars.all["de"])
        for line in ["lösch es", "hak es ab"] {
            let parse = try #require(german.parse(line), "\(line)")
            #expect(parse[slot: "items"] == nil && parse[slot: "quantity"] == nil, "\(line): \(parse)")
        }
    }

    /// A tray of eggs, a punnet of strawberries: a tray is a container of
    /// its own, never a pack, and its word never part of the thing's name.
    @Test("a tray is a tray", arguments: [
        ("en", "add a tray of eggs", "eggs - tray"), ("en", "add 2 trays of mince", "mince 2 tray"),
        ("de", "füg eine Schale Erdbeeren hinzu", "Erdbeeren - tray"), ("es", "añade 2 bandejas de fresas", "fresas 2 tray"),
        ("fr", "ajoute une barquette de framboises", "framboises - tray"), ("ru", "добавь 2 лотка яиц", "яйца 2 tray"),
        ("vi", "thêm 1 vỉ trứng", "trứng 1 tray"), ("vi", "thêm 2 vỉ trứng cút", "trứng cút 2 tray"),
        ("zh", "加一板鸡蛋", "鸡蛋 1 tray"), ("zh", "加两板酸奶", "酸奶 2 tray"),
        // A name with the word inside it stays whole.
        ("ru", "добавь наполнитель для лотка", "наполнитель для лотка - -"), ("zh", "加插线板", "插线板 - -"),
    ])
    func trays(_ row: (String, String, String)) {
        #expect(Self.amount(row.0, row.1) == row.2)
    }

    @Test("halves, dozens and kilograms with their grams", arguments: [
        ("es", "añade kilo y medio de papas", "papas 1.5 kg"), ("es", "añade una docena y media de huevos", "huevos 18 -"),
        ("en", "add a dozen and a half eggs", "eggs 18 -"), ("vi", "thêm 1 ký rưỡi thịt", "thịt 1.5 kg"),
        ("vi", "thêm chục rưỡi trứng", "trứng 15 -"), ("zh", "加一打半鸡蛋", "鸡蛋 18 -"),
        ("ru", "добавь полкило гречки", "гречка 1/2 kg"), ("ru", "добавь пол-литра молока", "молоко 1/2 litre"),
        ("ru", "добавь полтора кило яблок", "яблоки 3/2 kg"), ("es", "añade un kilo doscientos de pollo", "pollo 1.2 kg"),
        ("ru", "добавь 1 кг 200 гр баранины", "баранина 1.2 kg"), ("vi", "thêm 2 ký 3 thịt heo", "thịt heo 2.3 kg"),
        ("en", "add 2 kg of flour", "flour 2 kg"),
        // A half joined to its unit by a hyphen, as French writes it; "demi-sel" stays a name.
        ("fr", "ajoute un demi-kilo de beurre", "beurre 1/2 kg"), ("fr", "ajoute un demi-litre de crème", "crème 1/2 litre"),
        ("fr", "ajoute une demi-douzaine d'oeufs", "oeufs 6 -"), ("fr", "ajoute du beurre demi-sel", "beurre demi-sel - -"),
    ])
    func halvesAndGrams(_ row: (String, String, String)) {
        let read = Self.amount(row.0, row.1)
        // A fraction prints as a decimal where one writes it: 1/2 and 0.5 are the same half.
        let expected = row.2.replacingOccurrences(of: "1/2", with: "0.5").replacingOccurrences(of: "3/2", with: "1.5")
        #expect(read == expected || read == row.2, "\(row.1): \(read ?? "nothing")")
    }

    /// "oops 2 lbs", "sorry meant 4 cans not 2": the amounts a correction says, the new one first.
    @Test func theAmountsOfALineAreReadInOrder() throws {
        let english = BuiltInGrammars.english
        let said = english.amounts(in: "sorry meant 4 cans not 2").map { "\($0.quantity)\($0.unit.map { " " + $0 } ?? "")" }
        #expect(said == ["4 can", "2"])
        #expect(english.amounts(in: "oops 2 lbs").map(\.unit) == ["lb"])
        // "a" is an article, not an amount: "make it a big bottle" says none.
        #expect(english.amounts(in: "make it a big bottle").isEmpty)
    }

    /// A line that changes an amount and says the old one too: the words
    /// around the numbers, not their order, say which is meant.
    @Test("of an old amount and a new one, the one meant", arguments: [
        ("en", "eggs 10 not 6", "10"), ("en", "change the milk from 2 to 3 litres", "3 litre"), ("en", "not 6 but 10", "10"),
        ("en", "3 bottles instead of 2", "3 bottle"), ("de", "nicht 10 Eier sondern 12", "12"), ("de", "12 statt 10", "12"),
        ("de", "Mach aus 6 Eiern 10", "10"), ("de", "Milch von 1 auf 2 Liter", "2 litre"), ("fr", "pas 6 mais 10", "10"),
        ("fr", "les œufs, 10 au lieu de 6", "10"), ("es", "no 6 sino 10", "10"), ("es", "10 huevos, no 6", "10"),
        ("es", "la leche de 1 a 2 litros", "2 litre"), ("ru", "не 6 яиц, а 10", "10"), ("ru", "молоко 2 литра вместо 1", "2 litre"),
        ("ru", "поменяй яйца с 10 на 12", "12"), ("vi", "trứng 10 quả chứ không phải 6", "10"), ("vi", "sữa từ 2 hộp lên 3 hộp", "3 box"),
        ("zh", "不是6个是10个", "10"), ("zh", "鸡蛋从6个改成10个", "10"), ("zh", "牛奶3盒不是2盒", "3 box"),
    ])
    func theAmountMeant(_ row: (String, String, String)) throws {
        let grammar = try #require(BuiltInGrammars.all[row.0])
        let meant = try #require(grammar.meantAmount(in: row.1), "\(row.1)")
        #expect("\(meant.quantity)\(meant.unit.map { " " + $0 } ?? "")" == row.2, "\(row.1)")
    }

    /// "加一包": a Chinese measure word counts a thing and is never one; a
    /// Russian «батон» is a loaf and the bread, and stays a thing.
    @Test func aMeasureWordAloneIsNoThing() throws {
        let chinese = try #require(BuiltInGrammars.all["zh"])
        #expect(chinese.parse("加一包") == nil)
        #expect(Self.amount("zh", "加两瓶水") == "水 2 bottle")
        #expect(Self.amount("ru", "добавь 2 батона") == "батон 2 -")
    }

    /// "trứng 10 quả", "bắp 3 trái": a number and its classifier after the
    /// name count the thing, and are no part of its name.
    @Test(arguments: [
        ("vi", "thêm trứng 10 quả", "trứng 10 -"), ("vi", "thêm bắp 3 trái", "bắp 3 -"), ("vi", "thêm giò lụa 1 cây", "giò lụa 1 -"),
        ("vi", "thêm bánh chưng 2 cái", "bánh chưng 2 piece"),
        // The number in words, and a dozen alone.
        ("zh", "加鸡蛋两个", "鸡蛋 2 -"), ("zh", "加檸檬茶一打", "檸檬茶 12 -"), ("vi", "thêm trứng mười quả", "trứng 10 -"),
    ])
    func aClassifierAfterTheNameCountsIt(_ row: (String, String, String)) {
        #expect(Self.amount(row.0, row.1) == row.2)
    }

    /// "potatoes two kilos", «яблок кило»: how much, said after the thing in
    /// words or as a weight alone, is its amount, not part of its name.
    @Test(arguments: [
        ("en", "add apples two kilos", "apples 2 kg"), ("en", "add potatoes a kilo", "potatoes - kg"),
        ("es", "apunta tomates dos kilos", "tomates 2 kg"), ("es", "añade patatas un kilo", "patatas - kg"),
        ("de", "füg Kartoffeln zwei Kilo hinzu", "Kartoffeln 2 kg"), ("ru", "добавь яблок кило", "яблоки - kg"),
        ("ru", "купи картошки пару кило", "картошка 2 kg"), ("ru", "запиши молока литр", "молоко - litre"),
        ("ru", "добавь кило картошки", "картошка - kg"), ("ru", "добавь литр молока", "молоко - litre"),
        ("vi", "thêm thịt heo ký", "thịt heo - kg"), ("en", "add flour 1 kg", "flour 1 kg"),
    ])
    func anAmountAfterTheThing(_ row: (String, String, String)) {
        #expect(Self.amount(row.0, row.1) == row.2)
    }

    /// "Tomaten, 1 kg, auf die Einkaufsliste": an amount set between commas
    /// is the thing's before it, and the comma before the list's word ends
    /// the things, as it ends them without the amount.
    @Test(arguments: [
        ("de", "setz Tomaten, 1 kg, auf die Einkaufsliste", "Tomaten 1 kg"),
        ("en", "add tomatoes, 2 kg, to the shopping list", "tomatoes 2 kg"),
        ("es", "añade tomates, un kilo, a la lista de la compra", "tomates - kg"),
        ("en", "add eggs, milk, to the shopping list", "eggs - -"),
    ])
    func anAmountBetweenCommas(_ row: (String, String, String)) {
        #expect(Self.amount(row.0, row.1) == row.2)
    }

    /// "老干妈也来一瓶": the verb before a Chinese amount after the thing is
    /// no end of its name; the line is not read as «老干妈也来» ×1 bottle.
    @Test func aVerbBeforeTheAmountEndsNoName() throws {
        let chinese = try #require(BuiltInGrammars.all["zh"])
        for line in ["另外老干妈也来一瓶", "鸡蛋再要两盒", "可乐也买一箱"] {
            let names = chinese.itemPhrases(in: line)?.map(\.name) ?? []
            #expect(!names.contains { ["也", "来", "要", "买"].contains(String($0.suffix(1))) }, "\(line): \(names)")
        }
        #expect(Self.amount("zh", "加可乐两瓶") == "可乐 2 bottle")
    }

    /// A container or a weight that names a kind of thing stays in its name.
    @Test(arguments: [
        ("en", "add pound cake", "pound cake - -"), ("vi", "thêm cá hộp", "cá hộp - -"), ("vi", "thêm bia lon", "bia lon - -"),
        ("es", "añade pan de un kilo", "pan de un kilo - -"),
    ])
    func aMeasureThatNamesAKindStaysInTheName(_ row: (String, String, String)) {
        #expect(Self.amount(row.0, row.1) == row.2)
    }

    /// Two amounts and no word for which: the bot does not guess.
    @Test func twoAmountsAndNoWordForWhichIsNoAmountMeant() {
        #expect(BuiltInGrammars.english.meantAmount(in: "eggs 6 10") == nil)
        #expect(BuiltInGrammars.english.meantAmount(in: "oops 2 lbs") == nil) // one amount: nothing to choose between
    }

    /// "and the tim tams", "juice as well", "и ещё курт": things said to go with the line before.
    @Test(arguments: [
        ("en", "and the tim tams", "tim tams"), ("en", "juice as well", "juice"), ("es", "y una piñata tmb", "piñata"),
        ("ru", "и ещё курт", "курт"), ("zh", "还有面包", "面包"), ("vi", "và 1 bịch bông tẩy trang", "bông tẩy trang"),
    ])
    func continuation(_ row: (String, String, String)) throws {
        let grammar = try #require(BuiltInGrammars.all[row.0])
        #expect(grammar.continuation(in: row.1)?.map(\.name) == [row.2])
    }

    @Test func aLineWithNoJoiningWordIsNoContinuation() {
        #expect(BuiltInGrammars.english.continuation(in: "the tim tams") == nil)
    }
}
