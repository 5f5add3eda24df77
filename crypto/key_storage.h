// key_storage.h: how many bytes the key objects reserve for a row's key, per
// CPU family - the one source of these numbers.
//
// An AES or GHASH key holds its row's expanded key in a fixed array
// (AesKeyState::storage, GhashKeyState::storage), and the public objects
// publish their sizes (ctcrypto/aes.h, ghash.h, ctcrypto.h), so the array
// is sized at compile time for the rows this CPU family can have. The
// families are declared once, in crypto/cpu/caps.bzl (CPU_FAMILIES): there
// rows.bzl picks a family's rows by its @platforms//cpu constraint, and the
// generated crypto/cpu/family.inc tells C++ the family from the compiler's
// predefined macros (CTCRYPTO_CPU_FAMILY_<FAMILY>), which is what the
// public sizes (ctcrypto/key_sizes.h, a C header) go by too; family.inc
// fails the build if Bazel compiles one family's rows with a compiler that
// targets another. The families: x86_64, aarch64, 32-bit ARM A-profile
// (whose NEON rows are compiled whatever the baseline flags), and
// everything else, which has the portable rows only (64-bit or 32-bit
// words, by UINTPTR_MAX). Each value is the largest need of a row the
// family builds: every row static_asserts that its key fits, and aes.cc /
// ghash.cc / c_api.cc check that the public sizes are these.
#ifndef CTCRYPTO_KEY_STORAGE_H_
#define CTCRYPTO_KEY_STORAGE_H_

#include <cstddef>
#include <cstdint>

#include "crypto/cpu/family.inc"

