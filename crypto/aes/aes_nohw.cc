// aes_nohw.cc: portable constant-time AES ("nohw"), bitsliced in 64-bit words.
//
// Technique. AES is computed as a Boolean circuit over bit planes, after
// Käsper and Schwabe, "Faster and Timing-Attack Resistant AES-GCM" (CHES
// 2009): four blocks are processed together, held in eight uint64_t words
// q[0..7], where word q[j] holds bit j (j = 0 is the least significant bit)
// of all 64 state bytes (on x86_64, ctr32 and CBC decryption also run two
// batches at once in SSE2 registers: see CTC_AES_NOHW_WIDE below). SubBytes then becomes a
// straight-line program of AND/XOR/XNOR on whole words, evaluated once for
// all 64 bytes at a time:
// the Boyar–Peralta circuit of bitsliced_sbox.h, instantiated on uint64_t
// (that header's opening comment cites the circuit and derives InvSubBytes
// from it as A' o S o A'), so a single nonlinear circuit serves both
// directions and is checked exhaustively.
//
// Data layout. Within each 64-bit plane, bit index
//     16*r + 4*c + b
// holds state byte (row r, column c) of block b (b = 0..3), FIPS-197 state
// byte s[r][c] being input byte r + 4c. Rows are 16-bit lanes, so the row
// rotation MixColumns needs is one 64-bit rotation by 16 (every column moves
// at once). ShiftRows, which would rotate each lane by a different amount,
// is not computed at all: following Adomnicai and Peyrin's fixslicing
// ("Fixslicing AES-like ciphers", TCHES 2021), the state is kept lagging by
// k = rounds mod 4 ShiftRows, MixColumns absorbs the lag as a uniform lane
// rotation, and only the two ends of the cipher correct it. The round
// sequence and the batch loops are crypto/aes/fixsliced_rounds.h, shared
// with the 32-bit form (aes_nohw32.cc).
// Conversion to and from this layout (the "orthogonalization") permutes the
// nine address bits of the 512-bit batch; it is done with three swap-move
// layers between word pairs and two delta swaps within each word, arranged
// so that the 32-bit columns of the blocks are the natural loading unit.
//
// InvMixColumns uses the factorization from Daemen and Rijmen, "The Design
// of Rijndael", §4.1.3: multiplying by (04 x^2 + 05) first, then MixColumns.
//
// Keys. The key expansion of FIPS-197 §5.2 is the shared one of
// bitsliced_sbox.h, SubWord through the same circuit (never a table). Every
// round key is then broadcast to the four block slots, orthogonalized and
// pre-shifted to the lag at which it is added: 8 words = 64 bytes per round
// key, (Nr+1) * 64 <= 960 bytes in the 1024-byte key storage. Decryption uses
// the direct inverse cipher (FIPS-197 §5.3), which adds the same round keys
// at the same lags in reverse order, so one stored schedule serves both
// directions.
//
// Constant time. Every operation on key or data is a fixed sequence of
// bitwise operations, shifts by constant amounts and loads/stores at
// addresses that depend only on public values (round number, block index,
// lengths). There are no tables indexed by secret data and no branches on
// secret data, in encryption, decryption and the key schedule alike. Lone
// blocks and short tails run through a full 4-block batch padded with
// zeros, so the work per call depends only on the block count.
//
// Byte order. Loads and stores are written byte by byte (compilers fold them
// into plain loads on little-endian targets), so the code makes no
// assumption about host endianness.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

// The row for targets with 64-bit registers; aes_nohw32.cc (the same
// fixsliced design in 32-bit words, two blocks per batch) is the `nohw` row
// of 32-bit targets, where every 64-bit operation here would be a pair.
#if UINTPTR_MAX != 0xFFFFFFFF

#include "crypto/aes/aes_row.h"
#include "crypto/aes/bitsliced_sbox.h"
#include "crypto/aes/fixsliced_rounds.h"
#include "crypto/ct.h"
#include "crypto/internal.h"

