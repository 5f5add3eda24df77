// aes_nohw32.cc: portable constant-time AES ("nohw") for targets with 32-bit
// registers, fixsliced in 32-bit words.
//
// Why a second portable AES. aes_nohw.cc holds four blocks in eight 64-bit
// words; on a 32-bit core (Cortex-M, ARMv7) every one of its operations is a
// pair of instructions and its rotations become four or more, so the code
// doubles in size, and its eight planes alone (16 words) exceed the 13
// general registers Thumb-2 leaves free. This file is the same design at
// half the width:
// two blocks in eight uint32_t words, every operation one instruction.
// crypto/BUILD.bazel compiles both files into the `nohw` row and the
// preprocessor keeps the one that matches the target's pointer width
// (UINTPTR_MAX; aes_nohw.cc tests the opposite), so the row's name, symbol
// and tests are the same everywhere. Both run the round sequence and batch
// loops of fixsliced_rounds.h over their own planes.
//
// Technique. Adomnicai and Peyrin, "Fixslicing AES-like ciphers" (TCHES
// 2021/1), 32-bit fixslicing: AES as a Boolean circuit over bit planes, two
// blocks per batch, word q[j] holding bit j (j = 0 the least significant) of
// all 32 state bytes. SubBytes is the Boyar–Peralta circuit of
// bitsliced_sbox.h on uint32_t (its opening comment cites the circuit and
// the A' o S o A' form of InvSubBytes used here). Full fixslicing: the
// state is kept lagging by k = (rounds so far) mod 4 ShiftRows, so
// ShiftRows costs nothing, each of the four MixColumns variants absorbs its
// lag as a uniform rotation inside the row lanes, and only the ends correct
// it (SR^2 for AES-128 and AES-256, nothing for AES-192). Semi-fixslicing
// (two MixColumns variants plus an explicit ShiftRows every other round)
// would save two of the variants, about 0.5 KB at -Os, but its ShiftRows
// costs about 100 operations in this layout (13 per plane), some 15% more
// work per pair of rounds; with the variants out of line at -Os (see
// CTC_AES_SHARED) the full form fits the size budget, so it is used.
//
// Data layout. Within each 32-bit plane, bit index
//     8*r + 2*c + b
// holds state byte (row r, column c) of block b (b = 0, 1), FIPS-197 state
// byte s[r][c] being input byte r + 4c. Rows are 8-bit lanes, so "the byte
// one row down, same column" is one rotation of the word by 8, which Thumb-2
// and A32 give for free as a shifted operand; with the lag k it becomes a
// rotation of every lane by 2k bits, two rotations and a masked merge.
// Loading puts column c of block b, as a little-endian 32-bit word (bit
// 8r + j = bit j of row r), in word q[b + 2c]: address bits [j0 j1 j2 r0 r1]
// in the word, [b c0 c1] in the word index. Exchanging in-word bit i with
// index bit i (i = 0, 1, 2) by three swap-move layers gives exactly the
// layout above, [b c0 c1 r0 r1] in the word and [j0 j1 j2] in the index: an
// 8x8 bit-matrix transposition, its own inverse.
//
// InvMixColumns uses the factorization from Daemen and Rijmen, "The Design
// of Rijndael", §4.1.3: multiplying by (04 x^2 + 05) first, then MixColumns.
//
// Keys. The key expansion of FIPS-197 §5.2 is the shared one of
// bitsliced_sbox.h (SubWord through the same circuit, never a table). Every
// round key is broadcast to the two block slots, transposed and pre-shifted
// to the lag at which it is added: 8 words = 32 bytes per round key,
// (Nr + 1) * 32 <= 480 bytes. Decryption runs the direct inverse cipher
// (FIPS-197 §5.3), which adds the same round keys at the same lags in
// reverse order, so one stored schedule serves both directions.
//
// Constant time. Every operation on key or data is a fixed sequence of
// bitwise operations, shifts and rotations by constant amounts, and loads
// and stores at addresses that depend only on public values (round number,
// block index, lengths). No table is indexed by secret data and no branch
// depends on it, in encryption, decryption and the key schedule alike. Lone
// blocks and odd tails run through a full 2-block batch padded with zeros,
// so the work per call depends only on the block count.
//
// Byte order. Loads and stores go through load_le32 / store_le32 (byte by
// byte; compilers fold them into word accesses), so no alignment is assumed.

