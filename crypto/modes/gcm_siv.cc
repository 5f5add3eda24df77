// gcm_siv.cc: AES-GCM-SIV (RFC 8452) over the AES and GHASH row tables.
//
// Per message (RFC 8452, section 4):
//   1. Key derivation: AES_K(LE32(i) || nonce) for i = 0..3 (128-bit keys)
//      or 0..5 (256-bit keys); the first 8 bytes of blocks 0,1 form the
//      message-authentication key, those of blocks 2.. the
//      message-encryption key. The blocks are independent, so they go
//      through the row's multi-block ECB entry when it has one.
//   2. S = POLYVAL(auth key, AD padded, plaintext padded, length block).
//   3. tag = AES_enc(S with the nonce XORed into bytes 0..11 and the top bit
//      of byte 15 cleared).
//   4. CTR with the initial counter block = tag with the top bit of byte 15
//      set, the first four bytes being a little-endian counter that wraps
//      modulo 2^32.
//
// POLYVAL on the GHASH rows (RFC 8452, appendix A):
//   POLYVAL(H, X_1..X_n) =
//     ByteReverse(GHASH(mulX_GHASH(ByteReverse(H)), ByteReverse(X_1), ...)).
// So the GHASH key is initialised with mulX_GHASH(ByteReverse(H)) and every
// block is byte-reversed on its way in, through a stack buffer that batches
// up to kStageBlocks blocks per GHASH call (aggregating rows reduce once per
// call). A message whose AD, plaintext and length block fit in the buffer
// costs one GHASH call.
//
// CTR: the rows' ctr32 increments the last four bytes big-endian (GCM's
// inc32); GCM-SIV increments the first four little-endian, so its counter
// blocks differ from ctr32's in bytes 0..3 and ctr32 cannot produce more
// than one of them per call. The keystream is therefore built
// here: counter blocks in a stack buffer, encrypted by the row's multi-block
// ECB entry (or block by block where the row has none), XORed into the data.
// The counter comes from the tag, which is public (sent with the
// ciphertext), and is only ever added to - never branched on.
//
// Per-message key set-up costs what the message needs, through optional row
// entries: the POLYVAL key computes only the powers of H that GHASH calls
// of the message's size read (GhashRow::init_powers; a 16-byte message
// with a short AD needs three, not the 32 the vpclmul row keeps for bulk
// data), and the message-encryption key is expanded for encryption only
// (AesRow::set_encrypt_key; GCM-SIV never decrypts with AES).
//
// Secrets that live on the stack (derived keys, the expanded encryption key,
// the POLYVAL key material, keystream, staged plaintext) are wiped before
// every return, each exactly where it was written. open() decrypts and
// hashes chunk by chunk, compares tags with ct_equal_mask, declassifies only
// the verdict, and zeroes the plaintext on failure (internal::open_verdict,
// modes/aead_internal.h).
#include "ctcrypto/gcm_siv.h"

#include <bit>
#include <cstring>

#include "crypto/aes/aes_key_access.h"
#include "crypto/cpu/cpu.h"
#include "crypto/internal.h"
#include "crypto/modes/aead_internal.h"
#include "crypto/modes/gcm_siv_access.h"

namespace ctcrypto {

using internal::AesKeyAccess;
using internal::GcmSivAccess;

namespace {

using internal::AesRow;
using internal::AesKeyState;
using internal::GhashRow;
using internal::GhashKeyState;

constexpr size_t kStageBlocks = 32;  // POLYVAL blocks per GHASH call
constexpr size_t kCtrBlocks = 16;    // keystream blocks per ECB call
constexpr size_t kChunkBytes = 16 * kCtrBlocks;

using internal::load_le32;
using internal::store_le32;

// byte_reverse: out = in with its 16 bytes in reverse order, as two
// 64-bit byte swaps (in and out may be equal).
inline void byte_reverse(const uint8_t in[16], uint8_t out[16]) {
  uint64_t lo, hi;
  std::memcpy(&lo, in, 8);
  std::memcpy(&hi, in + 8, 8);
  if constexpr (std::endian::native == std::endian::little) {
    lo = __builtin_bswap64(lo);
    hi = __builtin_bswap64(hi);
  }
  std::memcpy(out, &hi, 8);
  std::memcpy(out + 8, &lo, 8);
}

// xor_bytes: out = in ^ ks for n bytes, eight at a time.
inline void xor_bytes(const uint8_t* in, const uint8_t* ks, uint8_t* out,
                      size_t n) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t a, b;
    std::memcpy(&a, in + i, 8);
    std::memcpy(&b, ks + i, 8);
    a ^= b;
    std::memcpy(out + i, &a, 8);
  }
  for (; i < n; ++i) out[i] = in[i] ^ ks[i];
}

