#ifndef SHOPTALK_COPENSSL_SHIM_H
#define SHOPTALK_COPENSSL_SHIM_H

// libcrypto only: key derivation, hashing, random bytes, constant-time compare.
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
#include <openssl/sha.h>

#endif
