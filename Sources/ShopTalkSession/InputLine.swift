import ShopTalkDomain

/// One line as it arrived, checked and split into its parts:
/// `[@label=ID ][:NICK ]sentence`.
public struct InputLine: Hashable, Sendable {
    public static let maximumBytes = 4_096
    public static let maximumLabelCharacters = 64

    public var label: String?
    /// The speaker named by a relay's `:NICK ` prefix.
    public var nick: String?
    public var text: String

    /// Why a line cannot be read at all.
    public enum Problem: Error, Hashable, Sendable {
        /// `limit`: the most a line may hold where it was read.
        case tooLong(bytes: Int, limit: Int)
        case invalidUTF8
        case controlCharacters
        /// An `@label=` tag longer than ``maximumLabelCharacters``, or with
        /// characters other than printable ASCII.
        case badLabel
        case missingNick
        case invalidNick(String)

        var code: ErrorCode {
            switch self {
            case .tooLong: .tooLong
            case .invalidUTF8, .controlCharacters, .badLabel, .missingNick, .invalidNick: .invalid
            }
        }
    }

    /// C0 and C1 controls, DEL, and the bidirectional embeddings, overrides
    /// and isolates that could make one name look like another.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value < 0x20 || scalar.value == 0x7F }
        return scalar.properties.generalCategory == .control
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// Reads a line's bytes, without its line ending. The label is taken
    /// before anything else can fail, so even an error reply carries it.
    public static func read(_ bytes: some Collection<UInt8>, relay: Bool) -> (label: String?, result: Result<InputLine, Problem>) {
        guard bytes.count <= maximumBytes else { return (nil, .failure(.tooLong(bytes: bytes.count, limit: maximumBytes))) }
        if let read = bytes.withContiguousStorageIfAvailable({ readPlainASCII($0, relay: relay) }), let read { return read }
        return readAnyText(bytes, relay: relay)
    }

    /// ``read(_:relay:)`` for any line, by Unicode's rules.
    static func readAnyText(_ bytes: some Collection<UInt8>, relay: Bool) -> (label: String?, result: Result<InputLine, Problem>) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return (nil, .failure(.invalidUTF8)) }
        var rest = Substring(text)
        var label: String?
        if rest.hasPrefix("@label=") {
            let tag = rest.prefix { $0 != " " }
            label = String(tag.dropFirst("@label=".count))
            rest = rest.dropFirst(tag.count).drop { $0 == " " }
        }
        if let label, !label.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && $0.value < 0x80 }) || label.count > maximumLabelCharacters {
            return (nil, .failure(.badLabel))
        }
        guard rest.unicodeScalars.allSatisfy({ $0 == "\t" || !Self.isControl($0) }) else {
            return (label, .failure(.controlCharacters))
        }
        var nick: String?
        if relay {
            guard rest.hasPrefix(":") else { return (label, .failure(.missingNick)) }
            let name = rest.dropFirst().prefix { $0 != " " }
            guard (try? UserName(String(name))) != nil else { return (label, .failure(.invalidNick(String(name)))) }
            nick = String(name)
            rest = rest.dropFirst(1 + name.count).drop { $0 == " " }
        }
        return (label, .success(InputLine(label: label, nick: nick, text: String(rest))))
    }

    /// The same for a line of printable ASCII and tabs, nearly every line,
    /// or nil for any other. In such a line each byte is a character, so it is
    /// cut by its bytes, without Unicode's rules, to the same result.
    static func readPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>, relay: Bool) -> (label: String?, result: Result<InputLine, Problem>)? {
        guard bytes.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) else { return nil }
        let space = UInt8(ascii: " ")
        func word(from start: Int) -> Range<Int> {
            var end = start
            while end < bytes.count && bytes[end] != space { end += 1 }
            return start..<end
        }
        func skippingSpaces(from start: Int) -> Int {
            var position = start
            while position < bytes.count && bytes[position] == space { position += 1 }
            return position
        }
        func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }

        var position = 0
        var label: String?
        if bytes.starts(with: labelPrefix) {
            let tag = word(from: labelPrefix.count)
            guard tag.count <= maximumLabelCharacters, bytes[tag].allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else { return (nil, .failure(.badLabel)) }
            label = text(tag)
            position = skippingSpaces(from: tag.upperBound)
        }
        var nick: String?
        if relay {
            guard position < bytes.count && bytes[position] == UInt8(ascii: ":") else { return (label, .failure(.missingNick)) }
            let name = text(word(from: position + 1))
            guard (try? UserName(name)) != nil else { return (label, .failure(.invalidNick(name))) }
            nick = name
            position = skippingSpaces(from: position + 1 + name.utf8.count)
        }
        return (label, .success(InputLine(label: label, nick: nick, text: text(position..<bytes.count))))
    }

    /// Whom to answer about a line that cannot be read (too long, not UTF-8,
    /// control characters): the label and relay nick its first words give,
    /// where those are readable, so the reply still reaches whoever said it.
    public static func addressee(of head: some Collection<UInt8>, relay: Bool) -> (label: String?, nick: String?) {
        let space = UInt8(ascii: " ")
        var rest = Array(head)[...]
        func word() -> ArraySlice<UInt8> {
            let word = rest.prefix { $0 != space }
            rest = rest.dropFirst(word.count).drop { $0 == space }
            return word
        }
        var label: String?
        if rest.starts(with: labelPrefix) {
            let tag = word().dropFirst(labelPrefix.count)
            if tag.count <= maximumLabelCharacters, tag.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { label = String(decoding: tag, as: UTF8.self) }
        }
        guard relay, rest.first == UInt8(ascii: ":") else { return (label, nil) }
        let name = word().dropFirst()
        guard let nick = String(validating: name, as: UTF8.self), (try? UserName(nick)) != nil else { return (label, nil) }
        return (label, nick)
    }

    private static let labelPrefix = Array("@label=".utf8)
}
