import Foundation
import Synchronization

/// One line per event on standard error, in logfmt:
/// `time=… level=info msg="login failed" conn=7 addr=127.0.0.1:50312 user=bob`.
/// Never given a password or a token.
public final class Log: Sendable {
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        case debug, info, warning, error
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
        public var name: String { ["debug", "info", "warning", "error"][rawValue] }
    }

    public let level: Level
    private let write: @Sendable (String) -> Void
    private let lock = Mutex(())

    public init(level: Level, write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
        self.level = level
        self.write = write
    }

    public func callAsFunction(_ level: Level, _ message: String, _ fields: KeyValuePairs<String, any CustomStringConvertible> = [:]) {
        guard level >= self.level else { return }
        var line = "time=\(Date().formatted(.iso8601)) level=\(level.name) msg=\(Self.quote(message))"
        for (key, value) in fields { line += " \(key)=\(Self.quote(value.description))" }
        line += "\n"
        lock.withLock { _ in write(line) }
    }

    /// Quotes a value that holds spaces, quotes or control characters.
    static func quote(_ value: String) -> String {
        let plain = !value.isEmpty && value.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "=" }
        if plain { return value }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: quoted += "\\u{\(String(scalar.value, radix: 16))}"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
