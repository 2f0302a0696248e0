/// Reads JSON text into ``JSON``, keeping the order of object keys.
public enum JSONReader {
    public struct Failure: Error, Hashable, Sendable {
        public let offset: Int
        public let message: String
    }

    /// Parses a whole document; nesting deeper than 64 is refused.
    public static func parse(_ text: String) throws(Failure) -> JSON {
        var reader = Reader(bytes: Array(text.utf8))
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw Failure(offset: reader.index, message: "unexpected text after the value") }
        return value
    }

    /// Parses a document that must be an object.
    public static func object(_ text: String) throws(Failure) -> JSON {
        let value = try parse(text)
        guard case .object = value else { throw Failure(offset: 0, message: "not an object") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        func failure(_ message: String) -> Failure { Failure(offset: index, message: message) }

        mutating func expect(_ literal: String) throws(Failure) {
            for byte in literal.utf8 {
                guard index < bytes.count, bytes[index] == byte else { throw failure("expected \(literal)") }
                index += 1
            }
        }

        mutating func value(depth: Int) throws(Failure) -> JSON {
            guard depth < 64 else { throw failure("nested too deeply") }
            skipSpace()
            guard index < bytes.count else { throw failure("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "n"): try expect("null"); return .null
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                index += 1
                var values: [JSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
                while true {
                    values.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw failure("unexpected end in array") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    guard bytes[index] == UInt8(ascii: "]") else { throw failure("expected , or ]") }
                    index += 1
                    return .array(values)
                }
            case UInt8(ascii: "{"):
                index += 1
                var members: [(String, JSON)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
                    let key = try string()
                    skipSpace()
                    try expect(":")
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard index < bytes.count else { throw failure("unexpected end in object") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    guard bytes[index] == UInt8(ascii: "}") else { throw failure("expected , or }") }
                    index += 1
                    return .object(members)
                }
            default:
                return try number()
            }
        }

        /// A whole number, or a decimal one ("1.5"), kept as written; exponents are not read.
        mutating func number() throws(Failure) -> JSON {
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digitsStart = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > digitsStart else { throw failure("expected a value") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                let fractionStart = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                guard index > fractionStart else { throw failure("expected digits after the decimal point") }
                return .number(String(decoding: bytes[start..<index], as: UTF8.self))
            }
            guard let value = Int(String(decoding: bytes[start..<index], as: UTF8.self)) else {
                throw failure("expected a value (a number too large)")
            }
            return .int(value)
        }

        mutating func string() throws(Failure) -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var run = index
            func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars) }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    flush(index)
                    index += 1
                    return String(scalars)
                }
                if byte == UInt8(ascii: "\\") {
                    flush(index)
                    index += 1
                    guard index < bytes.count else { break }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "u"):
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\") {
                            index += 2
                            let low = try hex4()
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default: scalars.append(Unicode.Scalar(escape))
                    }
                    run = index
                    continue
                }
                index += 1
            }
            throw failure("unterminated string")
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                throw failure("bad \\u escape")
            }
            index += 4
            return value
        }
    }
}
