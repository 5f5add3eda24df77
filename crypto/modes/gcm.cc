// gcm.cc: AES-GCM (SP 800-38D) over the AES and GHASH backend tables.
//
// Key: AesGcm holds the expanded AES key and the GHASH key material (from
// H = E_K(0^128)), both set up once in init(). Message: J0, the counter, the
// running GHASH value and the tag mask live on the stack of seal/open; no
// key-sized data is copied per message.
//
// Short messages: the tag mask E_K(J0) and the first three keystream blocks
// come from one ctr32 call on a 64-byte stack buffer, so a 16-byte message
// costs one backend call for AES (one batch on bitsliced backends, which
// process 4 or 8 blocks in the same time as one).
//
// Bulk: a backend that offers a stitched GCM loop for the key's GHASH
// backend takes as much of the rest as it wants; the remainder runs as
// ctr32 + GHASH in 1 KiB chunks (hot in L1 for the second pass).
//
// open() hashes each chunk of ciphertext before decrypting it (so in-place
// works), compares the tag in constant time, and on failure wipes all the
// plaintext it wrote; only the final match bit is treated as public.
#include <cstring>

#include "crypto/cpu/cpu.h"
#include "crypto/ct.h"
#include "crypto/internal.h"
#include "ctcrypto/aead.h"

