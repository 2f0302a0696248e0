import CLibSSL

/// OpenSSL's settings for every connection of one side: TLS 1.2 or newer,
/// and on a server its certificate and key. Made once, then shared by
/// every connection (OpenSSL allows making connections from it on any thread).
public final class TLSContext: @unchecked Sendable {
    let context: OpaquePointer
    /// The SHA-256 fingerprint of the server's certificate; nil on a client.
    public let fingerprint: CertificateFingerprint?

    /// A server's context, from PEM files: a certificate (or a chain, the
    /// server's first) and its private key, checked to match.
    public static func server(certificatePath: String, keyPath: String) throws(TLSError) -> TLSContext {
        guard let context = SSL_CTX_new(TLS_server_method()) else { throw .fromQueue("cannot set up TLS") }
        guard SSL_CTX_use_certificate_chain_file(context, certificatePath) == 1 else {
            SSL_CTX_free(context)
            throw .fromQueue("cannot read the TLS certificate \(certificatePath)")
        }
        guard SSL_CTX_use_PrivateKey_file(context, keyPath, SSL_FILETYPE_PEM) == 1 else {
            SSL_CTX_free(context)
            throw .fromQueue("cannot read the TLS key \(keyPath)")
        }
        guard SSL_CTX_check_private_key(context) == 1 else {
            SSL_CTX_free(context)
            throw .fromQueue("the TLS key \(keyPath) does not belong to the certificate \(certificatePath)")
        }
        // Members' connections last for hours and are not resumed: no session
        // cache and no TLS 1.3 tickets, which would keep memory per handshake.
        _ = shoptalk_ssl_ctx_disable_session_cache(context)
        SSL_CTX_set_num_tickets(context, 0)
        let fingerprint = SSL_CTX_get0_certificate(context).flatMap(CertificateFingerprint.init(certificate:))
        return TLSContext(context, fingerprint: fingerprint, verifiesPeer: false)
    }

    /// Whether connections from it check the server's certificate against
    /// certificate authorities and its name (see ``verifyingClient(authorities:)``).
    public let verifiesPeer: Bool

    /// A client's context that checks the server's certificate the way the
    /// web does: signed by an authority the system trusts (or those in the
    /// PEM file `authorities`), and made out to the name connected to. For
    /// servers on public networks (IRC), which have such certificates.
    public static func verifyingClient(authorities: String? = nil) throws(TLSError) -> TLSContext {
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw .fromQueue("cannot set up TLS") }
        let loaded = authorities.map { SSL_CTX_load_verify_locations(context, $0, nil) } ?? SSL_CTX_set_default_verify_paths(context)
        guard loaded == 1 else {
            SSL_CTX_free(context)
            throw .fromQueue("cannot read the certificate authorities\(authorities.map { " in \($0)" } ?? "")")
        }
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        return TLSContext(context, fingerprint: nil, verifiesPeer: true)
    }

    /// A client's context. It verifies no certificate authority: ShopTalk's
    /// client pins the fingerprint of the server's certificate instead
    /// (see ``TLSStream/peerFingerprint``), as a household's server has a
    /// self-signed one.
    public static func client() throws(TLSError) -> TLSContext {
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw .fromQueue("cannot set up TLS") }
        SSL_CTX_set_verify(context, SSL_VERIFY_NONE, nil)
        return TLSContext(context, fingerprint: nil, verifiesPeer: false)
    }

    private init(_ context: OpaquePointer, fingerprint: CertificateFingerprint?, verifiesPeer: Bool) {
        self.context = context
        self.fingerprint = fingerprint
        self.verifiesPeer = verifiesPeer
        _ = shoptalk_ssl_ctx_set_min_tls12(context)
        // TLS 1.2 only with forward secrecy and authenticated encryption
        // (TLS 1.3's suites all are): no CBC, no SHA-1 MACs, no static RSA.
        _ = SSL_CTX_set_cipher_list(context, Self.tls12Ciphers)
        _ = shoptalk_ssl_ctx_set_mode(context, shoptalk_ssl_modes())
        SSL_CTX_set_options(context, shoptalk_ssl_options())
    }

    /// OpenSSL's names for ECDHE key exchange with AES-GCM or ChaCha20-Poly1305.
    static let tls12Ciphers = "ECDHE+AESGCM:ECDHE+CHACHA20"

    deinit { SSL_CTX_free(context) }
}
