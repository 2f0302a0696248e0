import ShopTalkDomain
import ShopTalkJSON
@testable import ShopTalkSession
import ShopTalkWording
import Testing

/// News is kept as data, never as words: it is worded when delivered, in
/// the language of the member it is for. News an older ShopTalk kept as
/// English text is still delivered, as it was written.
@Suite("Stored events")
struct StoredEventTests {
    let bob = try! UserName("bob")

    @Test func anEventIsStoredWithoutWordsAndWordedTheSameAfterReading() throws {
        let message = Message(.eventAdded, [
            "actor": .text("alice"),
            "items": .list([.text("eggs"), .decimal("1.5")], .and),
            "list": .message(Message(.listOthers, ["owner": .text("alice"), "name": .text("Groceries")])),
        ])
        let event = Event(name: "items_added", to: bob, message: message, data: .object([("by", .string("alice"))]))
        #expect(!event.stored.contains("alice added"))
        let read = try #require(Event(stored: event.stored, to: bob))
        #expect(read == event)
        #expect(read.text(ChatDriver.wording) == event.text(ChatDriver.wording))
    }

    @Test func newsAnOlderShopTalkStoredAsTextIsDeliveredAsWritten() throws {
        let payload = #"{"event":"items_added","text":"alice added eggs to Groceries.","lang":"en","data":{"by":"alice"}}"#
        let read = try #require(Event(stored: payload, to: bob))
        #expect(read.text(ChatDriver.wording) == "alice added eggs to Groceries.")
        #expect(read.data["by"] == .string("alice"))
        #expect(Event(stored: read.stored, to: bob) == read)
    }

    @Test func aPayloadThatIsNotAnEventIsSkipped() {
        #expect(Event(stored: "not json", to: bob) == nil)
        #expect(Event(stored: #"{"data":{}}"#, to: bob) == nil)
    }
}
