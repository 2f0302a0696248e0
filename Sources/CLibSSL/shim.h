#ifndef SHOPTALK_CLIBSSL_SHIM_H
#define SHOPTALK_CLIBSSL_SHIM_H

// libssl for TLS, and the parts of libcrypto that make and read certificates.
// OpenSSL writes several of its calls as macros, which Swift does not import:
// the few ShopTalk needs are wrapped here as functions, and nothing more.
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

static inline long shoptalk_ssl_ctx_set_min_tls12(SSL_CTX *context) {
    return SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION);
}

static inline long shoptalk_ssl_ctx_set_mode(SSL_CTX *context, long mode) {
    return SSL_CTX_set_mode(context, mode);
}

static inline long shoptalk_ssl_modes(void) {
    // Writes may take part of a buffer and resume from a moved one (the
    // outbox grows); idle connections give back their read and write buffers.
    return SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_RELEASE_BUFFERS;
}

static inline uint64_t shoptalk_ssl_options(void) {
    // Renegotiation would let a client make the server redo handshakes at will.
    return SSL_OP_NO_RENEGOTIATION;
}

static inline long shoptalk_ssl_ctx_disable_session_cache(SSL_CTX *context) {
    return SSL_CTX_set_session_cache_mode(context, SSL_SESS_CACHE_OFF);
}

static inline long shoptalk_ssl_set_host_name(SSL *ssl, const char *name) {
    return SSL_set_tlsext_host_name(ssl, name);
}

static inline EVP_PKEY *shoptalk_ec_p256_key(void) {
    return EVP_EC_gen("P-256");
}

static inline long shoptalk_bio_pending(BIO *bio) {
    return (long)BIO_ctrl_pending(bio);
}

#endif
