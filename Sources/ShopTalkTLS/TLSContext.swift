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
        return TLSContext(context, fingerprint: fingerprint)
    }

    /// A client's context. It verifies no certificate authority: ShopTalk's
    /// client pins the fingerprint of the server's certificate instead
    /// (see ``TLSStream/peerFingerprint``), as a household's server has a
    /// self-signed one.
    public static func client() throws(TLSError) -> TLSContext {
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw .fromQueue("cannot set up TLS") }
        SSL_CTX_set_verify(context, SSL_VERIFY_NONE, nil)
        return TLSContext(context, fingerprint: nil)
    }

    private init(_ context: OpaquePointer, fingerprint: CertificateFingerprint?) {
        self.context = context
        self.fingerprint = fingerprint
        _ = shoptalk_ssl_ctx_set_min_tls12(context)
        _ = shoptalk_ssl_ctx_set_mode(context, shoptalk_ssl_modes())
        SSL_CTX_set_options(context, shoptalk_ssl_options())
    }

    deinit { SSL_CTX_free(context) }
}
