// sha_ni_x86_64.cc: the "shani" rows of the SHA-1 and SHA-256 tables, on
// the x86 SHA extensions (Intel SDM vol. 2: SHA1RNDS4, SHA1NEXTE, SHA1MSG1,
// SHA1MSG2, SHA256RNDS2, SHA256MSG1, SHA256MSG2).
//
// Technique. The instructions compute FIPS 180-4's rounds and message
// schedule four words at a time; this file only arranges the state and
// the 16-word message window the way they expect:
//
//  SHA-1: one register holds A,B,C,D with A in the top dword; message
//  groups hold W[t..t+3] with W[t] in the top dword (a whole-register byte
//  reversal of 16 input bytes gives exactly that). SHA1RNDS4 runs four
//  steps with the function/constant of its immediate (Ch, Parity, Maj,
//  Parity: FIPS 180-4 4.1.1, 4.2.1) and adds E only to the first word, so
//  E + W[t] comes from SHA1NEXTE, which derives E as ROL30 of the A four
//  steps earlier (after four steps E is the old A rotated by 30).
//  Schedule: W[t] = ROL1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) as
//  SHA1MSG2(SHA1MSG1(W[t-16..], W[t-12..]) ^ W[t-8..], W[t-4..]).
//
//  SHA-256: SHA256RNDS2 runs two rounds on the state split as (A,B,E,F)
//  and (C,D,G,H) (A and C in the top dwords), taking W[t]+K[t] and
//  W[t+1]+K[t+1] from the low half of a third register; after two rounds
//  the old (A,B,E,F) is the new (C,D,G,H), so the two halves swap roles
//  at every call. Message groups hold W[t..t+3] with W[t] in the low dword
//  (per-dword byte swap). Schedule: W[t..t+3] = SHA256MSG2(SHA256MSG1(
//  W[t-16..], W[t-12..]) + W[t-7..t-4], W[t-4..]) (sigma0 in MSG1, sigma1
//  in MSG2, W[t-7] via PALIGNR).
//
// The groups are unrolled at compile time (template over the group index)
// so that the four message registers keep fixed names and the immediate of
// SHA1RNDS4 is a constant.
//
// Constant time: the SHA instructions, PSHUFB with a constant mask, adds,
// XORs and byte shifts by constants; no branch or memory index depends on
// the state or the data (the group loops and the block count are public).
// The state is passed through HashState's layout (one word per 64-bit
// slot), shared with the portable row.
//
// Build: only this library has -msha; the rows require kCapShaNi (CPUID
// leaf 7 EBX bit 29), which implies SSSE3 in cpu_common.cc's closure.
#include <immintrin.h>

#include <cstdint>
#include <utility>

#include "crypto/cpu/cpu.h"
#include "crypto/ct.h"
#include "crypto/hash/sha_backend.h"
#include "crypto/hash/sha_constants.h"

namespace ctcrypto::internal {
namespace {

#define CTCRYPTO_INLINE inline __attribute__((always_inline))

// --- SHA-1 -------------------------------------------------------------------

// G: group index (steps 4G..4G+3). msg[G % 4] holds W[4G..4G+3] once the
// schedule for this group ran; abcd_prev is the state four steps back
// (for SHA1NEXTE's E), updated here.
template <int G>
CTCRYPTO_INLINE void sha1_group(__m128i& abcd, __m128i& abcd_prev,
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

void sha1_compress_shani(HashState* s, const uint8_t* p, size_t blocks) {
  // Whole-register byte reversal: big-endian words, W[t] on top.
  const __m128i kReverse =
      _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  __m128i abcd = _mm_set_epi32(
      static_cast<int>(s->w[0]), static_cast<int>(s->w[1]),
      static_cast<int>(s->w[2]), static_cast<int>(s->w[3]));
  // E sits in the top dword, where SHA1RNDS4 and SHA1NEXTE take it.
  __m128i e = _mm_set_epi32(static_cast<int>(s->w[4]), 0, 0, 0);
  for (; blocks > 0; --blocks, p += 64) {
    const __m128i abcd_in = abcd, e_in = e;
    __m128i msg[4];
    for (int i = 0; i < 4; ++i) {
      msg[i] = _mm_shuffle_epi8(
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i)),
          kReverse);
    }
    __m128i abcd_prev = abcd;
    [&]<int... G>(std::integer_sequence<int, G...>) {
      (sha1_group<G>(abcd, abcd_prev, msg, e), ...);
    }(std::make_integer_sequence<int, 20>{});
    // E after step 79 is ROL30 of A after step 75; add the input E to it
    // (SHA1NEXTE's addend) and the input A..D to A..D.
    e = _mm_sha1nexte_epu32(abcd_prev, e_in);
    abcd = _mm_add_epi32(abcd, abcd_in);
  }
  alignas(16) uint32_t out[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(out), abcd);
  s->w[0] = out[3];
  s->w[1] = out[2];
  s->w[2] = out[1];
  s->w[3] = out[0];
  s->w[4] = static_cast<uint32_t>(_mm_extract_epi16(e, 6)) |
            (static_cast<uint32_t>(_mm_extract_epi16(e, 7)) << 16);
}

// --- SHA-256 -----------------------------------------------------------------

// G: group index (rounds 4G..4G+3). msg[G % 4] holds W[4G..4G+3] once the
// schedule for this group ran.
template <int G>
CTCRYPTO_INLINE void sha256_group(__m128i& abef, __m128i& cdgh,
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

void sha256_compress_shani(HashState* s, const uint8_t* p, size_t blocks) {
  // Per-dword byte swap: big-endian words, W[t] in the low dword.
  const __m128i kSwap32 =
      _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3);
  auto word = [s](int i) { return static_cast<int>(s->w[i]); };
  // _mm_set_epi32 lists dwords top first: A,B,E,F and C,D,G,H.
  __m128i abef = _mm_set_epi32(word(0), word(1), word(4), word(5));
  __m128i cdgh = _mm_set_epi32(word(2), word(3), word(6), word(7));
  for (; blocks > 0; --blocks, p += 64) {
    const __m128i abef_in = abef, cdgh_in = cdgh;
    __m128i msg[4];
    for (int i = 0; i < 4; ++i) {
      msg[i] = _mm_shuffle_epi8(
          _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i)),
          kSwap32);
    }
    // Each group makes two RNDS2 calls, so the halves are back in their
    // registers after every group.
    [&]<int... G>(std::integer_sequence<int, G...>) {
      (sha256_group<G>(abef, cdgh, msg), ...);
    }(std::make_integer_sequence<int, 16>{});
    abef = _mm_add_epi32(abef, abef_in);
    cdgh = _mm_add_epi32(cdgh, cdgh_in);
  }
  alignas(16) uint32_t x[4], y[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(x), abef);
  _mm_store_si128(reinterpret_cast<__m128i*>(y), cdgh);
  s->w[0] = x[3];
  s->w[1] = x[2];
  s->w[4] = x[1];
  s->w[5] = x[0];
  s->w[2] = y[3];
  s->w[3] = y[2];
  s->w[6] = y[1];
  s->w[7] = y[0];
}

}  // namespace

extern const ShaBackend kSha1Shani = {"shani", kCapShaNi, ShaFamily::kSha1,
                                      sha1_compress_shani};
extern const ShaBackend kSha256Shani = {"shani", kCapShaNi, ShaFamily::kSha256,
                                        sha256_compress_shani};

}  // namespace ctcrypto::internal
