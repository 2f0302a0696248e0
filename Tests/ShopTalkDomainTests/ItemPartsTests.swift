import Testing
@testable import ShopTalkDomain

/// Local weights meet grams exactly; packs keep the size of each; a part
/// of a name finds the thing it is the head of, never what it only says
/// the kind of.
@Suite("Amounts and parts of names")
struct ItemPartsTests {
    func amount(_ quantity: Int, _ unit: String?) throws -> Amount {
        Amount(try Quantity(quantity), unit.map { ItemUnit(stored: $0) })
    }

    @Test func localWeightsAreKeptAndMeetGramsExactly() throws {
        // 3 斤 and 3 斤 stay in 斤; with 500 g they make 2 kg.
        let jin = try #require(try amount(3, "jin").combined(with: try amount(3, "jin")))
        #expect(jin.thousandths == 6_000 && jin.unit?.value == "jin")
        let mixed = try #require(try amount(3, "jin").combined(with: try amount(500, "g")))
        #expect(mixed.thousandths == 2_000 && mixed.unit?.value == "kg")
        // 2 lạng and 300 g are 500 g; a Pfund and a Pfund are a kilogram and stay in Pfund.
        let lang = try #require(try amount(2, "lang").combined(with: try amount(300, "g")))
        #expect(lang.thousandths == 500_000 && lang.unit?.value == "g")
        #expect(try amount(1, "pfund").combined(with: try amount(1, "pfund"))?.unit?.value == "pfund")
        // A weight never meets a volume.
        #expect(try amount(1, "jin").combined(with: try amount(1, "litre")) == nil)
    }

    @Test func aPackKeepsTheSizeOfEachAndCountsLikeAPack() throws {
        let unit = try ItemUnit(container: "pack", size: "6")
        #expect(unit.value == "pack/6" && unit.container == "pack" && unit.size == "6")
        #expect(ItemUnit(stored: "case").size == nil && ItemUnit(stored: "case").container == "case")
        // "water" and "2 packs of 6 water" are 3 packs of 6.
        let counted = try #require(Amount(try Quantity(2), unit).combined(with: try amount(1, nil)))
        #expect(counted.thousandths == 3_000 && counted.unit == unit)
    }

    @Test("a part of a name stands for the thing it is the head of", arguments: [
        ("spinach", "baby spinach", false, true), ("tomato", "chopped tomatoes", false, true),
        ("milk", "milk chocolate", false, false), ("Spinat", "Babyspinat", false, true), ("Milch", "Milchschokolade", false, false),
        ("牛奶", "全脂牛奶", false, true), ("牛奶", "牛奶巧克力", false, false),
        ("aceite", "aceite de oliva", true, true), ("leche", "chocolate con leche", true, false),
        ("sữa", "sữa tươi không đường", true, true), ("oil", "foil", false, false), ("spinach", "spinach", false, false),
    ])
    func heads(_ row: (String, String, Bool, Bool)) throws {
        #expect(try ItemName(row.0).isPart(of: ItemName(row.1), headFirst: row.2) == row.3, "\(row.0) in \(row.1)")
    }

    @Test func anyWordWillDoWhereTheWordNamesNoThingOfItsOwn() throws {
        #expect(try ItemName("wholemeal").isPart(of: ItemName("wholemeal bread"), headFirst: false, anywhere: true))
        #expect(try ItemName("хозяйственное").isPart(of: ItemName("хозяйственное мыло"), headFirst: false, anywhere: true))
        #expect(try !ItemName("wholemeal").isPart(of: ItemName("wholemeal bread"), headFirst: false))
    }
}
