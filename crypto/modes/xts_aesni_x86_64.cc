// xts_aesni_x86_64.cc: XTS's kernel of the aesni AES row (xts_kernel.h).
//
// Eight blocks in flight (eight AESENC chains cover the instruction's
// latency, as the row's CTR and ECB loops). The whitening rides on round
// keys 0 and Nr (AESENCLAST / AESDECLAST end with the XOR of their key
// operand), so a batch is one pass over the data. The last 1..7 blocks run
// as as many chains.
//
// Tweaks. They are made in general registers (two 64-bit halves doubled by
// ADD/ADC, the bit out of x^127 as a 0x87 mask: dbl64) and stored to a
// stack buffer one batch ahead, from which the vector loop loads them: the
// integer unit does the multiply-by-alpha sequence while the vector pipes
// do only AES and three XORs a block. Made in XMM registers instead
// (PADDQ, PSRAD, PSHUFD, PAND, PXOR a tweak) the same loop ran 7.6 GB/s
// against the row's 11.4 GB/s ECB on Zen 5 (AES-128, 4 KiB, CPU time);
// from general registers it ran 9.6 GB/s. Eight XMM tweaks stepped by
// alpha^8 each (no chain, but ten vector operations a tweak) ran 6.6 GB/s.
// What the buffer costs at the ends of a call is kept out of it: the first
// batch (and every batch of a call under 16 blocks) takes its tweaks
// straight from the general registers (MOVQ, MOVQ, PUNPCKLQDQ), since a
// load of a tweak just stored as two halves cannot be forwarded and waits
// for the stores to retire, and the buffer is wiped with vector stores.
// Tried and dropped, on the same machine: the tweaks XORed with round keys
// 0 and Nr in the integer unit (32 stores a batch instead of 16: slower,
// 6.5-8.4 GB/s), the buffer two batches ahead, the tweak generation
// spread between the rounds or placed after round 3, 5 or 8 (all slower
// or no better), 10- and 12-block batches (spills, 9.0-9.7 GB/s), and
// the round loop unrolled per key size (no faster, four times the code).
// Measured in isolation (the kernel called on one 4 KiB / 512-byte buffer
// in place, AES-128, CPU time, best of three): 9.9 / 7.3 GB/s before;
// first batch from registers and vector wipe 10.2 / 8.6; dbl64 as
// ADD/ADC and the last round reloading the tweaks 10.5 / 8.4; the row's
// ECB 11.1-11.4 / 11.3, and this loop without any tweak generation 10.9.
// Against OpenSSL 3.0's AES-NI XTS (//bench:speed_vs_openssl with
// CTCRYPTO_DISABLE=vaes, -cputime, medians of 3, two runs, same Zen 5):
// 4 KiB 1.07-1.10 -> 1.11-1.13 (AES-128), 1.06-1.15 -> 1.14-1.17
// (AES-256); 512 bytes 1.21-1.32 -> 1.23-1.33. Issue 29's 1.2 at 4 KiB is
// not reached: there the kernel is 94% of the call, and the row's ECB
// loop, with no tweaks at all, is only 7% faster than this one.
// SSE2 and AES-NI only: the row requires no PCLMULQDQ.
//
// Memory. The tweak buffer is wiped before return; the caller scrubs the
// kernel's frame for whatever else the compiler spilled (xts_kernel.h).
//
// Constant time. AES-NI, shifts, ADD/ADC, masks and XORs; branches and buffer
// indices depend on the block count and round number only.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/aesni_internal.h"
#include "crypto/ct.h"
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
// selects the reduction 0x87 through a mask, never a branch. Written out
// because gcc's version of the same (shift, shift, OR, SAR, AND, XOR and
// copies, about ten instructions) made the loop's tweak generation cost
// 7% of the 4 KiB rate on Zen 5 (the loop ran at 10.9 GB/s with no tweak
// generation at all, 10.2 with gcc's, 10.6 with this): ADD doubles the
// low half into the carry, ADC doubles the high half taking it in, and the
// mask comes from the high half's old top bit (SAR). Three cycles a step,
// as gcc's.
static inline __attribute__((always_inline)) void dbl64(uint64_t& lo,
                                                        uint64_t& hi) {
  uint64_t v[3] = {lo, hi, hi};  // the halves, and the mask's source
  {
    CTCRYPTO_CT_ASM_SCOPE(v, sizeof(v), nullptr, 0);
    __asm__(
        "sarq $63, %[m]\n\t"
        "addq %[lo], %[lo]\n\t"
        "adcq %[hi], %[hi]\n\t"
        "andl $0x87, %k[m]\n\t"
        "xorq %[m], %[lo]"
        : [lo] "+&r"(v[0]), [hi] "+&r"(v[1]), [m] "+&r"(v[2])
        :
        : "cc");
  }
  lo = v[0];
  hi = v[1];
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

// to_xmm: (lo, hi) into a vector register straight from the general ones
// (two MOVQ and a PUNPCKLQDQ), with no trip through memory.
static inline __attribute__((always_inline)) __m128i to_xmm(uint64_t lo,
                                                            uint64_t hi) {
  return _mm_unpacklo_epi64(_mm_cvtsi64_si128(static_cast<long long>(lo)),
                            _mm_cvtsi64_si128(static_cast<long long>(hi)));
}

// xts_n: N blocks with the tweaks tw[0..N-1]. All loads come before the
// first store (in place).
// With buf (the tweaks' memory image), the last round reloads them from it
// rather than keeping eight tweaks in registers next to eight blocks and a
// round key (one more than SSE has, so gcc spilled one each batch).
template <int N, bool kDec>
inline __attribute__((always_inline)) void xts_n(const __m128i* rk, int nr,
                                                 const __m128i* tw,
                                                 const Tw64* buf,
                                                 const uint8_t* in,
                                                 uint8_t* out) {
  // size_t bound: gcc 12's -Wsign-conversion reports an int template parameter
  // used as an array bound.
  __m128i b[static_cast<size_t>(N)];
  const __m128i k0 = _mm_load_si128(rk);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i)
    b[i] = _mm_xor_si128(loadu(in + 16 * i), _mm_xor_si128(tw[i], k0));
  for (int r = 1; r < nr; ++r) {
    const __m128i k = _mm_load_si128(rk + r);
#pragma GCC unroll 8
    for (int i = 0; i < N; ++i)
      b[i] = kDec ? _mm_aesdec_si128(b[i], k) : _mm_aesenc_si128(b[i], k);
  }
  const __m128i kl = _mm_load_si128(rk + nr);
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    __m128i t = tw[i];
    if (buf != nullptr) {
      // An opaque copy of the pointer, so gcc loads again instead of
      // reusing the first load's register.
      const Tw64* q = buf;
      __asm__("" : "+r"(q));
      t = load_tw(q + i);
    }
    const __m128i kt = _mm_xor_si128(kl, t);
    b[i] = kDec ? _mm_aesdeclast_si128(b[i], kt)
                : _mm_aesenclast_si128(b[i], kt);
    storeu(out + 16 * i, b[i]);
  }
}

