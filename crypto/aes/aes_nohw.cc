// aes_nohw.cc: portable constant-time AES ("nohw"), bitsliced in 64-bit words.
//
// Technique. AES is computed as a Boolean circuit over bit planes, after
// Käsper and Schwabe, "Faster and Timing-Attack Resistant AES-GCM" (CHES
// 2009): four blocks are processed together, held in eight uint64_t words
// q[0..7], where word q[j] holds bit j (j = 0 is the least significant bit)
// of all 64 state bytes. SubBytes then becomes a straight-line program of
// AND/XOR/XNOR on whole words, evaluated once for all 64 bytes at a time.
// The forward S-box is the 113-gate, depth-16 circuit of Boyar and Peralta,
// "A depth-16 circuit for the AES S-box" (IFIP SEC 2012; ePrint 2011/332);
// its gate list is used as published (inputs U0..U7 and outputs S0..S7 are
// most significant bit first). The inverse S-box is built from it with the
// identity InvS = A' o S o A', where A' is the inverse affine map of FIPS-197
// §5.3.2: S = A o inv, so inv = A' o S and InvS = inv o A' = A' o S o A'.
// That costs two cheap linear layers on top of the forward circuit and keeps
// a single audited nonlinear circuit.
//
// Data layout. Within each 64-bit plane, bit index
//     16*r + 4*c + b
// holds state byte (row r, column c) of block b (b = 0..3), FIPS-197 state
// byte s[r][c] being input byte r + 4c. Rows are 16-bit lanes, so the row
// rotation MixColumns needs is one 64-bit rotation by 16 (every column moves
// at once); ShiftRows rotates lane r by 4r bits, done with masks and shifts.
// Conversion to and from this layout (the "orthogonalization") permutes the
// nine address bits of the 512-bit batch; it is done with three swap-move
// layers between word pairs and two delta swaps within each word, arranged
// so that the 32-bit columns of the blocks are the natural loading unit.
//
// InvMixColumns uses the factorization from Daemen and Rijmen, "The Design
// of Rijndael", §4.1.3: multiplying by (04 x^2 + 05) first, then MixColumns.
//
// Keys. The key expansion of FIPS-197 §5.2 runs on bytes, with SubWord
// computed through the same bitsliced S-box circuit (never a table). Every
// round key is then broadcast to the four block slots and orthogonalized:
// 8 words = 64 bytes per round key, (Nr+1) * 64 <= 960 bytes in the
// 1024-byte key storage. Decryption uses the direct inverse cipher (FIPS-197
// §5.3), which consumes the same round keys in reverse order, so one stored
// schedule serves both directions.
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

#include "crypto/aes/aes_backend.h"
#include "crypto/aes/bitsliced_sbox.h"

