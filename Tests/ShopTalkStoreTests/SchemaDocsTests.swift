import Foundation
import Testing
@testable import ShopTalkStore
@testable import ShopTalkStoreCore
@testable import ShopTalkSQLiteStore
@testable import ShopTalkPostgresStore

/// docs/storage.md says what each schema version changed; a migration
/// added without its line there would leave the docs telling an old story.
@Suite("Schema docs")
struct SchemaDocsTests {
    @Test func everySchemaVersionHasItsRowInTheStorageDocs() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/storage.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let documented = Set(text.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("| ") else { return nil }
            return Int(line.dropFirst(2).prefix { $0.isNumber })
        })
        for version in 1...Schema.version {
            #expect(documented.contains(version), "docs/storage.md has no row for schema version \(version)")
        }
        #expect(!documented.contains(Schema.version + 1), "docs/storage.md describes a version the code does not have")
    }
}
