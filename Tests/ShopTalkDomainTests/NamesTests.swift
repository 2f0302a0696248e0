import Testing
@testable import ShopTalkDomain

@Suite("Names and quantities")
struct NamesTests {
    @Test("user names are case-insensitive letters, digits, - _ .", arguments: ["alice", "Bob", "bob.smith", "x_1-2", "MiXeD.Case_9", "Émile", String(repeating: "a", count: 32)])
    func validUserNames(_ raw: String) throws {
        #expect(try UserName(raw).value == raw.lowercased())
    }

    @Test("other user names are refused", arguments: ["", "a b", "alice!", ":bob", String(repeating: "a", count: 33), "al\u{200B}ice", "a\u{7}"])
    func invalidUserNames(_ raw: String) {
        #expect(throws: DomainError.invalidUserName(raw)) { try UserName(raw) }
    }

    /// Full-width and mathematical letters are the letters they are drawn as.
    @Test("compatibility forms of a user name are the name", arguments: ["ｂｏｂ", "𝐛𝐨𝐛", "ＢＯＢ", "𝕓𝕠𝕓"])
    func compatibilityFormsFold(_ raw: String) throws {
        #expect(try UserName(raw).value == "bob")
    }

    /// A Cyrillic "о" in "bоb", a Greek "ο" in "bοb": names a reader takes for bob's.
    @Test("a user name mixing look-alike alphabets is refused", arguments: ["b\u{43E}b", "b\u{3BF}b", "\u{430}lice", "s\u{430}m"])
    func mixedScriptUserNames(_ raw: String) {
        #expect(throws: DomainError.invalidUserName(raw)) { try UserName(raw) }
    }

    @Test func lookalikeUserNamesAreToldApart() throws {
        #expect(try UserName("\u{455}\u{430}\u{43C}").looksLike(UserName("sam")), "ѕам, all Cyrillic, reads as sam")
        #expect(try !UserName("маша").looksLike(UserName("sam")))
        #expect(try !UserName("bob").looksLike(UserName("BOB")), "the same name is not a look-alike")
    }

    @Test func listNamesFoldCompatibilityFormsAndRefuseMixedAlphabets() throws {
        #expect(try ListName("Ｇｒｏｃｅｒｉｅｓ").value == "Groceries")
        #expect(throws: DomainError.invalidListName("Gr\u{43E}ceries", .mixedScripts)) { try ListName("Gr\u{43E}ceries") }
        // Words of one alphabet each are fine, side by side.
        #expect(try ListName("Продукты Lidl").value == "Продукты Lidl")
        #expect(try ListName("Đi chợ Tết").value == "Đi chợ Tết")
        #expect(try ListName("\u{421}\u{43E}\u{441}\u{43E}\u{430}").looksLike(ListName("Cocoa")), "Сосоа, all Cyrillic, reads as Cocoa")
    }

    /// "bbq" for "BBQ on Saturday", "anniv de Léa", "ferre", "Samstags…":
    /// the one list a name said is part of; none where two would do.
    @Test func aListNamedInPartIsTheOneItFits() throws {
        let lists = try ["BBQ on Saturday", "Anniversaire de Léa", "Ferretería", "Grillen am Samstag", "Costco run", "Costco online"].map { try ListName($0) }
        func found(_ said: String) throws -> String? { ListName.partlyNamed(try ListName(said), in: lists, name: { $0 })?.value }
        #expect(try found("bbq") == "BBQ on Saturday")
        #expect(try found("saturday bbq") == "BBQ on Saturday")
        #expect(try found("anniv de Lea") == "Anniversaire de Léa")
        #expect(try found("ferre") == "Ferretería")
        #expect(try found("Samstags") == "Grillen am Samstag")
        #expect(try found("grill") == "Grillen am Samstag")
        #expect(try found("saturday's bbq") == "BBQ on Saturday")
        #expect(try found("l'anniv") == "Anniversaire de Léa")
        #expect(try found("costco") == nil, "two lists would do")
        #expect(try found("bbq sunday") == nil, "a word said is in no name")
        #expect(try found("on") == nil, "too short to name anything")
        #expect(try found("fer") == nil, "a start of three letters names nothing")
    }