#include <cstddef>
#include <cstdint>
#include <cstring>

#if UINTPTR_MAX == 0xFFFFFFFF

#include "crypto/aes/aes_row.h"
#include "crypto/aes/bitsliced_sbox.h"
#include "crypto/aes/fixsliced_rounds.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {
namespace {

// The linear layers are inlined into the round so that the planes stay in
// registers as far as the register file allows, and the per-plane loops are
// fully unrolled (GCC does that only from -O3 on its own).
#define CTC_AES_INLINE [[gnu::always_inline]] inline
#define CTC_AES_UNROLL _Pragma("GCC unroll 16")
// The big pieces the paths share, the S-box circuit, the four MixColumns
// variants and the transposition, are single out-of-line functions when
// optimizing for size (-Os): the rounds then hold one circuit instead of
// five (four unrolled rounds and the last), the key schedule none of its
// own, and the inverse cipher reuses the forward S-box and MixColumns, for
// a load and a store of the eight planes per step. Otherwise they are
// inlined, the planes staying in registers as far as the register file
// allows (bench/mca.sh measures that form).
#if defined(__OPTIMIZE_SIZE__)
#define CTC_AES_SHARED [[gnu::noinline]]
#else
#define CTC_AES_SHARED CTC_AES_INLINE
#endif

using u32 = uint32_t;

// ARMv7-M / ARMv7E-M / ARMv8-M Mainline (Thumb-2 with the barrel shifter
// and 13 usable general registers): encryption's rounds run in a
// register-allocated assembly routine generated from the same circuit and
// MixColumns (fixsliced_armv7m_gen.py, whose header says why and how it is
// checked); ARMv6-M (Cortex-M0/M0+) and every other 32-bit target keep
// the C below, which is also the reference the routine is tested against
// (both run in //tests:aes_test on their configs). Decryption stays in C.
// The routine has a second entry, CTR's whole batch loop (ctr32 below).
// Builds that optimise for size (-Os) keep the C rounds too: the routine
// is 4.8 KB (four unrolled rounds and the last, each with its own copy of
// the circuit), where the -Os C shares one circuit and one MixColumns per
// lag (doc/microcontrollers.md: the -Os footprint). The routine's CTR loop
// reads and writes the data with word loads and stores at any alignment,
// hence __ARM_FEATURE_UNALIGNED (as the C's load_le32 word loads; a build
// with -mno-unaligned-access keeps the C).
#if defined(__ARM_ARCH_PROFILE) && defined(__ARM_ARCH_ISA_THUMB) && \
    !defined(__OPTIMIZE_SIZE__) && defined(__ARM_FEATURE_UNALIGNED)
#if __ARM_ARCH_PROFILE == 'M' && __ARM_ARCH_ISA_THUMB == 2
#define CTC_AES_FIXSLICED_V7M 1
#endif
#endif

#if defined(CTC_AES_FIXSLICED_V7M)
#include "crypto/aes/fixsliced_armv7m.inc"
// The routine, in its own section (linked only when used).
__asm__(CTC_AES_FIXSLICED_V7M_ASM);
extern "C" void ctc_aes_fixsliced_v7m_encrypt(uint32_t q[8],
                                              const uint8_t* rk, unsigned nr,
                                              unsigned sr2);
// The routine's CTR loop (ctc_aes_fixsliced_v7m_ctr32): `batches` 2-block
// batches of counter blocks ctr, ctr + 1, ... XORed from in to out (32
// bytes a batch, any alignment). qc: the fixed counter columns (0..2),
// transposed, with round key 0 added and the planes of
// CTC_AES_FIXSLICED_V7M_POL complemented; the routine adds each batch's
// transposed counter words, runs rounds 1..nr, transposes back, applies
// SR^2 on the columns where sr2 is 1 (it is 0 or 1), and XORs. The order
// of the members is the routine's (one LDM).
struct FixslicedCtrArgs {
  const uint32_t* qc;
  const uint8_t* rk;
  uint32_t nr;
  uint32_t sr2;
  const uint8_t* in;
  uint8_t* out;
  uint32_t ctr;
  uint32_t batches;
};
static_assert(sizeof(FixslicedCtrArgs) == 32, "eight words, one LDM");
extern "C" void ctc_aes_fixsliced_v7m_ctr32(const FixslicedCtrArgs* args);
#endif

constexpr int kMaxRounds = 14;
constexpr size_t kRoundKeyBytes = 8 * sizeof(u32);  // one fixsliced round key
// The whole schedule, both directions: 15 round keys of 32 bytes.
constexpr size_t kScheduleBytes = (kMaxRounds + 1) * kRoundKeyBytes;
static_assert(kScheduleBytes == 480, "AES-256: 15 round keys x 8 words x 4 B");
static_assert(kScheduleBytes <= kAesKeyStorageBytes,
              "fixsliced schedule must fit in AesKeyState::storage");

CTC_AES_INLINE u32 rotr32(u32 x, int n) { return (x >> n) | (x << (32 - n)); }

// ---------------------------------------------------------------------------
// Transposition (see the layout note above).

// Exchanges in-word address bit i (shift 2^i; mask = positions with that bit
// clear) between word `lo` (index bit 0) and word `hi` (index bit 1).
template <int kShift>
CTC_AES_INLINE void swap_move(u32& lo, u32& hi, u32 mask) {
  const u32 t = ((lo >> kShift) ^ hi) & mask;
  hi ^= t;
  lo ^= t << kShift;
}

// The three exchanges touch different address bits, so they commute and
// each is an involution: the same function converts in both directions.
CTC_AES_SHARED void transpose(u32 q[8]) {
  CTC_AES_UNROLL
  for (int w = 0; w < 8; w += 2) swap_move<1>(q[w], q[w + 1], 0x55555555u);
  CTC_AES_UNROLL
  for (int w = 0; w < 8; w += 4) {
    swap_move<2>(q[w], q[w + 2], 0x33333333u);
    swap_move<2>(q[w + 1], q[w + 3], 0x33333333u);
  }
  CTC_AES_UNROLL
  for (int w = 0; w < 4; w++) swap_move<4>(q[w], q[w + 4], 0x0F0F0F0Fu);
}

CTC_AES_INLINE void load_block(u32 q[8], int b, const uint8_t* in) {
  CTC_AES_UNROLL
  for (int c = 0; c < 4; c++) q[b + 2 * c] = load_le32(in + 4 * c);
}

// store_le32 for the keystream XOR of ctr32. Written byte by byte, GCC 12
// keeps it four STRB and three shifts on ARMv7-M (its store merging forms
// no unaligned word store, though its load merging forms the unaligned LDR
// of load_le32); where the core does unaligned word accesses
// (__ARM_FEATURE_UNALIGNED, which those LDRs rely on already) a memcpy of
// the little-endian word is one STR.
CTC_AES_INLINE void store_le32_word(uint8_t* p, u32 v) {
#if defined(__ARM_FEATURE_UNALIGNED) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  std::memcpy(p, &v, sizeof(v));
#else
  store_le32(p, v);
#endif
}

CTC_AES_INLINE void store_block(const u32 q[8], int b, uint8_t* out) {
  CTC_AES_UNROLL
  for (int c = 0; c < 4; c++) store_le32(out + 4 * c, q[b + 2 * c]);
}

// ---------------------------------------------------------------------------
// SubBytes: the one circuit for both directions and the key schedule.
CTC_AES_SHARED void sub_bytes(u32 q[8]) { bs_sub_bytes(q); }

// As a function object, for bs_expand_key's SubWord.
struct SubBytes {
  CTC_AES_INLINE void operator()(u32 q[8]) const { sub_bytes(q); }
};

// InvS = A' o S o A' with both constants (A'(S(z)) = inv(z) exactly), so the
// forward circuit, constant included, is reused as it is.
CTC_AES_SHARED void inv_sub_bytes(u32 q[8]) {
  bs_inv_affine<true>(q);
  sub_bytes(q);
  bs_inv_affine<true>(q);
}

// ---------------------------------------------------------------------------
// ShiftRows, fixsliced. The true state T and the stored state X satisfy
//     T[r][c] = X[r][c + k*r mod 4]
// with k = ShiftRows applied so far mod 4, so ShiftRows is k += 1 and
// InvShiftRows k -= 1, both free. MixColumns pairs each row with the next
// row of the same true column: stored lane r+1 rotated right by 2k bits
// within its 8-bit lane (lane_rot). Round key r is stored pre-shifted to
// k = r mod 4.

// Stored form of a plane at lag k+1 from lag k: row r rotates left by 2r
// bits in its lane (column c' takes column c' - r).
CTC_AES_INLINE u32 lag_plus_one(u32 x) {
  return (x & 0x000000FFu) |                                     // row 0
         ((x & 0x00003F00u) << 2) | ((x & 0x0000C000u) >> 6) |   // row 1
         ((x & 0x000F0000u) << 4) | ((x & 0x00F00000u) >> 4) |   // row 2
         ((x & 0xFC000000u) >> 2) | ((x & 0x03000000u) << 6);    // row 3
}

// SR^2 = SR^-2: rows 1 and 3 rotate by two columns (a nibble swap in the
// lane).
CTC_AES_INLINE void shift_rows_2(u32 q[8]) {
  CTC_AES_UNROLL
  for (int i = 0; i < 8; i++) {
    const u32 t = ((q[i] >> 4) ^ q[i]) & 0x0F000F00u;
    q[i] ^= t ^ (t << 4);
  }
}

// Lane l of the result is lane l+kLanes (mod 4) of x rotated right by
// 2*kCols bits within its 8-bit lane.
template <int kLanes, int kCols>
CTC_AES_INLINE u32 lane_rot(u32 x) {
  constexpr int d = 8 * kLanes, n = 2 * (kCols & 3);
  if constexpr (n == 0) {
    return rotr32(x, d);
  } else {
    // Bits that do not wrap in their lane move by d + n, the others by
    // d + n - 8.
    constexpr u32 low = (u32{1} << (8 - n)) - 1;
    constexpr u32 mask = low * 0x01010101u;
    static_assert(d + n < 32 && d + n - 8 > 0, "rotation counts in 1..31");
    const u32 a = rotr32(x, d + n), b = rotr32(x, d + n - 8);
    return b ^ ((a ^ b) & mask);
  }
}

// ---------------------------------------------------------------------------
// MixColumns. With a_r the byte in row r of a column and t_r = a_r ^ a_{r+1}:
//   out_r = 2a_r ^ 3a_{r+1} ^ a_{r+2} ^ a_{r+3} = 2t_r ^ a_{r+1} ^ t_{r+2}.
// "Row r+1 of the same column" is lane_rot<1, K>, "row r+2" lane_rot<2, 2K>.

// Multiplication by x in GF(2^8) mod x^8+x^4+x^3+x+1, on bit planes.
CTC_AES_INLINE void xtime(u32 out[8], const u32 a[8]) {
  out[0] = a[7];
  out[1] = a[0] ^ a[7];
  out[2] = a[1];
  out[3] = a[2] ^ a[7];
  out[4] = a[3] ^ a[7];
  out[5] = a[4];
  out[6] = a[5];
  out[7] = a[6];
}

// Computed plane by plane: plane i of 2t needs only t_{i-1} and t_7 (x^8 =
// x^4 + x^3 + x + 1 feeds bit 7 back into bits 0, 1, 3, 4), so besides the
// plane at hand two values stay live. Computing all of t first would keep
// 16 words live, twice the registers a 32-bit ARM core has to spare.
template <int K>
CTC_AES_SHARED void mix_columns(u32 q[8]) {
  const u32 t7 = q[7] ^ lane_rot<1, K>(q[7]);
  u32 prev = t7;  // t_{i-1}; bit 7 of 2t is t_6, bit 0 is t_7
  CTC_AES_UNROLL
  for (int i = 0; i < 8; i++) {
    const u32 r1 = lane_rot<1, K>(q[i]);
    const u32 t = i == 7 ? t7 : q[i] ^ r1;
    const u32 t2 = (i == 1 || i == 3 || i == 4) ? prev ^ t7 : prev;
    q[i] = t2 ^ r1 ^ lane_rot<2, 2 * K>(t);
    prev = t;
  }
}

// InvMixColumns = MixColumns o (multiply by 04 x^2 + 05), Daemen–Rijmen
// §4.1.3: the premultiply maps a_r to a_r ^ 4(a_r ^ a_{r+2}).
template <int K>
CTC_AES_SHARED void inv_mix_columns(u32 q[8]) {
  u32 w[8], w2[8], w4[8];
  CTC_AES_UNROLL
  for (int i = 0; i < 8; i++) w[i] = q[i] ^ lane_rot<2, 2 * K>(q[i]);
  xtime(w2, w);
  xtime(w4, w2);
  CTC_AES_UNROLL
  for (int i = 0; i < 8; i++) q[i] ^= w4[i];
  mix_columns<K>(q);
}

// ---------------------------------------------------------------------------
// Round keys live in storage as (rounds+1) groups of 8 words. memcpy keeps
// the byte array's type intact (no aliasing through uint32_t*).

CTC_AES_INLINE void add_round_key(u32 q[8], const AesKeyState* s, unsigned r) {
  const uint8_t* p = s->storage + r * kRoundKeyBytes;
  CTC_AES_UNROLL
  for (int i = 0; i < 8; i++) {
    u32 k;
    std::memcpy(&k, p + static_cast<size_t>(i) * sizeof(u32), sizeof(u32));
    q[i] ^= k;
  }
}

// Loads n (1..2) blocks, zero-padding the rest of the batch.
CTC_AES_INLINE void load_batch(u32 q[8], const uint8_t* in, size_t n) {
  CTC_AES_UNROLL
  for (int i = 0; i < 8; i++) q[i] = 0;
  for (size_t b = 0; b < n; b++) load_block(q, static_cast<int>(b), in + 16 * b);
  transpose(q);
}

CTC_AES_INLINE void store_batch(u32 q[8], uint8_t* out, size_t n) {
  transpose(q);
  for (size_t b = 0; b < n; b++) store_block(q, static_cast<int>(b), out + 16 * b);
}

// This file's layout for the round sequence and batch loops the two word
// sizes share (crypto/aes/fixsliced_rounds.h); the members forward to the
// functions above (qualified: inside the struct the plain names are its own).
struct Layout32 {
  using Word = u32;
  static constexpr size_t kBatchBlocks = 2;
  CTC_AES_INLINE static void sub_bytes(u32 q[8]) { internal::sub_bytes(q); }
  CTC_AES_INLINE static void inv_sub_bytes(u32 q[8]) {
    internal::inv_sub_bytes(q);
  }
  template <int K>
  CTC_AES_INLINE static void mix_columns(u32 q[8]) {
    internal::mix_columns<K>(q);
  }
  template <int K>
  CTC_AES_INLINE static void inv_mix_columns(u32 q[8]) {
    internal::inv_mix_columns<K>(q);
  }
  CTC_AES_INLINE static void add_round_key(u32 q[8], const AesKeyState* s,
                                           unsigned r) {
    internal::add_round_key(q, s, r);
  }
  CTC_AES_INLINE static void shift_rows_2(u32 q[8]) {
    internal::shift_rows_2(q);
  }
  CTC_AES_INLINE static void load_batch(u32 q[8], const uint8_t* in,
                                        size_t n) {
    internal::load_batch(q, in, n);
  }
  CTC_AES_INLINE static void store_batch(u32 q[8], uint8_t* out, size_t n) {
    internal::store_batch(q, out, n);
  }
#if defined(CTC_AES_FIXSLICED_V7M)
  CTC_AES_INLINE static void encrypt_batch(const AesKeyState* s, u32 q[8],
                                           bool fix_lag) {
    ctc_aes_fixsliced_v7m_encrypt(q, s->storage, s->rounds,
                                  fix_lag && (s->rounds & 3) == 2 ? 1u : 0u);
  }
#endif
};

// ---------------------------------------------------------------------------
// The row.

struct Nohw32 {

