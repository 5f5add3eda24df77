// gcm_aesni_x86_64.cc: the GCM kernel of the aesni AES row with the clmul
// GHASH row ("aesni+clmul", gcm_kernel.h): AES-NI counter mode and
// PCLMULQDQ GHASH in one loop.
//
// Technique. seal_bulk/open_bulk run 8 AES blocks and an 8-block
// aggregated GHASH (the clmul row's key and arithmetic, ghash_clmul_core.h)
// in the same loop body, so the AES and PCLMULQDQ units work in parallel:
// seal hashes the previous 8 ciphertext blocks while encrypting the next 8;
// open hashes the 8 ciphertext blocks it is decrypting. From 16
// iterations on (kMemIterations), their counter blocks, round key 0
// included, are written by integer code into a small stack buffer one
// iteration ahead and loaded from there (CtrBlocks; the buffer is zeroed
// afterwards), which takes a PADDD, a PSHUFB and a PXOR per block off the
// vector ports: measured on Golden Cove (Emerald Rapids), TSC cycles per
// 16 KiB seal, AES-128 6800 -> 6340, AES-256 7890 -> 7470 (open 6780 ->
// 6190, 7830 -> 7300); shorter calls are unchanged. The kernel takes GCM
// messages of 49 bytes and more from their first byte
// (bulk_from_start_bytes; the tag mask is then one encrypt_block), and
// the end of a message, up to 2047 bytes (all of a message of 49..2047
// bytes; the 70 bytes a 2118-byte message leaves after the bulk), goes to
// the kernel's last pass (seal_last / open_last): whole 8-block
// stitched iterations as above, then a final batch of 1..8 blocks whose
// last block may be partial (through a 16-byte stack buffer, hashed under
// a byte mask) and whose GHASH group includes GCM's length block, one
// reduction; seal hashes the previous batch during the final batch's AES
// rounds. The mode's head, final ctr32 call, staging copies and GHASH call
// go away (TSC cycles per AES-128 call on Golden Cove, seal / open: 64
// bytes 185 / 205 -> 163 / 146, 256 bytes 312 / 251 -> 234 / 233, 1350
// bytes 752 / 717 -> 687 / 679, 16 KiB within 1%; AES-256 256 bytes
// 346 / 278 -> 267 / 254).
//
//
// Pairing: the loops use the aesni row's key layout (aesni_internal.h) and
// the clmul row's key and arithmetic (ghash_clmul_core.h), so the kernel
// serves exactly that pair.
//
// Constant time. The AES and carry-less multiply instructions are
// data-independent in timing (no tables); all branches and indices depend
// only on lengths, block counts and round numbers, which are public (the
// last pass's byte mask is read at an offset given by the length). The last
// pass's stack copies of the partial block (plaintext and keystream-masked
// output) are zeroed after use.
#include <immintrin.h>

#include <cstring>

#include "crypto/aes/aes_row.h"
#include "crypto/aes/aesni_internal.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ct.h"
#include "crypto/ghash/ghash_clmul_core.h"
#include "crypto/internal.h"
#include "crypto/modes/gcm_kernel.h"

