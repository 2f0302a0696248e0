/// A member's password as the store keeps it: PBKDF2-HMAC-SHA256 with a
/// random salt, written `pbkdf2-sha256$ITERATIONS$SALT$HASH` (hex).
///
/// The text names its own work factor, so whoever writes the text sets what
/// a login costs: an imported hash of twelve million iterations made one
/// login take five seconds of the server's CPU. Only the parameters this
/// build writes are read, on import and at login alike; a build that raises
/// the work factor keeps the old value in ``acceptedIterations`` so old
/// hashes still verify.
public struct StoredPasswordHash: Sendable, Equatable {
    public static let scheme = "pbkdf2-sha256"
    /// What this build writes.
    public static let iterations = 120_000
    /// What it reads.
    public static let acceptedIterations: Set<Int> = [iterations]
    public static let saltBytes = 16
    public static let hashBytes = 32

    public let iterations: Int
    public let salt: [UInt8]
    public let hash: [UInt8]

    public init(iterations: Int = Self.iterations, salt: [UInt8], hash: [UInt8]) {
        self.iterations = iterations
        self.salt = salt
        self.hash = hash
    }

    /// The hash `encoded` holds; nil for any other scheme, work factor, salt or hash length.
    public init?(_ encoded: String) {
        guard encoded.utf8.count <= 200 else { return nil }
        let parts = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == Self.scheme, let iterations = Int(parts[1]), Self.acceptedIterations.contains(iterations),
              let salt = Self.bytes(hex: parts[2]), salt.count == Self.saltBytes,
              let hash = Self.bytes(hex: parts[3]), hash.count == Self.hashBytes else { return nil }
        self.init(iterations: iterations, salt: salt, hash: hash)
    }

    public var encoded: String { "\(Self.scheme)$\(iterations)$\(Self.hex(salt))$\(Self.hex(hash))" }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes { text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: text, as: UTF8.self)
    }

    private static func bytes(hex: Substring) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}