namespace ctcrypto {

namespace {

using internal::AesKeyState;
using internal::GhashKeyState;

constexpr size_t kHeadBytes = 48;    // data blocks sharing the tag-mask call
constexpr size_t kChunkBytes = 1024;

void inc32_by(uint8_t ctr[16], size_t n) {
  internal::store_be32(ctr + 12, internal::load_be32(ctr + 12) +
                                     static_cast<uint32_t>(n));
}

// ghash_padded: folds `len` bytes into xi, zero-padding the last block.
void ghash_padded(const GhashKeyState& g, uint8_t xi[16], const uint8_t* p,
                  size_t len) {
  size_t blocks = len / 16;
  if (blocks) g.backend->update(&g, xi, p, blocks);
  size_t tail = len % 16;
  if (tail) {
    uint8_t buf[16] = {};
    std::memcpy(buf, p + blocks * 16, tail);
    g.backend->update(&g, xi, buf, 1);
  }
}

void derive_j0(const GhashKeyState& g, const uint8_t* nonce, size_t nonce_len,
               uint8_t j0[16]) {
  if (nonce_len == kGcmNonceLen) {
    std::memcpy(j0, nonce, 12);
    internal::store_be32(j0 + 12, 1);
    return;
  }
  // J0 = GHASH_H(IV || 0^(s+64) || [len(IV)]_64).
  std::memset(j0, 0, 16);
  ghash_padded(g, j0, nonce, nonce_len);
  uint8_t len_block[16] = {};
  internal::store_be64(len_block + 8, uint64_t{nonce_len} * 8);
  g.backend->update(&g, j0, len_block, 1);
}

// crypt: the shared body of seal (decrypting = false) and open. Writes the
// 16-byte full tag (before truncation) to tag_out.
void crypt(const AesKeyState& a, const GhashKeyState& g, bool decrypting,
           const uint8_t* nonce, size_t nonce_len, const uint8_t* in,
           uint8_t* out, size_t len, const uint8_t* ad, size_t ad_len,
           uint8_t tag_out[16]) {
  uint8_t ctr[16], xi[16] = {};
  derive_j0(g, nonce, nonce_len, ctr);
  ghash_padded(g, xi, ad, ad_len);

  // Head: tag mask and up to three data blocks in one keystream call.
  alignas(16) uint8_t head[16 + kHeadBytes] = {};
  size_t h = len < kHeadBytes ? len : kHeadBytes;
  size_t head_blocks = (h + 15) / 16;
  if (h) std::memcpy(head + 16, in, h);
  if (decrypting) ghash_padded(g, xi, head + 16, h);
  a.backend->ctr32(&a, head, head, 1 + head_blocks, ctr);
  if (h) std::memcpy(out, head + 16, h);
  if (!decrypting) {
    std::memset(head + 16 + h, 0, kHeadBytes - h);
    ghash_padded(g, xi, head + 16, h);
  }
  uint8_t tag_mask[16];
  std::memcpy(tag_mask, head, 16);
  inc32_by(ctr, 1 + head_blocks);
  size_t pos = h;

  // Bulk: the backend's stitched loop if it pairs with this GHASH backend.
  if (len - pos >= 16 && a.backend->gcm_ghash == g.backend &&
      g.backend != nullptr) {
    auto bulk = decrypting ? a.backend->gcm_open_bulk : a.backend->gcm_seal_bulk;
    if (bulk) pos += bulk(&a, &g, in + pos, out + pos, (len - pos) & ~size_t{15},
                          ctr, xi);
  }
  while (len - pos >= 16) {
    size_t n = len - pos;
    if (n > kChunkBytes) n = kChunkBytes;
    size_t blocks = n / 16;
    if (decrypting) g.backend->update(&g, xi, in + pos, blocks);
    a.backend->ctr32(&a, in + pos, out + pos, blocks, ctr);
    if (!decrypting) g.backend->update(&g, xi, out + pos, blocks);
    inc32_by(ctr, blocks);
    pos += blocks * 16;
  }
  if (pos < len) {
    size_t tail = len - pos;
    std::memset(head, 0, 16);
    std::memcpy(head, in + pos, tail);
    if (decrypting) g.backend->update(&g, xi, head, 1);
    a.backend->ctr32(&a, head, head, 1, ctr);
    std::memcpy(out + pos, head, tail);
    if (!decrypting) {
      std::memset(head + tail, 0, 16 - tail);
      g.backend->update(&g, xi, head, 1);
    }
  }

  uint8_t len_block[16];
  internal::store_be64(len_block, uint64_t{ad_len} * 8);
  internal::store_be64(len_block + 8, uint64_t{len} * 8);
  g.backend->update(&g, xi, len_block, 1);
  for (int i = 0; i < 16; ++i) tag_out[i] = xi[i] ^ tag_mask[i];
  internal::secure_zero(head, sizeof(head));
  internal::secure_zero(tag_mask, sizeof(tag_mask));
}

Status check_common(const AesGcm& gcm, std::span<const uint8_t> nonce,
                    std::span<const uint8_t> in, std::span<const uint8_t> ad) {
  if (!gcm.initialized()) return Status::kNotInitialized;
  if ((nonce.data() == nullptr && !nonce.empty()) ||
      (in.data() == nullptr && !in.empty()) ||
      (ad.data() == nullptr && !ad.empty()))
    return Status::kInvalidArgument;
  if (nonce.empty()) return Status::kInvalidNonceLength;
  // SP 800-38D: len(IV) and len(A) at most 2^64 - 1 bits.
  if (uint64_t{nonce.size()} >= (uint64_t{1} << 61) ||
      uint64_t{ad.size()} >= (uint64_t{1} << 61))
    return Status::kMessageTooLong;
  return Status::kOk;
}

}  // namespace

Status AesGcm::init(std::span<const uint8_t> key, size_t tag_len) {
  uint32_t caps = internal::cpu_caps();
  return init(key, tag_len, internal::select_aes_backend(caps),
              internal::select_ghash_backend(caps));
}

Status AesGcm::init(std::span<const uint8_t> key, size_t tag_len,
                    const internal::AesBackend* aes,
                    const internal::GhashBackend* ghash) {
  tag_len_ = 0;
  if (tag_len < kGcmMinTagLen || tag_len > kGcmTagLen) {
    aes_ = AesKey();
    return Status::kInvalidTagLength;
  }
  Status st = aes_.init(key, aes);
  if (st != Status::kOk) return st;
  uint8_t h[16] = {};
  aes_.encrypt_block(h, h);
  st = ghash_.init(std::span<const uint8_t, 16>(h, 16), ghash);
  internal::secure_zero(h, sizeof(h));
  if (st != Status::kOk) {
    aes_ = AesKey();
    return st;
  }
  tag_len_ = tag_len;
  return Status::kOk;
}

Status AesGcm::seal_detached(std::span<uint8_t> out, std::span<uint8_t> tag,
                             std::span<const uint8_t> nonce,
                             std::span<const uint8_t> in,
                             std::span<const uint8_t> ad) const {
  Status st = check_common(*this, nonce, in, ad);
  if (st != Status::kOk) return st;
  if (tag.size() != tag_len_) return Status::kInvalidTagLength;
  if (uint64_t{in.size()} > kGcmMaxPlaintextLen) return Status::kMessageTooLong;
  if (out.size() < in.size()) return Status::kOutputTooSmall;
  if ((out.data() == nullptr && !out.empty()) || tag.data() == nullptr)
    return Status::kInvalidArgument;
  if (internal::overlaps_inexactly(in.data(), in.size(), out.data(),
                                   in.size()) ||
      internal::overlaps_inexactly(tag.data(), tag.size(), out.data(),
                                   in.size()) ||
      (tag.data() == out.data() && !in.empty()))
    return Status::kOverlappingBuffers;
  uint8_t full[16];
  crypt(aes_.state(), ghash_.state(), false, nonce.data(), nonce.size(),
        in.data(), out.data(), in.size(), ad.data(), ad.size(), full);
  std::memcpy(tag.data(), full, tag_len_);
  return Status::kOk;
}

Status AesGcm::seal(std::span<uint8_t> out, size_t* out_len,
                    std::span<const uint8_t> nonce,
                    std::span<const uint8_t> in,
                    std::span<const uint8_t> ad) const {
  Status st = check_common(*this, nonce, in, ad);
  if (st != Status::kOk) return st;
  if (uint64_t{in.size()} > kGcmMaxPlaintextLen) return Status::kMessageTooLong;
  if (out.size() < in.size() + tag_len_) return Status::kOutputTooSmall;
  st = seal_detached(out.first(in.size()), out.subspan(in.size(), tag_len_),
                     nonce, in, ad);
  if (st == Status::kOk && out_len) *out_len = in.size() + tag_len_;
  return st;
}

Status AesGcm::open_detached(std::span<uint8_t> out,
                             std::span<const uint8_t> nonce,
                             std::span<const uint8_t> in,
                             std::span<const uint8_t> tag,
                             std::span<const uint8_t> ad) const {
  Status st = check_common(*this, nonce, in, ad);
  if (st != Status::kOk) return st;
  if (tag.size() != tag_len_) return Status::kInvalidTagLength;
  if (tag.data() == nullptr) return Status::kInvalidArgument;
  if (uint64_t{in.size()} > kGcmMaxPlaintextLen) return Status::kMessageTooLong;
  if (out.size() < in.size()) return Status::kOutputTooSmall;
  if (out.data() == nullptr && !out.empty()) return Status::kInvalidArgument;
  if (internal::overlaps_inexactly(in.data(), in.size(), out.data(),
                                   in.size()) ||
      internal::overlaps_inexactly(tag.data(), tag.size(), out.data(),
                                   in.size()) ||
      (tag.data() == out.data() && !in.empty()))
    return Status::kOverlappingBuffers;
  uint8_t expected[16];
  // The received tag is copied first: it must be intact for the compare.
  uint8_t received[16];
  std::memcpy(received, tag.data(), tag_len_);
  crypt(aes_.state(), ghash_.state(), true, nonce.data(), nonce.size(),
        in.data(), out.data(), in.size(), ad.data(), ad.size(), expected);
  uint32_t ok = internal::ct_equal_mask(expected, received, tag_len_);
  internal::secure_zero(expected, sizeof(expected));
  // Whether the tag matched is public by design: it is the function's result.
  internal::ct_declassify(&ok, sizeof(ok));
  if (!ok) {
    internal::secure_zero(out.data(), in.size());
    return Status::kAuthenticationFailed;
  }
  return Status::kOk;
}

Status AesGcm::open(std::span<uint8_t> out, size_t* out_len,
                    std::span<const uint8_t> nonce,
                    std::span<const uint8_t> in,
                    std::span<const uint8_t> ad) const {
  Status st = check_common(*this, nonce, in, ad);
  if (st != Status::kOk) return st;
  if (in.size() < tag_len_) return Status::kAuthenticationFailed;
  size_t ct_len = in.size() - tag_len_;
  if (out.size() < ct_len) return Status::kOutputTooSmall;
  st = open_detached(out.first(ct_len), nonce, in.first(ct_len),
                     in.subspan(ct_len, tag_len_), ad);
  if (st == Status::kOk && out_len) *out_len = ct_len;
  return st;
}

}  // namespace ctcrypto
