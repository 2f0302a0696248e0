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

    @Test("singular and plural denote the same item", arguments: [
        ("egg", "eggs"), ("Loaf", "loaves"), ("berry", "Berries"), ("tomato", "tomatoes"),
        ("knife", "knives"), ("glass", "glasses"), ("paper towel", "paper towels"), ("olive", "olives"),
        ("Milk", "milk"),
    ])
    func sameItem(_ pair: (String, String)) throws {
        let (a, b) = (try ItemName(pair.0), try ItemName(pair.1))
        #expect(a.denotesSameItem(as: b))
        #expect(b.denotesSameItem(as: a))
    }

    @Test("different names are different items", arguments: [
        ("egg", "eggplant"), ("milk", "oat milk"), ("glass", "gas"), ("bread", "breads of heaven"), ("pea", "peach"),
    ])
    func differentItems(_ pair: (String, String)) throws {
        #expect(!(try ItemName(pair.0)).denotesSameItem(as: try ItemName(pair.1)))
    }

    @Test("quantities run from 1 to 1,000,000", arguments: [0, -1, 1_000_001, Int.max, Int.min])
    func quantityOutOfRange(_ value: Int) {
        #expect(throws: DomainError.quantityOutOfRange(value)) { try Quantity(value) }
    }

    @Test func quantityBounds() throws {
        #expect(try Quantity(1).value == 1)
        #expect(try Quantity(1_000_000).value == 1_000_000)
    }

    @Test func nearMissesAreOneEditInThree() {
        #expect(Similarity.closest(to: "egs", among: ["milk", "eggs"]) == "eggs")
        #expect(Similarity.closest(to: "Grocreies", among: ["Hardware", "Groceries"]) == "Groceries")
        #expect(Similarity.closest(to: "xyz", among: ["eggs"]) == nil)
    }
}