namespace ctcrypto::internal {

namespace x86hw {

namespace {

// CtrBlocks: the 8 counter blocks of the next stitched iteration with round
// key 0 already added, in memory (for runs of at least kMemIterations).
// Only their last dword (the big-endian 32-bit counter, XOR the same dword
// of round key 0) changes from one iteration to the next; integer code
// writes it (add, byte swap, XOR, 4-byte store per block), which keeps the
// vector ports, where the AES rounds and the GHASH multiplies compete, free
// of the PADDD, PSHUFB and PXOR that building each block in a register
// costs (on Golden Cove, AESENC, PCLMULQDQ and every SSE ALU op share ports
// 0, 1 and 5, and those three ops per block were a tenth of the loop's
// vector work; Zen 4 runs integer and vector ops on separate pipes, so
// there too the integer work competes with neither AES nor GHASH; not
// measured there). The counter is not public in general (J0 of a nonce
// other than 96 bits is GHASH_H(IV)): add, byte swap, XOR and store are
// data-independent. The blocks of iteration i + 1 are written during
// iteration i, after its blocks were loaded: a 16-byte load of a block
// whose 4-byte store is still in the store buffer cannot be forwarded and
// waits for the store to commit (see kMemIterations for what that costs
// once per call).
struct alignas(16) CtrBlocks {
  __m128i v[8];
  uint32_t k0_last;  // dword 3 of round key 0
};

inline __attribute__((always_inline)) void init_ctr_blocks(CtrBlocks& cb,
                                                           const __m128i* rk,
                                                           __m128i c) {
  const __m128i k0 = _mm_load_si128(rk);
  std::memcpy(&cb.k0_last, reinterpret_cast<const uint8_t*>(rk) + 12, 4);
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i)
    _mm_store_si128(&cb.v[i], _mm_xor_si128(bswap128(add_ctr(c, i)), k0));
}

// next_ctr_blocks: cb = the 8 blocks from 32-bit counter n on.
inline __attribute__((always_inline)) void next_ctr_blocks(CtrBlocks& cb,
                                                           uint32_t n) {
#pragma GCC unroll 8
  for (uint32_t i = 0; i < 8; ++i) {
    const uint32_t w = __builtin_bswap32(n + i) ^ cb.k0_last;
    std::memcpy(reinterpret_cast<uint8_t*>(&cb.v[i]) + 12, &w, 4);
  }
}

// gcm8: one stitched iteration: 8 CTR blocks from in to out, and 8 blocks
// of `hash` folded into x. NR is the round count. The counter blocks come
// from the byte-reversed counter c (kMem false: PADDD, PSHUFB and PXOR of
// round key 0 per block), or (kMem true) from cb, which is loaded first and
// then rewritten for the next iteration from the 32-bit counter `next`
// (next_ctr_blocks). For open, hash == in and every hashed block is loaded
// before any store; for seal, hash is the previous iteration's output.
template <int NR, bool kMem>
inline __attribute__((always_inline)) void gcm8(const __m128i* rk,
                                                const ClmulKey* hk, __m128i c,
                                                CtrBlocks* cb, uint32_t next,
                                                const uint8_t* in,
                                                uint8_t* out,
                                                const uint8_t* hash,
                                                __m128i* x) {
  static_assert(kNumPowers == 8, "gcm8 hashes 8 blocks with H^8..H^1");
  __m128i b[8];
  if (kMem) {
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) b[i] = _mm_load_si128(&cb->v[i]);
    next_ctr_blocks(*cb, next);
  } else {
    const __m128i k0 = _mm_load_si128(rk);
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i)
      b[i] = _mm_xor_si128(bswap128(add_ctr(c, i)), k0);
  }
  Acc a = acc_zero();
#pragma GCC unroll 14
  for (int r = 1; r < NR; ++r) {
    const __m128i k = _mm_load_si128(rk + r);
#pragma GCC unroll 8
    for (int i = 0; i < 8; ++i) b[i] = _mm_aesenc_si128(b[i], k);
    if (r <= 8) {
      // GHASH block r-1 rides along with AES round r.
      const int j = r - 1;
      __m128i h = bswap128(loadu(hash + 16 * j));
      if (j == 0) h = _mm_xor_si128(h, *x);
      acc_mul(a, h, _mm_load_si128(&hk->h[j]), _mm_load_si128(&hk->hk[j]));
    }
  }
  *x = acc_reduce(a);
  const __m128i kl = _mm_load_si128(rk + NR);
#pragma GCC unroll 8
  for (int i = 0; i < 8; ++i) {
    b[i] = _mm_aesenclast_si128(b[i], kl);
    storeu(out + 16 * i, _mm_xor_si128(b[i], loadu(in + 16 * i)));
  }
}

