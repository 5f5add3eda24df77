/* key_sizes.h: the sizes and the alignment of the key states, per CPU
 * family (C and C++).
 *
 * An AES or GHASH key object holds its row's expanded key in fixed storage,
 * sized for the rows its CPU family can have: x86_64; aarch64; 32-bit ARM
 * A-profile; any other CPU (the portable rows only), with 64-bit or 32-bit
 * pointers. Fixed by this header, never by the rows a build compiles in;
 * the library checks that they are its own (crypto/key_storage.h).
 *   CTCRYPTO_AES_KEY_STATE_SIZE    bytes of an AES key (ctcrypto::AesKey)
 *   CTCRYPTO_GHASH_KEY_STATE_SIZE  bytes of a GHASH key (ctcrypto::GhashKey)
 *   CTCRYPTO_KEY_STATE_ALIGN       their alignment (64 on x86_64 for the
 *                                  512-bit vector rows, 16 elsewhere)
 *   CTCRYPTO_GCM_STREAM_CARRY_SIZE bytes of ciphertext a GCM seal stream
 *                                  keeps unhashed between calls for its
 *                                  kernel's pipeline (one batch of the
 *                                  family's widest stitched kernel:
 *                                  crypto/modes/gcm_kernel.h) */
#ifndef CTCRYPTO_KEY_SIZES_H_
#define CTCRYPTO_KEY_SIZES_H_

#include <stdint.h>

#if defined(__x86_64__)
#define CTCRYPTO_AES_KEY_STATE_SIZE 1984
#define CTCRYPTO_GHASH_KEY_STATE_SIZE 1088
#define CTCRYPTO_KEY_STATE_ALIGN 64
#define CTCRYPTO_GCM_STREAM_CARRY_SIZE 512
#elif defined(__aarch64__)
#define CTCRYPTO_AES_KEY_STATE_SIZE 1952
#define CTCRYPTO_GHASH_KEY_STATE_SIZE 496
#define CTCRYPTO_KEY_STATE_ALIGN 16
#define CTCRYPTO_GCM_STREAM_CARRY_SIZE 128
#elif defined(__arm__) && defined(__ARM_ARCH_PROFILE) && \
    __ARM_ARCH_PROFILE == 'A'
#define CTCRYPTO_AES_KEY_STATE_SIZE 1936
#define CTCRYPTO_GHASH_KEY_STATE_SIZE 256
#define CTCRYPTO_KEY_STATE_ALIGN 16
#define CTCRYPTO_GCM_STREAM_CARRY_SIZE 64
#elif UINTPTR_MAX > 0xffffffffu
#define CTCRYPTO_AES_KEY_STATE_SIZE 992
#define CTCRYPTO_GHASH_KEY_STATE_SIZE 496
#define CTCRYPTO_KEY_STATE_ALIGN 16
#define CTCRYPTO_GCM_STREAM_CARRY_SIZE 0
#else
#define CTCRYPTO_AES_KEY_STATE_SIZE 496
#define CTCRYPTO_GHASH_KEY_STATE_SIZE 160
#define CTCRYPTO_KEY_STATE_ALIGN 16
#define CTCRYPTO_GCM_STREAM_CARRY_SIZE 0
#endif

#endif /* CTCRYPTO_KEY_SIZES_H_ */
