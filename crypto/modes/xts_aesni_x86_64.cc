// xts_aesni_x86_64.cc: XTS's kernel of the aesni AES row (xts_kernel.h).
//
// Eight blocks in flight (eight AESENC chains cover the instruction's
// latency, as the row's CTR and ECB loops). The whitening rides on round
// keys 0 and Nr (AESENCLAST / AESDECLAST end with the XOR of their key
// operand), so a batch is one pass over the data. The last 1..7 blocks run
// as as many chains.
//
// Tweaks. They are made in general registers (two 64-bit halves: shift,
// and the bit out of x^127 as a 0x87 mask) and stored to a stack buffer
// one batch ahead, from which the vector loop loads them: the integer
// unit does the multiply-by-alpha sequence while the vector pipes do only
// AES and three XORs a block. Made in XMM registers instead (PADDQ, PSRAD,
// PSHUFD, PAND, PXOR a tweak) the same loop ran 7.6 GB/s against the
// row's 11.4 GB/s ECB on Zen 5 (AES-128, 4 KiB, CPU time); from general
// registers it runs 9.6 GB/s. Eight XMM tweaks stepped by alpha^8 each (no
// chain, but ten vector operations a tweak) ran 6.6 GB/s. SSE2 and AES-NI
// only: the row requires no PCLMULQDQ.
//
// Memory. The tweak buffer is wiped before return; the caller scrubs the
// kernel's frame for whatever else the compiler spilled (xts_kernel.h).
//
// Constant time. AES-NI, shifts, masks and XORs; branches and buffer
// indices depend on the block count and round number only.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/aesni_internal.h"
#include "crypto/internal.h"
#include "crypto/modes/xts_kernel.h"
#include "crypto/simd_x86_64.h"

namespace ctcrypto::internal {

namespace x86hw {

namespace {

// A tweak as IEEE 1619's little-endian halves, in general registers and,
// as stored for the vector loads, in memory.
struct alignas(16) Tw64 {
  uint64_t lo, hi;
};

// dbl64: (lo, hi) times alpha (IEEE 1619 5.2): the bit shifted out of x^127
// selects the reduction 0x87 through a mask, never a branch.
static inline __attribute__((always_inline)) void dbl64(uint64_t& lo,
                                                        uint64_t& hi) {
  const uint64_t c = static_cast<uint64_t>(static_cast<int64_t>(hi) >> 63);
  hi = (hi << 1) | (lo >> 63);
  lo = (lo << 1) ^ (c & 0x87);
}

// fill: N tweaks from (lo, hi) into buf; (lo, hi) advanced by N.
template <int N>
static inline __attribute__((always_inline)) void fill(uint64_t& lo,
                                                       uint64_t& hi,
                                                       Tw64* buf) {
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    buf[i].lo = lo;
    buf[i].hi = hi;
    dbl64(lo, hi);
  }
}

static inline __m128i load_tw(const Tw64* t) {
  return _mm_load_si128(reinterpret_cast<const __m128i*>(t));
}

// xts_n: N blocks with the tweaks tw[0..N-1]. All loads come before the
// first store (in place).
template <int N, bool kDec>
inline __attribute__((always_inline)) void xts_n(const __m128i* rk, int nr,
                                                 const Tw64* tw,
                                                 const uint8_t* in,
                                                 uint8_t* out) {
  // size_t bound: gcc 12's -Wsign-conversion reports an int template parameter
  // used as an array bound.
  __m128i b[static_cast<size_t>(N)];
  const __m128i k0 = _mm_load_si128(rk);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    b[i] = _mm_xor_si128(loadu(in + 16 * i),
                         _mm_xor_si128(load_tw(tw + i), k0));
  }
  for (int r = 1; r < nr; ++r) {
    const __m128i k = _mm_load_si128(rk + r);
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i)
      b[i] = kDec ? _mm_aesdec_si128(b[i], k) : _mm_aesenc_si128(b[i], k);
  }
  const __m128i kl = _mm_load_si128(rk + nr);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    const __m128i kt = _mm_xor_si128(kl, load_tw(tw + i));
    b[i] = kDec ? _mm_aesdeclast_si128(b[i], kt)
                : _mm_aesenclast_si128(b[i], kt);
    storeu(out + 16 * i, b[i]);
  }
}

template <bool kDec>
inline void xts_bulk(const AesKeyState* s, const uint8_t* in,
                                uint8_t* out, size_t blocks,
                                uint8_t tweak[16]) {
  const __m128i* rk = kDec ? dec_keys(s) : enc_keys(s);
  const int nr = static_cast<int>(s->rounds);
  // Two batches of tweaks: the loop runs one while the integer unit
  // writes the next (so the vector loads never wait on store forwarding).
  Tw64 buf[2][8];
  uint64_t lo, hi;
  std::memcpy(&lo, tweak, 8);
  std::memcpy(&hi, tweak + 8, 8);
  fill<8>(lo, hi, buf[0]);
  size_t j = 0;
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128, j ^= 1) {
    fill<8>(lo, hi, buf[j ^ 1]);
    xts_n<8, kDec>(rk, nr, buf[j], in, out);
  }
  // buf[j] holds the next 8 tweaks: the tail's and the one after it.
  switch (blocks) {
    case 0: break;
    case 1: xts_n<1, kDec>(rk, nr, buf[j], in, out); break;
    case 2: xts_n<2, kDec>(rk, nr, buf[j], in, out); break;
    case 3: xts_n<3, kDec>(rk, nr, buf[j], in, out); break;
    case 4: xts_n<4, kDec>(rk, nr, buf[j], in, out); break;
    case 5: xts_n<5, kDec>(rk, nr, buf[j], in, out); break;
    case 6: xts_n<6, kDec>(rk, nr, buf[j], in, out); break;
    default: xts_n<7, kDec>(rk, nr, buf[j], in, out); break;
  }
  std::memcpy(tweak, &buf[j][blocks], 16);
  secure_zero(buf, sizeof(buf));
}

void aesni_xts_encrypt_bulk(const AesKeyState* s, const uint8_t* in,
                            uint8_t* out, size_t blocks, uint8_t tweak[16]) {
  xts_bulk<false>(s, in, out, blocks, tweak);
}

void aesni_xts_decrypt_bulk(const AesKeyState* s, const uint8_t* in,
                            uint8_t* out, size_t blocks, uint8_t tweak[16]) {
  xts_bulk<true>(s, in, out, blocks, tweak);
}

}  // namespace

}  // namespace x86hw

const XtsKernel kXtsAesni = {
    .name = "aesni",
    .aes = &kAesAesni,
    .encrypt_bulk = x86hw::aesni_xts_encrypt_bulk,
    .decrypt_bulk = x86hw::aesni_xts_decrypt_bulk,
};

}  // namespace ctcrypto::internal
