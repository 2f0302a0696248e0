import ShopTalkDomain
import ShopTalkSession
import ShopTalkWording
import Testing

/// The domain refuses with values and codes; the words are the message
/// files', chosen when the reply is written.
@Suite("Refusals in words")
struct RefusalWordingTests {
    @Test func anItemOnSeveralListsNamesEachWithItsOwnerAndWhoSharedIt() {
        let several = DomainError.itemOnSeveralLists("eggs", lists: ["Groceries"], owners: ["alice"], sharedBy: ["alice"])
        #expect(Reply.refused(several).error == .ambiguous)
        #expect(Reply.refused(several).text(ChatDriver.wording)
            == "“eggs” is on more than one of your lists: Groceries from alice, shared with you by alice. Say which, as in “eggs on Groceries from alice”.")
    }

    @Test func aNameTooLongSaysTheLimit() {
        let refused = Reply.refused(.invalidUserName(String(repeating: "a", count: 80)))
        #expect(refused.error == .invalid)
        #expect(refused.text(ChatDriver.wording).contains("\(UserName.maximumLength)"))
    }

    @Test func aLanguageWithoutItsOwnCatalogIsWordedInEnglish() {
        var reply = Reply.refused(.unknownUser("zed"))
        reply.language = "xx"
        #expect(reply.text(ChatDriver.wording) == "Nobody called “zed” has joined yet.")
    }
}
