import Foundation
import ShopTalkStoreCore

extension SQLiteStore {
    /// Deletes at most `limit` rows of history older than `cutoff`, oldest
    /// first; returns how many went. In small batches, so a server prunes a
    /// long history a little at a time between commands. Items keep who
    /// added them (their own column), so "who added the milk?" still
    /// answers for everything on a list.
    public func pruneHistory(before cutoff: Date, limit: Int) throws -> Int {
        try write { _ in
            // By id, which grows with time: the oldest rows are found first, and the scan stops at `limit`.
            try database.run(
                "DELETE FROM activity WHERE id IN (SELECT id FROM activity WHERE at < ? ORDER BY id LIMIT ?)",
                [.stamp(cutoff), .integer(Int64(limit))])
            return database.changes
        }
    }
}
