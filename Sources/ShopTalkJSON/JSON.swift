/// A JSON value whose objects keep their keys in the order written, so every
/// reply line reads the same way: `{"ok":true,"intent":...}`.
public enum JSON: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number with a decimal part, as JSON writes it ("1.5", "-0.25"):
    /// kept as text, so an exact decimal is never turned into a binary
    /// floating-point one on the way. Made only from digits, a "-" and one ".".
    case number(String)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.serialized == rhs.serialized }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized) }

    public init(_ string: String?) { self = string.map(JSON.string) ?? .null }

    /// Compact text on one line: no raw control character ever appears in it.
    public var serialized: String { serialized(ending: nil) }

    /// The same with a newline after it: one line of the machine protocol,
    /// made without copying the text again to append the newline.
    public var serializedLine: String { serialized(ending: UInt8(ascii: "\n")) }

    private func serialized(ending: UInt8?) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output)
        if let ending { output.append(ending) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Writes bytes, not pieces of a `String`: a reply is serialized for
    /// every line a server answers, and appending many small strings cost
    /// more than the command behind it.
    func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .number(let literal): output.append(contentsOf: literal.utf8)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string. Escaped: quote, backslash, C0 and C1 controls, DEL, and
    /// the line and paragraph separators (U+2028, U+2029), which some
    /// readers take for line ends. Everything else is copied as it is.
    private static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            // Most strings need no escape at all: copied in one go.
            if !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x7F }) {
                output.append(contentsOf: bytes)
                return
            }
            var start = 0, index = 0
            while index < bytes.count {
                let byte = bytes[index]
                var escaped: UInt32?
                var length = 1
                switch byte {
                case 0x22, 0x5C, 0x00..<0x20, 0x7F:
                    escaped = UInt32(byte)
                case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                    escaped = UInt32(bytes[index + 1])  // U+0080...U+009F
                    length = 2
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escaped = bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029
                    length = 3
                default:
                    break
                }
                guard let escaped else { index += 1; continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                switch escaped {
                case 0x22: output.append(contentsOf: "\\\"".utf8)
                case 0x5C: output.append(contentsOf: "\\\\".utf8)
                case 0x0A: output.append(contentsOf: "\\n".utf8)
                case 0x0D: output.append(contentsOf: "\\r".utf8)
                case 0x09: output.append(contentsOf: "\\t".utf8)
                default:
                    let hex = String(escaped, radix: 16)
                    output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
                }
                index += length
                start = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The member with this key, for objects.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }
}
