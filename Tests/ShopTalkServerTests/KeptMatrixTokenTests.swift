import Foundation
import Glibc
@testable import ShopTalkServer
import Testing

/// The token a Matrix login got, kept for the next start: read back only
/// from a file and folder nobody but the user could have read or written.
@Suite("A Matrix token kept between runs")
struct KeptMatrixTokenTests {
    static func place() throws -> (KeptMatrixToken, URL) {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("shoptalk-state-\(UUID().uuidString)")
        let kept = try #require(KeptMatrixToken.standard(homeserver: "https://matrix.example.org", user: "@shopbot:example.org",
                                                          environment: ["XDG_STATE_HOME": state.path]))
        return (kept, state)
    }

    @Test func aTokenWrittenIsReadBackAndARemovedOneIsGone() throws {
        let (kept, state) = try Self.place()
        defer { try? FileManager.default.removeItem(at: state) }
        #expect(kept.read() == nil)
        kept.write("syt_c2hvcGJvdA_abc")
        #expect(kept.read() == "syt_c2hvcGJvdA_abc")
        #expect(kept.file.path.hasPrefix(state.path + "/shoptalk/matrix/"))
        kept.remove()
        #expect(kept.read() == nil)
    }

    @Test func eachBotOnEachHomeserverHasItsOwnFileUnderHomeWithoutAStateFolder() throws {
        let one = KeptMatrixToken.standard(homeserver: "https://a.example", user: "@bot:a.example", environment: ["HOME": "/home/ana"])
        let other = KeptMatrixToken.standard(homeserver: "https://b.example", user: "@bot:a.example", environment: ["HOME": "/home/ana"])
        #expect(one?.file.path.hasPrefix("/home/ana/.local/state/shoptalk/matrix/") == true)
        #expect(one?.file != other?.file)
        #expect(KeptMatrixToken.standard(homeserver: "https://a.example", user: "@bot:a.example", environment: [:]) == nil)
    }

    @Test func aFileOrFolderOthersCouldReadOrWriteIsNotRead() throws {
        let (kept, state) = try Self.place()
        defer { try? FileManager.default.removeItem(at: state) }
        kept.write("syt_secret")
        chmod(kept.file.path, 0o644)
        #expect(kept.read() == nil)
        chmod(kept.file.path, 0o600)
        chmod(kept.file.deletingLastPathComponent().path, 0o755)
        #expect(kept.read() == nil)
        chmod(kept.file.deletingLastPathComponent().path, 0o700)
        #expect(kept.read() == "syt_secret")
        // A link in its place is not followed.
        kept.remove()
        let elsewhere = state.appendingPathComponent("elsewhere")
        try "syt_planted\n".write(to: elsewhere, atomically: true, encoding: .utf8)
        chmod(elsewhere.path, 0o600)
        symlink(elsewhere.path, kept.file.path)
        #expect(kept.read() == nil)
    }
}
