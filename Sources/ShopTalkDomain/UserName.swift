/// A member of the household, named the way they log in: "alice", "bob.smith".
///
/// Names are case-insensitive, so the canonical form is lowercased; 1-32 of
/// letters, digits, `-`, `_` and `.`.
public struct UserName: Hashable, Sendable, Comparable, CustomStringConvertible {
    public static let maximumLength = 32

    /// The canonical, lowercased name.
    public let value: String

    public init(_ raw: String) throws(DomainError) {
        let value = raw.lowercased()
        guard (1...Self.maximumLength).contains(value.count),
              value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }),
              value.unicodeScalars.allSatisfy({ !$0.properties.isDefaultIgnorableCodePoint })
        else { throw .invalidUserName(raw) }
        self.value = value
    }

    /// A name read back from storage, which was checked when it was written.
    public init(stored value: String) {
        self.value = value
    }

    public var description: String { value }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
}