// xts_mem: N blocks with the tweaks stored in buf.
template <int N, bool kDec>
inline __attribute__((always_inline)) void xts_mem(const __m128i* rk, int nr,
                                                   const Tw64* buf,
                                                   const uint8_t* in,
                                                   uint8_t* out) {
  __m128i tw[static_cast<size_t>(N)];
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) tw[i] = load_tw(buf + i);
  xts_n<N, kDec>(rk, nr, tw, buf, in, out);
}

// xts_reg: N blocks with the tweaks from (lo, hi), moved into vector
// registers one by one; (lo, hi) advanced by N.
template <int N, bool kDec>
inline __attribute__((always_inline)) void xts_reg(const __m128i* rk, int nr,
                                                   uint64_t& lo, uint64_t& hi,
                                                   const uint8_t* in,
                                                   uint8_t* out) {
  __m128i tw[static_cast<size_t>(N)];
#pragma GCC unroll 8
  for (int i = 0; i < N; ++i) {
    tw[i] = to_xmm(lo, hi);
    dbl64(lo, hi);
  }
  xts_n<N, kDec>(rk, nr, tw, nullptr, in, out);
  // Elsewhere tw lives in registers; under AddressSanitizer it is a stack
  // object of its own between redzones, deeper than the caller's scrub
  // reaches (the first tweaks, tests/stack_residue_test.cc under
  // --config=asan_ubsan), so it is wiped here.
  if constexpr (kScrubScale > 1) secure_zero(tw, sizeof(tw));
}

