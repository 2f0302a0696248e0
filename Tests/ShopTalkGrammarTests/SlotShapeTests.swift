import Foundation
import ShopTalkGrammar
import ShopTalkJSON
import Testing

/// Every slot of every parse has the one JSON shape docs/protocol.md gives it.
@Suite("Slot shapes")
struct SlotShapeTests {
    /// The "Parses" table of docs/protocol.md: slot name → its row's JSON column.
    static let documented: [String: String] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/protocol.md")
        let text = try! String(contentsOf: url, encoding: .utf8)
        let section = text.components(separatedBy: "## Parses")[1].components(separatedBy: "\n## ")[0]
        var shapes: [String: String] = [:]
        for row in section.split(separator: "\n") where row.hasPrefix("| `") || row.hasPrefix("| any other") {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if cells[1].hasPrefix("any other") {
                shapes["any other"] = cells[2]
                continue
            }
            let names = cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            for name in names { shapes[String(name.element)] = cells[2] }
        }
        return shapes
    }()

    /// Whether a value has the shape a row describes; the rows name their types in words.
    static func fits(_ slot: String, _ value: Any, _ shape: String) -> Bool {
        switch slot {
        case "list":
            guard let object = value as? [String: Any] else { return false }
            if object["current"] as? Bool == true { return object.count == 1 }
            if object["default"] as? Bool == true { return object.keys.allSatisfy { ["default", "owner"].contains($0) } }
            return object["name"] is String && object.keys.allSatisfy { ["name", "owner"].contains($0) }
        case "items":
            guard let items = value as? [[String: Any]], !items.isEmpty else { return false }
            return items.allSatisfy { item in
                Set(item.keys) == ["name", "quantity", "unit"] && item["name"] is String
                    && (item["quantity"] is NSNumber || item["quantity"] is NSNull || item["quantity"] is String)
                    && (item["unit"] is String || item["unit"] is NSNull)
            }
        case "quantity": return value is NSNumber || value is String
        case "unit": return value is String || value is NSNull
        case "users": return (value as? [Any])?.allSatisfy { $0 is String } == true
        default: return value is String && shape.contains("string")
        }
    }

    static var sentences: [String] {
        EnglishSentenceTests.cases.map(\.sentence) + Grammars.english.intents.flatMap(\.examples)
    }

    @Test func everySlotOfEveryParseHasItsDocumentedShape() throws {
        for sentence in Self.sentences {
            let json = Parse.json(Grammars.english.parse(sentence)).serialized
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let slots = try #require(object["slots"] as? [String: Any])
            for (name, value) in slots {
                let documentedName = Self.documented[name] != nil ? name : "any other"
                let shape = try #require(Self.documented[documentedName], "slot \(name) is not in docs/protocol.md")
                #expect(Self.fits(name, value, shape), "\(sentence): \(name) = \(value)")
            }
            if slots["quantity"] != nil { #expect(slots.keys.contains("unit"), "\(sentence): a quantity without its unit") }
        }
    }

    @Test func everySlotTheGrammarCanFillIsDocumented() {
        let filled = Set(Self.sentences.compactMap { Grammars.english.parse($0) }.flatMap { $0.slots.map(\.name) })
        let builtIn: Set = ["list", "items", "quantity", "unit", "item", "new_name", "text", "code", "user", "users"]
        #expect(filled.intersection(builtIn).isSubset(of: Set(Self.documented.keys)))
        #expect(Self.documented["any other"] != nil)
    }
}

/// Numbers as people write them, read exactly, and lines the fuzzer found.
@Suite("Numbers in sentences")
struct NumberReadingTests {
    static func quantity(_ sentence: String) -> String? {
        guard case .items(let items)? = Grammars.english.parse(sentence)?[slot: "items"] else { return nil }
        return items.first?.quantity.map(\.description) ?? "how many?"
    }

    @Test("digits, marks and fractions", arguments: [
        ("add 1.5 kg rice", "1.5"), ("add 1,5 kg rice", "1.5"), ("add 1,000 pins", "1000"), ("add 1,000.5 g salt", "1000.5"),
        ("add 12,345,678 pins", "12345678"), ("add 2 1/2 kg potatoes", "2.5"), ("add 1½ kg flour", "1.5"), ("add 1/3 cake", "1/3"),
        ("add 1.00000000000000000000001 kg rice", "1.000000000000000001"), ("add 1.000000000000000000000 kg rice", "1"),
        ("add several napkins", "how many?"), ("add twenty-five napkins", "25"), ("add nine hundred ninety-nine thousand pins", "999000"),
    ])
    func read(_ row: (String, String)) {
        #expect(Self.quantity(row.0) == row.1)
    }

    /// A mark before 78 digits once made the reader divide by a power of ten that had wrapped to 0.
    @Test func aNumberWithVeryManyDigitsAfterItsMarkIsReadWithoutCrashing() {
        let sentence = "add \u{15}00gJu\u{93}\u{13}5\u{93}\u{13}\u{0}5\u{0},3333333333333," + String(repeating: "3", count: 78) + "\u{0}\n,oel(our[\u{0}#"
        _ = Grammars.english.parse(sentence)
        #expect(Self.quantity("add 3333333333333," + String(repeating: "3", count: 78) + " pins") != nil)
    }

    /// A negative number past Int's range once became Int.min, whose absolute value traps.
    @Test func aHugeNegativeFractionIsReadWithoutCrashing() {
        _ = Grammars.english.parse("3334\u{8}:-33333333333333333332/33\u{0}32/31\u{0}3")
        #expect(Self.quantity("add -33333333333333333332/33 pins") != nil)
        #expect(Self.quantity("add -99999999999999999999 pins") != nil)
    }
}

