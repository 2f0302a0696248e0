/// Text as IRC carries it: bytes to read as text, formatting codes to take
/// out, and lines to keep under the protocol's 512 bytes.
public enum IRCText {
    /// A line's bytes as text: UTF-8, or, for a line that is not, Latin-1,
    /// as IRC clients read the older clients that still send it (each byte
    /// one character), so "café" from such a client is not "caf\u{FFFD}".
    public static func decode(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// The text without mIRC's formatting codes — bold (2), colour (3 and
    /// its digits), hex colour (4), reset (15), monospace (17), reverse (22),
    /// italics (29), strike (30), underline (31), which IRC clients send for
    /// emphasis. Any other control character stays, for the conversation to
    /// refuse the line as it refuses one from any transport.
    public static func plain(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?
        func next() -> Unicode.Scalar? {
            if let scalar = pending {
                pending = nil
                return scalar
            }
            return scalars.next()
        }
        /// Skips up to `count` scalars that match, keeping the first that does not.
        func skip(_ count: Int, where matches: (Unicode.Scalar) -> Bool) -> Int {
            var skipped = 0
            while skipped < count, let scalar = next() {
                guard matches(scalar) else {
                    pending = scalar
                    break
                }
                skipped += 1
            }
            return skipped
        }
        while let scalar = next() {
            switch scalar.value {
            case 0x03: // colour: up to two digits, then ",NN" for the background
                if skip(2, where: { $0.properties.numericType != nil && $0.isASCII }) > 0, let comma = next() {
                    if comma == ",", let digit = next() {
                        if digit.isASCII && ("0"..."9").contains(digit) {
                            _ = skip(1) { $0.isASCII && ("0"..."9").contains($0) }
                        } else {
                            result.append(comma)
                            pending = digit
                        }
                    } else {
                        pending = comma
                    }
                }
            case 0x04: // hex colour: six hex digits, then ",RRGGBB"
                _ = skip(6) { $0.isASCII && $0.properties.isASCIIHexDigit }
            case 0x02, 0x0F, 0x11, 0x16, 0x1D, 0x1E, 0x1F:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// `text` as the lines IRC messages may carry: cut at every line break —
    /// LF, CR, CR LF, NEL and Unicode's line and paragraph separators, read
    /// scalar by scalar, since Swift counts CR LF as one character — with
    /// NUL and every other control character replaced by U+FFFD. This is the
    /// bot's write edge: a name holding "\r\nQUIT" stays words in a line.
    public static func lines(of text: String) -> [String] {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.isEmpty ? [] : [text] }
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                if !line.isEmpty { lines.append(String(line)) }
                line = String.UnicodeScalarView()
            case 0x00..<0x20, 0x7F, 0x80..<0xA0:
                line.append("\u{FFFD}")
            default:
                line.append(scalar)
            }
        }
        if !line.isEmpty { lines.append(String(line)) }
        return lines
    }

    /// Cuts text into pieces of at most `maximumBytes` bytes of UTF-8, at
    /// spaces where it can, and never inside a character; line breaks end a
    /// piece, and nothing that could end an IRC line is left in one (``lines(of:)``).
    public static func pieces(of text: String, maximumBytes: Int) -> [String] {
        var pieces: [String] = []
        for line in lines(of: text) {
            var rest = Substring(line)
            while rest.utf8.count > maximumBytes {
                // The last space that leaves a piece within the limit; else cut at a character.
                var end = rest.startIndex, lastSpace: String.Index?
                var bytes = 0
                for index in rest.indices {
                    let size = rest[index].utf8.count
                    if bytes + size > maximumBytes { break }
                    bytes += size
                    end = rest.index(after: index)
                    if rest[index] == " " { lastSpace = index }
                }
                let cut = lastSpace ?? end
                let piece = rest[..<cut]
                if !piece.isEmpty { pieces.append(String(piece)) }
                rest = rest[cut...].drop { $0 == " " }
                if cut == rest.startIndex && piece.isEmpty { break } // a character wider than the limit
            }
            if !rest.isEmpty { pieces.append(String(rest)) }
        }
        return pieces
    }
}