// kMemIterations: the iterations from which gcm_nr takes its counter blocks
// from memory (CtrBlocks); shorter runs keep the blocks in registers. The
// first iteration that loads blocks written with 4-byte stores waits for
// those stores to commit, which presumably means for all the work issued
// before them (the mode's head, a GHASH call) to retire: a cost once per
// call that a few iterations do not win back (measured on Golden Cove, TSC
// cycles: memory blocks from the first iteration on made a 256-byte open
// 250 -> 300 and a 1350-byte seal 756 -> 772, a 16 KiB seal 6800 -> 6350;
// from 8 iterations on, the 1350-byte seal took 775-800).
constexpr size_t kMemIterations = 16;

// gcm8_mem_loop: iterations i..n8-1 of gcm_nr with the counter blocks from
// memory; c is the byte-reversed counter of iteration i's first block (and
// is advanced), x the GHASH value (returned). Out of line, so that calls
// below kMemIterations keep gcm_nr's small frame; it marks its frame for
// run_scrubbed (m).
template <bool kOpen, int NR>
[[gnu::noinline]] __m128i gcm8_mem_loop(StackMark* m, const __m128i* rk,
                                        const ClmulKey* hk, __m128i* c,
                                        size_t i, size_t n8, const uint8_t* in,
                                        uint8_t* out, __m128i x) {
  mark_frame(m);
  // 32-bit counter of iteration i's first block, as an integer (inc32 wraps
  // mod 2^32 in uint32_t arithmetic exactly as GCM requires).
  uint32_t n = static_cast<uint32_t>(_mm_cvtsi128_si32(*c));
  const __m128i eight = _mm_set_epi32(0, 0, 0, 8);
  // The first blocks with 16-byte stores, which forward to gcm8's loads.
  CtrBlocks cb;
  init_ctr_blocks(cb, rk, *c);
  for (; i < n8; ++i) {
    const uint8_t* hash = kOpen ? in + 128 * i : out + 128 * (i - 1);
    n += 8;
    gcm8<NR, true>(rk, hk, *c, &cb, n, in + 128 * i, out + 128 * i, hash,
                   &x);
    *c = _mm_add_epi32(*c, eight);
  }
  secure_zero(&cb, sizeof(cb));
  return x;
}

// gcm_nr: the stitched bulk of seal (kOpen false) or open. Seal hashes the
// previous 8 ciphertext blocks while encrypting the next 8 (the first 8 are
// encrypted alone, the last 8 hashed after the loop, unless kHashLast is
// false: the last pass hashes them itself); open hashes the 8 blocks it
// decrypts.
//
// kFirstHash (seal only): first_hash holds 8 blocks of earlier ciphertext
// to hash with the first batch's AES instead of encrypting that batch alone
// (a stream's carry, seal_bulk_carry below). A template parameter, so that
// the one-shot instantiations stay as they were (a runtime test cost a
// 256-byte seal 18 instructions, callgrind).
template <bool kOpen, int NR, bool kHashLast = true, bool kFirstHash = false>
[[gnu::noinline]] size_t gcm_nr(StackMark* m, const AesKeyState* s,
                                const GhashKeyState* g, const uint8_t* in,
                                uint8_t* out, size_t len, uint8_t ctr[16],
                                uint8_t xi[16],
                                const uint8_t* first_hash = nullptr) {
  mark_frame(m);
  const size_t n8 = len / 128;
  const __m128i* rk = enc_keys(s);
  const ClmulKey* hk = clmul_key(g);
  __m128i c = bswap128(loadu(ctr));
  __m128i x = bswap128(loadu(xi));
  const __m128i eight = _mm_set_epi32(0, 0, 0, 8);
  size_t i = 0;
  if (!kOpen) {
    if (kFirstHash)
      gcm8<NR, false>(rk, hk, c, nullptr, 0, in, out, first_hash, &x);
    else
      ctr_n<8>(rk, NR, c, in, out);
    c = _mm_add_epi32(c, eight);
    i = 1;
  }
  if (n8 - i >= kMemIterations) {
    x = gcm8_mem_loop<kOpen, NR>(m, rk, hk, &c, i, n8, in, out, x);
  } else {
    for (; i < n8; ++i) {
      const uint8_t* hash = kOpen ? in + 128 * i : out + 128 * (i - 1);
      gcm8<NR, false>(rk, hk, c, nullptr, 0, in + 128 * i, out + 128 * i,
                      hash, &x);
      c = _mm_add_epi32(c, eight);
    }
  }
  if (!kOpen && kHashLast) x = ghash_n(hk, x, out + 128 * (n8 - 1), 8);
  storeu(ctr, bswap128(c));
  storeu(xi, bswap128(x));
  return n8 * 128;
}

