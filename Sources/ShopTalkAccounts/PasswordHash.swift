import COpenSSL

/// Passwords are kept only as PBKDF2-HMAC-SHA256 with a random 16-byte salt,
/// written `pbkdf2-sha256$ITERATIONS$SALT$HASH` (hex), so the work factor can
/// grow later without breaking old hashes.
public enum PasswordHash {
    public static let iterations = 120_000

    public static func make(_ password: String, iterations: Int = iterations) -> String {
        let salt = Secrets.randomBytes(16)
        let hash = derive(password, salt: salt, iterations: iterations)
        return "pbkdf2-sha256$\(iterations)$\(hex(salt))$\(hex(hash))"
    }

    /// True when `password` is the one `encoded` was made from.
    public static func verify(_ password: String, against encoded: String) -> Bool {
        let parts = encoded.split(separator: "$")
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let iterations = Int(parts[1]), iterations > 0,
              let salt = bytes(hex: parts[2]), let expected = bytes(hex: parts[3]) else { return false }
        return Secrets.constantTimeEqual(derive(password, salt: salt, iterations: iterations, length: expected.count), expected)
    }

    private static func derive(_ password: String, salt: [UInt8], iterations: Int, length: Int = 32) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: length)
        let result = password.withCString { pointer in
            PKCS5_PBKDF2_HMAC(pointer, Int32(password.utf8.count), salt, Int32(salt.count), Int32(iterations), EVP_sha256(), Int32(length), &output)
        }
        guard result == 1 else { fatalError("OpenSSL PBKDF2 failed") }
        return output
    }

    private static func hex(_ bytes: [UInt8]) -> String { bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined() }

    private static func bytes(hex: Substring) -> [UInt8]? {
        guard hex.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
