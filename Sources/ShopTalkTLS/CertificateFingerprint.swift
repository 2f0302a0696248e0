import CLibSSL
import Glibc

/// The SHA-256 digest of a certificate, written as `openssl x509
/// -fingerprint -sha256` writes it ("AB:CD:…"), so a member can compare the
/// one their client shows with the one the server logged.
public struct CertificateFingerprint: Hashable, Sendable, CustomStringConvertible {
    public let text: String

    public init?(text: String) {
        let parts = text.uppercased().split(separator: ":")
        guard parts.count == 32, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isHexDigit) }) else { return nil }
        self.text = parts.joined(separator: ":")
    }

    init?(certificate: OpaquePointer) {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard X509_digest(certificate, EVP_sha256(), &digest, &length) == 1 else { return nil }
        text = digest.prefix(Int(length)).map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined(separator: ":")
    }

    /// The fingerprint of the first certificate in a PEM file.
    public init(pemFile path: String) throws(TLSError) {
        guard let file = fopen(path, "r") else { throw TLSError("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { fclose(file) }
        guard let certificate = PEM_read_X509(file, nil, nil, nil) else { throw .fromQueue("\(path) holds no certificate") }
        defer { X509_free(certificate) }
        guard let fingerprint = CertificateFingerprint(certificate: certificate) else { throw .fromQueue("cannot hash \(path)") }
        self = fingerprint
    }

    public var description: String { text }
}