// Frame hygiene. With 8 blocks, the GHASH sums, H powers and up to 15
// round keys wanting 16 XMM registers, a compiler may spill round keys to
// the loops' frames (clang 14 does: round keys 1 and 7..9 stayed below a
// stream's caller and a one-shot seal's; gcc 12 reloads them from the
// schedule). So each kernel entry point runs its loops under run_scrubbed
// (crypto/internal.h): the loops (gcm_nr, gcm8_mem_loop below it,
// gcm_last_nr and gcm_final) mark their frames, and the stack down to the
// lowest mark is wiped after them (gcc 12 and clang 14, objdump, return
// address and pushes included: gcm_nr under 240 bytes, gcm8_mem_loop under
// 330, gcm_final under 160). tests/stack_residue_test.cc finds the
// spilled round keys without it (clang x86-64 build).

// gcm_bulk: GcmKernel::seal_bulk (kOpen false) / open_bulk, whole
// 8-block batches; the round count is public.
template <bool kOpen>
size_t gcm_bulk(const AesKeyState* s, const GhashKeyState* g,
                const uint8_t* in, uint8_t* out, size_t len, uint8_t ctr[16],
                bool /*ctr_public: one form of counter blocks*/,
                uint8_t xi[16]) {
  if (len < 128) return 0;
  return run_scrubbed([&](StackMark* m) -> size_t {
    switch (s->rounds) {
      case 10: return gcm_nr<kOpen, 10>(m, s, g, in, out, len, ctr, xi);
      case 12: return gcm_nr<kOpen, 12>(m, s, g, in, out, len, ctr, xi);
      default: return gcm_nr<kOpen, 14>(m, s, g, in, out, len, ctr, xi);
    }
  });
}

// gcm_seal_carry: GcmKernel::seal_bulk_carry: gcm_nr's seal with the
// stream's carried batch hashed alongside the first batch's AES and the
// last batch left unhashed, copied to the carry (one 8-block batch).
constexpr size_t kCarryBytes = 128;
static_assert(kCarryBytes <= kGcmStreamCarryBytes);

size_t gcm_seal_carry(const AesKeyState* s, const GhashKeyState* g,
                      const uint8_t* in, uint8_t* out, size_t len,
                      uint8_t ctr[16], bool /*ctr_public*/, uint8_t xi[16],
                      uint8_t* carry, size_t* carry_len) {
  if (len < kCarryBytes) return 0;
  const bool first = *carry_len != 0;
  const size_t done = run_scrubbed([&](StackMark* m) -> size_t {
    switch (s->rounds) {
      case 10:
        return first ? gcm_nr<false, 10, false, true>(m, s, g, in, out, len,
                                                      ctr, xi, carry)
                     : gcm_nr<false, 10, false>(m, s, g, in, out, len, ctr,
                                                 xi);
      case 12:
        return first ? gcm_nr<false, 12, false, true>(m, s, g, in, out, len,
                                                      ctr, xi, carry)
                     : gcm_nr<false, 12, false>(m, s, g, in, out, len, ctr,
                                                 xi);
      default:
        return first ? gcm_nr<false, 14, false, true>(m, s, g, in, out, len,
                                                      ctr, xi, carry)
                     : gcm_nr<false, 14, false>(m, s, g, in, out, len, ctr,
                                                 xi);
    }
  });
  std::memcpy(carry, out + done - kCarryBytes, kCarryBytes);
  *carry_len = kCarryBytes;
  return done;
}

