/// Why a database file could not be opened. The file is left untouched.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotOpen(path: String, reason: String)
    case notShopTalkDatabase(path: String)
    case corrupt(path: String, reason: String)
    case newerSchema(path: String, found: Int, supported: Int)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open the database \(path): \(reason)"
        case .notShopTalkDatabase(let path):
            "\(path) is not a ShopTalk database; it was left untouched"
        case .corrupt(let path, let reason):
            "the database \(path) is damaged (\(reason)); it was left untouched"
        case .newerSchema(let path, let found, let supported):
            "the database \(path) was written by a newer ShopTalk (schema \(found); this one knows up to \(supported)); it was left untouched"
        }
    }
}

/// A fault of a database that was working: the command fails, nothing of it happened.
public enum StoreFault: Error, Hashable, Sendable, CustomStringConvertible {
    case fileGone(path: String)

    public var description: String {
        switch self {
        case .fileGone(let path): "the database \(path) was deleted or replaced while in use"
        }
    }
}
