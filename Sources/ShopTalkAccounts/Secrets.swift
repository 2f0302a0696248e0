import COpenSSL

/// Cryptography, all of it OpenSSL's libcrypto: nothing here is hand-rolled.
public enum Secrets {
    /// Bytes from OpenSSL's CSPRNG, seeded by the operating system.
    public static func randomBytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&bytes, Int32(count)) == 1 else { fatalError("OpenSSL could not produce random bytes") }
        return bytes
    }

    /// A password or token a person can type: `bytes` random bytes in base32
    /// (lowercase, no padding): 16 bytes (128 bits) make 26 characters.
    public static func generatePassword(bytes: Int = 16) -> String {
        base32(randomBytes(bytes))
    }

    /// SHA-256, hex: for relay tokens, which carry 256 random bits and need no slow hash.
    public static func sha256Hex(_ text: String) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let bytes = Array(text.utf8)
        _ = SHA256(bytes, bytes.count, &digest)
        return digest.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// Compares in time that does not depend on where the first difference is.
    public static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return CRYPTO_memcmp(a, b, a.count) == 0
    }

    static func base32(_ bytes: [UInt8]) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")
        var output = "", buffer = 0, bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[(buffer >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[(buffer << (5 - bits)) & 31]) }
        return output
    }
}

extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