// --- The last pass (seal_last / open_last) ------------------------------------
// The message's last 1..kLastMaxBytes bytes: n = ceil(len / 16) blocks, the
// last one holding t = 1..16 bytes, split as k = (n - 1) / 8 whole 8-block
// batches (gcm8, as in gcm_nr) and a final batch of R = n - 8k = 1..8
// blocks (gcm_final), then GCM's length block L. The final batch's GHASH
// group is its R blocks and L, R + 1 <= 9 products summed unreduced and
// reduced once: block i times H^(R+1-i), L times H. The table has H^8..H^1;
// H^9 (R = 8) is one mont_mul of H^8 and H, which depends only on the key
// and runs in the shadow of the AES rounds. L's product does not depend on
// the data either. The partial block goes through 16-byte stack buffers
// (its t input bytes copied in zero-padded, the output copied out t bytes
// long, t public), and seal hashes its ciphertext under a byte mask (a
// load from kByteMask at an offset given by t), so nothing past the
// message is read or written.

// keep_acc: the three sums through one empty asm that takes and gives
// them back in XMM registers (an optimisation barrier; see gcm_final).
// Under ctmsan their shadow is carried across by hand, as ct_opaque does
// (MSan would report the asm's secret inputs and call its outputs clean).
static inline void keep_acc(Acc& a) {
#if defined(CTCRYPTO_CTMSAN)
  const Acc shadow_of = a;
  __msan_unpoison(&a, sizeof(a));
  __asm__("" : "+x"(a.lo), "+x"(a.hi), "+x"(a.mid));
  __msan_copy_shadow(&a, &shadow_of, sizeof(a));
#else
  __asm__("" : "+x"(a.lo), "+x"(a.hi), "+x"(a.mid));
#endif
}

// kByteMask: loadu(kByteMask + 16 - t) has its first t bytes all-ones.
alignas(32) constexpr uint8_t kByteMask[32] = {
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0xff, 0xff, 0xff, 0xff, 0xff, 0,    0,    0,    0,    0,    0,
    0,    0,    0,    0,    0,    0,    0,    0,    0,    0};

// kLastMaxBytes: the longest end of a message the last pass takes
// (GcmKernel::last_max_bytes): just under the 16 stitched iterations
// from which the bulk takes its counter blocks from memory
// (kMemIterations). Measured (TSC cycles, AES-128 seal / open): a bound of
// 256 bytes left 600 bytes at 407 / 390 (bulk, then the last pass on 88
// bytes) where 1024 gave 383 / 379, and 1350 bytes at 711 / 697 where 2048
// gave 690 / 685; at exactly 2048 bytes the bulk's memory counters won
// (open 937 against 966).
constexpr size_t kLastMaxBytes = 128 * kMemIterations - 1;

// kFromStartBytes: GcmKernel::bulk_from_start_bytes. A message of 49
// bytes or more goes to the last pass whole (the bulk when longer than
// kLastMaxBytes) rather than through the mode's head (the tag mask and 3
// data blocks in one ctr32 call, their GHASH in a call of its own), which
// measured slower from 49 bytes on (TSC cycles, AES-128 seal / open, head
// then last pass -> last pass alone: 49 bytes 189 / 184 -> 169 / 173, 64
// bytes 177 / 183 -> 170 / 160). More than the head (kGcmHeadBytes):
// gcm.cc writes the length block only for messages longer than the head.
// Below the bulk's minimum (128 bytes): the last pass takes those
// messages whole, hence its bound of at least 128.
constexpr size_t kFromStartBytes = 49;
static_assert(kFromStartBytes > kGcmHeadBytes && kLastMaxBytes >= 128);
// The last pass's batches stay in gcm_nr's register loop (the counter
// blocks in registers, as for any short run): fewer than kMemIterations
// batches.
static_assert(kLastMaxBytes < 128 * kMemIterations);

