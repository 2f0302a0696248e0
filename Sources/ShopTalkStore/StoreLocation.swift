/// Where the database lives when no `--db` is given.
public enum StoreLocation {
    /// `$SHOPTALK_DB`, else `$XDG_DATA_HOME/shoptalk/shoptalk.sqlite`, else
    /// `~/.local/share/shoptalk/shoptalk.sqlite`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let path = environment["SHOPTALK_DB"], !path.isEmpty { return path }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? ".") + "/.local/share"
        return dataHome + "/shoptalk/shoptalk.sqlite"
    }

    /// True for SQLite's names of a private, throwaway database.
    public static func isInMemory(_ path: String) -> Bool {
        path == ":memory:" || path.isEmpty
    }
}
