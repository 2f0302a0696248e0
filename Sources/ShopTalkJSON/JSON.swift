/// A JSON value whose objects keep their keys in the order written, so every
/// reply line reads the same way: `{"ok":true,"intent":...}`.
public enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.serialized == rhs.serialized }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized) }

    public init(_ string: String?) { self = string.map(JSON.string) ?? .null }

    /// Compact text on one line: no raw control character ever appears in it.
    public var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    public func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        // Most strings need no escaping: printable ASCII and multi-byte UTF-8
        // other than C1 controls and the line and paragraph separators.
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0x7F && $0 != 0xC2 && $0 != 0xE2 }) {
            output += string
            output += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{2028}", "\u{2029}", "\u{7F}"..."\u{9F}", "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// The member with this key, for objects.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }
}