// gcm_final: the final batch of the last pass, R blocks from the counter
// `ctr`, the GHASH value in `xi` (both updated; the mode's buffers, which
// it wipes); its last block reads `tin` and writes `tout` (16-byte stack
// buffers; the caller copies the partial block in and out) and holds t
// bytes. Open hashes the blocks it decrypts (and L, and x into the first)
// during the AES rounds, L first and the block carrying x last; seal
// hashes `prev` (8 ciphertext blocks of the batch before, or null) during
// the rounds, then its own R ciphertext blocks and L after them.
// Never inlined: its values (up to 8 blocks, two sets of sums, H^9, the
// counter and x) fit in the 16 XMM registers, and none is live across a
// call in the caller (whose frame would keep it). With GCC 12 -O2 all
// 48 instances spill nothing (objdump; they did spill sums, H^9 and
// blocks before keep(), the empty asm before the last round and seal's
// hashing from memory; the frame they set up now holds mark_frame's
// anchor). Other builds (clang 14, sanitizers) may spill, as the bulk
// loops may: it marks its frame for run_scrubbed.
template <bool kOpen, int NR, int R>
[[gnu::noinline]] void gcm_final(StackMark* m, const __m128i* rk,
                                 const ClmulKey* hk,
                                 uint8_t ctr[16], uint8_t xi[16],
                                 const uint8_t* in, uint8_t* out,
                                 const uint8_t* tin, uint8_t* tout, size_t t,
                                 const uint8_t* prev,
                                 const uint8_t len_block[16]) {
  static_assert(R >= 1 && R <= 8 && NR >= 10);
  mark_frame(m);
  const __m128i lenb = bswap128(loadu(len_block));
  // x is read from xi where it is used and written back there, and the
  // counter is advanced at once: neither is held across the rounds.
  auto load_x = [&] { return bswap128(loadu(xi)); };
  // block(i): the final batch's input block i (the last one from tin).
  auto block = [&](int i) {
    return i == R - 1 ? _mm_load_si128(reinterpret_cast<const __m128i*>(tin))
                      : loadu(in + 16 * i);
  };
  // size_t bound: gcc 12's -Wsign-conversion reports an int template parameter
  // used as an array bound.
  __m128i b[static_cast<size_t>(R)];
  const __m128i k0 = _mm_load_si128(rk);
  {
    const __m128i c = bswap128(loadu(ctr));
#pragma GCC unroll 8
    for (int i = 0; i < R; ++i)
      b[i] = _mm_xor_si128(bswap128(add_ctr(c, i)), k0);
    storeu(ctr, bswap128(add_ctr(c, R)));
  }
  // H^9 (only for R = 8): mont(x H^8, x H) = x H^9, the table's form.
  // Open uses it during the rounds; seal computes it after them (held
  // across them, it was spilled), which the out-of-order core still runs
  // in their shadow.
  __m128i h9 = _mm_setzero_si128();
  auto make_h9 = [&] {
    if (R == 8)
      h9 = mont_mul(_mm_load_si128(&hk->h[0]), _mm_load_si128(&hk->h[7]));
  };
  if (kOpen) make_h9();
  // The products of the final group: block i times H^(R+1-i), p = 1..9.
  auto mul = [&](Acc& acc, __m128i v, int p) {
    if (p == 9)
      acc_mul(acc, v, h9, _mm_xor_si128(h9, _mm_shuffle_epi32(h9, 0x4e)));
    else
      acc_mul(acc, v, _mm_load_si128(&hk->h[8 - p]),
              _mm_load_si128(&hk->hk[8 - p]));
  };
  Acc f = acc_zero();  // the final group: R blocks and L
  Acc a = acc_zero();  // seal: the previous batch
  // keep(acc): an empty asm that takes and gives back the sums in
  // registers, once per round: without it GCC reassociated the XORs of a
  // round's products with other rounds' and computed them all up front,
  // spilling partial products (data times powers of H) to the stack.
  auto keep = [](Acc& acc) { keep_acc(acc); };
#pragma GCC unroll 9
  for (int r = 1; r <= 9; ++r) {
    const __m128i k = _mm_load_si128(rk + r);
#pragma GCC unroll 8
    for (int i = 0; i < R; ++i) b[i] = _mm_aesenc_si128(b[i], k);
    keep(kOpen ? f : a);
    if (kOpen) {
      // Round 1: L; round 2 + j: block R-1-j; block 0 (with x) at R + 1.
      if (r == 1) {
        mul(f, lenb, 1);
      } else if (r <= R + 1) {
        const int i = R + 1 - r;
        __m128i h = bswap128(block(i));
        if (i == 0) h = _mm_xor_si128(h, load_x());
        mul(f, h, R + 1 - i);
      }
    } else if (prev != nullptr && r <= 8) {
      const int j = r - 1;
      __m128i h = bswap128(loadu(prev + 16 * j));
      if (j == 0) h = _mm_xor_si128(h, load_x());
      acc_mul(a, h, _mm_load_si128(&hk->h[j]), _mm_load_si128(&hk->hk[j]));
    }
  }
  if (!kOpen && prev != nullptr) storeu(xi, bswap128(acc_reduce(a)));
#pragma GCC unroll 4
  for (int r = 10; r < NR; ++r) {
    const __m128i k = _mm_load_si128(rk + r);
#pragma GCC unroll 8
    for (int i = 0; i < R; ++i) b[i] = _mm_aesenc_si128(b[i], k);
  }
  const __m128i kl = _mm_load_si128(rk + NR);
  // Every block is read (again, for open) before any is written (in place).
  // The pointers pass through an empty asm so that GCC reloads open's
  // blocks here rather than keeping them in registers since they were
  // hashed (which spilled them).
  __asm__("" : "+r"(in), "+r"(tin));
#pragma GCC unroll 8
  for (int i = 0; i < R; ++i)
    b[i] = _mm_xor_si128(_mm_aesenclast_si128(b[i], kl), block(i));
  b[R - 1] = _mm_and_si128(b[R - 1], loadu(kByteMask + 16 - t));
#pragma GCC unroll 8
  for (int i = 0; i < R - 1; ++i) storeu(out + 16 * i, b[i]);
  _mm_store_si128(reinterpret_cast<__m128i*>(tout), b[R - 1]);
  if (!kOpen) {
    // The ciphertext is hashed from where it was just stored (forwarded
    // 16-byte stores), not from the registers: those with H^9 and the sums
    // were more than the 16 XMM registers, and GCC spilled a product.
    __asm__("" : "+r"(out), "+r"(tout));
    make_h9();
    mul(f, lenb, 1);
#pragma GCC unroll 8
    for (int i = 0; i < R; ++i) {
      __m128i h = bswap128(i == R - 1 ? _mm_load_si128(
                                            reinterpret_cast<__m128i*>(tout))
                                      : loadu(out + 16 * i));
      if (i == 0) h = _mm_xor_si128(h, load_x());
      mul(f, h, R + 1 - i);
      keep(f);
    }
  }
  storeu(xi, bswap128(acc_reduce(f)));
}