namespace ctcrypto::internal {
namespace {

using u64 = uint64_t;
using u32 = uint32_t;

constexpr int kMaxRounds = 14;
constexpr size_t kRoundKeyBytes = 8 * sizeof(u64);  // one bitsliced round key
static_assert((kMaxRounds + 1) * kRoundKeyBytes <= kAesKeyStorageBytes,
              "bitsliced schedule must fit in AesKeyState::storage");

inline u32 load_le32(const uint8_t* p) {
  return static_cast<u32>(p[0]) | (static_cast<u32>(p[1]) << 8) |
         (static_cast<u32>(p[2]) << 16) | (static_cast<u32>(p[3]) << 24);
}

inline void store_le32(uint8_t* p, u32 v) {
  p[0] = static_cast<uint8_t>(v);
  p[1] = static_cast<uint8_t>(v >> 8);
  p[2] = static_cast<uint8_t>(v >> 16);
  p[3] = static_cast<uint8_t>(v >> 24);
}

inline u64 rotr64(u64 x, int n) { return (x >> n) | (x << (64 - n)); }

// Clears secrets left in stack buffers; the volatile stores cannot be elided.
void wipe(void* p, size_t n) {
  volatile uint8_t* v = static_cast<volatile uint8_t*>(p);
  for (size_t i = 0; i < n; i++) v[i] = 0;
}

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
template <int kShift>
inline void swap_move(u64& lo, u64& hi, u64 mask) {
  const u64 t = ((lo >> kShift) ^ hi) & mask;
  hi ^= t;
  lo ^= t << kShift;
}

// Swaps in-word address bits p < q: mask marks positions with bit p set and
// bit q clear, shift is 2^q - 2^p.
template <int kShift>
inline u64 delta_swap(u64 x, u64 mask) {
  const u64 t = ((x >> kShift) ^ x) & mask;
  return x ^ t ^ (t << kShift);
}

constexpr u64 kSwap45Mask = 0x00000000FFFF0000ull;  // bit4=1, bit5=0
constexpr u64 kSwap34Mask = 0x0000FF000000FF00ull;  // bit3=1, bit4=0

inline void swap_word_bits(u64 q[8]) {
  for (int w = 0; w < 8; w += 2)
    swap_move<1>(q[w], q[w + 1], 0x5555555555555555ull);
  for (int w = 0; w < 8; w += 4) {
    swap_move<2>(q[w], q[w + 2], 0x3333333333333333ull);
    swap_move<2>(q[w + 1], q[w + 3], 0x3333333333333333ull);
  }
  for (int w = 0; w < 4; w++) swap_move<4>(q[w], q[w + 4], 0x0F0F0F0F0F0F0F0Full);
}

inline void ortho(u64 q[8]) {
  swap_word_bits(q);
  for (int j = 0; j < 8; j++) {
    q[j] = delta_swap<16>(q[j], kSwap45Mask);
    q[j] = delta_swap<8>(q[j], kSwap34Mask);
  }
}

inline void unortho(u64 q[8]) {
  for (int j = 0; j < 8; j++) {
    q[j] = delta_swap<8>(q[j], kSwap34Mask);
    q[j] = delta_swap<16>(q[j], kSwap45Mask);
  }
  swap_word_bits(q);
}

inline void load_block(u64 q[8], int b, const uint8_t* in) {
  const u32 c0 = load_le32(in), c1 = load_le32(in + 4);
  const u32 c2 = load_le32(in + 8), c3 = load_le32(in + 12);
  q[b] = static_cast<u64>(c0) | (static_cast<u64>(c2) << 32);
  q[b + 4] = static_cast<u64>(c1) | (static_cast<u64>(c3) << 32);
}

inline void store_block(const u64 q[8], int b, uint8_t* out) {
  store_le32(out, static_cast<u32>(q[b]));
  store_le32(out + 4, static_cast<u32>(q[b + 4]));
  store_le32(out + 8, static_cast<u32>(q[b] >> 32));
  store_le32(out + 12, static_cast<u32>(q[b + 4] >> 32));
}

// ---------------------------------------------------------------------------
// SubBytes: the Boyar–Peralta circuit from bitsliced_sbox.h on 64-bit words.

inline void sub_bytes(u64 q[8]) { bs_sub_bytes(q); }
inline void inv_sub_bytes(u64 q[8]) { bs_inv_sub_bytes(q); }

// ---------------------------------------------------------------------------
// ShiftRows: lane r (bits 16r..16r+15) rotates right by 4r bits, which moves
// column c+r of row r to column c.

inline u64 shift_rows_word(u64 x) {
  return (x & 0x000000000000FFFFull) |
         ((x & 0x00000000FFF00000ull) >> 4) |
         ((x & 0x00000000000F0000ull) << 12) |
         ((x & 0x0000FF0000000000ull) >> 8) |
         ((x & 0x000000FF00000000ull) << 8) |
         ((x & 0xF000000000000000ull) >> 12) |
         ((x & 0x0FFF000000000000ull) << 4);
}

inline u64 inv_shift_rows_word(u64 x) {
  return (x & 0x000000000000FFFFull) |
         ((x & 0x000000000FFF0000ull) << 4) |
         ((x & 0x00000000F0000000ull) >> 12) |
         ((x & 0x0000FF0000000000ull) >> 8) |
         ((x & 0x000000FF00000000ull) << 8) |
         ((x & 0xFFF0000000000000ull) >> 4) |
         ((x & 0x000F000000000000ull) << 12);
}

inline void shift_rows(u64 q[8]) {
  for (int i = 0; i < 8; i++) q[i] = shift_rows_word(q[i]);
}

inline void inv_shift_rows(u64 q[8]) {
  for (int i = 0; i < 8; i++) q[i] = inv_shift_rows_word(q[i]);
}

// ---------------------------------------------------------------------------
// MixColumns. With a_r the byte in row r of a column and t_r = a_r ^ a_{r+1}:
//   out_r = 2a_r ^ 3a_{r+1} ^ a_{r+2} ^ a_{r+3} = 2t_r ^ a_{r+1} ^ t_{r+2},
// and "row r+1" / "row r+2" of every column are rotr64 by 16 / 32.

// Multiplication by x in GF(2^8) mod x^8+x^4+x^3+x+1, on bit planes.
inline void xtime(u64 out[8], const u64 a[8]) {
  out[0] = a[7];
  out[1] = a[0] ^ a[7];
  out[2] = a[1];
  out[3] = a[2] ^ a[7];
  out[4] = a[3] ^ a[7];
  out[5] = a[4];
  out[6] = a[5];
  out[7] = a[6];
}

inline void mix_columns(u64 q[8]) {
  u64 r1[8], t[8], t2[8];
  for (int i = 0; i < 8; i++) {
    r1[i] = rotr64(q[i], 16);
    t[i] = q[i] ^ r1[i];
  }
  xtime(t2, t);
  for (int i = 0; i < 8; i++) q[i] = t2[i] ^ r1[i] ^ rotr64(t[i], 32);
}

// InvMixColumns = MixColumns o (multiply by 04 x^2 + 05): the premultiply
// maps a_r to a_r ^ 4(a_r ^ a_{r+2}).
inline void inv_mix_columns(u64 q[8]) {
  u64 w[8], w2[8], w4[8];
  for (int i = 0; i < 8; i++) w[i] = q[i] ^ rotr64(q[i], 32);
  xtime(w2, w);
  xtime(w4, w2);
  for (int i = 0; i < 8; i++) q[i] ^= w4[i];
  mix_columns(q);
}

// ---------------------------------------------------------------------------
// Round keys live in storage as (rounds+1) groups of 8 words. memcpy keeps
// the byte array's type intact (no aliasing through uint64_t*).

inline void add_round_key(u64 q[8], const AesKeyState* s, unsigned r) {
  const uint8_t* p = s->storage + r * kRoundKeyBytes;
  for (int i = 0; i < 8; i++) {
    u64 k;
    std::memcpy(&k, p + i * sizeof(u64), sizeof(u64));
    q[i] ^= k;
  }
}

inline void encrypt_batch(const AesKeyState* s, u64 q[8]) {
  const unsigned nr = s->rounds;
  add_round_key(q, s, 0);
  for (unsigned r = 1; r < nr; r++) {
    sub_bytes(q);
    shift_rows(q);
    mix_columns(q);
    add_round_key(q, s, r);
  }
  sub_bytes(q);
  shift_rows(q);
  add_round_key(q, s, nr);
}

inline void decrypt_batch(const AesKeyState* s, u64 q[8]) {
  const unsigned nr = s->rounds;
  add_round_key(q, s, nr);
  for (unsigned r = nr - 1; r > 0; r--) {
    inv_shift_rows(q);
    inv_sub_bytes(q);
    add_round_key(q, s, r);
    inv_mix_columns(q);
  }
  inv_shift_rows(q);
  inv_sub_bytes(q);
  add_round_key(q, s, 0);
}

// Loads n (1..4) blocks, zero-padding the rest of the batch.
inline void load_batch(u64 q[8], const uint8_t* in, size_t n) {
  for (int i = 0; i < 8; i++) q[i] = 0;
  for (size_t b = 0; b < n; b++) load_block(q, static_cast<int>(b), in + 16 * b);
  ortho(q);
}

inline void store_batch(u64 q[8], uint8_t* out, size_t n) {
  unortho(q);
  for (size_t b = 0; b < n; b++) store_block(q, static_cast<int>(b), out + 16 * b);
}

// ---------------------------------------------------------------------------
// Key schedule.

// SubWord through the bitsliced circuit: the word sits in one column of one
// block slot; the other 60 bytes of the batch are don't-care zeros.
u32 sub_word(u32 w) {
  u64 q[8] = {static_cast<u64>(w), 0, 0, 0, 0, 0, 0, 0};  // block 0, column 0
  ortho(q);
  sub_bytes(q);
  unortho(q);
  const u32 r = static_cast<u32>(q[0]);
  wipe(q, sizeof(q));
  return r;
}

void nohw_set_key(AesKeyState* s, const uint8_t* key, size_t key_len) {
  const size_t nk = key_len / 4;
  const size_t nr = s->rounds;
  const size_t total = 4 * (nr + 1);
  // Words as little-endian u32: byte 0 of the word in the low bits, so
  // RotWord (bytes [a0 a1 a2 a3] -> [a1 a2 a3 a0]) is a right rotation by 8.
  u32 w[4 * (kMaxRounds + 1)];
  for (size_t i = 0; i < nk; i++) w[i] = load_le32(key + 4 * i);
  u32 rcon = 1;  // public; doubles in GF(2^8) each use
  for (size_t i = nk; i < total; i++) {
    u32 t = w[i - 1];
    if (i % nk == 0) {  // i and nk are public
      t = sub_word((t >> 8) | (t << 24)) ^ rcon;
      rcon = ((rcon << 1) ^ ((rcon >> 7) * 0x11B)) & 0xFF;
    } else if (nk > 6 && i % nk == 4) {
      t = sub_word(t);
    }
    w[i] = w[i - nk] ^ t;
  }

  // Broadcast each round key to the four block slots and bitslice it.
  for (size_t r = 0; r <= nr; r++) {
    u64 q[8];
    for (int b = 0; b < 4; b++) {
      q[b] = static_cast<u64>(w[4 * r]) | (static_cast<u64>(w[4 * r + 2]) << 32);
      q[b + 4] =
          static_cast<u64>(w[4 * r + 1]) | (static_cast<u64>(w[4 * r + 3]) << 32);
    }
    ortho(q);
    std::memcpy(s->storage + r * kRoundKeyBytes, q, kRoundKeyBytes);
    wipe(q, sizeof(q));
  }
  wipe(w, sizeof(w));
}

// ---------------------------------------------------------------------------
// Modes.

void nohw_encrypt_block(const AesKeyState* s, const uint8_t in[16],
                        uint8_t out[16]) {
  u64 q[8];
  load_batch(q, in, 1);
  encrypt_batch(s, q);
  store_batch(q, out, 1);
}

void nohw_decrypt_block(const AesKeyState* s, const uint8_t in[16],
                        uint8_t out[16]) {
  u64 q[8];
  load_batch(q, in, 1);
  decrypt_batch(s, q);
  store_batch(q, out, 1);
}

inline u32 load_be32(const uint8_t* p) {
  return (static_cast<u32>(p[0]) << 24) | (static_cast<u32>(p[1]) << 16) |
         (static_cast<u32>(p[2]) << 8) | static_cast<u32>(p[3]);
}

// Byte-reverses a 32-bit value; the counter tail is big-endian in memory but
// the batch loads columns little-endian.
inline u32 bswap32(u32 v) {
  return (v >> 24) | ((v >> 8) & 0xFF00u) | ((v << 8) & 0xFF0000u) | (v << 24);
}

void nohw_ctr32(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                size_t blocks, const uint8_t counter[16]) {
  // The first three columns are the same in every counter block; only
  // column 3 (the big-endian 32-bit tail) changes, wrapping mod 2^32.
  const u32 c0 = load_le32(counter), c1 = load_le32(counter + 4);
  const u32 c2 = load_le32(counter + 8);
  const u64 lo_even = static_cast<u64>(c0) | (static_cast<u64>(c2) << 32);
  u32 ctr = load_be32(counter + 12);
  uint8_t ks[64];
  while (blocks > 0) {
    const size_t n = blocks < 4 ? blocks : 4;
    u64 q[8];
    for (int b = 0; b < 4; b++) {
      q[b] = lo_even;
      q[b + 4] = static_cast<u64>(c1) |
                 (static_cast<u64>(bswap32(ctr + static_cast<u32>(b))) << 32);
    }
    ortho(q);
    encrypt_batch(s, q);
    unortho(q);
    for (int b = 0; b < 4; b++) store_block(q, b, ks + 16 * b);
    for (size_t i = 0; i < 16 * n; i++) out[i] = in[i] ^ ks[i];
    ctr += 4;
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  wipe(ks, sizeof(ks));
}

void nohw_cbc_encrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                      size_t blocks, uint8_t iv[16]) {
  // Each block needs the previous ciphertext, so a batch holds one block.
  uint8_t x[16];
  std::memcpy(x, iv, 16);
  for (size_t k = 0; k < blocks; k++) {
    for (int i = 0; i < 16; i++) x[i] ^= in[16 * k + i];
    u64 q[8];
    load_batch(q, x, 1);
    encrypt_batch(s, q);
    store_batch(q, x, 1);
    std::memcpy(out + 16 * k, x, 16);
  }
  std::memcpy(iv, x, 16);
}

void nohw_cbc_decrypt(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                      size_t blocks, uint8_t iv[16]) {
  uint8_t prev[16], ct[64], pt[64];
  std::memcpy(prev, iv, 16);
  while (blocks > 0) {
    const size_t n = blocks < 4 ? blocks : 4;
    // Keep the ciphertext before `out` (possibly == `in`) is written.
    std::memcpy(ct, in, 16 * n);
    u64 q[8];
    load_batch(q, ct, n);
    decrypt_batch(s, q);
    store_batch(q, pt, n);
    for (size_t i = 0; i < 16; i++) out[i] = pt[i] ^ prev[i];
    for (size_t i = 16; i < 16 * n; i++) out[i] = pt[i] ^ ct[i - 16];
    std::memcpy(prev, ct + 16 * (n - 1), 16);
    in += 16 * n;
    out += 16 * n;
    blocks -= n;
  }
  std::memcpy(iv, prev, 16);
  wipe(pt, sizeof(pt));
}

}  // namespace

extern const AesBackend kAesNohw = {
    "nohw",
    0,
    nohw_set_key,
    nohw_encrypt_block,
    nohw_decrypt_block,
    nohw_ctr32,
    nohw_cbc_encrypt,
    nohw_cbc_decrypt,
    nullptr,
    nullptr,
    nullptr,
};

}  // namespace ctcrypto::internal