// opaque_index: `i`, hidden from the optimiser. Without it the compiler
// makes the counter value (c0 + j, derived from the tag) the loop's
// induction variable and ends the loop by comparing it with c0 + blocks: a
// branch on tag-derived data (valgrind reports it) where the source only
// compares the public j.
inline size_t opaque_index(size_t i) {
  __asm__("" : "+r"(i));
  return i;
}

// ecb: `blocks` independent blocks, in place, through the row's multi-block
// entry when present.
void ecb(const AesKeyState& a, uint8_t* buf, size_t blocks) {
  if (a.row->ecb_encrypt) {
    a.row->ecb_encrypt(&a, buf, buf, blocks);
    return;
  }
  for (size_t i = 0; i < blocks; ++i)
    a.row->encrypt_block(&a, buf + 16 * i, buf + 16 * i);
}

// mul_x_ghash: H * x in GCM's bit-reflected convention (RFC 8452, appendix
// A): a right shift of the 128-bit string by one bit and, if the bit shifted
// out was set, XOR 0xe1 into the first byte. The conditional XOR is a mask:
// H is secret.
void mul_x_ghash(uint8_t h[16]) {
  const uint8_t carry = static_cast<uint8_t>(0u - (h[15] & 1u));
  for (int i = 15; i > 0; --i)
    h[i] = static_cast<uint8_t>((h[i] >> 1) | (h[i - 1] << 7));
  h[0] = static_cast<uint8_t>((h[0] >> 1) ^ (0xe1 & carry));
}

// polyval_blocks: the blocks POLYVAL hashes for a message: the AD and the
// plaintext, each zero-padded, and the length block.
uint64_t polyval_blocks(size_t ad_len, size_t pt_len) {
  return (uint64_t{ad_len} + 15) / 16 + (uint64_t{pt_len} + 15) / 16 + 1;
}

// Polyval: POLYVAL accumulated through a GHASH row (see the file comment).
class Polyval {
 public:
  // `total_blocks`: how many blocks absorb() and finish() will hash in all
  // (public: from the lengths), which bounds every GHASH call.
  Polyval(const GhashRow* row, const uint8_t auth_key[16],
          uint64_t total_blocks)
      : row_(row) {
    uint8_t h[16];
    byte_reverse(auth_key, h);
    mul_x_ghash(h);
    if (row_->init_powers) {
      // flush() never passes more than min(total_blocks, kStageBlocks).
      const size_t max_blocks = total_blocks < kStageBlocks
                                    ? static_cast<size_t>(total_blocks)
                                    : kStageBlocks;
      written_ = row_->init_powers(&g_, h, max_blocks);
    } else {
      row_->init(&g_, h);
      written_ = internal::GhashKeyExtent{{0, 0},
                                          {sizeof(g_.storage), 0}};
    }
    g_.row = row_;
    internal::secure_zero(h, sizeof(h));
  }
  ~Polyval() {
    internal::secure_zero(stage_, 16 * used_);
    for (int i = 0; i < 2; ++i)
      internal::secure_zero(g_.storage + written_.offset[i], written_.len[i]);
    internal::secure_zero(xi_, sizeof(xi_));
  }

  // absorb: `len` bytes as blocks, the last one zero-padded.
  void absorb(const uint8_t* p, size_t len) {
    while (len >= 16) {
      byte_reverse(p, next());
      p += 16;
      len -= 16;
    }
    if (len) {
      uint8_t block[16] = {};
      std::memcpy(block, p, len);
      byte_reverse(block, next());
      internal::secure_zero(block, sizeof(block));
    }
  }

