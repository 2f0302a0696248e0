import COpenSSL
import ShopTalkStoreCore

/// Passwords are kept only as PBKDF2-HMAC-SHA256 with a random 16-byte salt
/// (``StoredPasswordHash``, which also says which work factors are read).
public enum PasswordHash {
    public static var iterations: Int { StoredPasswordHash.iterations }

    public static func make(_ password: String) -> String {
        let salt = Secrets.randomBytes(StoredPasswordHash.saltBytes)
        return StoredPasswordHash(salt: salt, hash: derive(password, salt: salt, iterations: iterations)).encoded
    }

    /// True when `password` is the one `encoded` was made from. A hash of
    /// another scheme or work factor than this build reads is no match, and
    /// costs nothing to refuse.
    public static func verify(_ password: String, against encoded: String) -> Bool {
        guard let stored = StoredPasswordHash(encoded) else { return false }
        return Secrets.constantTimeEqual(derive(password, salt: stored.salt, iterations: stored.iterations, length: stored.hash.count), stored.hash)
    }

    private static func derive(_ password: String, salt: [UInt8], iterations: Int, length: Int = StoredPasswordHash.hashBytes) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: length)
        let result = password.withCString { pointer in
            PKCS5_PBKDF2_HMAC(pointer, Int32(password.utf8.count), salt, Int32(salt.count), Int32(iterations), EVP_sha256(), Int32(length), &output)
        }
        guard result == 1 else { fatalError("OpenSSL PBKDF2 failed") }
        return output
    }
}