// xts_tail: the last 0..7 blocks, through f<N> (xts_mem or xts_reg).
#define XTS_TAIL(f, ...)                        \
  switch (blocks) {                             \
    case 0: break;                              \
    case 1: f<1, kDec>(__VA_ARGS__); break;     \
    case 2: f<2, kDec>(__VA_ARGS__); break;     \
    case 3: f<3, kDec>(__VA_ARGS__); break;     \
    case 4: f<4, kDec>(__VA_ARGS__); break;     \
    case 5: f<5, kDec>(__VA_ARGS__); break;     \
    case 6: f<6, kDec>(__VA_ARGS__); break;     \
    default: f<7, kDec>(__VA_ARGS__); break;    \
  }

template <bool kDec>
inline void xts_bulk(const AesKeyState* s, const uint8_t* in,
                                uint8_t* out, size_t blocks,
                                uint8_t tweak[16]) {
  const __m128i* rk = kDec ? dec_keys(s) : enc_keys(s);
  const int nr = static_cast<int>(s->rounds);
  uint64_t lo, hi;
  std::memcpy(&lo, tweak, 8);
  std::memcpy(&hi, tweak + 8, 8);
  if (blocks < 16) {
    // One batch at most: every tweak from registers, no buffer.
    for (; blocks >= 8; blocks -= 8, in += 128, out += 128)
      xts_reg<8, kDec>(rk, nr, lo, hi, in, out);
    XTS_TAIL(xts_reg, rk, nr, lo, hi, in, out)
    std::memcpy(tweak, &lo, 8);
    std::memcpy(tweak + 8, &hi, 8);
    return;
  }
  // Two batches of tweaks: the loop runs one while the integer unit
  // writes the next (so the vector loads never wait on store forwarding).
  // The first batch comes from registers: its tweaks would otherwise be
  // loaded right after they were stored, two 8-byte stores under each
  // 16-byte load, which cannot forward and waits for the stores to retire.
  Tw64 buf[2][8];
  uint64_t lo8 = lo, hi8 = hi;
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) dbl64(lo8, hi8);
  fill<8>(lo8, hi8, buf[0]);
  xts_reg<8, kDec>(rk, nr, lo, hi, in, out);
  blocks -= 8;
  in += 128;
  out += 128;
  size_t j = 0;
  for (; blocks >= 8; blocks -= 8, in += 128, out += 128, j ^= 1) {
    fill<8>(lo8, hi8, buf[j ^ 1]);
    xts_mem<8, kDec>(rk, nr, buf[j], in, out);
  }
  // buf[j] holds the next 8 tweaks: the tail's and the one after it.
  XTS_TAIL(xts_mem, rk, nr, buf[j], in, out)
  std::memcpy(tweak, &buf[j][blocks], 16);
  // The wipe as 16 aligned vector stores: secure_zero's memset of these
  // 256 bytes compiles to REP STOSQ, 11.5 ns a call on Zen 5 against 5.5 ns
  // for the stores (a whole 512-byte call takes about 60 ns).
  __m128i* w = reinterpret_cast<__m128i*>(&buf[0][0]);
#pragma GCC unroll 16
  for (size_t i = 0; i < sizeof(buf) / 16; ++i)
    _mm_store_si128(w + i, _mm_setzero_si128());
  __asm__ __volatile__("" : : "r"(w) : "memory");
}

#undef XTS_TAIL

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
