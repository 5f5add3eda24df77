// sha_ni_x86_64.h: the SHA-1 and SHA-256 compression functions on the x86
// SHA extensions, as inline pieces: the "shani" rows (sha_ni_x86_64.cc)
// loop over them, and the AES-NI row's stitched TLS-CBC seal loop
// (crypto/tls/tls_cbc_sha_aesni_x86_64.cc) runs one block of them with CBC
// encryption interleaved between the groups. How the instructions compute
// FIPS 180-4 is explained in sha_ni_x86_64.cc.
//
// Include only from code compiled with -msha -mssse3 (x86_64).
#ifndef CTCRYPTO_HASH_SHA_NI_X86_64_H_
#define CTCRYPTO_HASH_SHA_NI_X86_64_H_

#include <immintrin.h>

#include <cstdint>
#include <type_traits>
#include <utility>

#include "crypto/ct.h"
#include "crypto/hash/hash_internal.h"
#include "crypto/hash/sha_constants.h"

namespace ctcrypto::internal::shani {

#define CTCRYPTO_SHANI_INLINE inline __attribute__((always_inline))

// load_message: the 64-byte block at p as four message groups, each 16
// bytes put in the instructions' word order by `order` (a PSHUFB mask).
CTCRYPTO_SHANI_INLINE void load_message(__m128i (&msg)[4], const uint8_t* p,
                                        __m128i order) {
  // Unrolled, so the four groups stay in registers (a loop kept them in a
  // stack array, stored and reloaded per block).
#pragma GCC unroll 4
  for (int i = 0; i < 4; ++i) {
    msg[i] = _mm_shuffle_epi8(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i)), order);
  }
}

// --- SHA-1 -------------------------------------------------------------------

// G: group index (steps 4G..4G+3). msg[G % 4] holds W[4G..4G+3] once the
// schedule for this group ran; abcd_prev is the state four steps back
// (for SHA1NEXTE's E), updated here.
template <int G>
CTCRYPTO_SHANI_INLINE void sha1_group(__m128i& abcd, __m128i& abcd_prev,
                                __m128i (&msg)[4], __m128i e0) {
  if constexpr (G >= 4) {
    msg[G & 3] = _mm_sha1msg2_epu32(
        _mm_xor_si128(_mm_sha1msg1_epu32(msg[G & 3], msg[(G + 1) & 3]),
                      msg[(G + 2) & 3]),
        msg[(G + 3) & 3]);
  }
  __m128i e_plus_w;
  if constexpr (G == 0) {
    e_plus_w = _mm_add_epi32(msg[0], e0);
  } else {
    e_plus_w = _mm_sha1nexte_epu32(abcd_prev, msg[G & 3]);
  }
  abcd_prev = abcd;
  // SHA1RNDS4's immediate gives it a shape MemorySanitizer has no rule for
  // (clang 14), so under ctmsan it goes through ct_unmodelled (crypto/ct.h):
  // the result is secret if either input was. Elsewhere a plain call.
  struct Inputs {
    __m128i abcd, e_plus_w;
  };
  abcd = ct_unmodelled(Inputs{abcd, e_plus_w}, [](Inputs in) {
    return _mm_sha1rnds4_epu32(in.abcd, in.e_plus_w, G / 5);
  });
}

// The SHA-1 chaining value in registers: A..D (A in the top dword) and E
// in the top dword of its own register.
struct Sha1Regs {
  __m128i abcd, e;
};

CTCRYPTO_SHANI_INLINE Sha1Regs sha1_load(const HashState* s) {
  return {_mm_set_epi32(static_cast<int>(s->w[0]), static_cast<int>(s->w[1]),
                        static_cast<int>(s->w[2]), static_cast<int>(s->w[3])),
          _mm_set_epi32(static_cast<int>(s->w[4]), 0, 0, 0)};
}

CTCRYPTO_SHANI_INLINE void sha1_store(const Sha1Regs& r, HashState* s) {
  alignas(16) uint32_t out[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(out), r.abcd);
  s->w[0] = out[3];
  s->w[1] = out[2];
  s->w[2] = out[1];
  s->w[3] = out[0];
  s->w[4] = static_cast<uint32_t>(_mm_extract_epi16(r.e, 6)) |
            (static_cast<uint32_t>(_mm_extract_epi16(r.e, 7)) << 16);
}

