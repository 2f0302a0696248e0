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
        case "list", "to_list":
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

    /// Every table's sentences and every help example, in every language, with the grammar to read them.
    static var sentences: [(grammar: Grammar, sentence: String)] {
        SentenceCase.all.map { (BuiltInGrammars.all[$0.language]!, $0.sentence) }
            + BuiltInGrammars.all.values.flatMap { grammar in grammar.intents.flatMap(\.examples).map { (grammar, $0) } }
    }

    @Test func everySlotOfEveryParseHasItsDocumentedShape() throws {
        for (grammar, sentence) in Self.sentences {
            let json = Parse.json(grammar.parse(sentence)).serialized
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
        let filled = Set(Self.sentences.compactMap { $0.grammar.parse($0.sentence) }.flatMap { $0.slots.map(\.name) })
        let builtIn: Set = ["list", "items", "quantity", "unit", "item", "new_name", "text", "code", "user", "users"]
        #expect(filled.intersection(builtIn).isSubset(of: Set(Self.documented.keys)))
        #expect(Self.documented["any other"] != nil)
    }
}
