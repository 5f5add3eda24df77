// xts_aesni_x86_64.cc: XTS's kernel of the aesni AES row (xts_kernel.h).
//
// Twelve blocks a batch, in asm (xts_loop): AESENC has latency 4 and issues
// twice a cycle on Zen 5, so eight chains fill the unit with no slack and
// every late operand costs a cycle; twelve leave a third spare. Twelve
// blocks, the round key, round keys 0 and Nr and a tweak are 16 XMM
// registers, which gcc could not allocate without spills (its 10- and
// 12-block loops ran 9.0-9.7 GB/s), so the batch loop is written out, one
// copy per XTS key size (AES-128 and AES-256). The whitening rides on round keys 0 and Nr
// (AESENCLAST / AESDECLAST end with the XOR of their key operand), so a
// batch is one pass over the data. Calls under 12 blocks, and the last
// 1..11 blocks of a call, run as 8 chains and as many chains as blocks
// (xts_n, in C).
//
// Tweaks. They are made in general registers (two 64-bit halves doubled by
// ADD/ADC, the bit out of x^127 as a 0x87 mask: dbl64) and stored to a
// stack buffer one batch ahead, from which the vector loop loads them: the
// integer unit does the multiply-by-alpha sequence while the vector pipes
// do only AES and three XORs a block. The loop stores the next batch's
// tweaks between its first rounds: two 8-byte stores under a 16-byte load
// cannot forward, and a load that finds them not yet written to the cache
// waits for them (the same loop with the stores after rounds 1-8 ran
// 7.9 GB/s for AES-128, whose ninth round then follows the last store
// closely; after rounds 1-4, or the whitening and rounds 1-2, 9.7). The
// first batch's tweaks are stored as 16-byte vectors, which do forward.
// Made in XMM registers instead (PADDQ, PSRAD, PSHUFD, PAND, PXOR a
// tweak) the 8-block loop ran 7.6 GB/s against the row's 11.4 GB/s ECB on
// Zen 5 (AES-128, 4 KiB, CPU time); eight XMM tweaks stepped by alpha^8
// each (no chain, but ten vector operations a tweak) 6.6 GB/s.
// Also tried (same machine, AES-128, 4 KiB, CPU time): the tweaks XORed
// with round key 0 in the integer unit (two XORs fewer a block in the
// vector pipes, two more in the integer unit: 0.94x), the 8-block loop
// with the rounds unrolled per key size (0.98x) or in asm (0.96-1.0x:
// the 8-block loop runs 5.4 cycles a block where these 12 run 5.1), and
// 16 blocks with the round keys as memory operands (0.68x).
// Where a call's time goes, measured (AES-128, 4 KiB, cycles at 3.66 GHz):
// the loop 5.1 cycles a block, a call about 200 cycles more (the tweak's
// own encryption, the first batch's start, the last blocks, the caller's
// wipe).
// Against OpenSSL 3.0's AES-NI XTS (//bench:speed_vs_openssl with
// CTCRYPTO_DISABLE=vaes, -cputime, medians of 3, two runs, Zen 5, the
// 8-block C loop before): 4 KiB 1.13-1.16 -> 1.21-1.23 (AES-128),
// 1.14-1.17 -> 1.21-1.22 (AES-256); 512 bytes 1.26-1.30 -> 1.45-1.47
// (AES-128), 1.28-1.32 -> 1.42-1.47 (AES-256).
// SSE2 and AES-NI only: the row requires no PCLMULQDQ.
//
// Memory. The tweak buffer lies in this kernel's frame, which the caller
// wipes after the call (run_scrubbed, xts_kernel.h) with whatever else the
// compiler spilled; wiping the buffer here as well cost 3% of the 4 KiB
// rate and 18% at 512 bytes.
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

// The batch loop (xts_loop), twelve blocks a batch. Registers: the blocks
// xmm0-11, the round key xmm12, round keys 0 and Nr xmm13 and xmm14, a
// tweak xmm15. XTS_WHITEN, XTS_ROUND and XTS_LAST are the vector steps of
// a block or a round; XTS_NEXT(i) stores tweak i of the next batch (at
// c + d) and doubles (lo, hi) (dbl64's five instructions and a copy): three
// after the whitening, three after round 1, two after round 2, four after
// round 3, so that the last of them is written well before the next batch
// loads it.
#define XTS_WHITEN(i)                        \
  "movdqu " #i "*16(%[in]), %%xmm" #i "\n\t" \
  "pxor " #i "*16(%[c]), %%xmm" #i "\n\t"    \
  "pxor %%xmm13, %%xmm" #i "\n\t"
