import Foundation
import Testing
@testable import ShopTalkDomain

/// The shopping-list rules, told through one member, alice.
@Suite("Household rules")
struct HouseholdTests {
    let repository = InMemoryRepository()
    var clock = Date(timeIntervalSince1970: 1_800_000_000)
    var household: Household<InMemoryRepository> { Household(repository: repository, now: clock) }
    let alice: User

    init() throws {
        alice = try Household(repository: repository, now: clock).enroll(try UserName("Alice"))
    }

    func names(on list: ListReference) throws -> [String] {
        try household.contents(of: list, for: alice).items.map(\.name.value)
    }

    @Test func enrollingTwiceFindsTheSameMember() throws {
        #expect(try household.enroll(try UserName("ALICE")) == alice)
    }

    @Test func unknownMembersAreReported() throws {
        #expect(throws: DomainError.unknownUser("bob")) { try household.member(try UserName("bob")) }
    }

    @Test func listNamesAreUniquePerOwnerIgnoringCase() throws {
        _ = try household.createList(named: "Groceries", by: alice)
        #expect(throws: DomainError.duplicateList("GROCERIES")) { try household.createList(named: "GROCERIES", by: alice) }
        let bob = try household.enroll(try UserName("bob"))
        #expect(try household.createList(named: "groceries", by: bob).owner.value == "bob")
    }

    /// "Grоceries" with a Cyrillic "о" beside "Groceries": a member could not tell which is which.
    @Test func aListNeverReadsLikeAnotherOfTheSameOwner() throws {
        _ = try household.createList(named: "Cocoa", by: alice)
        let cyrillic = "\u{421}\u{43E}\u{441}\u{43E}\u{430}"
        #expect(throws: DomainError.lookalikeList(cyrillic, existing: "Cocoa")) { try household.createList(named: cyrillic, by: alice) }
        #expect(throws: DomainError.invalidListName("Gr\u{43E}ceries", .mixedScripts)) { try household.createList(named: "Gr\u{43E}ceries", by: alice) }
        _ = try household.createList(named: "Tea", by: alice)
        #expect(throws: DomainError.lookalikeList(cyrillic, existing: "Cocoa")) { try household.renameList(.named("Tea"), to: cyrillic, by: alice) }
    }

    @Test func aRussianListIsFoundInEveryCaseAndItsItemsInTheirs() throws {
        _ = try household.createList(named: "Продукты", by: alice)
        _ = try household.addItems([.init(name: "гречка")], to: .named("продуктов"), by: alice)
        let added = try household.addItems([.init(name: "гречку", quantity: .one)], to: .named("продуктах"), by: alice)
        #expect(added.list.name.value == "Продукты")
        #expect(try names(on: .named("Продукты")) == ["гречка"])
        #expect(try household.contents(of: .named("Продукты"), for: alice).items.first?.quantity == Quantity(2))
        // A name said exactly wins over one that only agrees in another case.
        _ = try household.createList(named: "Продукт", by: alice)
        #expect(try household.contents(of: .named("продукт"), for: alice).list.name.value == "Продукт")
        #expect(try household.contents(of: .named("продукты"), for: alice).list.name.value == "Продукты")
    }

    @Test func renamingKeepsItemsAndRefusesAnExistingName() throws {
        _ = try household.createList(named: "Groceries", by: alice)
        _ = try household.createList(named: "Hardware", by: alice)
        _ = try household.addItems([.init(name: "eggs")], to: .named("groceries"), by: alice)
        #expect(throws: DomainError.duplicateList("Hardware")) { try household.renameList(.named("Groceries"), to: "hardware", by: alice) }
        let renamed = try household.renameList(.named("Groceries"), to: "Food", by: alice)
        #expect(renamed.oldName.value == "Groceries")
        #expect(try names(on: .named("food")) == ["eggs"])
        #expect(throws: DomainError.listNotFound("Groceries", suggestion: nil)) { try household.contents(of: .named("Groceries"), for: alice) }
    }

    @Test func renamingToADifferentCaseOfItselfIsAllowed() throws {
        _ = try household.createList(named: "groceries", by: alice)
        #expect(try household.renameList(.named("groceries"), to: "Groceries", by: alice).list.name.value == "Groceries")
    }

