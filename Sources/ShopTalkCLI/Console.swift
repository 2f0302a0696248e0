import Foundation

/// Where a command writes. Tests and transports hand in their own.
public struct Console: Sendable {
    public let writeOutput: @Sendable (String) -> Void
    public let writeError: @Sendable (String) -> Void

    public init(output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.writeOutput = output
        self.writeError = error
    }

    /// The process's standard output and error. Swift 6 forbids touching the
    /// C `stdout` global, so both go through `FileHandle`.
    public static let standard = Console(
        output: { FileHandle.standardOutput.write(Data($0.utf8)) },
        error: { FileHandle.standardError.write(Data($0.utf8)) }
    )
}