#define XTS_ROUND(op, r)                  \
  "movdqa " #r "*16(%[rk]), %%xmm12\n\t"  \
  op " %%xmm12, %%xmm0\n\t"               \
  op " %%xmm12, %%xmm1\n\t"               \
  op " %%xmm12, %%xmm2\n\t"               \
  op " %%xmm12, %%xmm3\n\t"               \
  op " %%xmm12, %%xmm4\n\t"               \
  op " %%xmm12, %%xmm5\n\t"               \
  op " %%xmm12, %%xmm6\n\t"               \
  op " %%xmm12, %%xmm7\n\t"               \
  op " %%xmm12, %%xmm8\n\t"               \
  op " %%xmm12, %%xmm9\n\t"               \
  op " %%xmm12, %%xmm10\n\t"              \
  op " %%xmm12, %%xmm11\n\t"
#define XTS_NEXT(i)                       \
  "mov %[lo], " #i "*16(%[c],%[d])\n\t"   \
  "mov %[hi], " #i "*16+8(%[c],%[d])\n\t" \
  "mov %[hi], %[m]\n\t"                   \
  "sar $63, %[m]\n\t"                     \
  "add %[lo], %[lo]\n\t"                  \
  "adc %[hi], %[hi]\n\t"                  \
  "and $0x87, %k[m]\n\t"                  \
  "xor %[m], %[lo]\n\t"
#define XTS_LAST(op, i)                   \
  "movdqa " #i "*16(%[c]), %%xmm15\n\t"   \
  "pxor %%xmm14, %%xmm15\n\t"             \
  op " %%xmm15, %%xmm" #i "\n\t"          \
  "movdqu %%xmm" #i ", " #i "*16(%[out])\n\t"
#define XTS_BATCH(rop, lop, MORE_ROUNDS)                                   \
  XTS_WHITEN(0) XTS_WHITEN(1) XTS_WHITEN(2) XTS_WHITEN(3) XTS_WHITEN(4)    \
  XTS_WHITEN(5) XTS_WHITEN(6) XTS_WHITEN(7) XTS_WHITEN(8) XTS_WHITEN(9)    \
  XTS_WHITEN(10) XTS_WHITEN(11)                                            \
  XTS_NEXT(0) XTS_NEXT(1) XTS_NEXT(2) XTS_ROUND(rop, 1)                    \
  XTS_NEXT(3) XTS_NEXT(4) XTS_NEXT(5) XTS_ROUND(rop, 2)                    \
  XTS_NEXT(6) XTS_NEXT(7) XTS_ROUND(rop, 3)                                \
  XTS_NEXT(8) XTS_NEXT(9) XTS_NEXT(10) XTS_NEXT(11) XTS_ROUND(rop, 4)      \
  XTS_ROUND(rop, 5) XTS_ROUND(rop, 6) XTS_ROUND(rop, 7) XTS_ROUND(rop, 8)  \
  XTS_ROUND(rop, 9) MORE_ROUNDS                                            \
  XTS_LAST(lop, 0) XTS_LAST(lop, 1) XTS_LAST(lop, 2) XTS_LAST(lop, 3)      \
  XTS_LAST(lop, 4) XTS_LAST(lop, 5) XTS_LAST(lop, 6) XTS_LAST(lop, 7)      \
  XTS_LAST(lop, 8) XTS_LAST(lop, 9) XTS_LAST(lop, 10) XTS_LAST(lop, 11)
#define XTS_MORE_10(op)
#define XTS_MORE_14(op) \
  XTS_ROUND(op, 10) XTS_ROUND(op, 11) XTS_ROUND(op, 12) XTS_ROUND(op, 13)
#define XTS_LOOP(rop, lop, MORE)          \
  "movdqa (%[rk]), %%xmm13\n\t"           \
  "movdqa %c[kl](%[rk]), %%xmm14\n\t"     \
  "1:\n\t"                                \
  XTS_BATCH(rop, lop, MORE(rop))          \
  "add $192, %[in]\n\t"                   \
  "add $192, %[out]\n\t"                  \
  "add %[d], %[c]\n\t"                    \
  "neg %[d]\n\t"                          \
  "dec %[n]\n\t"                          \
  "jnz 1b\n\t"
#define XTS_OPERANDS                                                         \
  : [in] "+r"(in), [out] "+r"(out), [c] "+r"(c), [d] "+r"(d),                \
    [n] "+r"(batches), [lo] "+r"(v[0]), [hi] "+r"(v[1]), [m] "=&r"(m)        \
  : [rk] "r"(rk), [kl] "i"(16 * NR)                                          \
  : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",  \
    "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "cc",      \
    "memory"

