import Foundation
import Testing

/// `shoptalk matrix` and `users link … matrix:` refuse what would not work, before anything starts or is stored.
@Suite("The Matrix command line")
struct MatrixCommandTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-matrix-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aHomeserverOverPlainHTTPBeyondThisMachineIsRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = folder.appendingPathComponent("password").path
        try "pw\n".write(toFile: secret, atomically: true, encoding: .utf8)
        let database = folder.appendingPathComponent("db.sqlite").path
        let plain = try ShopTalkBinary.run(["matrix", "--homeserver", "http://matrix.example.org", "--user", "@bot:example.org",
                                            "--password-file", secret, "--db", database])
        #expect(plain.status != 0)
        #expect(plain.error.contains("plain HTTP to another machine"), "\(plain.error)")
        let noSecret = try ShopTalkBinary.run(["matrix", "--homeserver", "https://matrix.example.org", "--user", "@bot:example.org", "--db", database])
        #expect(noSecret.status != 0)
        #expect(noSecret.error.contains("--password-file or --token-file"), "\(noSecret.error)")
        let badUser = try ShopTalkBinary.run(["matrix", "--homeserver", "https://matrix.example.org", "--user", "bot", "--password-file", secret, "--db", database])
        #expect(badUser.status != 0)
        let loud = try ShopTalkBinary.run(["matrix", "--homeserver", "https://matrix.example.org", "--user", "@bot:example.org",
                                           "--password-file", secret, "--news-as", "loud", "--db", database])
        #expect(loud.status != 0 && loud.error.contains("--news-as"), "\(loud.error)")
        #expect(!FileManager.default.fileExists(atPath: database), "nothing started, nothing written")
    }

    @Test func aMatrixLinkMustNameAUserIDAndAMember() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("db.sqlite").path
        _ = try ShopTalkBinary.run(["users", "add", "alice", "--password-stdin", "--db", database], input: "pw\n")
        let bad = try ShopTalkBinary.run(["users", "link", "alice", "matrix:alice", "--db", database])
        #expect(bad.status != 0 && bad.error.contains("matrix:@NAME:SERVER"), "\(bad.error)")
        let nobody = try ShopTalkBinary.run(["users", "link", "zed", "matrix:@zed:example.org", "--db", database])
        #expect(nobody.status != 0 && nobody.error.contains("no member called zed"), "\(nobody.error)")
        let linked = try ShopTalkBinary.run(["users", "link", "alice", "matrix:@ana:example.org", "--db", database])
        #expect(linked.status == 0)
        #expect(try ShopTalkBinary.run(["users", "list", "--db", database]).output.contains("alice matrix:@ana:example.org"))
        #expect(try ShopTalkBinary.run(["users", "unlink", "matrix:@ana:example.org", "--db", database]).status == 0)
        let gone = try ShopTalkBinary.run(["users", "unlink", "matrix:@ana:example.org", "--db", database])
        #expect(gone.status != 0 && gone.error.contains("is not linked"), "\(gone.error)")
    }
}
