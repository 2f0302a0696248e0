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

    deinit { try? FileManager.default.removeItem(at: url) }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
