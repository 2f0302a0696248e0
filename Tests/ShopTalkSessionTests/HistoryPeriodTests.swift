import Foundation
import Testing
@testable import ShopTalkSession

/// "what changed today?", "since yesterday", "this week": where each period starts.
@Suite("History periods")
struct HistoryPeriodTests {
    let now = try! Date("2026-11-23T15:30:00Z", strategy: .iso8601)

    func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    @Test func todayAndYesterdayStartAtMidnightWhereTheServerIs() throws {
        #expect(HistoryPeriod.today.start(now: now, calendar: calendar("UTC")) == (try Date("2026-11-23T00:00:00Z", strategy: .iso8601)))
        #expect(HistoryPeriod.yesterday.start(now: now, calendar: calendar("UTC")) == (try Date("2026-11-22T00:00:00Z", strategy: .iso8601)))
        // At 15:30 UTC it is already 00:30 the next day in Tokyo.
        #expect(HistoryPeriod.today.start(now: now, calendar: calendar("Asia/Tokyo")) == (try Date("2026-11-23T15:00:00Z", strategy: .iso8601)))
    }

    @Test func aWeekIsTheSevenDaysBeforeNow() throws {
        #expect(HistoryPeriod.week.start(now: now, calendar: calendar("UTC")) == (try Date("2026-11-16T15:30:00Z", strategy: .iso8601)))
    }
}
