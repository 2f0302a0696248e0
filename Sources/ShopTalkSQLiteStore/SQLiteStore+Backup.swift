import CSQLite
import Foundation
import ShopTalkStoreCore
import Glibc

extension SQLiteStore {
    /// Copies the database at `path` to `destination` with SQLite's online
    /// backup API, while a server may be using it: pages are copied in small
    /// steps, so the server's writes wait at most one step, and a write
    /// between steps makes SQLite start again from a consistent snapshot.
    /// The copy is written beside `destination`, checked, synced and then
    /// renamed over it, so `destination` is always a whole database.
    /// Returns what the copy holds.
    public static func backup(path: String, to destination: String) throws(StoreError) -> Inspection {
        guard let inspection = try inspect(path: path) else {
            throw .cannotOpen(path: path, reason: "there is no database there")
        }
        let temporary = destination + ".part-\(getpid())"
        unlink(temporary)
        do throws(SQLiteError) {
            let source = try Database(path: path, readOnly: true)
            defer { source.close() }
            let copy = try Database(path: temporary)
            defer { copy.close() }
            guard let backup = sqlite3_backup_init(copy.handle, "main", source.handle, "main") else {
                throw SQLiteError(code: sqlite3_errcode(copy.handle), connection: copy.handle)
            }
            var code: Int32
            repeat {
                code = sqlite3_backup_step(backup, 64)
                if code == SQLITE_BUSY || code == SQLITE_LOCKED { sqlite3_sleep(20) }
            } while code == SQLITE_OK || code == SQLITE_BUSY || code == SQLITE_LOCKED
            sqlite3_backup_finish(backup)
            guard code == SQLITE_DONE else { throw SQLiteError(code: code, connection: copy.handle) }
            // A copy that reads back whole, and that stands alone (no log beside it).
            guard try copy.scalarText("PRAGMA quick_check") == "ok" else {
                throw SQLiteError(code: SQLITE_CORRUPT, connection: copy.handle)
            }
            try copy.execute("PRAGMA journal_mode = DELETE")
        } catch {
            unlink(temporary)
            throw .cannotOpen(path: destination, reason: "the backup failed: \(error.message)")
        }
        let fd = open(temporary, O_RDONLY)
        if fd >= 0 {
            fsync(fd)
            Glibc.close(fd)
        }
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotOpen(path: destination, reason: reason)
        }
        return inspection
    }
}