namespace ctcrypto::internal {

// What the rows need (bytes of AesKeyState / GhashKeyState storage):
//   AES:   nohw 960 (15 bitsliced round keys of 64), vpaes and vpaes+bsaes
//          480, aesni / vaes 496, armv8 480; bsaes 1920 (15 bitsliced
//          round keys of 128). bsaes is never selected (vpaes+bsaes shadows
//          it) but the tests run it as an AesKey (crypto/testing's all-rows
//          list), so the SIMD families keep its room until it keeps a
//          compact key.
//   GHASH: vpclmul 1024 (32 powers), ssse3 512, clmul <= 1024, pmull 192,
//          neon 240, nohw 480 with 128-bit multiplies (4 powers of 120),
//          36 on 32-bit targets (ghash_nohw32.cc: H only).
inline constexpr size_t kBsaesRowKeyBytes = 1920;
inline constexpr size_t kNohwAesKeyBytes = 960;

// The portable rows on 32-bit words (aes_nohw32.cc: 15 fixsliced round
// keys of 8 words, 480 bytes; ghash_nohw32.cc: the 9 Karatsuba words of H
// split into their 4 holey words each, 144 bytes, no powers).
inline constexpr size_t kPortable32AesKeyStorageBytes = 480;
inline constexpr size_t kPortable32GhashKeyStorageBytes = 144;

// kPortable32Family: this family has only the portable rows on 32-bit
// words (microcontrollers, other 32-bit CPUs without SIMD rows). Their
// frames are a few hundred bytes (no vector registers to spill), their
// targets count RAM in kilobytes, and the one-block-per-reduction GHASH
// gains nothing from long staged calls; so the stack buffers sized for the
// wide rows are sized down there:
//   kSetupScrubBytes  the stack wiped after a key set-up (scrub_stack in
//                     crypto/internal.h): more than the deepest set-up
//                     frame of the family's rows at -O2/-Os (the 32-bit
//                     portable rows: about 300 bytes on Cortex-M; 4 KiB
//                     covers the bitsliced SIMD and 64-bit-word rows);
//   kGcmFinalBytes    the data GCM hashes in one call with the length block
//                     through a stack copy (crypto/modes/gcm.cc), and
//   kGcmHeadBytes,    the data and the short AD staged with the tag mask's
//   kGcmShortAdBytes  keystream call and hashed in one call (the same).
// kGcmStreamCarryBytes (per family below): the ciphertext a GCM seal
// stream keeps for its kernel's pipeline (GcmKernel::seal_bulk_carry), one
// batch of the family's widest kernel; ctcrypto/key_sizes.h publishes it.
#if CTCRYPTO_CPU_FAMILY_COUNT != 3
#error "crypto/cpu/caps.bzl has a CPU family this file does not size keys for"
#endif
#if CTCRYPTO_CPU_FAMILY_X86_64
inline constexpr size_t kAesKeyStorageBytes = kBsaesRowKeyBytes;
inline constexpr size_t kGhashKeyStorageBytes = 1024;  // vpclmul
inline constexpr size_t kKeyStateAlign = 64;  // the VAES / VPCLMUL rows' ZMM
inline constexpr size_t kGcmStreamCarryBytes = 512;  // vaes+vpclmul's batch
#elif CTCRYPTO_CPU_FAMILY_AARCH64
inline constexpr size_t kAesKeyStorageBytes = kBsaesRowKeyBytes;
inline constexpr size_t kGhashKeyStorageBytes = 480;  // nohw (no_neon builds)
inline constexpr size_t kKeyStateAlign = 16;
inline constexpr size_t kGcmStreamCarryBytes = 128;  // armv8+pmull's batch
#elif CTCRYPTO_CPU_FAMILY_ARMV7
inline constexpr size_t kAesKeyStorageBytes = kBsaesRowKeyBytes;
inline constexpr size_t kGhashKeyStorageBytes = 240;  // neon
inline constexpr size_t kKeyStateAlign = 16;
inline constexpr size_t kGcmStreamCarryBytes = 64;  // armv8+pmull's batch
#elif UINTPTR_MAX > 0xffffffffu
inline constexpr size_t kAesKeyStorageBytes = kNohwAesKeyBytes;
inline constexpr size_t kGhashKeyStorageBytes = 480;  // nohw
inline constexpr size_t kKeyStateAlign = 16;
inline constexpr size_t kGcmStreamCarryBytes = 0;  // no GCM kernel
#else
inline constexpr size_t kAesKeyStorageBytes = kPortable32AesKeyStorageBytes;
inline constexpr size_t kGhashKeyStorageBytes =
    kPortable32GhashKeyStorageBytes;
inline constexpr size_t kKeyStateAlign = 16;
inline constexpr size_t kGcmStreamCarryBytes = 0;  // no GCM kernel
#define CTCRYPTO_PORTABLE32_FAMILY 1
#endif

#if defined(CTCRYPTO_PORTABLE32_FAMILY)
#undef CTCRYPTO_PORTABLE32_FAMILY
inline constexpr bool kPortable32Family = true;
#else
inline constexpr bool kPortable32Family = false;
#endif
inline constexpr size_t kSetupScrubBytes = kPortable32Family ? 512 : 4096;
inline constexpr size_t kGcmFinalBytes = kPortable32Family ? 32 : 256;
inline constexpr size_t kGcmHeadBytes = kPortable32Family ? 32 : 48;
inline constexpr size_t kGcmShortAdBytes = kPortable32Family ? 32 : 64;

// The key states as laid out in aes_row.h / ghash_row.h: storage,
// then the row pointer(s) and, for AES, two 32-bit lengths; rounded up to
// the alignment. The public headers publish these values.
constexpr size_t round_up_to_key_align(size_t n) {
  return (n + kKeyStateAlign - 1) / kKeyStateAlign * kKeyStateAlign;
}
inline constexpr size_t kAesKeyStateBytes = round_up_to_key_align(
    kAesKeyStorageBytes + 2 * sizeof(void*) + 2 * sizeof(uint32_t));
inline constexpr size_t kGhashKeyStateBytes =
    round_up_to_key_align(kGhashKeyStorageBytes + sizeof(void*));

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_KEY_STORAGE_H_
