import Foundation
import Testing
@testable import ShopTalkSession

/// "what changed today?", "yesterday", "since yesterday", "this week": the moments each covers.
@Suite("History periods")
struct HistoryPeriodTests {
    let now = try! Date("2026-11-23T15:30:00Z", strategy: .iso8601)

    func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    func date(_ text: String) throws -> Date { try Date(text, strategy: .iso8601) }

    @Test func daysStartAtMidnightWhereTheServerIs() throws {
        #expect(HistoryPeriod.today.interval(now: now, calendar: calendar("UTC")) == (try date("2026-11-23T00:00:00Z"))..<Date.distantFuture)
        // At 15:30 UTC it is already 00:30 the next day in Tokyo.
        #expect(HistoryPeriod.today.interval(now: now, calendar: calendar("Asia/Tokyo")).lowerBound == (try date("2026-11-23T15:00:00Z")))
    }

    @Test func yesterdayEndsAtMidnightAndSinceYesterdayRunsUpToNow() throws {
        #expect(HistoryPeriod.yesterday.interval(now: now, calendar: calendar("UTC")) == (try date("2026-11-22T00:00:00Z"))..<(try date("2026-11-23T00:00:00Z")))
        #expect(HistoryPeriod.sinceYesterday.interval(now: now, calendar: calendar("UTC")) == (try date("2026-11-22T00:00:00Z"))..<Date.distantFuture)
    }

    @Test func aWeekIsTheSevenDaysBeforeNow() throws {
        #expect(HistoryPeriod.week.interval(now: now, calendar: calendar("UTC")).lowerBound == (try date("2026-11-16T15:30:00Z")))
    }
}
