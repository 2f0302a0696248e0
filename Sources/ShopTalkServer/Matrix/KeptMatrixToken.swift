import Foundation
import Glibc
import ShopTalkAccounts

/// The access token a password login got, kept between runs so that a
/// start signs in with it instead of logging in again: each login makes
/// the homeserver count one more against its login rate limit, and after a
/// few restarts Synapse's defaults had the bot wait minutes before it
/// answered anything. The token is asked about (`whoami`) first, and a
/// login is made only when the homeserver refuses it.
///
/// Kept in the user's state folder (`$XDG_STATE_HOME/shoptalk/matrix`, or
/// `~/.local/state/shoptalk/matrix`), one file per homeserver and bot, that
/// only the user may read; never in the database, whose backups travel.
/// A file or folder that others could have written is not read.
struct KeptMatrixToken: Sendable {
    let file: URL

    /// The place for `user` on `homeserver`; nil when neither variable is set.
    static func standard(homeserver: String, user: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> KeptMatrixToken? {
        let folder: URL
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            folder = URL(fileURLWithPath: state)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = URL(fileURLWithPath: home).appendingPathComponent(".local/state", isDirectory: true)
        } else {
            return nil
        }
        let name = String(Secrets.sha256Hex(homeserver + " " + user).prefix(24)) + ".token"
        return KeptMatrixToken(file: folder.appendingPathComponent("shoptalk/matrix", isDirectory: true).appendingPathComponent(name))
    }

    /// The token kept, if the file is the user's own and no one else's to read or write.
    func read() -> String? {
        guard Self.isPrivate(file.deletingLastPathComponent().path, kind: S_IFDIR), Self.isPrivate(file.path, kind: S_IFREG),
              let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty || token.contains(where: { $0.isWhitespace }) ? nil : token
    }

    /// Keeps `token`: written whole under another name, readable by the user
    /// alone, then renamed into place. A failure only costs a login next time.
    func write(_ token: String) {
        let folder = file.deletingLastPathComponent()
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil,
              Self.isPrivate(folder.path, kind: S_IFDIR) else { return }
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(getpid()).tmp").path
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let bytes = Array((token + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count
        guard close(descriptor) == 0, written, rename(temporary, file.path) == 0 else {
            unlink(temporary)
            return
        }
    }

    /// The homeserver refused the token: it is forgotten.
    func remove() { unlink(file.path) }

    /// Whether `path` is, itself (not through a link), of `kind`, the user's, and closed to others.
    private static func isPrivate(_ path: String, kind: mode_t) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        return status.st_mode & S_IFMT == kind && status.st_uid == getuid() && status.st_mode & 0o077 == 0
    }
}