    /// "bhx" for "Bách Hóa Xanh": the initials of one list's words, typed
    /// without accents, name it; two letters, or initials two lists share, do not.
    @Test func aListNamedByItsInitialsIsTheOneTheyFit() throws {
        let lists = try ["Bách Hóa Xanh", "Co.opmart", "Big C", "Bún Chả Hà", "Bà Chín Hương"].map { try ListName($0) }
        func found(_ said: String) throws -> String? { ListName.partlyNamed(try ListName(said), in: lists, name: { $0 })?.value }
        #expect(try found("bhx") == "Bách Hóa Xanh")
        #expect(try found("BHX") == "Bách Hóa Xanh")
        #expect(try found("bc") == nil, "two letters are too few")
        #expect(try found("bch") == nil, "two lists would do")
    }

    @Test func listNamesAreTrimmedAndCompareIgnoringCase() throws {
        let name = try ListName("  Hardware   store ")
        #expect(name.value == "Hardware store")
        #expect(name == (try ListName("hardware STORE")))
    }

    @Test("list names must be 1-100 printable characters")
    func invalidListNames() {
        #expect(throws: DomainError.invalidListName("   ", .empty)) { try ListName("   ") }
        let long = String(repeating: "x", count: 101)
        #expect(throws: DomainError.invalidListName(long, .tooLong)) { try ListName(long) }
        #expect(throws: DomainError.invalidListName("a\u{1B}[31mb", .controlCharacters)) { try ListName("a\u{1B}[31mb") }
        #expect(throws: DomainError.invalidListName("evil\u{202E}txt", .controlCharacters)) { try ListName("evil\u{202E}txt") }
        #expect((try? ListName(String(repeating: "x", count: 100))) != nil)
    }

    /// Characters drawn as nothing would make "mi͏lk" a second milk that looks like the first.
    @Test("invisible characters are refused in names and notes", arguments: [
        "mi\u{34F}lk", "\u{115F}milk", "milk\u{1160}", "\u{3164}", "milk\u{3164}", "\u{2800}", "milk \u{2800}", "milk\u{FE0F}",
        "\u{FE0F}milk", "mi\u{200B}lk", "milk\u{FFA0}", "mi\u{180E}lk", "milk\u{E0041}",
    ])
    func invisibleCharacters(name: String) {
        #expect(throws: DomainError.invalidItemName(name, .controlCharacters)) { try ItemName(name) }
        #expect(throws: DomainError.invalidListName(name, .controlCharacters)) { try ListName(name) }
        #expect(throws: DomainError.invalidNote(.controlCharacters)) { try ItemNote(name) }
    }

    @Test("an emoji keeps the selector that draws it", arguments: ["❤️ cake", "☕️", "🥚 eggs", "café", "mì ý", "молоко", "鸡蛋"])
    func visibleNames(name: String) throws {
        #expect(try ItemName(name).value == name)
    }

