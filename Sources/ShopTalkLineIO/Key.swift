/// One key press, as a line editor sees it.
public enum Key: Hashable, Sendable {
    /// Printable text: one key, or a paste of many.
    case insert(String)
    case enter, backspace, delete
    case left, right, home, end, up, down
    /// Ctrl and a letter, as the letter: "a" for Ctrl-A.
    case control(Character)
    /// A key the editor does nothing with (F1, Alt-x, an unknown escape sequence).
    case ignored
}

/// Turns the bytes a terminal sends into keys: UTF-8 text, control keys,
/// and the escape sequences of arrows, Home, End and Delete (both the
/// `ESC [` and the `ESC O` forms terminals use). A sequence or character
/// cut between two reads is kept for the next one, so chunks may split anywhere.
public struct KeyReader: Sendable {
    private var pending: [UInt8] = []
    private var lastWasCarriageReturn = false

    public init() {}

    public mutating func keys(from bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty { keys.append(.insert(String(decoding: text, as: UTF8.self))) }
            text.removeAll()
        }
        decoding: while index < pending.count {
            let byte = pending[index]
            if byte != 0x0A { lastWasCarriageReturn = false }
            switch byte {
            case 0x0D, 0x0A:
                flushText()
                // CR LF, as some terminals send for Enter, is one Enter.
                if !(byte == 0x0A && lastWasCarriageReturn) { keys.append(.enter) }
                lastWasCarriageReturn = byte == 0x0D
                index += 1
            case 0x7F, 0x08:
                flushText()
                keys.append(.backspace)
                index += 1
            case 0x1B:
                flushText()
                guard let (key, length) = Self.escapeSequence(pending[index...]) else { break decoding }
                keys.append(key)
                index += length
            case 0x01...0x1A:
                flushText()
                keys.append(.control(Character(Unicode.Scalar(byte + 0x60))))
                index += 1
            case 0x00...0x1F:
                flushText()
                keys.append(.ignored)
                index += 1
            case 0x20...0x7E:
                text.append(byte)
                index += 1
            default:
                // A UTF-8 sequence: whole, or kept for the next read when cut short.
                // Lead bytes say how long a character is; a byte that leads nothing is dropped alone.
                let length = switch byte {
                case 0xC2...0xDF: 2
                case 0xE0...0xEF: 3
                case 0xF0...0xF4: 4
                default: 1
                }
                guard index + length <= pending.count else { break decoding }
                let sequence = pending[index..<index + length]
                if let scalar = String(validating: sequence, as: UTF8.self)?.unicodeScalars.first,
                   scalar.properties.generalCategory != .control, scalar.properties.generalCategory != .format || scalar == "\u{200D}" {
                    text.append(contentsOf: sequence)
                } else {
                    flushText()
                    keys.append(.ignored)
                }
                index += length
            }
        }
        flushText()
        pending.removeFirst(index)
        return keys
    }

    /// The key an escape sequence at the start of `bytes` stands for, and
    /// its length; nil when it is cut short (more bytes are coming).
    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let kind = bytes[start + 1]
        guard kind == UInt8(ascii: "[") || kind == UInt8(ascii: "O") else {
            return (.ignored, 2) // Alt and a key
        }
        // Parameters (digits and ";") then one final byte from @ to ~.
        var end = start + 2
        while end < bytes.endIndex, (0x30...0x3F).contains(bytes[end]) { end += 1 }
        guard end < bytes.endIndex else { return nil }
        let final = bytes[end]
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        let length = end - start + 1
        switch (final, parameters) {
        case (UInt8(ascii: "A"), _): return (.up, length)
        case (UInt8(ascii: "B"), _): return (.down, length)
        case (UInt8(ascii: "C"), _): return (.right, length)
        case (UInt8(ascii: "D"), _): return (.left, length)
        case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return (.home, length)
        case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return (.end, length)
        case (UInt8(ascii: "~"), "3"): return (.delete, length)
        default: return (.ignored, length)
        }
    }
}