  // finish: the length block LE64(8 * ad_len) || LE64(8 * pt_len), then the
  // result S in POLYVAL's byte order.
  void finish(uint64_t ad_len, uint64_t pt_len, uint8_t s[16]) {
    // ByteReverse of the length block: BE64(bits of P) || BE64(bits of A).
    uint8_t* b = next();
    internal::store_be64(b, pt_len * 8);
    internal::store_be64(b + 8, ad_len * 8);
    flush();
    byte_reverse(xi_, s);
  }

 private:
  uint8_t* next() {
    if (pending_ == kStageBlocks) flush();
    uint8_t* b = stage_ + 16 * pending_++;
    if (pending_ > used_) used_ = pending_;
    return b;
  }
  void flush() {
    if (pending_) row_->update(&g_, xi_, stage_, pending_);
    pending_ = 0;
  }

  const GhashRow* row_;
  // Only the bytes the key set-up wrote are key material (and wiped).
  GhashKeyState g_;
  internal::GhashKeyExtent written_;
  uint8_t xi_[16] = {};
  // Not zero-initialised as a whole: every staged byte is written before it
  // is read, and only the used prefix is wiped.
  alignas(16) uint8_t stage_[16 * kStageBlocks];
  size_t pending_ = 0;
  size_t used_ = 0;
};

// MessageKeys: the per-nonce keys of RFC 8452, section 4, with the
// encryption key expanded by the key-generating key's own row.
// The encryption key only ever encrypts (the tag and the CTR keystream), so
// it is set up encrypt-only where the row can, and never leaves this file.
struct MessageKeys {
  uint8_t auth[16];
  AesKeyState enc;
  size_t enc_written;  // prefix of enc.storage holding key material

  MessageKeys(const AesKeyState& kgk, const uint8_t nonce[12]) {
    const size_t n = kgk.key_len == 32 ? 6 : 4;
    alignas(16) uint8_t blocks[6 * 16];
    for (size_t i = 0; i < n; ++i) {
      store_le32(blocks + 16 * i, static_cast<uint32_t>(i));
      std::memcpy(blocks + 16 * i + 4, nonce, 12);
    }
    ecb(kgk, blocks, n);
    uint8_t enc_key[32];
    for (size_t i = 0; i < 2; ++i) std::memcpy(auth + 8 * i, blocks + 16 * i, 8);
    for (size_t i = 2; i < n; ++i)
      std::memcpy(enc_key + 8 * (i - 2), blocks + 16 * i, 8);
    enc.key_len = kgk.key_len;
    enc.rounds = kgk.rounds;
    const AesRow* row = kgk.row;
    if (row->set_encrypt_key) {
      enc_written = row->set_encrypt_key(&enc, enc_key, kgk.key_len);
    } else {
      row->set_key(&enc, enc_key, kgk.key_len);
      enc_written = sizeof(enc.storage);
    }
    enc.row = row;
    internal::secure_zero(blocks, 16 * n);
    internal::secure_zero(enc_key, kgk.key_len);
  }
  ~MessageKeys() {
    internal::secure_zero(auth, sizeof(auth));
    internal::secure_zero(enc.storage, enc_written);
  }
};

// ctr_le32: out = in XOR keystream for `len` bytes, keystream block j being
// AES_enc(counter with its first four bytes + first_block + j, modulo
// 2^32, little-endian).
void ctr_le32(const AesKeyState& a, const uint8_t counter[16],
              size_t first_block, const uint8_t* in, uint8_t* out,
              size_t len) {
  alignas(16) uint8_t ks[kChunkBytes];
  const uint32_t c0 =
      load_le32(counter) + static_cast<uint32_t>(first_block);
  uint32_t done = 0;
  size_t used = 0;
  while (len) {
    const size_t n = len < kChunkBytes ? len : kChunkBytes;
    const size_t blocks = (n + 15) / 16;
    for (size_t j = 0; j < blocks; ++j) {
      std::memcpy(ks + 16 * j, counter, 16);
      store_le32(ks + 16 * j,
                 c0 + done + static_cast<uint32_t>(opaque_index(j)));
    }
    ecb(a, ks, blocks);
    xor_bytes(in, ks, out, n);
    if (16 * blocks > used) used = 16 * blocks;
    done += static_cast<uint32_t>(blocks);
    in += n;
    out += n;
    len -= n;
  }
  internal::secure_zero(ks, used);
}