namespace ctcrypto::internal {
namespace {

// The hot path must be inlined into one function so that the eight state
// words (arrays here) are scalarized into registers; with calls between the
// S-box and linear layers GCC at -O2 keeps them in memory and runs at half
// speed.
#define CTC_AES_INLINE [[gnu::always_inline]] inline
#define CTC_AES_INLINE_LAMBDA __attribute__((always_inline))
// Likewise the per-plane loops must be fully unrolled (GCC does that only
// from -O3 on its own), or the plane arrays cannot live in registers.
#define CTC_AES_UNROLL _Pragma("GCC unroll 16")

using u64 = uint64_t;
using u32 = uint32_t;

// Two batches at once (eight blocks) on x86_64, where SSE2 is part of the
// base ABI: every function below is generic in the plane word W, and a
// GCC vector of two u64 carries plane j of batch 0 in lane 0 and of batch 1
// in lane 1. All operations are lane-wise (bitwise logic and shifts by
// constants), so each lane computes exactly the 64-bit code, and the
// S-box's 128 gates then cost one SSE2 instruction per two batches. Other
// targets (32-bit ARM, Cortex-M, AArch64) keep the one-batch path only, as
// do compilers without __builtin_shufflevector (gcc before 12): the library
// must build with a consumer's toolchain, not only ours.
#if defined(__x86_64__) && defined(__SSE2__) && \
    (defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 12))
#define CTC_AES_NOHW_WIDE 1
typedef u64 u64x2 __attribute__((vector_size(16)));
typedef uint16_t u16x8 __attribute__((vector_size(16)));
#else
#define CTC_AES_NOHW_WIDE 0
#endif

constexpr int kMaxRounds = 14;
constexpr size_t kRoundKeyBytes = 8 * sizeof(u64);  // one bitsliced round key
static_assert((kMaxRounds + 1) * kRoundKeyBytes <= kAesKeyStorageBytes,
              "bitsliced schedule must fit in AesKeyState::storage");

template <typename W>
CTC_AES_INLINE W rotr64(W x, int n) { return (x >> n) | (x << (64 - n)); }

// ---------------------------------------------------------------------------
// Orthogonalization.
//
// Loading puts column c of block b (as a little-endian 32-bit value) into
// word q[b + 4*(c & 1)], in the low half if c < 2 and the high half
// otherwise. Address bits of the batch are then
//   in-word:  [j0 j1 j2 r0 r1 c1]     word index: [b0 b1 c0]
// and the bitsliced layout wants
//   in-word:  [b0 b1 c0 c1 r0 r1]     word index: [j0 j1 j2].
// Exchanging in-word bit k (k = 0,1,2) with word-index bit k swaps j out and
// b0, b1, c0 in; two delta swaps then rotate [r0 r1 c1] into [c1 r0 r1].

// Exchanges in-word address bit k (shift 2^k; mask = positions with that bit
// clear) between word `lo` (index bit 0) and word `hi` (index bit 1).
template <int kShift, typename W>
CTC_AES_INLINE void swap_move(W& lo, W& hi, u64 mask) {
  const W t = ((lo >> kShift) ^ hi) & mask;
  hi ^= t;
  lo ^= t << kShift;
}

// Swaps in-word address bits p < q: mask marks positions with bit p set and
// bit q clear, shift is 2^q - 2^p.
template <int kShift, typename W>
CTC_AES_INLINE W delta_swap(W x, u64 mask) {
  const W t = ((x >> kShift) ^ x) & mask;
  return x ^ t ^ (t << kShift);
}

constexpr u64 kSwap45Mask = 0x00000000FFFF0000ull;  // bit4=1, bit5=0
constexpr u64 kSwap34Mask = 0x0000FF000000FF00ull;  // bit3=1, bit4=0

template <typename W>
CTC_AES_INLINE void swap_word_bits(W q[8]) {
  CTC_AES_UNROLL
  for (int w = 0; w < 8; w += 2)
    swap_move<1>(q[w], q[w + 1], 0x5555555555555555ull);
  CTC_AES_UNROLL
  for (int w = 0; w < 8; w += 4) {
    swap_move<2>(q[w], q[w + 2], 0x3333333333333333ull);
    swap_move<2>(q[w + 1], q[w + 3], 0x3333333333333333ull);
  }
  CTC_AES_UNROLL
  for (int w = 0; w < 4; w++) swap_move<4>(q[w], q[w + 4], 0x0F0F0F0F0F0F0F0Full);
}

template <typename W>
CTC_AES_INLINE void ortho(W q[8]) {
  swap_word_bits(q);
  CTC_AES_UNROLL
  for (int j = 0; j < 8; j++) {
    q[j] = delta_swap<16>(q[j], kSwap45Mask);
    q[j] = delta_swap<8>(q[j], kSwap34Mask);
  }
}

template <typename W>
CTC_AES_INLINE void unortho(W q[8]) {
  CTC_AES_UNROLL
  for (int j = 0; j < 8; j++) {
    q[j] = delta_swap<8>(q[j], kSwap34Mask);
    q[j] = delta_swap<16>(q[j], kSwap45Mask);
  }
  swap_word_bits(q);
}

CTC_AES_INLINE void load_block(u64 q[8], int b, const uint8_t* in) {
  const u32 c0 = load_le32(in), c1 = load_le32(in + 4);
  const u32 c2 = load_le32(in + 8), c3 = load_le32(in + 12);
  q[b] = static_cast<u64>(c0) | (static_cast<u64>(c2) << 32);
  q[b + 4] = static_cast<u64>(c1) | (static_cast<u64>(c3) << 32);
}

CTC_AES_INLINE void store_block(const u64 q[8], int b, uint8_t* out) {
  store_le32(out, static_cast<u32>(q[b]));
  store_le32(out + 4, static_cast<u32>(q[b + 4]));
  store_le32(out + 8, static_cast<u32>(q[b] >> 32));
  store_le32(out + 12, static_cast<u32>(q[b + 4] >> 32));
}

// ---------------------------------------------------------------------------
// SubBytes and InvSubBytes: bs_sub_bytes / bs_inv_sub_bytes of
// bitsliced_sbox.h on u64 planes (always inlined, fully unrolled, so the
// planes stay in registers as the note above asks).

// ---------------------------------------------------------------------------
// ShiftRows, fixsliced (after Adomnicai and Peyrin, "Fixslicing AES-like
// ciphers", TCHES 2021/1). Rotating each row lane by a different amount costs
// about 19 operations per plane, 150 per round: more than the whole S-box
// circuit. Instead the
// state is kept "behind" by k = (ShiftRows applied so far) mod 4: the true
// state T and the stored state X satisfy
//     T[r][c] = X[r][c + k*r mod 4],
// so ShiftRows is free (k += 1) and InvShiftRows is free (k -= 1). The cost
// moves into MixColumns, which must pair each row with the next row of the
// same true column: stored lane r+1 rotated right by 4k bits within its
// 16-bit lane. A lane rotation applied uniformly to all lanes is two 64-bit
// rotations and a mask merge, much cheaper than ShiftRows. Round key r is
// stored pre-shifted by k = r mod 4, and since SR^4 is the identity only the
// ends of the cipher need a real correction (SR^2 for AES-128 and -256,
// nothing for AES-192).

// Stored-form ShiftRows^-1 and ShiftRows^2, for the key schedule and the ends.
CTC_AES_INLINE u64 inv_shift_rows_word(u64 x) {
  return (x & 0x000000000000FFFFull) |
         ((x & 0x000000000FFF0000ull) << 4) |
         ((x & 0x00000000F0000000ull) >> 12) |
         ((x & 0x0000FF0000000000ull) >> 8) |
         ((x & 0x000000FF00000000ull) << 8) |
         ((x & 0xFFF0000000000000ull) >> 4) |
         ((x & 0x000F000000000000ull) << 12);
}

// SR^2 = SR^-2: rows 1 and 3 rotate by two columns (a byte swap in the lane).
template <typename W>
CTC_AES_INLINE void shift_rows_2(W q[8]) {
  CTC_AES_UNROLL
  for (int i = 0; i < 8; i++) q[i] = delta_swap<8>(q[i], 0x00FF000000FF0000ull);
}

// Lane l of the result is lane l+d (mod 4) of x rotated right by 4n bits in
// its 16-bit lane: lane l+d nibble m lands in nibble m-n (mod 4).
template <int kLanes, int kNibbles, typename W>
CTC_AES_INLINE W lane_rot(W x) {
  constexpr int d = 16 * kLanes, n = 4 * (kNibbles & 3);
#if CTC_AES_NOHW_WIDE
  if constexpr (std::is_same_v<W, u64x2>) {
    // SSE2 has no 64-bit rotate, but the lane move is a 16-bit word shuffle
    // within each 64-bit half (PSHUFLW/PSHUFHW) and the nibble rotation a
    // 16-bit rotate (PSRLW/PSLLW/POR): fewer instructions than two
    // emulated 64-bit rotations and a mask merge.
    constexpr int l = kLanes & 3;
    u16x8 y = __builtin_shufflevector(
        reinterpret_cast<u16x8>(x), reinterpret_cast<u16x8>(x), l & 3,
        (l + 1) & 3, (l + 2) & 3, (l + 3) & 3, 4 + (l & 3), 4 + ((l + 1) & 3),
        4 + ((l + 2) & 3), 4 + ((l + 3) & 3));
    if constexpr (n != 0) y = (y >> n) | (y << (16 - n));
    return reinterpret_cast<W>(y);
  }
#endif
  if constexpr (n == 0) {
    return rotr64(x, d);
  } else {
    // Nibbles that do not wrap move by d + n; the wrapped ones by d + n - 16.
    constexpr u64 low = (u64{1} << (16 - n)) - 1;
    constexpr u64 mask = low * 0x0001000100010001ull;
    static_assert(d + n < 64 && d + n - 16 > 0, "rotation counts in 1..63");
    const W a = rotr64(x, (d + n) & 63), b = rotr64(x, (d + n - 16) & 63);
    return b ^ ((a ^ b) & mask);
  }
}

// ---------------------------------------------------------------------------
// MixColumns. With a_r the byte in row r of a column and t_r = a_r ^ a_{r+1}:
//   out_r = 2a_r ^ 3a_{r+1} ^ a_{r+2} ^ a_{r+3} = 2t_r ^ a_{r+1} ^ t_{r+2}.
// "Row r+1 of the same column" is lane_rot<1, K>, "row r+2" lane_rot<2, 2K>.

// Multiplication by x in GF(2^8) mod x^8+x^4+x^3+x+1, on bit planes.
template <typename W>
CTC_AES_INLINE void xtime(W out[8], const W a[8]) {
  out[0] = a[7];
  out[1] = a[0] ^ a[7];
  out[2] = a[1];
  out[3] = a[2] ^ a[7];
  out[4] = a[3] ^ a[7];
  out[5] = a[4];
  out[6] = a[5];
  out[7] = a[6];
}

template <int K, typename W>
CTC_AES_INLINE void mix_columns(W q[8]) {
  W r1[8], t[8], t2[8];
  CTC_AES_UNROLL
  for (int i = 0; i < 8; i++) {
    r1[i] = lane_rot<1, K>(q[i]);
    t[i] = q[i] ^ r1[i];
  }
  xtime(t2, t);
  CTC_AES_UNROLL
  for (int i = 0; i < 8; i++) q[i] = t2[i] ^ r1[i] ^ lane_rot<2, 2 * K>(t[i]);
}

// InvMixColumns = MixColumns o (multiply by 04 x^2 + 05), Daemen–Rijmen
// §4.1.3: the premultiply maps a_r to a_r ^ 4(a_r ^ a_{r+2}).
template <int K, typename W>
CTC_AES_INLINE void inv_mix_columns(W q[8]) {
  W w[8], w2[8], w4[8];
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
// the byte array's type intact (no aliasing through uint64_t*).

template <typename W>
CTC_AES_INLINE void add_round_key(W q[8], const AesKeyState* s, unsigned r) {
  const uint8_t* p = s->storage + r * kRoundKeyBytes;
  CTC_AES_UNROLL
  for (int i = 0; i < 8; i++) {
    u64 k;
    std::memcpy(&k, p + static_cast<size_t>(i) * sizeof(u64), sizeof(u64));
    q[i] ^= k;
  }
}

// Loads n (1..4) blocks, zero-padding the rest of the batch.
CTC_AES_INLINE void load_batch(u64 q[8], const uint8_t* in, size_t n) {
  CTC_AES_UNROLL
  for (int i = 0; i < 8; i++) q[i] = 0;
  for (size_t b = 0; b < n; b++) load_block(q, static_cast<int>(b), in + 16 * b);
  ortho(q);
}

CTC_AES_INLINE void store_batch(u64 q[8], uint8_t* out, size_t n) {
  unortho(q);
  for (size_t b = 0; b < n; b++) store_block(q, static_cast<int>(b), out + 16 * b);
}

// This file's layout for the round sequence and batch loops the two word
// sizes share (crypto/aes/fixsliced_rounds.h), over u64 planes and, for the
// wide ctr32 batches, u64x2 ones; the members forward to the functions
// above (qualified: inside the struct the plain names are its own).
struct Layout64 {
  using Word = u64;
  static constexpr size_t kBatchBlocks = 4;
  template <typename W>
  CTC_AES_INLINE static void sub_bytes(W q[8]) {
    bs_sub_bytes(q);
  }
  template <typename W>
  CTC_AES_INLINE static void inv_sub_bytes(W q[8]) {
    bs_inv_sub_bytes(q);
  }
  template <int K, typename W>
  CTC_AES_INLINE static void mix_columns(W q[8]) {
    internal::mix_columns<K>(q);
  }
  template <int K, typename W>
  CTC_AES_INLINE static void inv_mix_columns(W q[8]) {
    internal::inv_mix_columns<K>(q);
  }
  template <typename W>
  CTC_AES_INLINE static void add_round_key(W q[8], const AesKeyState* s,
                                           unsigned r) {
    internal::add_round_key(q, s, r);
  }
  template <typename W>
  CTC_AES_INLINE static void shift_rows_2(W q[8]) {
    internal::shift_rows_2(q);
  }
  CTC_AES_INLINE static void load_batch(u64 q[8], const uint8_t* in,
                                        size_t n) {
    internal::load_batch(q, in, n);
  }
  CTC_AES_INLINE static void store_batch(u64 q[8], uint8_t* out, size_t n) {
    internal::store_batch(q, out, n);
  }
};

// ---------------------------------------------------------------------------
// Key schedule.

// Cold: it runs once per key, and out of the way it leaves the bulk
// functions packed together (placed between the batch functions and CBC
// decryption, identical code decrypted 15% slower on Zen 4).
[[gnu::cold]] void nohw_set_key(AesKeyState* s, const uint8_t* key,
                                size_t key_len) {
  const size_t nr = s->rounds;
  u32 w[4 * (kMaxRounds + 1)];
  bs_expand_key(key, key_len, s->rounds, w);

  // Broadcast each round key to the four block slots and bitslice it.
  for (size_t r = 0; r <= nr; r++) {
    u64 q[8];
    CTC_AES_UNROLL
    for (int b = 0; b < 4; b++) {
      q[b] = static_cast<u64>(w[4 * r]) | (static_cast<u64>(w[4 * r + 2]) << 32);
      q[b + 4] =
          static_cast<u64>(w[4 * r + 1]) | (static_cast<u64>(w[4 * r + 3]) << 32);
    }
    ortho(q);
    // Pre-shift to the lag the state has when this key is added.
    for (size_t k = 0; k < (r & 3); k++)
      CTC_AES_UNROLL
      for (int i = 0; i < 8; i++) q[i] = inv_shift_rows_word(q[i]);
    std::memcpy(s->storage + r * kRoundKeyBytes, q, kRoundKeyBytes);
    secure_zero(q, sizeof(q));
  }
  secure_zero(w, sizeof(w));
}

// ---------------------------------------------------------------------------
// Modes.

// xor_block: out = in ^ keystream block b of the (unorthogonalized) batch,
// in 64-bit halves; bytes 0..7 of block b are columns 0 and 1 (the low
// halves of q[b] and q[b + 4]), bytes 8..15 columns 2 and 3.
CTC_AES_INLINE void xor_block(const u64 q[8], int b, const uint8_t* in,
                              uint8_t* out) {
  const u64 k0 = (q[b] & 0xFFFFFFFFull) | (q[b + 4] << 32);
  const u64 k1 = (q[b] >> 32) | (q[b + 4] & 0xFFFFFFFF00000000ull);
  const u64 w0 = (static_cast<u64>(load_le32(in + 4)) << 32) | load_le32(in);
  const u64 w1 =
      (static_cast<u64>(load_le32(in + 12)) << 32) | load_le32(in + 8);
  const u64 o0 = w0 ^ k0, o1 = w1 ^ k1;
  store_le32(out, static_cast<u32>(o0));
  store_le32(out + 4, static_cast<u32>(o0 >> 32));
  store_le32(out + 8, static_cast<u32>(o1));
  store_le32(out + 12, static_cast<u32>(o1 >> 32));
}

void nohw_ctr32(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                size_t blocks, const uint8_t counter[16]) {
  // The first three columns are the same in every counter block; only
  // column 3 (the big-endian 32-bit tail) changes, wrapping mod 2^32; the
  // batch loads columns little-endian, hence be32_lane. Orthogonalization
  // is linear, so the constant columns are orthogonalized once per call
  // (fixed) and each batch orthogonalizes only its counter column, a
  // network whose zero words the compiler folds away.
  const u32 c0 = load_le32(counter), c1 = load_le32(counter + 4);
  const u32 c2 = load_le32(counter + 8);
  // A call of at most four blocks (one batch) orthogonalizes the whole
  // counter batch directly: there the split would cost a second network.
  const bool split = blocks > 4;  // public
  u64 fixed[8];
  CTC_AES_UNROLL
  for (int b = 0; b < 4; b++) {
    fixed[b] = static_cast<u64>(c0) | (static_cast<u64>(c2) << 32);
    fixed[b + 4] = c1;
  }
  if (split) ortho(fixed);
  u32 ctr = load_be32(counter + 12);
  // The narrow batch of counters ctr .. ctr + 3, orthogonalized.
  auto counter_batch = [&](u64 q[8]) CTC_AES_INLINE_LAMBDA {
    u64 tail[4];
    CTC_AES_UNROLL
    for (int b = 0; b < 4; b++)
      tail[b] = static_cast<u64>(be32_lane(ctr + static_cast<u32>(b))) << 32;
    if (split) {  // only the counter words through the network
      CTC_AES_UNROLL
      for (int b = 0; b < 4; b++) {
        q[b] = 0;
        q[b + 4] = tail[b];
      }
      ortho(q);
      CTC_AES_UNROLL
      for (int i = 0; i < 8; i++) q[i] ^= fixed[i];
    } else {
      CTC_AES_UNROLL
      for (int b = 0; b < 4; b++) {
        q[b] = fixed[b];
        q[b + 4] = fixed[b + 4] | tail[b];
      }
      ortho(q);
    }
  };
#if CTC_AES_NOHW_WIDE
  // Wide batches while more than four blocks remain; a last one of five to
  // seven blocks is a padded wide batch too (cheaper than two narrow ones).
  if (blocks > 4) {
    u64x2 v[8];
    do {
      const size_t n = blocks < 8 ? blocks : 8;
      CTC_AES_UNROLL
      for (int b = 0; b < 4; b++) {
        const u32 b32 = static_cast<u32>(b);
        v[b] = u64x2{0, 0};
        v[b + 4] = u64x2{
            static_cast<u64>(be32_lane(ctr + b32)) << 32,
            static_cast<u64>(be32_lane(ctr + 4 + b32)) << 32};
      }
      ortho(v);
      CTC_AES_UNROLL
      for (int i = 0; i < 8; i++) v[i] ^= fixed[i];
      fixsliced::encrypt_batch<Layout64>(s, v);
      unortho(v);
      CTC_AES_UNROLL
      for (int l = 0; l < 2; l++) {
        u64 w[8];
        CTC_AES_UNROLL
        for (int i = 0; i < 8; i++) w[i] = v[i][l];
        CTC_AES_UNROLL
        for (int b = 0; b < 4; b++)
          if (static_cast<size_t>(4 * l + b) < n)  // n is public
            xor_block(w, b, in + 64 * l + 16 * b, out + 64 * l + 16 * b);
      }
      ctr = ct_opaque(ctr + 8);  // as in the four-block loop below
      in += 16 * n;
      out += 16 * n;
      blocks -= n;
    } while (blocks > 4);
    secure_zero(v, sizeof(v));
  }
#endif
  u64 q[8];
  while (blocks >= 4) {
    counter_batch(q);
    fixsliced::encrypt_batch<Layout64>(s, q);
    unortho(q);
    CTC_AES_UNROLL
    for (int b = 0; b < 4; b++) xor_block(q, b, in + 16 * b, out + 16 * b);
    // ctr is secret for GCM nonces other than 96 bits (J0 = GHASH of the
    // nonce). Stepping in lockstep with the public block count, it is an
    // induction variable the compiler may test the loop's end on instead of
    // blocks (GCC 12 on ARMv7, where both are 32 bits wide: a compare and
    // branch on ctr); ct_opaque hides its step.
    ctr = ct_opaque(ctr + 4);
    in += 16 * 4;
    out += 16 * 4;
    blocks -= 4;
  }
  if (blocks > 0) {  // 1..3 blocks: one more batch, the extra slots unused
    uint8_t ks[64];
    counter_batch(q);
    fixsliced::encrypt_batch<Layout64>(s, q);
    unortho(q);
    CTC_AES_UNROLL
    for (int b = 0; b < 4; b++) store_block(q, b, ks + 16 * b);
    for (size_t i = 0; i < 16 * blocks; i++) out[i] = in[i] ^ ks[i];
    secure_zero(ks, sizeof(ks));
  }
  secure_zero(q, sizeof(q));
}

// nohw_cbc_decrypt: CBC decryption (parallel, unlike encryption) in wide
// batches of eight blocks, two four-block batches side by side in SSE2
// planes as ctr32's, while more than four blocks remain (a last one of five
// to seven blocks is a padded wide batch); the rest, and every call on a
// target without the wide form, through the one-batch loop of
// fixsliced_rounds.h. The inverse cipher is the same template on u64x2
// planes. Each batch's ciphertext is copied before out (possibly in) is
// written; the decrypted planes and blocks are wiped.
void nohw_cbc_decrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                      size_t blocks, uint8_t iv[16]) {
#if CTC_AES_NOHW_WIDE
  if (blocks > 4) {
    uint8_t prev[16], ct[128], pt[128];
    std::memcpy(prev, iv, 16);
    u64x2 v[8];
    u64 w[2][8];
    do {
      const size_t n = blocks < 8 ? blocks : 8;  // public
      std::memcpy(ct, in, 16 * n);
      CTC_AES_UNROLL
      for (int l = 0; l < 2; l++) {
        CTC_AES_UNROLL
        for (int i = 0; i < 8; i++) w[l][i] = 0;
        CTC_AES_UNROLL
        for (int b = 0; b < 4; b++)
          if (static_cast<size_t>(4 * l + b) < n)
            load_block(w[l], b, ct + 64 * l + 16 * b);
      }
      CTC_AES_UNROLL
      for (int i = 0; i < 8; i++) v[i] = u64x2{w[0][i], w[1][i]};
      ortho(v);
      fixsliced::decrypt_batch<Layout64>(s, v);
      unortho(v);
      CTC_AES_UNROLL
      for (int l = 0; l < 2; l++) {
        CTC_AES_UNROLL
        for (int i = 0; i < 8; i++) w[l][i] = v[i][l];
        CTC_AES_UNROLL
        for (int b = 0; b < 4; b++)
          if (static_cast<size_t>(4 * l + b) < n)
            store_block(w[l], b, pt + 64 * l + 16 * b);
      }
      fixsliced::cbc_chain(pt, ct, n, prev, out);
      in += 16 * n;
      out += 16 * n;
      blocks -= n;
    } while (blocks > 4);
    std::memcpy(iv, prev, 16);
    secure_zero(v, sizeof(v));
    secure_zero(w, sizeof(w));
    secure_zero(pt, sizeof(pt));
  }
#endif
  if (blocks > 0) fixsliced::cbc_decrypt<Layout64>(s, in, out, blocks, iv);
}

#undef CTC_AES_INLINE
#undef CTC_AES_INLINE_LAMBDA
#undef CTC_AES_UNROLL

}  // namespace

extern const AesRow kAesNohw = {
    .name = "nohw",
    .required_caps = 0,
    .set_key = nohw_set_key,
    .encrypt_block = fixsliced::one_block<Layout64, false>,
    .ctr32 = nohw_ctr32,
    .cbc_encrypt = fixsliced::cbc_encrypt<Layout64>,
    .ecb_encrypt = fixsliced::ecb<Layout64, false>,
};

extern const AesDecryptRow kAesNohwDecrypt = {
    .row = &kAesNohw,
    .decrypt_block = fixsliced::one_block<Layout64, true>,
    .cbc_decrypt = nohw_cbc_decrypt,
    .ecb_decrypt = fixsliced::ecb<Layout64, true>,
};

}  // namespace ctcrypto::internal

#endif  // UINTPTR_MAX != 0xFFFFFFFF
