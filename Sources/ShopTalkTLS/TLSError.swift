import CLibSSL

/// Why OpenSSL refused: its own reason text, taken from its error queue
/// (which is emptied, so one failure never shows up in the next).
public struct TLSError: Error, Sendable, CustomStringConvertible, Equatable {
    public let message: String
    /// OpenSSL's reason code for the first error, for telling kinds apart
    /// (a plain-text reply to a TLS handshake is `SSL_R_WRONG_VERSION_NUMBER`).
    public let reason: Int32

    public init(_ message: String, reason: Int32 = 0) {
        self.message = message
        self.reason = reason
    }

    public var description: String { message }

    /// The reasons OpenSSL queued on this thread, or `context` alone when it queued none.
    static func fromQueue(_ context: String) -> TLSError {
        var reasons: [String] = []
        var firstReason: Int32 = 0
        while case let code = ERR_get_error(), code != 0 {
            if firstReason == 0 { firstReason = Int32(truncatingIfNeeded: code & 0x7FFFFF) }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // "error:0A00010B:SSL routines::wrong version number": the words after the last colon say it.
            reasons.append(text.split(separator: ":", omittingEmptySubsequences: false).last.map(String.init) ?? text)
        }
        return TLSError(reasons.isEmpty ? context : "\(context): \(reasons.joined(separator: "; "))", reason: firstReason)
    }

    /// A TLS handshake was answered with something that is not TLS: a plain ShopTalk server's greeting.
    public var isNotTLS: Bool {
        reason == SSL_R_WRONG_VERSION_NUMBER || reason == SSL_R_PACKET_LENGTH_TOO_LONG || reason == SSL_R_RECORD_LENGTH_MISMATCH
    }
}
