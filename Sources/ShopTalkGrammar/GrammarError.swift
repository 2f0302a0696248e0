/// A place in a grammar file, counted from 1 as editors do.
public struct SourceLocation: Hashable, Sendable {
    public let line: Int
    public let column: Int
}

/// A mistake in a grammar file, told the way compilers tell them:
/// `Grammar/en.grammar:12:20: error: there is no rule called <ad>`.
public struct GrammarError: Error, Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public let location: SourceLocation
    public let message: String

    public init(file: String, location: SourceLocation, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    public var description: String { "\(file):\(location.line):\(location.column): error: \(message)" }
}
