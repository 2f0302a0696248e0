/// The words of the protocol itself, which a line may start with; every
/// other line is a sentence for the bot. The server knows them all;
/// `shoptalk chat`, already logged in and with its format chosen on the
/// command line, answers `quit`.
public enum ProtocolWord: String, CaseIterable, Sendable {
    case quit, format, login, relay, help
    /// `link irc CODE`, `link matrix CODE`: a logged-in member confirms the IRC nick, or Matrix user, that asked the bot for CODE.
    case link

    /// The protocol word the line starts with (after any spaces), in any
    /// case; nil for a sentence. The bytes are compared as they are, so
    /// sentences, nearly every line, skip the split into words. No other
    /// character lowercases to these ASCII letters, so folding ASCII capitals
    /// is the same test as `lowercased()`.
    public init?(firstWordOf bytes: [UInt8]) {
        var start = 0
        while start < bytes.count && bytes[start] == UInt8(ascii: " ") { start += 1 }
        var end = start
        while end < bytes.count && bytes[end] != UInt8(ascii: " ") { end += 1 }
        let word = bytes[start..<end]
        guard let found = Self.spellings.first(where: { _, spelling in
            spelling.count == word.count && zip(spelling, word).allSatisfy { $0 == (($1 >= 0x41 && $1 <= 0x5A) ? $1 | 0x20 : $1) }
        }) else { return nil }
        self = found.word
    }

    private static let spellings = allCases.map { (word: $0, spelling: Array($0.rawValue.utf8)) }

    /// Whether the line is this word and nothing else (spaces aside), as `quit` must be.
    public func isWholeLine(_ bytes: [UInt8]) -> Bool {
        ProtocolWord(firstWordOf: bytes) == self && bytes.split(separator: UInt8(ascii: " ")).count == 1
    }

    /// The same for a sentence already read, such as a relay's after its
    /// `:NICK ` (leading spaces gone). Its first byte settles nearly every line.
    public func isWholeLine(_ sentence: String) -> Bool {
        guard let first = sentence.utf8.first, first | 0x20 == rawValue.utf8.first else { return false }
        return isWholeLine(Array(sentence.utf8))
    }
}
