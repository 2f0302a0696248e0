import ShopTalkText

/// A member of the household, named the way they log in: "alice", "bob.smith".
///
/// Names are case-insensitive, so the canonical form is lowercased; 1-32 of
/// letters, digits, `-`, `_` and `.`.
public struct UserName: Hashable, Sendable, Comparable, CustomStringConvertible {
    public static let maximumLength = 32

    /// The canonical, lowercased name.
    public let value: String

    public init(_ raw: String) throws(DomainError) {
        // Nearly every name is plain ASCII, and a relay names its speaker on
        // every line: checked byte by byte, it costs no Unicode tables.
        if let ascii = Self.asciiName(raw) {
            value = ascii
            return
        }
        // Compatibility forms are the letters they are drawn as: "ｂｏｂ" and "𝐛𝐨𝐛" are bob.
        let value = LookalikeNames.folded(raw).lowercased()
        if let ascii = Self.asciiName(value) {
            self.value = ascii
            return
        }
        guard (1...Self.maximumLength).contains(value.count),
              value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." }),
              value.unicodeScalars.allSatisfy({ !$0.properties.isDefaultIgnorableCodePoint }),
              !LookalikeNames.mixesScripts(value)
        else { throw .invalidUserName(raw) }
        self.value = value
    }

    /// The canonical form of a name made of ASCII letters, digits, `-`, `_`
    /// and `.` only; nil for anything else, which the general rules decide.
    private static func asciiName(_ raw: String) -> String? {
        let bytes = raw.utf8
        guard (1...maximumLength).contains(bytes.count) else { return nil }
        var hasUppercase = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                hasUppercase = true
            default:
                return nil
            }
        }
        return hasUppercase ? String(decoding: bytes.map { $0 | (($0 >= 0x41 && $0 <= 0x5A) ? 0x20 : 0) }, as: UTF8.self) : raw
    }

    /// A name read back from storage, which was checked when it was written.
    public init(stored value: String) {
        self.value = value
    }

    /// Whether a reader could take this name for `other`'s ("ѕаm" for "sam").
    public func looksLike(_ other: UserName) -> Bool {
        value != other.value && LookalikeNames.skeleton(value) == LookalikeNames.skeleton(other.value)
    }

    public var description: String { value }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
}
