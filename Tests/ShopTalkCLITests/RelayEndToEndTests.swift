import Foundation
import Testing

/// Several members through `shoptalk chat --relay --format json`, as a relay bridge would drive it.
@Suite("Relay end to end")
struct RelayEndToEndTests {
    func objects(_ output: String) throws -> [[String: Any]] {
        try output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    @Test func ahouseholdSharesAListThroughARelay() throws {
        let input = """
            :alice create list Groceries
            :bob hello
            :carol hello
            :alice share Groceries with bob and carol read-only
            :bob accept Groceries
            :carol decline Groceries
            :bob add eggs to Groceries
            :alice let bob edit Groceries
            :bob add eggs to Groceries
            :carol what's on Groceries
            :bob who can see Groceries?

            """
        let result = try ShopTalkBinary.run(["chat", "--db", ":memory:", "--relay", "--format", "json"], input: input)
        #expect(result.status == 0)
        let lines = try objects(result.output)
        let replies = lines.filter { $0["ok"] != nil }
        let events = lines.filter { $0["event"] != nil }
        #expect(replies.count == 11)
        #expect(replies.map { $0["to"] as? String } == ["alice", "bob", "carol", "alice", "bob", "carol", "bob", "alice", "bob", "carol", "bob"])
        #expect(replies[6]["error"] as? String == "forbidden")
        #expect(replies[8]["ok"] as? Bool == true)
        #expect(replies[9]["error"] as? String == "not_found")
        #expect(events.map { "\($0["event"]!)→\($0["to"]!)" } == [
            "list_shared→bob", "list_shared→carol", "share_accepted→alice", "share_declined→alice",
            "permission_changed→bob", "items_added→alice",
        ])
        #expect(events.last?["text"] as? String == "bob added eggs to Groceries.")
    }
}
