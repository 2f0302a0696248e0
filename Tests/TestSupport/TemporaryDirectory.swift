import Foundation

/// A folder of its own for each test, removed when the test ends: a suite
/// holds one, and Swift Testing makes a suite instance per test.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    /// - Parameter prefix: what the folder's name starts with, so that one
    ///   left behind by a crashed run says which tests made it.
    public init(_ prefix: String = "shoptalk-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        do { try FileManager.default.removeItem(at: url) } catch {
            FileHandle.standardError.write(Data("TemporaryDirectory: could not remove \(url.lastPathComponent): \(error)\n".utf8))
        }
    }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
