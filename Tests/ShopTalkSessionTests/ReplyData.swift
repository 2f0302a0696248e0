import Foundation

/// What the suites that read JSON replies look at in a reply's data.
enum ReplyData {
    /// The names of the items a reply names or lists, in its order.
    static func items(_ reply: [String: Any]) -> [String] {
        ((reply["data"] as? [String: Any])?["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
    }

    /// The quantities of the items a reply names, in order.
    static func quantities(_ reply: [String: Any]) -> [Double] {
        ((reply["data"] as? [String: Any])?["items"] as? [[String: Any]])?.compactMap { ($0["quantity"] as? NSNumber)?.doubleValue } ?? []
    }

    /// The names of the items a reply lists that are ticked off, in its order.
    static func checkedNames(_ reply: [String: Any]) -> [String] {
        ((reply["data"] as? [String: Any])?["items"] as? [[String: Any]])?.filter { $0["checked"] as? Bool == true }
            .compactMap { $0["name"] as? String } ?? []
    }

    /// The name of the list a reply acted on.
    static func list(_ reply: [String: Any]) -> String? {
        ((reply["data"] as? [String: Any])?["list"] as? [String: Any])?["name"] as? String
    }
}