    @Test("singular and plural denote the same item", arguments: [
        ("egg", "eggs"), ("Loaf", "loaves"), ("berry", "Berries"), ("tomato", "tomatoes"),
        ("knife", "knives"), ("glass", "glasses"), ("paper towel", "paper towels"), ("olive", "olives"),
        ("Milk", "milk"),
        // Accents, which a person typing in a hurry leaves out.
        ("café", "cafe"), ("Jalapeños", "jalapenos"), ("huevo", "huevos"), ("limón", "limones"), ("crème fraîche", "creme fraiche"),
        ("Ei", "Eier"), ("Tomate", "Tomaten"), ("Zwiebel", "Zwiebeln"), ("Apfel", "Äpfel"), ("Aepfel", "Äpfel"), ("Straße", "Strasse"), ("Brot", "Brote"), ("œuf", "œufs"), ("gâteau", "gâteaux"),
        // Russian, in every word's case and number.
        ("молоко", "молока"), ("гречка", "гречку"), ("туалетная бумага", "туалетную бумагу"), ("Продукты", "продуктов"),
        // Vietnamese typed without its marks.
        ("trứng", "trung"), ("nước mắm", "nuoc mam"), ("Bánh mì", "banh mi"),
        // Vietnamese with the tone of "oa", "oe", "uy" on either vowel, the old way or the new.
        ("hòa quả", "hoà quả"), ("Hoa quả", "hoa quả"), ("khoai tây chiên xoè", "khoai tây chiên xòe"), ("nước thủy", "nước thuỷ"),
    ])
    func sameItem(_ pair: (String, String)) throws {
        let (a, b) = (try ItemName(pair.0), try ItemName(pair.1))
        #expect(a.denotesSameItem(as: b))
        #expect(b.denotesSameItem(as: a))
    }

    @Test("different names are different items", arguments: [
        ("egg", "eggplant"), ("milk", "oat milk"), ("glass", "gas"), ("bread", "breads of heaven"), ("pea", "peach"),
        ("Brot", "Brei"), ("milk", "milky way"),
        ("сыр", "сырок"), ("вода", "водка"), ("молоко", "кокосовое молоко"), ("гречка", "греча"),
        // Both typed with their accents, different accents are different things.
        ("bơ", "bò"), ("cà chua", "cá chua"),
        // Words that only shorten to the same stem, neither the plural of the other.
        ("box", "bon"), ("six", "sin"), ("corn", "core"), ("tin", "tie"), ("bun", "bus"), ("pear", "pea"), ("Brie", "Brin"),
    ])
    func differentItems(_ pair: (String, String)) throws {
        #expect(!(try ItemName(pair.0)).denotesSameItem(as: try ItemName(pair.1)))
    }

    @Test("whole quantities run from 1 to 1,000,000", arguments: [0, -1, 1_000_001, Int.max, Int.min])
    func quantityOutOfRange(_ value: Int) {
        #expect(throws: DomainError.invalidQuantity(.outOfRange)) { try Quantity(value) }
    }

    @Test func quantitiesAreExactDecimalsWithUpToThreePlaces() throws {
        #expect(try Quantity(1).description == "1")
        #expect(try Quantity(1_000_000).description == "1000000")
        #expect(try Quantity(numerator: 3, denominator: 2).description == "1.5")
        #expect(try Quantity(numerator: 1, denominator: 8).description == "0.125")
        #expect(try Quantity(numerator: 1, denominator: 1_000).description == "0.001")
        #expect(try Quantity(numerator: 1_500, denominator: 1_000) == Quantity(numerator: 3, denominator: 2))
        #expect(try Quantity(numerator: 5, denominator: 2).thousandths == 2_500)
    }

    @Test("a fraction the domain cannot keep is refused with its reason", arguments: [
        (1, 3, DomainError.QuantityProblem.tooPrecise), (12_345, 10_000, .tooPrecise), (1, 0, .zeroDenominator),
        (0, 5, .outOfRange), (-1, 2, .outOfRange), (1_000_001, 1, .outOfRange), (2_000_001, 2, .outOfRange),
        (Int.max, 1, .outOfRange), (Int.max, 3, .outOfRange),
    ])
    func fractionsRefused(_ row: (Int, Int, DomainError.QuantityProblem)) {
        #expect(throws: DomainError.invalidQuantity(row.2)) { try Quantity(numerator: row.0, denominator: row.1) }
    }

    @Test func nearMissesAreOneEditInThree() {
        #expect(Similarity.closest(to: "egs", among: ["milk", "eggs"]) == "eggs")
        #expect(Similarity.closest(to: "Grocreies", among: ["Hardware", "Groceries"]) == "Groceries")
        #expect(Similarity.closest(to: "xyz", among: ["eggs"]) == nil)
    }
}
