import CLibSSL
import Glibc

/// A certificate and key made by the server for itself (`serve --tls
/// auto`), so a household needs no certificate authority: members pin its
/// fingerprint on first use instead. An ECDSA P-256 key and a certificate
/// valid for ten years, all made by OpenSSL.
public enum SelfSignedCertificate {
    /// Makes the pair unless both files exist; returns whether it made them.
    /// The key file is created with mode 0600 and never overwritten; a
    /// certificate without its key (or the reverse) is an error rather than
    /// a silent new identity, which every member would see as a changed server.
    @discardableResult
    /// `names`: host names and addresses the certificate is for (its
    /// subjectAltName), for clients that check names rather than pin.
    public static func makeIfMissing(certificatePath: String, keyPath: String, commonName: String,
                                     names: [String] = []) throws(TLSError) -> Bool {
        let haveCertificate = access(certificatePath, F_OK) == 0, haveKey = access(keyPath, F_OK) == 0
        if haveCertificate && haveKey { return false }
        guard !haveCertificate && !haveKey else {
            throw TLSError("found \(haveCertificate ? certificatePath : keyPath) without \(haveCertificate ? keyPath : certificatePath): restore it, or remove both to make a new certificate")
        }
        guard let key = shoptalk_ec_p256_key() else { throw .fromQueue("cannot make a TLS key") }
        defer { EVP_PKEY_free(key) }
        guard let certificate = X509_new() else { throw .fromQueue("cannot make a certificate") }
        defer { X509_free(certificate) }
        X509_set_version(certificate, 2) // v3
        var serial = [UInt8](repeating: 0, count: 16)
        guard RAND_bytes(&serial, Int32(serial.count)) == 1 else { throw .fromQueue("no random bytes for a serial number") }
        serial[0] &= 0x7F // positive
        if let number = BN_bin2bn(serial, Int32(serial.count), nil) {
            BN_to_ASN1_INTEGER(number, X509_get_serialNumber(certificate))
            BN_free(number)
        }
        X509_gmtime_adj(X509_getm_notBefore(certificate), -3600)
        X509_gmtime_adj(X509_getm_notAfter(certificate), 10 * 365 * 24 * 3600)
        X509_set_pubkey(certificate, key)
        let name = X509_get_subject_name(certificate)
        X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, commonName, -1, -1, 0)
        X509_set_issuer_name(certificate, name)
        if !names.isEmpty {
            let list = names.map { name in name.contains(where: \.isLetter) && !name.contains(":") ? "DNS:\(name)" : "IP:\(name)" }
                .joined(separator: ",")
            var context = X509V3_CTX()
            X509V3_set_ctx(&context, certificate, certificate, nil, nil, 0)
            guard let extensionValue = X509V3_EXT_conf_nid(nil, &context, NID_subject_alt_name, list) else {
                throw .fromQueue("cannot name \(list) in the certificate")
            }
            X509_add_ext(certificate, extensionValue, -1)
            X509_EXTENSION_free(extensionValue)
        }
        guard X509_sign(certificate, key, EVP_sha256()) > 0 else { throw .fromQueue("cannot sign the certificate") }

        let keyPEM = try pem { PEM_write_bio_PrivateKey($0, key, nil, nil, 0, nil, nil) }
        let certificatePEM = try pem { PEM_write_bio_X509($0, certificate) }
        try write(keyPEM, to: keyPath, mode: 0o600)
        do {
            try write(certificatePEM, to: certificatePath, mode: 0o644)
        } catch {
            unlink(keyPath)
            throw error
        }
        return true
    }

    private static func pem(_ body: (OpaquePointer) -> Int32) throws(TLSError) -> [UInt8] {
        guard let bio = BIO_new(BIO_s_mem()) else { throw .fromQueue("out of memory") }
        defer { BIO_free(bio) }
        guard body(bio) == 1 else { throw .fromQueue("cannot write PEM") }
        var bytes = [UInt8](repeating: 0, count: Int(shoptalk_bio_pending(bio)))
        let count = BIO_read(bio, &bytes, Int32(bytes.count))
        return Array(bytes.prefix(Int(max(count, 0))))
    }

    /// Writes a new file (never over an old one), synced before it counts as made.
    private static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws(TLSError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw TLSError("cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                unlink(path)
                throw TLSError("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        fsync(fd)
    }
}