    @Test func deletingAListDeletesItsItems() throws {
        _ = try household.createList(named: "Groceries", by: alice)
        _ = try household.addItems([.init(name: "eggs"), .init(name: "milk")], to: .named("Groceries"), by: alice)
        let deleted = try household.deleteList(.named("groceries"), by: alice)
        #expect(deleted.itemCount == 2)
        #expect(try repository.items(in: deleted.list.id).isEmpty)
        #expect(try household.lists(of: alice).isEmpty)
    }

    @Test func aMisspelledListSuggestsTheClosestName() throws {
        _ = try household.createList(named: "Groceries", by: alice)
        #expect(throws: DomainError.listNotFound("Grocries", suggestion: "Groceries")) {
            try household.contents(of: .named("Grocries"), for: alice)
        }
    }

    @Test func otherMembersListsAreNotFound() throws {
        let bob = try household.enroll(try UserName("bob"))
        _ = try household.createList(named: "Secret", by: bob)
        #expect(throws: DomainError.listNotFound("Secret", suggestion: nil)) { try household.contents(of: .named("Secret"), for: alice) }
    }

    @Test func theDefaultListIsMadeOnFirstUse() throws {
        #expect(try household.lists(of: alice).isEmpty)
        _ = try household.addItems([.init(name: "milk")], to: .defaultList, by: alice)
        #expect(try household.lists(of: alice).map(\.list.name.value) == ["Shopping list"])
        #expect(try names(on: .named("shopping list")) == ["milk"])
    }

    @Test func removingFromAMissingDefaultListDoesNotCreateIt() throws {
        #expect(throws: DomainError.itemNotFound("milk", list: "Shopping list", suggestion: nil)) {
            try household.removeItem(named: "milk", from: .defaultList, by: alice)
        }
        #expect(try household.lists(of: alice).isEmpty)
    }

    @Test func itemsDefaultToQuantityOne() throws {
        let added = try household.addItems([.init(name: "milk")], to: .defaultList, by: alice)
        #expect(added.changes.map(\.item.quantity.description) == ["1"])
        #expect(added.changes.map(\.merged) == [false])
    }

    @Test func addingAnItemAlreadyOnTheListAddsToItsQuantity() throws {
        _ = try household.addItems([.init(name: "egg", quantity: try Quantity(2))], to: .defaultList, by: alice)
        let added = try household.addItems([.init(name: "Eggs", quantity: try Quantity(3))], to: .defaultList, by: alice)
        #expect(added.changes.map(\.item.quantity.description) == ["5"])
        #expect(added.changes.map(\.merged) == [true])
        #expect(try names(on: .defaultList) == ["egg"])
    }

    @Test func theSameItemTwiceInOneCommandIsOneRow() throws {
        let added = try household.addItems([.init(name: "loaf"), .init(name: "loaves", quantity: try Quantity(2))], to: .defaultList, by: alice)
        #expect(added.changes.last?.item.quantity.description == "3")
        #expect(try names(on: .defaultList) == ["loaf"])
    }

    @Test func aCheckedItemAddedAgainComesBackUnchecked() throws {
        _ = try household.addItems([.init(name: "milk", quantity: try Quantity(2))], to: .defaultList, by: alice)
        _ = try household.checkItem("milk", on: .defaultList, by: alice)
        let added = try household.addItems([.init(name: "milk")], to: .defaultList, by: alice)
        #expect(added.changes.first?.item.isChecked == false)
        #expect(added.changes.first?.item.quantity.description == "1")
    }

    @Test func quantitiesCannotGrowPastTheLimit() throws {
        _ = try household.addItems([.init(name: "rice", quantity: try Quantity(999_999))], to: .defaultList, by: alice)
        #expect(throws: DomainError.quantityWouldExceedLimit(item: "rice", list: "Shopping list", total: "1000001", unit: nil)) {
            try household.addItems([.init(name: "rice", quantity: try Quantity(2))], to: .defaultList, by: alice)
        }
    }

    @Test func differentMeasuresAndDifferentContainersDoNotAddUp() throws {
        _ = try household.addItems([.init(name: "flour", quantity: try Quantity(2), unit: "kg")], to: .defaultList, by: alice)
        #expect(throws: DomainError.unitMismatch(item: "flour", list: "Shopping list", existing: "kg", requested: "litre")) {
            try household.addItems([.init(name: "flour", quantity: try Quantity(1), unit: "litre")], to: .defaultList, by: alice)
        }
        #expect(throws: DomainError.unitMismatch(item: "flour", list: "Shopping list", existing: "kg", requested: nil)) {
            try household.addItems([.init(name: "flour", quantity: .one)], to: .defaultList, by: alice)
        }
        _ = try household.addItems([.init(name: "beer", quantity: try Quantity(6), unit: "bottle")], to: .defaultList, by: alice)
        #expect(throws: DomainError.unitMismatch(item: "beer", list: "Shopping list", existing: "bottle", requested: "can")) {
            try household.addItems([.init(name: "beer", quantity: try Quantity(2), unit: "can")], to: .defaultList, by: alice)
        }
        let added = try household.addItems([.init(name: "flour", quantity: try Quantity(1), unit: "kg")], to: .defaultList, by: alice)
        #expect(added.changes.first?.item.quantity.description == "3")
    }

    @Test func aMeasureSaidForAThingPutDownWithoutOneBecomesItsAmount() throws {
        // "mince", then "500g mince": the one of "mince" was no amount anybody said.
        _ = try household.addItems([.init(name: "mince")], to: .defaultList, by: alice)
        let measured = try household.addItems([.init(name: "mince", quantity: try Quantity(500), unit: "g")], to: .defaultList, by: alice)
        #expect(measured.changes.first?.item.quantity == (try Quantity(500)))
        #expect(measured.changes.first?.item.unit?.value == "g")
        // Two of a thing are an amount said: a measure does not replace it.
        _ = try household.addItems([.init(name: "lemons", quantity: try Quantity(2))], to: .defaultList, by: alice)
        #expect(throws: DomainError.unitMismatch(item: "lemons", list: "Shopping list", existing: nil, requested: "kg")) {
            try household.addItems([.init(name: "lemons", quantity: .one, unit: "kg")], to: .defaultList, by: alice)
        }
    }

    @Test func aNameSaidAgainWithoutANumberLeavesTheItemAsItIs() throws {
        _ = try household.addItems([.init(name: "eggs", quantity: try Quantity(12))], to: .defaultList, by: alice)
        let again = try household.addItems([.init(name: "egg"), .init(name: "milk")], to: .defaultList, by: alice)
        #expect(again.changes.map(\.outcome) == [.alreadyOnList, .new])
        #expect(again.news.changes.map(\.item.name.value) == ["milk"])
        #expect(try household.contents(of: .defaultList, for: alice).items.first { $0.name.value == "eggs" }?.quantity == Quantity(12))
        #expect(try household.history(of: .defaultList, for: alice).changes.count == 3) // made, eggs, milk: nothing for the eggs said again
        _ = try household.checkItem("eggs", on: .defaultList, by: alice)
        let back = try household.addItems([.init(name: "eggs")], to: .defaultList, by: alice)
        #expect(back.changes.map(\.outcome) == [.unchecked])
        #expect(back.changes.first?.item.isChecked == false)
        let more = try household.addItems([.init(name: "eggs", quantity: try Quantity(2))], to: .defaultList, by: alice)
        #expect(try more.changes.map(\.outcome) == [.merged] && more.changes.first?.item.quantity == Quantity(3))
    }

    @Test func aCountAddsToContainersOfTheItem() throws {
        _ = try household.addItems([.init(name: "bread")], to: .defaultList, by: alice)
        let added = try household.addItems([.init(name: "bread", quantity: try Quantity(2), unit: "loaf")], to: .defaultList, by: alice)
        #expect(added.changes.map { "\($0.item.quantity) \($0.item.unit?.value ?? "")" } == ["3 loaf"])
        let more = try household.addItems([.init(name: "bread", quantity: .one)], to: .defaultList, by: alice)
        #expect(more.changes.map { "\($0.item.quantity) \($0.item.unit?.value ?? "")" } == ["4 loaf"])
    }

    @Test func metricAndImperialMassAddUpRoundedToThreeFigures() throws {
        _ = try household.addItems([.init(name: "flour", quantity: try Quantity(2), unit: "kg")], to: .defaultList, by: alice)
        let added = try household.addItems([.init(name: "flour", quantity: try Quantity(1), unit: "lb")], to: .defaultList, by: alice)
        // 2,000 g and 453.59237 g: 2,453.59237 g, shown as 2.45 kg.
        #expect(added.changes.map { "\($0.item.quantity) \($0.item.unit?.value ?? "")" } == ["2.45 kg"])
    }

    @Test func amountsInTwoUnitsOfOneMeasureAddUpInTheUnitThatReadsBest() throws {
        _ = try household.addItems([.init(name: "flour", quantity: try Quantity(500), unit: "g")], to: .defaultList, by: alice)
        let added = try household.addItems([.init(name: "flour", quantity: try Quantity(numerator: 3, denominator: 2), unit: "kg")], to: .defaultList, by: alice)
        let change = try #require(added.changes.first)
        #expect(change.item.quantity.description == "2" && change.item.unit?.value == "kg")
        #expect(change.added.description == "1.5" && change.addedUnit?.value == "kg" && change.merged)
        _ = try household.addItems([.init(name: "flour", quantity: try Quantity(300), unit: "g")], to: .defaultList, by: alice)
        #expect(try household.contents(of: .defaultList, for: alice).items.map { "\($0.quantity) \($0.unit?.value ?? "")" } == ["2.3 kg"])
        _ = try household.addItems([.init(name: "milk", quantity: try Quantity(2), unit: "litre")], to: .defaultList, by: alice)
        _ = try household.addItems([.init(name: "milk", quantity: try Quantity(250), unit: "ml")], to: .defaultList, by: alice)
        _ = try household.addItems([.init(name: "butter", quantity: try Quantity(1), unit: "lb")], to: .defaultList, by: alice)
        _ = try household.addItems([.init(name: "butter", quantity: try Quantity(4), unit: "oz")], to: .defaultList, by: alice)
        let amounts = try household.contents(of: .defaultList, for: alice).items.map { "\($0.quantity) \($0.unit?.value ?? "")" }
        #expect(amounts == ["1.25 lb", "2.3 kg", "2.25 litre"])
    }

    @Test func aSumMayNotPassTheLimitInTheUnitItReadsBest() throws {
        _ = try household.addItems([.init(name: "flour", quantity: try Quantity(999_999), unit: "g")], to: .defaultList, by: alice)
        // 1,000,999 g is 1,000.999 kg: within the limit.
        let added = try household.addItems([.init(name: "flour", quantity: try Quantity(1), unit: "kg")], to: .defaultList, by: alice)
        #expect(added.changes.map { "\($0.item.quantity) \($0.item.unit?.value ?? "")" } == ["1000.999 kg"])
        _ = try household.addItems([.init(name: "rice", quantity: try Quantity(999_999), unit: "kg")], to: .defaultList, by: alice)
        #expect(throws: DomainError.quantityWouldExceedLimit(item: "rice", list: "Shopping list", total: "1000001", unit: "kg")) {
            try household.addItems([.init(name: "rice", quantity: try Quantity(2000), unit: "g")], to: .defaultList, by: alice)
        }
        #expect(try household.contents(of: .defaultList, for: alice).items.map(\.quantity.description) == ["1000.999", "999999"])
    }

    @Test func aListShowsUncheckedItemsFirstThenByNameIgnoringCase() throws {
        _ = try household.addItems(["banana", "Apple", "cherry", "apricot"].map { .init(name: $0) }, to: .defaultList, by: alice)
        _ = try household.checkItem("apple", on: .defaultList, by: alice)
        #expect(try names(on: .defaultList) == ["apricot", "banana", "cherry", "Apple"])
    }

    @Test func removingMatchesSingularAndPlural() throws {
        _ = try household.addItems([.init(name: "eggs", quantity: try Quantity(6))], to: .defaultList, by: alice)
        let removed = try household.removeItem(named: "egg", from: .defaultList, by: alice)
        #expect(removed.items.map(\.name.value) == ["eggs"])
        #expect(try names(on: .defaultList).isEmpty)
    }

    @Test func removingANumberTakesOnlyThatManyOff() throws {
        _ = try household.addItems([.init(name: "eggs", quantity: try Quantity(6))], to: .defaultList, by: alice)
        guard case .reduced(let changed, let amount, nil) = try household.removeQuantity(.one, of: "egg", from: .defaultList, by: alice) else {
            Issue.record("6 eggs less 1 should leave 5")
            return
        }
        #expect(amount == .one)
        #expect(changed.after.quantity.description == "5")
        #expect(try household.contents(of: .defaultList, for: alice).items.map(\.quantity.description) == ["5"])
        let history = try household.history(of: .defaultList, for: alice).changes
        #expect(history.first?.change == .setQuantity(try ItemName("eggs"), try Quantity(5), nil))
    }

    @Test func removingAsManyAsThereAreOrMoreRemovesTheItem() throws {
        _ = try household.addItems([.init(name: "eggs", quantity: try Quantity(2)), .init(name: "milk", quantity: try Quantity(2))], to: .defaultList, by: alice)
        guard case .removed(let removed) = try household.removeQuantity(try Quantity(2), of: "eggs", from: .defaultList, by: alice) else {
            Issue.record("2 eggs less 2 should leave none")
            return
        }
        #expect(removed.items.map(\.name.value) == ["eggs"])
        guard case .removed = try household.removeQuantity(try Quantity(5), of: "milk", from: .defaultList, by: alice) else {
            Issue.record("2 milk less 5 should leave none")
            return
        }
        #expect(try names(on: .defaultList).isEmpty)
    }

    @Test func removingANumberInAUnitThatDoesNotConvertChangesNothing() throws {
        _ = try household.addItems([.init(name: "flour", quantity: try Quantity(2), unit: "kg")], to: .defaultList, by: alice)
        #expect(throws: DomainError.unitMismatch(item: "flour", list: "Shopping list", existing: "kg", requested: "bag")) {
            try household.removeQuantity(try Quantity(5), unit: "bag", of: "flour", from: .defaultList, by: alice)
        }
        #expect(try household.contents(of: .defaultList, for: alice).items.map(\.quantity.description) == ["2"])
    }

    @Test func removingSomeInAnotherUnitOfTheMeasureLeavesTheRestInTheUnitThatReadsBest() throws {
        _ = try household.addItems([.init(name: "flour", quantity: try Quantity(2), unit: "kg")], to: .defaultList, by: alice)
        guard case .reduced(let changed, let amount, let unit) = try household.removeQuantity(try Quantity(500), unit: "g", of: "flour", from: .defaultList, by: alice) else {
            Issue.record("2 kg less 500 g should leave 1.5 kg")
            return
        }
        #expect(amount.description == "500" && unit?.value == "g")
        #expect(changed.after.quantity.description == "1.5" && changed.after.unit?.value == "kg")
        guard case .removed = try household.removeQuantity(try Quantity(2), unit: "kg", of: "flour", from: .defaultList, by: alice) else {
            Issue.record("1500 g less 2 kg should leave none")
            return
        }
        #expect(try names(on: .defaultList).isEmpty)
    }

    @Test func aNearMissChangesNothingAndSuggests() throws {
        _ = try household.addItems([.init(name: "eggs")], to: .defaultList, by: alice)
        #expect(throws: DomainError.itemNotFound("egs", list: "Shopping list", suggestion: "eggs")) {
            try household.removeItem(named: "egs", from: .defaultList, by: alice)
        }
        #expect(try names(on: .defaultList) == ["eggs"])
    }

    @Test func changingQuantityAndUnit() throws {
        _ = try household.addItems([.init(name: "milk")], to: .defaultList, by: alice)
        let changed = try household.setQuantity(of: "milk", to: try Quantity(4), unit: "litre", on: .defaultList, by: alice)
        #expect(changed.before.quantity.description == "1")
        #expect(changed.after.quantity.description == "4")
        #expect(changed.after.unit?.value == "litre")
    }

    @Test func renamingAnItemRefusesAClash() throws {
        _ = try household.addItems([.init(name: "milk"), .init(name: "oat milk")], to: .defaultList, by: alice)
        #expect(throws: DomainError.duplicateItem("oat milk", list: "Shopping list")) {
            try household.renameItem("milk", to: "Oat milk", on: .defaultList, by: alice)
        }
        _ = try household.renameItem("milk", to: "whole milk", on: .defaultList, by: alice)
        #expect(try names(on: .defaultList) == ["oat milk", "whole milk"])
    }

    @Test func checkUncheckAndClearChecked() throws {
        _ = try household.addItems([.init(name: "eggs"), .init(name: "milk"), .init(name: "bread")], to: .defaultList, by: alice)
        _ = try household.checkItem("eggs", on: .defaultList, by: alice)
        _ = try household.checkItem("milk", on: .defaultList, by: alice)
        _ = try household.uncheckItem("milk", on: .defaultList, by: alice)
        let cleared = try household.clearChecked(on: .defaultList, by: alice)
        #expect(cleared.items.map(\.name.value) == ["eggs"])
        #expect(try names(on: .defaultList) == ["bread", "milk"])
        #expect(throws: DomainError.nothingChecked(list: "Shopping list")) { try household.clearChecked(on: .defaultList, by: alice) }
    }

    @Test func everyChangeIsRecordedWithWhoAndWhen() throws {
        _ = try household.createList(named: "Groceries", by: alice)
        _ = try household.addItems([.init(name: "eggs", quantity: try Quantity(3))], to: .named("Groceries"), by: alice)
        _ = try household.checkItem("eggs", on: .named("Groceries"), by: alice)
        let history = try household.history(of: .named("Groceries"), for: alice).changes
        #expect(history.map(\.action) == [.checkItem, .addItem, .createList])
        let eggs = try ItemName("eggs")
        #expect(history.map(\.change) == [.checkedItem(eggs), .addedItem(eggs, try Quantity(3), nil), .createdList])
        #expect(history.allSatisfy { $0.actor == alice.name && $0.at == clock })
    }

    @Test func historyDuringAPeriodLeavesOutWhatCameBeforeAndAfter() throws {
        _ = try household.addItems([.init(name: "eggs")], to: .defaultList, by: alice)
        let later = clock.addingTimeInterval(3_600)
        let householdLater = Household(repository: repository, now: later)
        _ = try householdLater.checkItem("eggs", on: .defaultList, by: alice)
        func actions(_ period: Range<Date>) throws -> [Activity.Action] {
            try household.history(of: .defaultList, for: alice, during: period).changes.map(\.action)
        }
        #expect(try actions(later..<Date.distantFuture) == [.checkItem])
        #expect(try actions(clock..<Date.distantFuture) == [.checkItem, .addItem, .createList])
        #expect(try actions(clock..<later) == [.addItem, .createList])
        #expect(try actions(later.addingTimeInterval(1)..<Date.distantFuture).isEmpty)
    }

    @Test func checkingEverythingTicksOffOnlyWhatIsStillOpen() throws {
        #expect(throws: DomainError.nothingToCheck(list: "Shopping list")) { try household.checkEverything(on: .defaultList, by: alice) }
        _ = try household.addItems([.init(name: "milk"), .init(name: "Bread"), .init(name: "eggs")], to: .defaultList, by: alice)
        _ = try household.checkItem("milk", on: .defaultList, by: alice)
        let checked = try household.checkEverything(on: .defaultList, by: alice).changes
        #expect(checked.map(\.after.name.value) == ["Bread", "eggs"])
        #expect(checked.allSatisfy { !$0.before.isChecked && $0.after.isChecked })
        #expect(try household.contents(of: .defaultList, for: alice).items.allSatisfy(\.isChecked))
        #expect(try household.history(of: .defaultList, for: alice).changes.prefix(2).map(\.change)
            == [.checkedItem(try ItemName("eggs")), .checkedItem(try ItemName("Bread"))])
        #expect(throws: DomainError.nothingToCheck(list: "Shopping list")) { try household.checkEverything(on: .defaultList, by: alice) }

        #expect(try household.uncheckEverything(on: .defaultList, by: alice).changes.count == 3)
        #expect(throws: DomainError.nothingChecked(list: "Shopping list")) { try household.uncheckEverything(on: .defaultList, by: alice) }
    }

    @Test func historyKeepsWhatChangedAsData() throws {
        _ = try household.addItems([.init(name: "milk", quantity: try Quantity(2), unit: "litre")], to: .defaultList, by: alice)
        _ = try household.addItems([.init(name: "milk", quantity: .one, unit: "litre")], to: .defaultList, by: alice)
        _ = try household.setQuantity(of: "milk", to: try Quantity(4), on: .defaultList, by: alice)
        _ = try household.renameItem("milk", to: "oat milk", on: .defaultList, by: alice)
        _ = try household.checkItem("oat milk", on: .defaultList, by: alice)
        _ = try household.clearChecked(on: .defaultList, by: alice)
        _ = try household.renameList(.defaultList, to: "Food", by: alice)
        let history = try household.history(of: .named("Food"), for: alice).changes
        let milk = try ItemName("milk"), oatMilk = try ItemName("oat milk"), litre = try ItemUnit("litre")
        #expect(history.map(\.change) == [
            .renamedList(from: try ListName("Shopping list"), to: try ListName("Food")),
            .clearedChecked(count: 1, items: [oatMilk]),
            .checkedItem(oatMilk),
            .renamedItem(from: milk, to: oatMilk),
            .setQuantity(milk, try Quantity(4), litre),
            .addedItem(milk, .one, litre),
            .addedItem(milk, try Quantity(2), litre),
            .createdList,
        ])
    }

    @Test func listSummariesCountItemsAndOpenItems() throws {
        _ = try household.createList(named: "Hardware", by: alice)
        _ = try household.addItems([.init(name: "eggs"), .init(name: "milk")], to: .defaultList, by: alice)
        _ = try household.checkItem("milk", on: .defaultList, by: alice)
        let summaries = try household.lists(of: alice)
        #expect(summaries.map(\.list.name.value) == ["Hardware", "Shopping list"])
        #expect(summaries.map(\.itemCount) == [0, 2])
        #expect(summaries.map(\.uncheckedCount) == [0, 1])
        #expect(summaries.allSatisfy { $0.access == .owner })
    }

    @Test func severalItemsAreCheckedEachWhereItIsAndANameThatFindsNothingIsRefusedAlone() throws {
        _ = try household.createList(named: "Hardware", by: alice)
        _ = try household.addItems([.init(name: "nails")], to: .named("Hardware"), by: alice)
        _ = try household.addItems([.init(name: "eggs"), .init(name: "milk")], to: .defaultList, by: alice)
        let partly = try household.checkItems(["eggs", "pepper", "nails"], on: .implicit(current: nil), by: alice)
        #expect(partly.changes.map { "\($0.list.name)/\($0.after.name)" } == ["Shopping list/eggs", "Hardware/nails"])
        #expect(partly.refused == [Refusal(name: "pepper", reason: .itemNotFound("pepper", list: "Shopping list", suggestion: nil))])
        #expect(partly.byList.map(\.list.name.value) == ["Shopping list", "Hardware"])
        #expect(throws: DomainError.itemNotFound("pepper", list: "Shopping list", suggestion: nil)) {
            try household.checkItems(["pepper", "salt"], on: .defaultList, by: alice)
        }
        let changes = try household.checkItems(["eggs", "EGGS", "milk"], on: .defaultList, by: alice)
        #expect(changes.changes.map(\.after.name.value) == ["eggs", "milk"])
        #expect(try household.contents(of: .defaultList, for: alice).items.allSatisfy(\.isChecked))
    }

    @Test func anItemThatCannotBeAddedIsRefusedAndTheOthersAreAdded() throws {
        _ = try household.addItems([.init(name: "flour", quantity: try Quantity(2), unit: "kg")], to: .defaultList, by: alice)
        let added = try household.addItems([.init(name: "eggs"), .init(name: "flour", quantity: .one, unit: "bottle"), .init(name: "milk")], to: .defaultList, by: alice)
        #expect(added.changes.map(\.item.name.value) == ["eggs", "milk"])
        #expect(added.refused.map(\.name) == ["flour"])
        #expect(added.refused.first?.reason.code == .conflict)
        #expect(try names(on: .defaultList) == ["eggs", "flour", "milk"])
        #expect(try household.history(of: .defaultList, for: alice).changes.count == 4) // made, flour, eggs, milk
    }
}