// tag_from_s: RFC 8452 section 4, steps after POLYVAL: XOR the nonce into
// S, clear the top bit, encrypt with the message-encryption key.
void tag_from_s(const AesKeyState& enc, uint8_t s[16], const uint8_t nonce[12],
                uint8_t tag[16]) {
  for (int i = 0; i < 12; ++i) s[i] ^= nonce[i];
  s[15] &= 0x7f;
  enc.row->encrypt_block(&enc, s, tag);
}

Status check_common(const AesGcmSiv& siv, std::span<const uint8_t> nonce,
                    std::span<const uint8_t> in, std::span<const uint8_t> ad) {
  if (!AesKeyAccess::initialized(siv.aes_key()) ||
      GcmSivAccess::ghash_row(siv) == nullptr)
    return Status::kNotInitialized;
  if ((nonce.data() == nullptr && !nonce.empty()) ||
      (in.data() == nullptr && !in.empty()) ||
      (ad.data() == nullptr && !ad.empty()))
    return Status::kInvalidArgument;
  if (nonce.size() != kGcmSivNonceLen) return Status::kInvalidNonceLength;
  if (uint64_t{ad.size()} > kGcmSivMaxAdLen) return Status::kMessageTooLong;
  return Status::kOk;
}

bool row_usable(const AesRow* aes, const GhashRow* ghash) {
  // As for AesKey/GhashKey (explicit_rows.h): an explicit row only has to
  // be runnable here.
  const uint32_t caps = internal::cpu_caps();
  return aes != nullptr && ghash != nullptr &&
         (aes->required_caps & caps) == aes->required_caps &&
         (ghash->required_caps & caps) == ghash->required_caps;
}

}  // namespace

Status AesGcmSiv::init(std::span<const uint8_t> key) {
  const uint32_t caps = internal::cpu_caps();
  return GcmSivAccess::init_with_rows(*this, key,
                                      internal::select_aes_row(caps),
                                      internal::select_ghash_row(caps));
}

Status internal::GcmSivAccess::init_with_rows(AesGcmSiv& s,
                                              std::span<const uint8_t> key,
                                              const AesRow* aes,
                                              const GhashRow* ghash) {
  s.clear();
  if (key.size() != 16 && key.size() != 32) return Status::kInvalidKeyLength;
  if (key.data() == nullptr) return Status::kInvalidArgument;
  if (!row_usable(aes, ghash)) return Status::kUnsupported;
  Status st = AesKeyAccess::init_with_rows(s.kgk_, key, aes);
  if (st != Status::kOk) return st;
  s.ghash_row_ = ghash;
  return Status::kOk;
}

size_t AesGcmSiv::key_len() const { return AesKeyAccess::state(kgk_).key_len; }

void AesGcmSiv::clear() {
  // AesKey is trivially copyable key material: zero bytes are an
  // uninitialised key (null row).
  internal::secure_zero(&kgk_, sizeof(kgk_));
  ghash_row_ = nullptr;
}

