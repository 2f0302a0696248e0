import Foundation
import ShopTalkTLS

/// The certificates of servers connected to before, as ssh's known_hosts
/// keeps host keys: a server's certificate is trusted the first time it is
/// seen (trust on first use), and from then on only that certificate is.
/// One line a server: `HOST:PORT FINGERPRINT`.
public struct KnownServers {
    public let path: String

    public init(path: String) { self.path = path }

    /// `$XDG_CONFIG_HOME/shoptalk/known_servers`, else `~/.config/shoptalk/known_servers`.
    public static func defaultPath(environment: [String: String]) -> String {
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? ".") + "/.config"
        return configHome + "/shoptalk/known_servers"
    }

    public struct Entry: Equatable, Sendable {
        public let fingerprint: CertificateFingerprint
        /// Its line in the file, for telling a person which to remove.
        public let line: Int
    }

    /// The pinned fingerprint of `server` ("host:port"), if any.
    public func entry(for server: String) -> Entry? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(separator: " ")
            guard fields.count == 2, fields[0] == server, let fingerprint = CertificateFingerprint(text: String(fields[1])) else { continue }
            return Entry(fingerprint: fingerprint, line: index + 1)
        }
        return nil
    }

    /// Pins `fingerprint` for `server`, making the file (mode 0600) and its folder if needed.
    public func pin(_ fingerprint: CertificateFingerprint, for server: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let line = "\(server) \(fingerprint.text)\n"
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
    }

    /// Removes `server`'s line: the next connection pins what it finds.
    public func forget(_ server: String) throws -> Bool {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return false }
        let lines = text.split(separator: "\n").filter { $0.split(separator: " ").first.map(String.init) != server }
        let kept = lines.map { $0 + "\n" }.joined()
        guard kept != text else { return false }
        try kept.write(toFile: path, atomically: true, encoding: .utf8)
        return true
    }
}
