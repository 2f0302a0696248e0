import Foundation
import Testing
@testable import ShopTalkDomain

/// Sharing rules, told through alice (owner), bob, carol and dave.
@Suite("Sharing rules")
struct SharingTests {
    let repository = InMemoryRepository()
    var clock = Date(timeIntervalSince1970: 1_800_000_000)
    var household: Household<InMemoryRepository> { Household(repository: repository, now: clock) }
    let alice: User, bob: User, carol: User, dave: User

    init() throws {
        let household = Household(repository: repository, now: clock)
        alice = try household.enroll(try UserName("alice"))
        bob = try household.enroll(try UserName("bob"))
        carol = try household.enroll(try UserName("carol"))
        dave = try household.enroll(try UserName("dave"))
        _ = try household.createList(named: "Groceries", by: alice)
        _ = try household.addItems([.init(name: "eggs"), .init(name: "milk")], to: .named("Groceries"), by: alice)
    }

    /// The identity of a list the user sees, as a conversation keeps it.
    func id(of name: String, owner: String? = nil, for user: User) throws -> ListID {
        try household.resolve(.named(name, owner: owner), for: user).list.id
    }

    func listNames(of user: User) throws -> [String] {
        try household.lists(of: user).map { "\($0.list.owner)/\($0.list.name)/\($0.access.name)" }
    }

    @Test func anInvitationIsPendingUntilAccepted() throws {
        let shared = try household.share(.named("Groceries"), with: ["bob"], permission: nil, by: alice)
        #expect(shared.changes.map(\.permission) == [.readWrite])
        #expect(try listNames(of: bob).isEmpty)
        #expect(throws: DomainError.listNotFound("Groceries", suggestion: nil)) { try household.contents(of: .named("Groceries"), for: bob) }
        _ = try household.accept("groceries", by: bob)
        #expect(try listNames(of: bob) == ["alice/Groceries/read-write"])
        #expect(try household.contents(of: .named("Groceries"), for: bob).items.map(\.name.value) == ["eggs", "milk"])
    }