// xts_loop: `batches` (>= 1) batches of twelve blocks, NR rounds (10 or
// 14). The tweaks of the first are in c[0..11] (one half of a two-batch
// buffer; `other` is the other half), (lo, hi) is the one after them. Each
// batch writes the next batch's tweaks into the other half and advances
// (lo, hi) past them; c ends at the half holding the tweaks that follow
// the last batch. in and out advance past the batches.
template <int NR, bool kDec>
inline __attribute__((always_inline)) void xts_loop(
    const __m128i* rk, uint64_t& lo, uint64_t& hi, Tw64*& c, Tw64* other,
    size_t batches, const uint8_t*& in, uint8_t*& out) {
  uint64_t v[2] = {lo, hi};
  intptr_t d =
      reinterpret_cast<intptr_t>(other) - reinterpret_cast<intptr_t>(c);
  uint8_t* const out0 = out;
  uint64_t m;
  {
    CTCRYPTO_CT_ASM_SCOPE(v, sizeof(v), c, 12 * sizeof(Tw64));
    // One asm statement per direction and key size: the rounds are written
    // out (a branch on the key size inside one loop measured no faster and
    // ran erratically, 1.05-1.27x OpenSSL between runs).
#define XTS_ASM(rop, lop)                                              \
  if constexpr (NR == 10)                                              \
    __asm__ volatile(XTS_LOOP(rop, lop, XTS_MORE_10) XTS_OPERANDS);    \
  else                                                                 \
    __asm__ volatile(XTS_LOOP(rop, lop, XTS_MORE_14) XTS_OPERANDS)
    if constexpr (kDec) {
      XTS_ASM("aesdec", "aesdeclast");
    } else {
      XTS_ASM("aesenc", "aesenclast");
    }
#undef XTS_ASM
  }
  ct_asm_stored(out0, static_cast<size_t>(out - out0));
  lo = v[0];
  hi = v[1];
}

#undef XTS_OPERANDS
#undef XTS_LOOP
#undef XTS_MORE_14
#undef XTS_MORE_10
#undef XTS_BATCH
#undef XTS_LAST
#undef XTS_NEXT
#undef XTS_ROUND
#undef XTS_WHITEN

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
                                uint8_t tweak[16], StackMark* mark) {
  // The frame the caller wipes (xts_kernel.h): this function keeps the
  // tweaks and its inlined loops' spills, and under AddressSanitizer it
  // is not inlined into the entry point.
  mark_frame(mark);
  const __m128i* rk = kDec ? dec_keys(s) : enc_keys(s);
  const int nr = static_cast<int>(s->rounds);
  uint64_t lo, hi;
  std::memcpy(&lo, tweak, 8);
  std::memcpy(&hi, tweak + 8, 8);
  if (blocks < 12) {
    // Less than a batch: every tweak from registers, no buffer.
    for (; blocks >= 8; blocks -= 8, in += 128, out += 128)
      xts_reg<8, kDec>(rk, nr, lo, hi, in, out);
    XTS_TAIL(xts_reg, rk, nr, lo, hi, in, out)
    std::memcpy(tweak, &lo, 8);
    std::memcpy(tweak + 8, &hi, 8);
    return;
  }
  Tw64 buf[2][12];
  // The first batch's tweaks as 16-byte stores, which forward to the
  // loop's 16-byte loads right after them.
#pragma GCC unroll 12
  for (int i = 0; i < 12; ++i) {
    _mm_store_si128(reinterpret_cast<__m128i*>(&buf[0][i]), to_xmm(lo, hi));
    dbl64(lo, hi);
  }
  Tw64* c = buf[0];
  {
    const size_t batches = blocks / 12;
    blocks %= 12;
    // rounds is 10 or 14: XTS keys are AES-128 or AES-256 (IEEE 1619;
    // AesXts::init refuses other lengths).
    if (nr == 14)
      xts_loop<14, kDec>(rk, lo, hi, c, buf[1], batches, in, out);
    else
      xts_loop<10, kDec>(rk, lo, hi, c, buf[1], batches, in, out);
  }
  // c holds the next 12 tweaks: the tail's and the one after it.
  if (blocks >= 8) {
    xts_mem<8, kDec>(rk, nr, c, in, out);
    blocks -= 8;
    in += 128;
    out += 128;
    c += 8;
  }
  XTS_TAIL(xts_mem, rk, nr, c, in, out)
  std::memcpy(tweak, &c[blocks], 16);
}

#undef XTS_TAIL

void aesni_xts_encrypt_bulk(const AesKeyState* s, const uint8_t* in,
                            uint8_t* out, size_t blocks, uint8_t tweak[16],
                            StackMark* mark) {
  xts_bulk<false>(s, in, out, blocks, tweak, mark);
}

void aesni_xts_decrypt_bulk(const AesKeyState* s, const uint8_t* in,
                            uint8_t* out, size_t blocks, uint8_t tweak[16],
                            StackMark* mark) {
  xts_bulk<true>(s, in, out, blocks, tweak, mark);
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
