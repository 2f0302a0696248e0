import Foundation
import ShopTalkWording

/// "what changed on Groceries today?": the stretch of time a question about
/// a list's history covers, as the grammar's `since` values name it.
enum HistoryPeriod: String {
    case today
    case yesterday
    case sinceYesterday = "since-yesterday"
    case week

    /// The moments the period covers: days start at midnight in the
    /// calendar's time zone (the server's own), and a week is the seven
    /// days before now. Only "yesterday" ends before now; the others are
    /// left open, so that a change stamped a moment later still counts.
    func interval(now: Date, calendar: Calendar = .current) -> Range<Date> {
        let midnight = calendar.startOfDay(for: now)
        let yesterday = calendar.date(byAdding: .day, value: -1, to: midnight) ?? midnight
        return switch self {
        case .today: midnight..<Date.distantFuture
        case .yesterday: yesterday..<midnight
        case .sinceYesterday: yesterday..<Date.distantFuture
        case .week: now.addingTimeInterval(-7 * 24 * 3_600)..<Date.distantFuture
        }
    }

    /// How a reply names the period: "Changes to Groceries today".
    var key: MessageKey {
        switch self {
        case .today: .periodToday
        case .yesterday: .periodYesterday
        case .sinceYesterday: .periodSinceYesterday
        case .week: .periodWeek
        }
    }
}