  static void set_key(AesKeyState* s, const uint8_t* key, size_t key_len) {
    const size_t nr = s->rounds;
    // The FIPS-197 words (16 bytes per round key) are expanded into the
    // upper half of the schedule's own bytes, not into a 240-byte stack
    // array (the key set-up's stack on a microcontroller). Round key r's
    // words sit at byte 16(nr+1) + 16r, its fixsliced form goes to 32r, and
    // 32r + 32 <= 16(nr+1) + 16(r+1) for r <= nr: a fixsliced key, written
    // after its own words are read, never reaches the words of a later
    // round, and the finished schedule [0, 32(nr+1)) covers all of them.
    // The storage is an array of unsigned char, in which C++20 creates the
    // uint32_t objects implicitly ([intro.object]); offset 16(nr+1) of the
    // 64-aligned array is aligned for them (hence the cast through void*:
    // the pointer's own type, uint8_t*, says alignment 1, which
    // -Wcast-align would report on strict-alignment targets).
    u32* w = static_cast<u32*>(static_cast<void*>(s->storage + 16 * (nr + 1)));
    bs_expand_key(key, key_len, s->rounds, w, SubBytes{});
    // Broadcast each round key to the two block slots and transpose it.
    // (Once per key: the loops stay loops.)
    for (size_t r = 0; r <= nr; r++) {
      u32 q[8];
      for (int c = 0; c < 4; c++)
        q[2 * c] = q[2 * c + 1] = w[4 * r + static_cast<size_t>(c)];
      transpose(q);
      // Pre-shift to the lag the state has when this key is added.
      for (size_t k = 0; k < (r & 3); k++)
        for (int i = 0; i < 8; i++) q[i] = lag_plus_one(q[i]);
      std::memcpy(s->storage + r * kRoundKeyBytes, q, kRoundKeyBytes);
      secure_zero(q, sizeof(q));
    }
  }

