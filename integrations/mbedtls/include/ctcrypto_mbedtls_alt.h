/* ctcrypto_mbedtls_alt.h: what the five Mbed TLS 3.6 ALT context headers
 * (aes_alt.h, gcm_alt.h, ccm_alt.h, cmac_alt.h, nist_kw_alt.h) share.
 *
 * Every ALT context holds ctcrypto C++ objects (AesKey, AesGcm, ...) in
 * opaque storage. Mbed TLS allocates contexts with mbedtls_calloc (malloc's
 * 16-byte alignment), embeds them in other structures and copies them by
 * assignment (test_suite_aes copies AES contexts to addresses with other
 * alignments), while the key objects want CTCRYPTO_KEY_STATE_ALIGN (64 on
 * x86_64). So a context carries ALIGN spare bytes and places its objects at
 * the first aligned address of its storage; `offset` records where they
 * are, and the integration moves them (memmove) when it finds the context
 * at an address whose aligned offset differs, i.e. after a copy. `self`
 * records the context's address: a context found elsewhere was copied, and
 * an operation in progress that refers to the old copy (a GCM or CCM
 * stream) is abandoned rather than followed into memory that may be gone.
 *
 * Sizes follow ctcrypto/key_sizes.h (per CPU family); the integration
 * static_asserts that its objects fit. */
#ifndef CTCRYPTO_MBEDTLS_ALT_H_
#define CTCRYPTO_MBEDTLS_ALT_H_

#include <stddef.h>
#include <stdint.h>

#include "ctcrypto/ctcrypto.h"

/* The fields every ALT context starts with. */
#define CTCRYPTO_MBEDTLS_CONTEXT_HEADER                                      \
  void *ctcrypto_self;       /* the context's address when last used */      \
  uint32_t ctcrypto_state;   /* CTCRYPTO_MBEDTLS_KEYED when a key is set */  \
  uint32_t ctcrypto_offset;  /* the objects' offset in ctcrypto_storage */

/* ctcrypto_state of a context holding a key; any other value (0 after
 * *_init and *_free) means no key. */
#define CTCRYPTO_MBEDTLS_KEYED 0x6374636bu

/* Storage for objects of n bytes at any alignment of the context. */
#define CTCRYPTO_MBEDTLS_STORAGE(n) ((n) + CTCRYPTO_KEY_STATE_ALIGN)

#endif /* CTCRYPTO_MBEDTLS_ALT_H_ */
