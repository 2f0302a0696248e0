/// IRC names as servers compare them: case-insensitively, with RFC 1459's
/// rule that `[]\~` are the capitals of `{}|^`.
public enum IRCName {
    public static func key(_ name: String) -> String {
        String(String.UnicodeScalarView(name.unicodeScalars.map { scalar -> Unicode.Scalar in
            switch scalar {
            case "A"..."Z": Unicode.Scalar(scalar.value + 32)!
            case "[": "{"
            case "]": "}"
            case "\\": "|"
            case "~": "^"
            default: scalar
            }
        }))
    }

    /// Whether `name` can be a nick: what servers accept (letters, digits and
    /// `-[]\`^{}|_`, not starting with a digit or `-`), at most 30 long.
    public static func isNick(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 30 else { return false }
        let special: Set<Unicode.Scalar> = ["-", "[", "]", "\\", "`", "^", "{", "}", "|", "_"]
        func allowed(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || special.contains(scalar))
        }
        return allowed(first) && !("0"..."9").contains(first) && first != "-" && name.unicodeScalars.allSatisfy(allowed)
    }
}