  static void ctr32(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                    size_t blocks, const uint8_t counter[16]) {
#if defined(CTC_AES_FIXSLICED_V7M)
    // Columns 0..2 are the same in every counter block; only column 3 (the
    // big-endian 32-bit tail) changes, wrapping mod 2^32 with no branch.
    // The transposition and AddRoundKey are linear, so the fixed columns
    // are transposed and given round key 0 once (qc); the routine's CTR
    // loop (fixsliced_armv7m_gen.py) transposes only each batch's two
    // counter words and keeps the planes in registers from the counter
    // blocks to the XOR with the data (on the Cortex-M4 model the C loop
    // around the block routine cost ~8 c/B: the call, its frame and the
    // planes' store and reload per batch).
    u32 qc[8];
    CTC_AES_UNROLL
    for (int c = 0; c < 3; c++) qc[2 * c] = qc[2 * c + 1] = load_le32(counter + 4 * c);
    qc[6] = qc[7] = 0;
    transpose(qc);
    add_round_key(qc, s, 0);
    // The routine's rounds hold the planes of CTC_AES_FIXSLICED_V7M_POL
    // complemented; the complement is linear too, so it joins qc here
    // instead of costing an MVN a plane per batch there.
    CTC_AES_UNROLL
    for (int i = 0; i < 8; i++)
      if ((CTC_AES_FIXSLICED_V7M_POL >> i) & 1) qc[i] = ~qc[i];
    // AES-128/256 end at lag 2: SR^2, on the transposed columns.
    FixslicedCtrArgs args = {.qc = qc,
                             .rk = s->storage,
                             .nr = static_cast<uint32_t>(s->rounds),
                             .sr2 = (s->rounds & 3) == 2 ? 1u : 0u,
                             .in = in,
                             .out = out,
                             .ctr = load_be32(counter + 12),
                             .batches = static_cast<uint32_t>(blocks / 2)};
    if (args.batches != 0) ctc_aes_fixsliced_v7m_ctr32(&args);
    if (blocks & 1) {
      // The odd block: a batch through a buffer whose second block is
      // zeros (its keystream block is wiped with it).
      uint8_t buf[32];
      const size_t o = 16 * (blocks - 1);
      std::memcpy(buf, in + o, 16);
      std::memset(buf + 16, 0, 16);
      args.in = buf;
      args.out = buf;
      args.ctr += static_cast<uint32_t>(blocks - 1);
      args.batches = 1;
      ctc_aes_fixsliced_v7m_ctr32(&args);
      std::memcpy(out + o, buf, 16);
      secure_zero(buf, sizeof(buf));
    }
    secure_zero(qc, sizeof(qc));  // round key 0 in it
#else
    // The C rounds (ARMv6-M, -Os, other 32-bit targets): the plain form,
    // with no precomputed columns (their 32 bytes of stack and the
    // column SR^2 pay off only beside the faster routine).
    // Columns 0..2 are the same in every counter block; only column 3 (the
    // big-endian 32-bit tail) changes, wrapping mod 2^32 with no branch;
    // the batch loads columns little-endian, hence be32_lane.
    u32 ctr = load_be32(counter + 12);
    uint8_t ks[32];
    u32 q[8];  // keystream after the rounds: wiped with ks
    while (blocks > 0) {
      const size_t n = blocks < 2 ? blocks : 2;
      CTC_AES_UNROLL
      for (int c = 0; c < 3; c++) q[2 * c] = q[2 * c + 1] = load_le32(counter + 4 * c);
      q[6] = be32_lane(ctr);
      q[7] = be32_lane(ctr + 1);
      transpose(q);
      fixsliced::encrypt_batch<Layout32>(s, q);
      transpose(q);
      if (n == 2) {
        // A whole batch: the keystream words go straight from the planes
        // into the XOR, word by word (load_le32/store_le32_word become
        // word accesses where the core allows unaligned ones), instead of a
        // round trip through ks and a byte loop (on the Cortex-M4 model
        // that loop and its copies were ~15 cycles a byte).
        CTC_AES_UNROLL
        for (int b = 0; b < 2; b++) {
          CTC_AES_UNROLL
          for (int c = 0; c < 4; c++) {
            const size_t o = 16 * static_cast<size_t>(b) + 4 * static_cast<size_t>(c);
            store_le32_word(out + o, load_le32(in + o) ^ q[b + 2 * c]);
          }
        }
      } else {
        store_block(q, 0, ks);
        store_block(q, 1, ks + 16);
        for (size_t i = 0; i < 16 * n; i++) out[i] = in[i] ^ ks[i];
      }
      ctr += 2;
      in += 16 * n;
      out += 16 * n;
      blocks -= n;
    }
    secure_zero(ks, sizeof(ks));
    secure_zero(q, sizeof(q));
#endif
  }

  static constexpr AesRow row() {
    return AesRow{.name = "nohw",
                      .required_caps = 0,
                      .set_key = set_key,
                      .encrypt_block = fixsliced::one_block<Layout32, false>,
                      .ctr32 = ctr32,
                      .cbc_encrypt = fixsliced::cbc_encrypt<Layout32>,
                      .ecb_encrypt = fixsliced::ecb<Layout32, false>};
  }
  static constexpr AesDecryptRow decrypt_row(const AesRow* enc) {
    return AesDecryptRow{.row = enc,
                         .decrypt_block = fixsliced::one_block<Layout32, true>,
                         .cbc_decrypt = fixsliced::cbc_decrypt<Layout32>,
                         .ecb_decrypt = fixsliced::ecb<Layout32, true>};
  }
};

#undef CTC_AES_INLINE
#undef CTC_AES_UNROLL
#undef CTC_AES_SHARED

}  // namespace

extern const AesRow kAesNohw = Nohw32::row();
extern const AesDecryptRow kAesNohwDecrypt = Nohw32::decrypt_row(&kAesNohw);

}  // namespace ctcrypto::internal

#endif  // UINTPTR_MAX == 0xFFFFFFFF