// sha1_block: one compression of the 64 bytes at p. After group G (0..19)
// it calls between(std::integral_constant<int, G>{}): the slot where a
// stitched loop puts independent work, so both dependency chains share the
// out-of-order window instruction by instruction. The message is loaded
// before the first group (before anything the hook stores).
template <class Between>
CTCRYPTO_SHANI_INLINE void sha1_block(Sha1Regs& r, const uint8_t* p,
                                      Between&& between) {
  // Whole-register byte reversal: big-endian words, W[t] on top.
  const __m128i kReverse =
      _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m128i abcd_in = r.abcd, e_in = r.e;
  __m128i msg[4];
  load_message(msg, p, kReverse);
  __m128i abcd_prev = r.abcd;
  [&]<int... G>(std::integer_sequence<int, G...>) {
    ((sha1_group<G>(r.abcd, abcd_prev, msg, r.e),
      between(std::integral_constant<int, G>{})),
     ...);
  }(std::make_integer_sequence<int, 20>{});
  // E after step 79 is ROL30 of A after step 75; add the input E to it
  // (SHA1NEXTE's addend) and the input A..D to A..D.
  r.e = _mm_sha1nexte_epu32(abcd_prev, e_in);
  r.abcd = _mm_add_epi32(r.abcd, abcd_in);
}

// --- SHA-256 -----------------------------------------------------------------

// G: group index (rounds 4G..4G+3). msg[G % 4] holds W[4G..4G+3] once the
// schedule for this group ran.
template <int G>
CTCRYPTO_SHANI_INLINE void sha256_group(__m128i& abef, __m128i& cdgh,
                                  __m128i (&msg)[4]) {
  if constexpr (G >= 4) {
    // W[t-7..t-4]: the top three words of W[t-8..t-5] and the bottom one
    // of W[t-4..t-1].
    const __m128i w7 = _mm_alignr_epi8(msg[(G + 3) & 3], msg[(G + 2) & 3], 4);
    msg[G & 3] = _mm_sha256msg2_epu32(
        _mm_add_epi32(_mm_sha256msg1_epu32(msg[G & 3], msg[(G + 1) & 3]), w7),
        msg[(G + 3) & 3]);
  }
  __m128i wk = _mm_add_epi32(
      msg[G & 3],
      _mm_load_si128(reinterpret_cast<const __m128i*>(kSha256K + 4 * G)));
  cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);  // rounds 4G, 4G+1
  wk = _mm_shuffle_epi32(wk, 0x0e);             // the upper two words down
  abef = _mm_sha256rnds2_epu32(abef, cdgh, wk);  // rounds 4G+2, 4G+3
}

// The SHA-256 chaining value in registers: A,B,E,F and C,D,G,H (A and C in
// the top dwords).
struct Sha256Regs {
  __m128i abef, cdgh;
};

CTCRYPTO_SHANI_INLINE Sha256Regs sha256_load(const HashState* s) {
  auto word = [s](int i) { return static_cast<int>(s->w[i]); };
  // _mm_set_epi32 lists dwords top first.
  return {_mm_set_epi32(word(0), word(1), word(4), word(5)),
          _mm_set_epi32(word(2), word(3), word(6), word(7))};
}

CTCRYPTO_SHANI_INLINE void sha256_store(const Sha256Regs& r, HashState* s) {
  alignas(16) uint32_t x[4], y[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(x), r.abef);
  _mm_store_si128(reinterpret_cast<__m128i*>(y), r.cdgh);
  s->w[0] = x[3];
  s->w[1] = x[2];
  s->w[4] = x[1];
  s->w[5] = x[0];
  s->w[2] = y[3];
  s->w[3] = y[2];
  s->w[6] = y[1];
  s->w[7] = y[0];
}

// sha256_block: one compression of the 64 bytes at p; between() after
// group G (0..15), as sha1_block.
template <class Between>
CTCRYPTO_SHANI_INLINE void sha256_block(Sha256Regs& r, const uint8_t* p,
                                        Between&& between) {
  // Per-dword byte swap: big-endian words, W[t] in the low dword.
  const __m128i kSwap32 =
      _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
  const __m128i abef_in = r.abef, cdgh_in = r.cdgh;
  __m128i msg[4];
  load_message(msg, p, kSwap32);
  // Each group makes two RNDS2 calls, so the halves are back in their
  // registers after every group.
  [&]<int... G>(std::integer_sequence<int, G...>) {
    ((sha256_group<G>(r.abef, r.cdgh, msg),
      between(std::integral_constant<int, G>{})),
     ...);
  }(std::make_integer_sequence<int, 16>{});
  r.abef = _mm_add_epi32(r.abef, abef_in);
  r.cdgh = _mm_add_epi32(r.cdgh, cdgh_in);
}

// No work between the groups.
struct NoStitch {
  template <int G>
  CTCRYPTO_SHANI_INLINE void operator()(std::integral_constant<int, G>) const {}
};

#undef CTCRYPTO_SHANI_INLINE

}  // namespace ctcrypto::internal::shani

#endif  // CTCRYPTO_HASH_SHA_NI_X86_64_H_