// gcm_nr_call: gcm_nr never inlined; seal does not hash its last batch.
template <bool kOpen, int NR>
[[gnu::noinline]] void gcm_nr_call(StackMark* m, const AesKeyState* s,
                                   const GhashKeyState* g, const uint8_t* in,
                                   uint8_t* out, size_t len, uint8_t ctr[16],
                                   uint8_t xi[16]) {
  gcm_nr<kOpen, NR, kOpen>(m, s, g, in, out, len, ctr, xi);
}

// gcm_last_nr: the last pass (see above); lengths and counts are public.
template <bool kOpen, int NR>
void gcm_last_nr(StackMark* m, const AesKeyState* s, const GhashKeyState* g,
                 const uint8_t* in, uint8_t* out, size_t len, uint8_t ctr[16],
                 uint8_t xi[16], const uint8_t len_block[16]) {
  mark_frame(m);
  const size_t n = (len + 15) / 16;
  const size_t t = len - 16 * (n - 1);  // 1..16
  const size_t k = (n - 1) / 8;         // whole batches before the final
  const size_t fin = 128 * k;           // the final batch's offset
  alignas(16) uint8_t tin[16], tout[16];
  std::memset(tin, 0, 16);
  std::memcpy(tin, in + 16 * (n - 1), t);
  // The whole batches: the bulk's loop (out of line: inlined here, GCC
  // spilled vector values to a 400-byte frame across its iterations);
  // seal leaves its last batch for gcm_final to hash.
  if (k) gcm_nr_call<kOpen, NR>(m, s, g, in, out, fin, ctr, xi);
  const uint8_t* prev = !kOpen && k ? out + fin - 128 : nullptr;
  const __m128i* rk = enc_keys(s);
  const ClmulKey* hk = clmul_key(g);
  switch (n - 8 * k) {
#define CTCRYPTO_FINAL(R)                                                   \
  case R:                                                                   \
    gcm_final<kOpen, NR, R>(m, rk, hk, ctr, xi, in + fin, out + fin, tin,  \
                            tout, t, prev, len_block);                      \
    break;
    CTCRYPTO_FINAL(1)
    CTCRYPTO_FINAL(2)
    CTCRYPTO_FINAL(3)
    CTCRYPTO_FINAL(4)
    CTCRYPTO_FINAL(5)
    CTCRYPTO_FINAL(6)
    CTCRYPTO_FINAL(7)
    default: CTCRYPTO_FINAL(8)
#undef CTCRYPTO_FINAL
  }
  std::memcpy(out + 16 * (n - 1), tout, t);
  secure_zero(tin, sizeof(tin));
  secure_zero(tout, sizeof(tout));
}

