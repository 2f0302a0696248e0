import Foundation

/// "what changed on Groceries today?": how far back a question about a
/// list's history looks, as the grammar's `since` values name it.
enum HistoryPeriod: String {
    case today
    case yesterday
    case week

    /// The first moment the period covers: midnight today or yesterday in
    /// the calendar's time zone (the server's own), or seven days ago.
    func start(now: Date, calendar: Calendar = .current) -> Date {
        let midnight = calendar.startOfDay(for: now)
        return switch self {
        case .today: midnight
        case .yesterday: calendar.date(byAdding: .day, value: -1, to: midnight) ?? midnight
        case .week: now.addingTimeInterval(-7 * 24 * 3_600)
        }
    }

    /// How a reply names the period: "Changes to Groceries today".
    var phrase: String {
        switch self {
        case .today: "today"
        case .yesterday: "since yesterday"
        case .week: "in the last 7 days"
        }
    }
}