Status AesGcmSiv::seal_detached(std::span<uint8_t> out, std::span<uint8_t> tag,
                                std::span<const uint8_t> nonce,
                                std::span<const uint8_t> in,
                                std::span<const uint8_t> ad) const {
  Status st = check_common(*this, nonce, in, ad);
  if (st != Status::kOk) return st;
  if (tag.size() != kGcmSivTagLen) return Status::kInvalidTagLength;
  if (uint64_t{in.size()} > kGcmSivMaxPlaintextLen)
    return Status::kMessageTooLong;
  st = internal::check_detached_io(out, tag, in, nonce, ad);
  if (st != Status::kOk) return st;
  // The tag is written last, after all of `in` has been read, but it must
  // not land in the ciphertext (above) or the plaintext.
  if (internal::overlaps_inexactly(tag.data(), tag.size(), in.data(),
                                   in.size()) ||
      (!in.empty() && tag.data() == in.data()))
    return Status::kOverlappingBuffers;

  const MessageKeys keys(AesKeyAccess::state(kgk_), nonce.data());
  uint8_t s[16], t[16];
  {
    Polyval pv(GcmSivAccess::ghash_row(*this), keys.auth,
               polyval_blocks(ad.size(), in.size()));
    pv.absorb(ad.data(), ad.size());
    pv.absorb(in.data(), in.size());
    pv.finish(ad.size(), in.size(), s);
  }
  tag_from_s(keys.enc, s, nonce.data(), t);
  uint8_t counter[16];
  std::memcpy(counter, t, 16);
  counter[15] |= 0x80;
  ctr_le32(keys.enc, counter, 0, in.data(), out.data(), in.size());
  std::memcpy(tag.data(), t, 16);
  internal::secure_zero(s, sizeof(s));
  // Every message sets up two keys (the encryption key's schedule, the
  // POLYVAL key's powers): as after any key set-up, their frames.
  internal::scrub_stack();
  return Status::kOk;
}

Status AesGcmSiv::seal(std::span<uint8_t> out, size_t* out_len,
                       std::span<const uint8_t> nonce,
                       std::span<const uint8_t> in,
                       std::span<const uint8_t> ad) const {
  Status st = check_common(*this, nonce, in, ad);
  if (st != Status::kOk) return st;
  return internal::seal_combined(*this, kGcmSivTagLen, kGcmSivMaxPlaintextLen,
                                 out, out_len, nonce, in, ad);
}

Status AesGcmSiv::open_detached(std::span<uint8_t> out,
                                std::span<const uint8_t> nonce,
                                std::span<const uint8_t> in,
                                std::span<const uint8_t> tag,
                                std::span<const uint8_t> ad) const {
  Status st = check_common(*this, nonce, in, ad);
  if (st != Status::kOk) return st;
  if (tag.size() != kGcmSivTagLen) return Status::kInvalidTagLength;
  if (uint64_t{in.size()} > kGcmSivMaxPlaintextLen)
    return Status::kMessageTooLong;
  st = internal::check_detached_io(out, tag, in, nonce, ad);
  if (st != Status::kOk) return st;

  // The received tag is copied first: it is the counter and must be intact
  // for the compare even if the caller's tag sits next to `out`.
  uint8_t received[16];
  std::memcpy(received, tag.data(), 16);
  uint8_t counter[16];
  std::memcpy(counter, received, 16);
  counter[15] |= 0x80;

  const MessageKeys keys(AesKeyAccess::state(kgk_), nonce.data());
  uint8_t s[16], expected[16];
  {
    Polyval pv(GcmSivAccess::ghash_row(*this), keys.auth,
               polyval_blocks(ad.size(), in.size()));
    pv.absorb(ad.data(), ad.size());
    // Decrypt a chunk, then hash the plaintext just written (hot in L1).
    const size_t len = in.size();
    for (size_t pos = 0; pos < len;) {
      size_t n = len - pos < kChunkBytes * 4 ? len - pos : kChunkBytes * 4;
      ctr_le32(keys.enc, counter, pos / 16, in.data() + pos, out.data() + pos,
               n);
      pv.absorb(out.data() + pos, n);
      pos += n;
    }
    pv.finish(ad.size(), len, s);
  }
  tag_from_s(keys.enc, s, nonce.data(), expected);
  internal::secure_zero(s, sizeof(s));
  internal::scrub_stack();  // the per-message key set-ups' frames, as in seal
  return internal::open_verdict(expected, received, kGcmSivTagLen, out.data(),
                                in.size());
}

Status AesGcmSiv::open(std::span<uint8_t> out, size_t* out_len,
                       std::span<const uint8_t> nonce,
                       std::span<const uint8_t> in,
                       std::span<const uint8_t> ad) const {
  Status st = check_common(*this, nonce, in, ad);
  if (st != Status::kOk) return st;
  return internal::open_combined(*this, kGcmSivTagLen, kGcmSivMaxPlaintextLen,
                                 out, out_len, nonce, in, ad);
}

}  // namespace ctcrypto
