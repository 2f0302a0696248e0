import Foundation
import ShopTalkDomain
import Testing
@testable import ShopTalkStore
@testable import ShopTalkStoreCore
@testable import ShopTalkSQLiteStore
@testable import ShopTalkPostgresStore

/// Times are kept as whole milliseconds; a window that ends "a millisecond
/// after" a stored time must hold that time's millisecond, whatever the
/// binary fraction the seconds come out as.
@Suite("Times kept in milliseconds")
struct TimeStampTests {
    /// Every millisecond of a stretch of 2026: read back and stored again it
    /// is the same, and one millisecond later is the next.
    @Test func aStoredMillisecondStaysWholeAndTheNextIsTheNext() {
        let start: Int64 = 1_764_150_000_000
        var wrong: [Int64] = []
        for milliseconds in start..<(start + 20_000) {
            let date = Date.fromStamp(milliseconds)
            if date.stamp != milliseconds || date.addingTimeInterval(0.001).stamp != milliseconds + 1 { wrong.append(milliseconds) }
        }
        #expect(wrong.isEmpty, "\(wrong.count) milliseconds were not kept whole, the first \(wrong.first ?? 0)")
    }

    /// A tick in the very millisecond a trip ends is part of the shop's walk,
    /// so the list can be sorted for that shop (it once was not, now and then).
    @Test(arguments: [0, 1, 4, 8, 11, 999])
    func aTickInATripsLastMillisecondIsWalked(offset: Int) throws {
        let store = try SQLiteStore(path: ":memory:")
        let moment = Date.fromStamp(1_764_150_000_000 + Int64(offset))
        try store.write { repository in
            let household = Household(repository: repository, now: moment)
            let bob = try household.enroll(try UserName("bob"))
            _ = try household.addItems([.init(name: "milk")], to: .defaultList, by: bob)
            _ = try household.startShopping(for: .defaultList, at: "Lidl", by: bob)
            _ = try household.checkItem("milk", on: .defaultList, by: bob)
            _ = try household.doneShopping(for: nil, by: bob)
            #expect(try household.sort(.defaultList, forShop: "Lidl", by: bob).walk?.checkedInOrder.map(\.value) == ["milk"])
        }
    }
}
