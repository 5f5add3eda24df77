// aes_bsaes_x86_64.cc: bitsliced AES on SSSE3 ("bsaes"), x86_64.
//
// Technique: Käsper and Schwabe, "Faster and Timing-Attack Resistant
// AES-GCM" (CHES 2009): eight blocks in eight XMM registers, one register
// per bit plane, the Boyar–Peralta S-box circuit on whole registers,
// ShiftRows as PSHUFB and MixColumns as PSHUFD rotations. The algorithm,
// data layout and constant-time argument live in bsaes_core.h (one source
// for every ISA); this file is the SSSE3 shim: the only SSSE3 instruction is
// PSHUFB with constant index vectors (data-independent shuffles), the rest
// is SSE2 logic, 64-bit shifts by constants, PSHUFD and PCMPEQB.
//
// Kept next to vpaes because it is not slower in bulk: AES-128 ctr32 of
// the two rows called directly on the (heavily shared, noisy) Zen 5 host,
// ns/block: 8 blocks bsaes 98.5 / vpaes 102.8, 64 blocks 99.2 / 128.9,
// 1024 blocks 91.9 / 97.9; vpaes is 3x faster for 1 block and equal at 4,
// which the GCM head (4 blocks) and single blocks would prefer - the table
// order (bsaes before vpaes) is the lead's; re-measure on a quiet machine.
#include <emmintrin.h>
#include <tmmintrin.h>

#include <cstddef>
#include <cstdint>

#include "crypto/aes/aes_backend.h"
#include "crypto/aes/bsaes_core.h"
#include "crypto/cpu/cpu.h"

namespace ctcrypto::internal {
namespace {

struct IsaSsse3 {
  using V = __m128i;

  static inline V load(const uint8_t* p) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  }
  static inline void store(uint8_t* p, V v) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
  }
  static inline V splat(uint8_t b) { return _mm_set1_epi8(static_cast<char>(b)); }
  template <int n>
  static inline V shr(V v) {
    return _mm_srli_epi64(v, n);
  }
  template <int n>
  static inline V shl(V v) {
    return _mm_slli_epi64(v, n);
  }
  // Lane 4r + c <- lane 4r + (c + r) mod 4.
  static inline V shift_rows(V v) {
    return _mm_shuffle_epi8(
        v, _mm_setr_epi8(0, 1, 2, 3, 5, 6, 7, 4, 10, 11, 8, 9, 15, 12, 13, 14));
  }
  // Lane 4r + c <- lane 4r + (c - r) mod 4.
  static inline V inv_shift_rows(V v) {
    return _mm_shuffle_epi8(
        v, _mm_setr_epi8(0, 1, 2, 3, 7, 4, 5, 6, 10, 11, 8, 9, 13, 14, 15, 12));
  }
  // Dword k <- dword k+1 (lane p <- p+4), and by two dwords.
  static inline V rot_rows1(V v) { return _mm_shuffle_epi32(v, 0x39); }
  static inline V rot_rows2(V v) { return _mm_shuffle_epi32(v, 0x4E); }
  static inline V transpose4x4(V v) {
    return _mm_shuffle_epi8(
        v, _mm_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15));
  }
  static inline V bit_mask(V k, V bit) {
    return _mm_cmpeq_epi8(_mm_and_si128(k, bit), bit);
  }
};

}  // namespace

CTCRYPTO_BSAES_DEFINE_ENTRY_POINTS(IsaSsse3)

extern const AesBackend kAesBsaes = {
    "bsaes",
    kCapSsse3,
    bsaes_row::set_key,
    bsaes_row::encrypt_block,
    bsaes_row::decrypt_block,
    bsaes_row::ctr32,
    bsaes_row::cbc_encrypt,
    bsaes_row::cbc_decrypt,
    nullptr,
    nullptr,
    nullptr,
};

}  // namespace ctcrypto::internal
