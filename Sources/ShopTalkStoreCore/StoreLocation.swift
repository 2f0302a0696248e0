import Foundation
/// Where the database lives when no `--db` is given.
public enum StoreLocation {
    /// A `postgres://` or `postgresql://` URL, not a file.
    public static func isURL(_ location: String) -> Bool {
        location.hasPrefix("postgres://") || location.hasPrefix("postgresql://")
    }

    /// `$SHOPTALK_DB`, else `$XDG_DATA_HOME/shoptalk/shoptalk.sqlite`, else
    /// `~/.local/share/shoptalk/shoptalk.sqlite`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let path = environment["SHOPTALK_DB"], !path.isEmpty { return path }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? ".") + "/.local/share"
        return dataHome + "/shoptalk/shoptalk.sqlite"
    }

    /// A location as it may be shown — in a log, by `info`, in an error: a
    /// PostgreSQL URL without its password (`postgres://shop:secret@db/x` is
    /// `postgres://shop@db/x`, and a `password=` parameter goes too); a file as it is.
    public static func shown(_ location: String) -> String {
        guard isURL(location), let scheme = location.range(of: "://") else { return location }
        var rest = location[scheme.upperBound...]
        var query = ""
        if let mark = rest.firstIndex(of: "?") {
            let kept = rest[rest.index(after: mark)...].split(separator: "&").filter { !$0.lowercased().hasPrefix("password=") }
            query = kept.isEmpty ? "" : "?" + kept.joined(separator: "&")
            rest = rest[..<mark]
        }
        // user:password@host — the last "@" before the path ends the user's part.
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        if let at = rest[..<authorityEnd].lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
            rest = rest[..<colon] + rest[at...]
        }
        return location[..<scheme.upperBound] + rest + query
    }

    /// `location` with a password for PostgreSQL, from `--db-password-file`:
    /// given to libpq as the URL's `password` parameter, which ``shown(_:)``
    /// leaves out. Without one, libpq looks in `PGPASSWORD` and `~/.pgpass`.
    public static func withPassword(_ password: String, _ location: String) -> String {
        guard isURL(location) else { return location }
        let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password
        return location + (location.contains("?") ? "&" : "?") + "password=" + encoded
    }

    /// True for SQLite's names of a private, throwaway database.
    public static func isInMemory(_ path: String) -> Bool {
        path == ":memory:" || path.isEmpty
    }
}