    @Test func invitingNobodyYourselfOrSomeoneAlreadyInIsAnError() throws {
        #expect(throws: DomainError.unknownUser("zed")) { try household.share(.named("Groceries"), with: ["zed"], permission: nil, by: alice) }
        #expect(throws: DomainError.cannotShareWithSelf) { try household.share(.named("Groceries"), with: ["alice"], permission: nil, by: alice) }
        _ = try household.share(.named("Groceries"), with: ["bob"], permission: nil, by: alice)
        #expect(throws: DomainError.alreadyShared(user: "bob", list: "Groceries")) {
            try household.share(.named("Groceries"), with: ["bob"], permission: nil, by: alice)
        }
    }

    @Test func aListSomeoneCannotSeeIsNotFoundExactlyLikeOneThatDoesNotExist() throws {
        let hidden = try #require(throws: DomainError.self) { try household.contents(of: .named("Groceries"), for: bob) }
        let missing = try #require(throws: DomainError.self) { try household.contents(of: .named("Groceryz"), for: bob) }
        #expect(hidden == .listNotFound("Groceries", suggestion: nil))
        #expect(missing == .listNotFound("Groceryz", suggestion: nil))
        #expect(throws: DomainError.listNotFound("Groceries", suggestion: nil)) {
            try household.addItems([.init(name: "cake")], to: .named("Groceries"), by: bob)
        }
        #expect(throws: DomainError.listNotFound("Groceries", suggestion: nil)) { try household.deleteList(.named("Groceries"), by: bob) }
        #expect(throws: DomainError.listNotFound("Groceries", suggestion: nil)) {
            try household.share(.named("Groceries"), with: ["carol"], permission: nil, by: bob)
        }
    }

    @Test func readOnlyParticipantsSeeButDoNotChange() throws {
        _ = try household.share(.named("Groceries"), with: ["bob"], permission: .readOnly, by: alice)
        _ = try household.accept("Groceries", by: bob)
        #expect(try household.contents(of: .named("Groceries"), for: bob).items.count == 2)
        let readOnly = DomainError.forbidden(.readOnly(list: "Groceries", owner: "alice"))
        #expect(throws: readOnly) { try household.addItems([.init(name: "cake")], to: .named("Groceries"), by: bob) }
        #expect(throws: readOnly) { try household.checkItem("eggs", on: .named("Groceries"), by: bob) }
        #expect(throws: readOnly) { try household.removeItem(named: "eggs", from: .named("Groceries"), by: bob) }
        #expect(throws: readOnly) { try household.removeQuantity(.one, of: "eggs", from: .named("Groceries"), by: bob) }
        #expect(throws: readOnly) { try household.clearChecked(on: .named("Groceries"), by: bob) }
        #expect(throws: readOnly) { try household.checkEverything(on: .named("Groceries"), by: bob) }
        #expect(throws: readOnly) { try household.uncheckEverything(on: .named("Groceries"), by: bob) }
        #expect(try household.contents(of: .named("Groceries"), for: alice).items.map(\.isChecked) == [false, false])
    }

    @Test func readWriteParticipantsChangeItemsButNotTheListOrItsSharing() throws {
        _ = try household.share(.named("Groceries"), with: ["bob"], permission: nil, by: alice)
        _ = try household.accept("Groceries", by: bob)
        _ = try household.addItems([.init(name: "cake")], to: .named("Groceries"), by: bob)
        _ = try household.checkItem("eggs", on: .named("Groceries"), by: bob)
        #expect(throws: DomainError.forbidden(.notOwner(list: "Groceries", owner: "alice"))) {
            try household.renameList(.named("Groceries"), to: "Food", by: bob)
        }
        #expect(throws: DomainError.forbidden(.notOwner(list: "Groceries", owner: "alice"))) { try household.deleteList(.named("Groceries"), by: bob) }
        #expect(throws: DomainError.forbidden(.cannotManageSharing(list: "Groceries", owner: "alice"))) {
            try household.share(.named("Groceries"), with: ["carol"], permission: nil, by: bob)
        }
        #expect(throws: DomainError.forbidden(.cannotManageSharing(list: "Groceries", owner: "alice"))) {
            try household.createShareCode("CODE234567", for: .named("Groceries"), permission: nil, singleUse: false, by: bob)
        }
    }

    @Test func adminsManageParticipantsButNotTheListNorOtherAdmins() throws {
        _ = try household.share(.named("Groceries"), with: ["bob", "carol"], permission: nil, by: alice)
        _ = try household.accept("Groceries", by: bob)
        _ = try household.accept("Groceries", by: carol)
        _ = try household.setPermission(.admin, on: .named("Groceries"), for: ["bob"], by: alice)
        _ = try household.share(.named("Groceries"), with: ["dave"], permission: .readOnly, by: bob)
        _ = try household.setPermission(.readOnly, on: .named("Groceries"), for: ["carol"], by: bob)
        _ = try household.unshare(.named("Groceries"), with: ["carol"], by: bob)
        #expect(throws: DomainError.forbidden(.onlyOwnerGrantsAdmin(list: "Groceries"))) {
            try household.setPermission(.admin, on: .named("Groceries"), for: ["dave"], by: bob)
        }
        #expect(throws: DomainError.forbidden(.notOwner(list: "Groceries", owner: "alice"))) {
            try household.renameList(.named("Groceries"), to: "Food", by: bob)
        }
        _ = try household.accept("Groceries", by: dave)
        _ = try household.setPermission(.admin, on: .named("Groceries"), for: ["dave"], by: alice)
        #expect(throws: DomainError.forbidden(.cannotChangeAdmin(user: "dave", list: "Groceries"))) {
            try household.unshare(.named("Groceries"), with: ["dave"], by: bob)
        }
        #expect(try listNames(of: carol).isEmpty)
    }

    @Test func changingAPermissionNeedsAParticipant() throws {
        #expect(throws: DomainError.notAParticipant(user: "bob", list: "Groceries")) {
            try household.setPermission(.readOnly, on: .named("Groceries"), for: ["bob"], by: alice)
        }
        _ = try household.share(.named("Groceries"), with: ["bob"], permission: nil, by: alice)
        let changed = try household.setPermission(.readOnly, on: .named("Groceries"), for: ["bob"], by: alice)
        #expect(changed.changes.first?.kind == .permissionChanged(from: .readWrite))
    }

    @Test func declineLeaveAndStopSharing() throws {
        _ = try household.share(.named("Groceries"), with: ["bob", "carol", "dave"], permission: nil, by: alice)
        _ = try household.decline("Groceries", by: bob)
        #expect(throws: DomainError.noInvitation("Groceries")) { try household.accept("Groceries", by: bob) }
        _ = try household.accept("Groceries", by: carol)
        _ = try household.leave(.named("Groceries"), by: carol)
        #expect(try listNames(of: carol).isEmpty)
        #expect(throws: DomainError.ownerCannotLeave(list: "Groceries")) { try household.leave(.named("Groceries"), by: alice) }
        let stopped = try household.stopSharing(.named("Groceries"), by: alice)
        #expect(stopped.removed.map(\.value) == ["dave"])
        #expect(throws: DomainError.noInvitation("Groceries")) { try household.accept("Groceries", by: dave) }
        #expect(throws: DomainError.notShared(list: "Groceries")) { try household.stopSharing(.named("Groceries"), by: alice) }
    }

    @Test func deletingASharedListEndsItsSharesAndTellsItsMembers() throws {
        _ = try household.share(.named("Groceries"), with: ["bob", "carol"], permission: nil, by: alice)
        _ = try household.accept("Groceries", by: bob)
        let deleted = try household.deleteList(.named("Groceries"), by: alice)
        #expect(deleted.audience.map(\.value) == ["bob"])
        #expect(try repository.shares(for: bob).isEmpty)
        #expect(try repository.shares(for: carol).isEmpty)
        #expect(try listNames(of: bob).isEmpty)
    }

    @Test func theAudienceIsEveryOtherMember() throws {
        _ = try household.share(.named("Groceries"), with: ["bob", "carol"], permission: nil, by: alice)
        _ = try household.accept("Groceries", by: bob)
        let list = try household.contents(of: .named("Groceries"), for: alice).list
        #expect(try household.audience(of: list, excluding: bob).map(\.value) == ["alice"])
        #expect(try household.audience(of: list, excluding: alice).map(\.value) == ["bob"])
    }

    @Test func aCodeMakesWhoeverSaysItAParticipant() throws {
        let created = try household.createShareCode("ABCDE23456", for: .named("Groceries"), permission: nil, singleUse: false, by: alice)
        #expect(created.code.permission == .readOnly)
        let joined = try household.join(code: "abcde23456", by: bob)
        #expect(joined.permission == .readOnly)
        _ = try household.join(code: "ABCDE23456", by: carol)
        #expect(throws: DomainError.alreadyShared(user: "bob", list: "Groceries")) { try household.join(code: "ABCDE23456", by: bob) }
        #expect(try listNames(of: carol) == ["alice/Groceries/read-only"])
        _ = try household.revokeCodes(for: .named("Groceries"), by: alice)
        #expect(throws: DomainError.invalidCode) { try household.join(code: "ABCDE23456", by: dave) }
        #expect(throws: DomainError.noCode(list: "Groceries")) { try household.revokeCodes(for: .named("Groceries"), by: alice) }
    }

    @Test func aSingleUseCodeWorksOnceAndNoCodeGrantsAdmin() throws {
        _ = try household.createShareCode("ONCE234567", for: .named("Groceries"), permission: .admin, singleUse: true, by: alice)
        #expect(try household.join(code: "ONCE234567", by: bob).permission == .readWrite)
        #expect(throws: DomainError.invalidCode) { try household.join(code: "ONCE234567", by: carol) }
    }

    @Test mutating func aCodeExpiresAfterSevenDays() throws {
        _ = try household.createShareCode("WEEK234567", for: .named("Groceries"), permission: nil, singleUse: false, by: alice)
        clock += ShareCode.lifetime - 1
        _ = try household.join(code: "WEEK234567", by: bob)
        clock += 2
        #expect(throws: DomainError.invalidCode) { try household.join(code: "WEEK234567", by: carol) }
    }

    @Test func oneSharedItemAndNothingElseOfItsList() throws {
        let shared = try household.share(.named("Groceries"), item: "egg", with: ["bob"], permission: nil, by: alice)
        #expect(shared.item?.name.value == "eggs")
        _ = try household.accept("eggs", by: bob)
        #expect(try listNames(of: bob).isEmpty)
        #expect(try household.sharedItems(for: bob).map(\.item.name.value) == ["eggs"])
        #expect(throws: DomainError.listNotFound("Groceries", suggestion: nil)) { try household.contents(of: .named("Groceries"), for: bob) }
        let checked = try household.checkItem("eggs", on: .implicit(current: nil), by: bob)
        #expect(checked.after.isChecked)
        #expect(throws: DomainError.itemNotFound("milk", list: "Shopping list", suggestion: nil)) {
            try household.checkItem("milk", on: .implicit(current: nil), by: bob)
        }
        let list = try household.contents(of: .named("Groceries"), for: alice).list
        let eggs = try #require(try repository.items(in: list.id).first { $0.name.value == "eggs" })
        #expect(try household.audience(of: list, item: eggs.id, excluding: alice).map(\.value) == ["bob"])
        #expect(try household.audience(of: list, excluding: alice).isEmpty)
    }

    @Test func aReadOnlySharedItemCannotBeChanged() throws {
        _ = try household.share(.named("Groceries"), item: "milk", with: ["bob"], permission: .readOnly, by: alice)
        _ = try household.accept("milk", by: bob)
        #expect(throws: DomainError.forbidden(.readOnly(list: "milk", owner: "alice"))) {
            try household.checkItem("milk", on: .implicit(current: nil), by: bob)
        }
    }

    @Test func anItemNamedAloneIsFoundOnTheOneOtherListThatHasIt() throws {
        _ = try household.createList(named: "Hardware", by: bob)
        _ = try household.addItems([.init(name: "nails")], to: .named("Hardware"), by: bob)
        _ = try household.share(.named("Groceries"), with: ["bob"], permission: nil, by: alice)
        _ = try household.accept("Groceries", by: bob)
        // Bob is on Hardware; the eggs are only on alice's Groceries.
        let checked = try household.checkItem("eggs", on: .implicit(current: try id(of: "Hardware", for: bob)), by: bob)
        #expect(checked.list.name.value == "Groceries" && checked.after.isChecked)
        // Shared on its own as well as with its whole list, it is still one item in one place.
        _ = try household.share(.named("Groceries"), item: "milk", with: ["bob"], permission: nil, by: alice)
        _ = try household.accept("milk", by: bob)
        #expect(try household.checkItem("milk", on: .implicit(current: try id(of: "Hardware", for: bob)), by: bob).list.name.value == "Groceries")
        // Named with its list, an item is looked for there and nowhere else.
        #expect(throws: DomainError.itemNotFound("milk", list: "Hardware", suggestion: nil)) {
            try household.removeItem(named: "milk", from: .named("Hardware"), by: bob)
        }
    }

    @Test func anItemOnSeveralOtherListsIsAskedAboutAndLeftAlone() throws {
        _ = try household.createList(named: "Party", by: alice)
        _ = try household.addItems([.init(name: "eggs")], to: .named("Party"), by: alice)
        _ = try household.createList(named: "Groceries", by: bob)
        _ = try household.share(.named("Groceries"), with: ["bob"], permission: nil, by: alice)
        _ = try household.accept("Groceries", from: "alice", by: bob)
        _ = try household.share(.named("Party"), item: "eggs", with: ["bob"], permission: nil, by: alice)
        _ = try household.accept("eggs", by: bob)
        let several = DomainError.itemOnSeveralLists("eggs", lists: ["Groceries"], owners: ["alice"], sharedBy: ["alice"])
        #expect(throws: several) { try household.removeItem(named: "eggs", from: .implicit(current: try id(of: "Groceries", for: bob)), by: bob) }
        #expect(several.code == .ambiguous)
        #expect(try household.contents(of: .named("Groceries"), for: alice).items.map(\.name.value) == ["eggs", "milk"])
    }

    @Test func anItemFoundElsewhereKeepsThatListsPermission() throws {
        _ = try household.createList(named: "Hardware", by: bob)
        _ = try household.share(.named("Groceries"), with: ["bob"], permission: .readOnly, by: alice)
        _ = try household.accept("Groceries", by: bob)
        #expect(throws: DomainError.forbidden(.readOnly(list: "Groceries", owner: "alice"))) {
            try household.setQuantity(of: "milk", to: try Quantity(3), on: .implicit(current: try id(of: "Hardware", for: bob)), by: bob)
        }
    }

    @Test func sameNamesPreferYourOwnAndOwnersDisambiguate() throws {
        _ = try household.createList(named: "Groceries", by: bob)
        _ = try household.share(.named("Groceries"), with: ["bob"], permission: nil, by: alice)
        _ = try household.accept("Groceries", from: "alice", by: bob)
        #expect(try household.resolve(.named("groceries"), for: bob).list.owner.value == "bob")
        #expect(try household.resolve(.named("Groceries", owner: "alice"), for: bob).list.owner.value == "alice")
        let own = try household.resolve(.named("Groceries"), for: bob).list
        #expect(try household.namesakes(of: own, for: bob).map(\.value) == ["alice"])
        _ = try household.createList(named: "Groceries", by: carol)
        _ = try household.share(.named("Groceries"), with: ["dave"], permission: nil, by: carol)
        _ = try household.share(.named("Groceries"), with: ["dave"], permission: nil, by: alice)
        #expect(throws: DomainError.ambiguousList("Groceries", owners: ["alice", "carol"])) { try household.accept("Groceries", by: dave) }
        _ = try household.accept("Groceries", from: "carol", by: dave)
        _ = try household.accept("Groceries", from: "alice", by: dave)
        #expect(throws: DomainError.ambiguousList("Groceries", owners: ["alice", "carol"])) { try household.contents(of: .named("Groceries"), for: dave) }
        #expect(try household.contents(of: .named("Groceries", owner: "carol"), for: dave).list.owner.value == "carol")
    }

    @Test func participantsReadTheListsHistory() throws {
        _ = try household.share(.named("Groceries"), with: ["bob"], permission: nil, by: alice)
        _ = try household.accept("Groceries", by: bob)
        _ = try household.addItems([.init(name: "jam")], to: .named("Groceries"), by: bob)
        let history = try household.history(of: .named("Groceries"), for: bob).changes
        #expect(history.first?.actor.value == "bob")
        #expect(history.first?.change == .addedItem(try ItemName("jam"), .one, nil))
        #expect(throws: DomainError.listNotFound("Groceries", suggestion: nil)) { try household.history(of: .named("Groceries"), for: carol) }
    }

    @Test func findingAnItemLooksOnlyWhereTheAskerMaySee() throws {
        #expect(try household.findItem(named: "eggs", on: .implicit(current: nil), for: bob).item == nil)
        #expect(throws: DomainError.listNotFound("Groceries", suggestion: nil)) {
            try household.findItem(named: "eggs", on: .named("Groceries"), for: bob)
        }
        _ = try household.share(.named("Groceries"), with: ["bob"], permission: .readOnly, by: alice)
        #expect(try household.findItem(named: "eggs", on: .implicit(current: nil), for: bob).item == nil) // invited, not accepted
        _ = try household.accept("groceries", by: bob)
        let found = try household.findItem(named: "EGGS", on: .implicit(current: nil), for: bob)
        #expect(found.list.owner.value == "alice")
        #expect(found.item?.name.value == "eggs")
    }

    @Test mutating func whoAddedAnItemIsToldOnlyFromListsTheAskerSees() throws {
        _ = try household.removeItem(named: "milk", from: .named("Groceries"), by: alice)
        let outsider = try household.whoAdded("milk", on: .implicit(current: nil), for: bob)
        #expect(outsider.found.item == nil)
        #expect(outsider.removal == nil) // alice's history is not bob's to read
        #expect(try household.whoAdded("eggs", on: .implicit(current: nil), for: bob).found.item == nil)

        _ = try household.share(.named("Groceries"), with: ["bob"], permission: nil, by: alice)
        _ = try household.accept("Groceries", by: bob)
        clock += 3_600
        _ = try household.addItems([.init(name: "jam")], to: .named("Groceries"), by: bob)
        let eggs = try household.whoAdded("EGGS", on: .implicit(current: nil), for: bob).found
        #expect(eggs.item?.addedBy.value == "alice")
        #expect(eggs.item?.addedAt == clock - 3_600)
        #expect(try household.whoAdded("jam", on: .named("Groceries"), for: alice).found.item?.addedBy.value == "bob")

        clock += 60
        _ = try household.removeItem(named: "jam", from: .named("Groceries"), by: alice)
        let removal = try #require(try household.whoAdded("jam", on: .implicit(current: nil), for: bob).removal)
        #expect(removal.0.actor.value == "alice")
        #expect(removal.0.at == clock)
        #expect(removal.1.name.value == "Groceries")
    }

    @Test func askingWhereAnItemIsNamesEveryListTheAskerSeesThatHasIt() throws {
        _ = try household.createList(named: "Pantry", by: bob)
        _ = try household.addItems([.init(name: "eggs", quantity: try Quantity(6))], to: .named("Pantry"), by: bob)
        _ = try household.createList(named: "Party", by: alice)
        _ = try household.addItems([.init(name: "eggs")], to: .named("Party"), by: alice)
        _ = try household.createList(named: "Bake sale", by: carol)
        _ = try household.addItems([.init(name: "eggs", quantity: try Quantity(2))], to: .named("Bake sale"), by: carol)
        _ = try household.share(.named("Groceries"), with: ["bob"], permission: nil, by: alice)
        _ = try household.accept("Groceries", by: bob)
        _ = try household.share(.named("Party"), item: "eggs", with: ["bob"], permission: .readOnly, by: alice)
        _ = try household.accept("eggs", by: bob)
        // Bob's own list first, then alice's Groceries, then the eggs of Party shared alone; never carol's.
        let found = try household.findItem(named: "eggs", on: .implicit(current: nil), for: bob)
        #expect(found.list.name.value == "Pantry" && found.item?.quantity.description == "6")
        #expect(found.elsewhere.map { "\($0.list.owner)/\($0.list.name)" } == ["alice/Groceries", "alice/Party"])
        // Asked about one list, the answer is about that list alone.
        #expect(try household.findItem(named: "eggs", on: .named("Groceries"), for: bob).elsewhere.isEmpty)
        // On the current list, the others that have it are still told.
        let onGroceries = try household.findItem(named: "eggs", on: .implicit(current: try id(of: "Groceries", owner: "alice", for: bob)), for: bob)
        #expect(onGroceries.list.name.value == "Groceries")
        #expect(onGroceries.elsewhere.map(\.list.name.value) == ["Pantry", "Party"])
    }

    @Test func acceptingWithoutANameTakesTheOnlyInvitationAndAsksWhenThereAreSeveral() throws {
        #expect(throws: DomainError.noInvitation(nil)) { try household.accept(nil, by: bob) }
        _ = try household.share(.named("Groceries"), with: ["bob"], permission: nil, by: alice)
        _ = try household.createList(named: "Party", by: carol)
        _ = try household.share(.named("Party"), with: ["bob"], permission: .readOnly, by: carol)
        #expect(throws: DomainError.whichInvitation(names: ["Groceries", "Party"], owners: ["alice", "carol"])) {
            try household.accept(nil, by: bob)
        }
        #expect(try household.accept(nil, from: "carol", by: bob).list.name.value == "Party")
        #expect(try household.accept(nil, by: bob).list.name.value == "Groceries")
        #expect(try listNames(of: bob) == ["alice/Groceries/read-write", "carol/Party/read-only"])
    }
}