// gcm_last: GcmKernel::seal_last (kOpen false) / open_last.
template <bool kOpen>
void gcm_last(const AesKeyState* s, const GhashKeyState* g, const uint8_t* in,
              uint8_t* out, size_t len, uint8_t ctr[16], uint8_t xi[16],
              const uint8_t len_block[16]) {
  // Under run_scrubbed (see above): the frames of gcm_last_nr, gcm_nr_call's
  // gcm_nr and gcm_final (clang 14 spilled round keys 7..9 in gcm_final for
  // AES-256).
  run_scrubbed([&](StackMark* m) {
    switch (s->rounds) {
      case 10:
        return gcm_last_nr<kOpen, 10>(m, s, g, in, out, len, ctr, xi,
                                      len_block);
      case 12:
        return gcm_last_nr<kOpen, 12>(m, s, g, in, out, len, ctr, xi,
                                      len_block);
      default:
        return gcm_last_nr<kOpen, 14>(m, s, g, in, out, len, ctr, xi,
                                      len_block);
    }
  });
}

}  // namespace

}  // namespace x86hw

const GcmKernel kGcmAesni = {
    .name = "aesni+clmul",
    .aes = &kAesAesni,
    .ghash = &kGhashClmul,
    .seal_bulk = x86hw::gcm_bulk<false>,
    .open_bulk = x86hw::gcm_bulk<true>,
    .bulk_from_start_bytes = x86hw::kFromStartBytes,
    .seal_last = x86hw::gcm_last<false>,
    .open_last = x86hw::gcm_last<true>,
    .last_min_bytes = 1,
    .last_max_bytes = x86hw::kLastMaxBytes,
    .seal_bulk_carry = x86hw::gcm_seal_carry,
    .carry_bytes = x86hw::kCarryBytes,
};

}  // namespace ctcrypto::internal
