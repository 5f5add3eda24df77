// gcm.cc: AES-GCM (SP 800-38D) over the AES and GHASH row tables.
//
// Key: AesGcm holds the expanded AES key and the GHASH key material (from
// H = E_K(0^128)), both set up once in init(). Message: J0, the counter, the
// running GHASH value and the tag mask live on the stack of seal/open; no
// key-sized data is copied per message.
//
// Short messages: the tag mask E_K(J0) and the first three keystream blocks
// come from one ctr32 call on a 64-byte stack buffer, so a 16-byte message
// costs one row call for AES (one batch on bitsliced rows, which
// process 4 or 8 blocks in the same time as one). A kernel that wants the
// whole message (GcmKernel::bulk_from_start_bytes) gets it from the first
// byte once it is that long; the tag mask is then a one-block call.
//
// GHASH batching: AD of at most 64 bytes is hashed in the same row call
// as the head's data, and the last at most 256 bytes of data in the same
// call as the length block, so a message that fits in the head costs one
// GHASH call and a long one two plus the bulk (aggregating rows reduce
// once per call of up to 8 or 16 blocks, and those reductions are serial).
// On the family with only the 32-bit portable rows (microcontrollers) the
// three staging sizes are 32 bytes each (two blocks: one 2-block batch of
// the fixsliced AES with the tag mask; its GHASH reduces per block anyway),
// so that seal and open stay within 1 KiB of stack there.
//
// Bulk: the key's GCM kernel (gcm_kernel.h: a stitched AES+GHASH loop for
// its pair of rows, chosen once by init(); null when the pair has none)
// takes as much of the rest as it wants (from the first byte, the head
// carrying no data, when the kernel sets bulk_from_start_bytes and the
// message is that long); the remainder runs as ctr32 + GHASH in 1 KiB
// chunks (hot in L1 for the second pass) and the final piece. A kernel with
// a last pass (GcmKernel::seal_last) takes the final piece instead, when it
// fits, and hashes the length block with it.
//
// open() hashes each chunk of ciphertext before decrypting it (so in-place
// works), compares the tag in constant time, and on failure wipes all the
// plaintext it wrote; only the final match bit is treated as public
// (internal::open_verdict, modes/aead_internal.h).
//
// Streaming (AesGcmStream, end of this file): the same J0, counter and
// GHASH chain kept in the stream object between calls. Each update runs the
// partial block left by the previous chunk on its kept keystream block,
// then the chunk's whole blocks through the key's kernel bulk (the
// remainder as ctr32 + GHASH in 1 KiB chunks, as above), then starts a
// partial block of its own: one keystream block, its unused bytes kept. So
// nothing is held back and any chunking computes the one-shot answer; the
// one-shot paths' head, final and last-pass batching (which need the
// message's end) are what a stream gives up. Lengths and the chunking are
// public; the data only meets XOR, copies and the rows.
#include <cstring>

#include "crypto/aes/aes_key_access.h"
#include "crypto/cpu/cpu.h"
#include "crypto/internal.h"
#include "crypto/ghash/ghash_key_access.h"
#include "crypto/modes/aead_internal.h"
#include "crypto/modes/gcm_kernel.h"
#include "crypto/modes/gcm_access.h"
#include "ctcrypto/aead.h"

namespace ctcrypto {

namespace {

using internal::AesKeyState;
using internal::GcmKernel;
using internal::GhashKeyState;

// data blocks sharing the tag-mask call: 48 bytes, 32 on the portable-only
// 32-bit family (crypto/key_storage.h)
constexpr size_t kHeadBytes = internal::kGcmHeadBytes;
constexpr size_t kChunkBytes = 1024;
// AD hashed with the head if short: 64 bytes, 32 on the portable-only
// 32-bit family
constexpr size_t kShortAdBytes = internal::kGcmShortAdBytes;
// data hashed with the length block: 256 bytes, 32 on the portable-only
// 32-bit family (crypto/key_storage.h)
constexpr size_t kFinalBytes = internal::kGcmFinalBytes;

void inc32_by(uint8_t ctr[16], size_t n) {
  internal::store_be32(ctr + 12, internal::load_be32(ctr + 12) +
                                     static_cast<uint32_t>(n));
}

// wipe_blocks: secure_zero of n 16-byte blocks (n public), one 16-byte
// store each: a memset of a variable length becomes REP STOS on x86-64,
// whose start-up alone cost more than the stores (three of them were about
// a tenth of a 256-byte seal, TSC cycles), and a barrier per block keeps
// the compiler from turning the loop back into one.
void wipe_blocks(uint8_t* p, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    std::memset(p + 16 * i, 0, 16);
    __asm__ __volatile__("" : : "r"(p) : "memory");
  }
}

// ghash_padded: folds `len` bytes into xi, zero-padding the last block.
void ghash_padded(const GhashKeyState& g, uint8_t xi[16], const uint8_t* p,
                  size_t len) {
  size_t blocks = len / 16;
  if (blocks) g.row->update(&g, xi, p, blocks);
  size_t tail = len % 16;
  if (tail) {
    uint8_t buf[16] = {};
    std::memcpy(buf, p + blocks * 16, tail);
    g.row->update(&g, xi, buf, 1);
  }
}

// derive_j0: always inlined: with two callers (crypt and the stream's
// start) GCC 12 kept it out of line, a call that cost one-shot seal and
// open 22 instructions (callgrind, a 16-byte seal 653 -> 675).
[[gnu::always_inline]] inline void derive_j0(const GhashKeyState& g,
                                             const uint8_t* nonce,
                                             size_t nonce_len,
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
  g.row->update(&g, j0, len_block, 1);
}

// crypt: the shared body of seal (decrypting = false) and open. Writes the
// 16-byte full tag (before truncation) to tag_out.
//
// GHASH calls are batched so that an aggregating row reduces as few
// times as possible in series: AD of at most kShortAdBytes is hashed in the
// same call as the head's data blocks, and the last at most kFinalBytes of
// data in the same call as the length block (both through small stack
// copies). A short message (head only) is one call for everything.
void crypt(const AesKeyState& a, const GhashKeyState& g, const GcmKernel* k,
           bool decrypting, const uint8_t* nonce, size_t nonce_len, const uint8_t* in,
           uint8_t* out, size_t len, const uint8_t* ad, size_t ad_len,
           uint8_t tag_out[16]) {
  uint8_t ctr[16], xi[16] = {};
  // GCM's length block, written first and copied into place at the end:
  // copied right after its two 8-byte stores, the 16-byte load missed store
  // forwarding (a stall of about a tenth of the mode's own time in a
  // 256-byte seal, perf on x86-64). A message that fits in the head has
  // it stored straight into its one GHASH batch instead.
  alignas(16) uint8_t len_block[16];
  if (len > kHeadBytes) {
    internal::store_be64(len_block, uint64_t{ad_len} * 8);
    // Two plain 8-byte stores: merged, GCC 12 builds the block with two
    // stores and a 16-byte reload of a temporary (the same stall here).
    __asm__ __volatile__("" : : "r"(len_block) : "memory");
    internal::store_be64(len_block + 8, uint64_t{len} * 8);
  }
  derive_j0(g, nonce, nonce_len, ctr);

  // Head: the tag mask and up to three (two) data blocks in one keystream
  // call; their GHASH input is staged after the AD (if short) in `stage`.
  const bool short_ad = ad_len <= kShortAdBytes;
  if (!short_ad) ghash_padded(g, xi, ad, ad_len);
  // Buffers are not zero-initialised as a whole: only the bytes that are
  // read are written (a 100+ byte "= {}" becomes REP STOS, which costs more
  // than the rest of a 16-byte seal).
  alignas(16) uint8_t stage[kShortAdBytes + kHeadBytes + 16];
  alignas(16) uint8_t ks[16 + kHeadBytes];
  const size_t ad_blocks = short_ad ? (ad_len + 15) / 16 : 0;
  if (ad_blocks) {
    std::memset(stage + 16 * (ad_blocks - 1), 0, 16);
    std::memcpy(stage, ad, ad_len);
  }
  uint8_t* c = stage + 16 * ad_blocks;
  // A kernel that takes the message from its first byte
  // (GcmKernel::bulk_from_start_bytes) gets it all: no head data.
  const size_t from_start = k != nullptr ? k->bulk_from_start_bytes : 0;
  const size_t h = len < kHeadBytes                      ? len
                   : from_start != 0 && len >= from_start ? 0
                                                          : kHeadBytes;
  const size_t head_blocks = (h + 15) / 16;
  if (h) {
    std::memset(ks, 0, 16);  // the tag mask is E(J0) XOR 0
    std::memset(c + 16 * (head_blocks - 1), 0, 16);
    std::memcpy(ks + 16, in, h);
    if (decrypting) std::memcpy(c, in, h);
    a.row->ctr32(&a, ks, ks, 1 + head_blocks, ctr);
  } else {
    a.row->encrypt_block(&a, ctr, ks);  // the tag mask alone: E(J0)
  }
  if (h) std::memcpy(out, ks + 16, h);
  if (!decrypting && h) std::memcpy(c, ks + 16, h);
  uint8_t tag_mask[16];
  std::memcpy(tag_mask, ks, 16);
  inc32_by(ctr, 1 + head_blocks);
  size_t staged = ad_blocks + head_blocks;
  if (len == h) {
    // Short message: the length block joins the same call.
    internal::store_be64(c + 16 * head_blocks, uint64_t{ad_len} * 8);
    internal::store_be64(c + 16 * head_blocks + 8, uint64_t{len} * 8);
    g.row->update(&g, xi, stage, staged + 1);
  } else {
    if (staged) g.row->update(&g, xi, stage, staged);
    size_t pos = h;

    // Last pass: a kernel that hashes the length block together with the
    // end of the message (GcmKernel::seal_last) takes that end when it
    // fits, so no GHASH call of its own follows the data's.
    const auto last = k == nullptr ? nullptr
                      : decrypting ? k->open_last
                                   : k->seal_last;
    const auto last_takes = [&](size_t rest) {
      return last != nullptr && rest >= k->last_min_bytes &&
             rest <= k->last_max_bytes;
    };
    if (!last_takes(len - pos)) {
      // Bulk: the kernel's stitched loop, then ctr32 + GHASH in 1 KiB
      // chunks while more than kFinalBytes remain.
      if (len - pos >= 16 && k != nullptr) {
        auto bulk = decrypting ? k->open_bulk : k->seal_bulk;
        pos += bulk(&a, &g, in + pos, out + pos, (len - pos) & ~size_t{15},
                    ctr, nonce_len == kGcmNonceLen, xi);
      }
      while (len - pos > kFinalBytes) {
        size_t n = len - pos - kFinalBytes;
        if (n > kChunkBytes) n = kChunkBytes;
        size_t blocks = (n + 15) / 16;
        if (decrypting) g.row->update(&g, xi, in + pos, blocks);
        a.row->ctr32(&a, in + pos, out + pos, blocks, ctr);
        if (!decrypting) g.row->update(&g, xi, out + pos, blocks);
        inc32_by(ctr, blocks);
        pos += blocks * 16;
      }
    }

    if (last_takes(len - pos)) {
      last(&a, &g, in + pos, out + pos, len - pos, ctr, xi, len_block);
    } else {
      // Final: at most kFinalBytes, one keystream call and one GHASH call
      // with the length block.
      alignas(16) uint8_t fin[kFinalBytes + 16];
      const size_t rem = len - pos;
      const size_t rem_blocks = (rem + 15) / 16;
      if (rem) {
        std::memset(fin + 16 * (rem_blocks - 1), 0, 16);
        if (decrypting) std::memcpy(fin, in + pos, rem);
        if (rem % 16 == 0) {
          a.row->ctr32(&a, in + pos, out + pos, rem_blocks, ctr);
        } else {
          alignas(16) uint8_t work[kFinalBytes];
          std::memcpy(work, in + pos, rem);
          a.row->ctr32(&a, work, work, rem_blocks, ctr);
          std::memcpy(out + pos, work, rem);
          wipe_blocks(work, rem_blocks);
        }
        if (!decrypting) std::memcpy(fin, out + pos, rem);
      }
      std::memcpy(fin + 16 * rem_blocks, len_block, 16);
      g.row->update(&g, xi, fin, rem_blocks + 1);
      wipe_blocks(fin, rem_blocks);
    }
  }

  for (int i = 0; i < 16; ++i) tag_out[i] = xi[i] ^ tag_mask[i];
  wipe_blocks(ks, 1 + head_blocks);
  wipe_blocks(stage, ad_blocks + head_blocks);
  internal::secure_zero(tag_mask, sizeof(tag_mask));
  // The counter (J0 + i; J0 = GHASH_H(IV) is secret for non-96-bit nonces)
  // and the GHASH accumulator: once per message, 32 bytes.
  internal::secure_zero(ctr, sizeof(ctr));
  internal::secure_zero(xi, sizeof(xi));
}

Status check_common(const AesGcm& gcm, std::span<const uint8_t> nonce,
                    std::span<const uint8_t> in, std::span<const uint8_t> ad) {
  if (!internal::GcmAccess::initialized(gcm)) return Status::kNotInitialized;
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

// check_detached: check_common plus the rules seal_detached and
// open_detached share: the tag has the key's length, in fits GCM's limit,
// and the buffer rules of every detached AEAD call (check_detached_io: in
// fits out, and out (written) overlaps neither in (except exactly: in
// place) nor the tag). Inlined: it runs on every call, and an out-of-line call
// passing five spans cost 16-byte seals measurably (callgrind).
[[gnu::always_inline]] inline Status check_detached(
    const AesGcm& gcm, std::span<const uint8_t> nonce,
    std::span<const uint8_t> in, std::span<const uint8_t> out,
    std::span<const uint8_t> tag, std::span<const uint8_t> ad) {
  Status st = check_common(gcm, nonce, in, ad);
  if (st != Status::kOk) return st;
  if (tag.size() != gcm.tag_len()) return Status::kInvalidTagLength;
  if (uint64_t{in.size()} > kGcmMaxPlaintextLen) return Status::kMessageTooLong;
  return internal::check_detached_io(out, tag, in, nonce, ad);
}

}  // namespace

void AesGcm::clear() {
  aes_.clear();
  ghash_.clear();
  tag_len_ = 0;
  kernel_ = nullptr;
}

Status AesGcm::init(std::span<const uint8_t> key, size_t tag_len) {
  uint32_t caps = internal::cpu_caps();
  return internal::GcmAccess::init_with_rows(
      *this, key, tag_len, internal::select_aes_row(caps),
      internal::select_ghash_row(caps));
}

Status internal::GcmAccess::init_with_rows(AesGcm& g,
                                           std::span<const uint8_t> key,
                                           size_t tag_len,
                                           const AesRow* aes,
                                           const GhashRow* ghash) {
  g.clear();
  if (tag_len < kGcmMinTagLen || tag_len > kGcmTagLen)
    return Status::kInvalidTagLength;
  Status st = AesKeyAccess::init_with_rows(g.aes_, key, aes);
  if (st != Status::kOk) return st;
  uint8_t h[16] = {};
  g.aes_.encrypt_block(h, h);
  st = GhashKeyAccess::init_with_rows(
      g.ghash_, std::span<const uint8_t, 16>(h, 16), ghash);
  internal::secure_zero(h, sizeof(h));
  internal::scrub_stack();  // encrypt_block's frame: round keys, H
  if (st != Status::kOk) {
    g.clear();
    return st;
  }
  g.tag_len_ = tag_len;
  g.kernel_ = internal::find_gcm_kernel(internal::gcm_kernel_table(), aes,
                                        ghash);
  return Status::kOk;
}

Status AesGcm::seal_detached(std::span<uint8_t> out, std::span<uint8_t> tag,
                             std::span<const uint8_t> nonce,
                             std::span<const uint8_t> in,
                             std::span<const uint8_t> ad) const {
  Status st = check_detached(*this, nonce, in, out, tag, ad);
  if (st != Status::kOk) return st;
  uint8_t full[16];
  crypt(internal::AesKeyAccess::state(aes_),
        internal::GhashKeyAccess::state(ghash_),
        internal::GcmAccess::kernel(*this), false, nonce.data(), nonce.size(),
        in.data(), out.data(), in.size(),
        ad.data(), ad.size(), full);
  std::memcpy(tag.data(), full, tag_len_);
  // A truncated tag's remaining bytes are secret: they are not output.
  internal::secure_zero(full, sizeof(full));
  return Status::kOk;
}

Status AesGcm::seal(std::span<uint8_t> out, size_t* out_len,
                    std::span<const uint8_t> nonce,
                    std::span<const uint8_t> in,
                    std::span<const uint8_t> ad) const {
  Status st = check_common(*this, nonce, in, ad);
  if (st != Status::kOk) return st;
  return internal::seal_combined(*this, tag_len_, kGcmMaxPlaintextLen, out,
                                 out_len, nonce, in, ad);
}

Status AesGcm::open_detached(std::span<uint8_t> out,
                             std::span<const uint8_t> nonce,
                             std::span<const uint8_t> in,
                             std::span<const uint8_t> tag,
                             std::span<const uint8_t> ad) const {
  Status st = check_detached(*this, nonce, in, out, tag, ad);
  if (st != Status::kOk) return st;
  uint8_t expected[16];
  // The received tag is copied first: it must be intact for the compare.
  uint8_t received[16];
  std::memcpy(received, tag.data(), tag_len_);
  crypt(internal::AesKeyAccess::state(aes_),
        internal::GhashKeyAccess::state(ghash_),
        internal::GcmAccess::kernel(*this), true, nonce.data(), nonce.size(),
        in.data(), out.data(), in.size(),
        ad.data(), ad.size(), expected);
  return internal::open_verdict(expected, received, tag_len_, out.data(),
                                in.size());
}

Status AesGcm::open(std::span<uint8_t> out, size_t* out_len,
                    std::span<const uint8_t> nonce,
                    std::span<const uint8_t> in,
                    std::span<const uint8_t> ad) const {
  Status st = check_common(*this, nonce, in, ad);
  if (st != Status::kOk) return st;
  return internal::open_combined(*this, tag_len_, kGcmMaxPlaintextLen, out,
                                 out_len, nonce, in, ad);
}

// --- AesGcmStream -------------------------------------------------------------

namespace {

// ghash_absorb: folds len bytes into xi through the partial block buf
// (*n bytes held, < 16): completes it first, hashes whole blocks straight
// from p, and keeps the tail.
void ghash_absorb(const GhashKeyState& g, uint8_t xi[16], uint8_t buf[16],
                  uint8_t* n, const uint8_t* p, size_t len) {
  if (*n) {
    const size_t take = len < 16u - *n ? len : 16u - *n;
    std::memcpy(buf + *n, p, take);
    *n = static_cast<uint8_t>(*n + take);
    p += take;
    len -= take;
    if (*n < 16) return;
    g.row->update(&g, xi, buf, 1);
    *n = 0;
  }
  const size_t blocks = len / 16;
  if (blocks) g.row->update(&g, xi, p, blocks);
  const size_t tail = len % 16;
  if (tail) std::memcpy(buf, p + 16 * blocks, tail);
  *n = static_cast<uint8_t>(tail);
}

constexpr uint64_t kGcmMaxAdLen = uint64_t{1} << 61;  // 2^64 bits
static_assert(internal::kGcmStreamCarryBytes == CTCRYPTO_GCM_STREAM_CARRY_SIZE,
              "ctcrypto/key_sizes.h publishes the family's carry size");

}  // namespace

void AesGcmStream::clear() {
  internal::secure_zero(static_cast<void*>(this), sizeof(*this));
}

Status AesGcmStream::start_seal(const AesGcm& key,
                                std::span<const uint8_t> nonce) {
  return start(key, nonce, false);
}

Status AesGcmStream::start_open(const AesGcm& key,
                                std::span<const uint8_t> nonce) {
  return start(key, nonce, true);
}

Status AesGcmStream::start(const AesGcm& key, std::span<const uint8_t> nonce,
                           bool opening) {
  clear();
  if (!internal::GcmAccess::initialized(key)) return Status::kNotInitialized;
  if (nonce.data() == nullptr && !nonce.empty())
    return Status::kInvalidArgument;
  if (nonce.empty()) return Status::kInvalidNonceLength;
  if (uint64_t{nonce.size()} >= kGcmMaxAdLen) return Status::kMessageTooLong;
  if (!internal::spans_addressable(nonce)) return Status::kInvalidArgument;
  const AesKeyState& a = internal::AesKeyAccess::state(key.aes_key());
  const GhashKeyState& g = internal::GhashKeyAccess::state(key.ghash_key());
  derive_j0(g, nonce.data(), nonce.size(), ctr_);
  a.row->encrypt_block(&a, ctr_, mask_);
  // The tag mask E_K(J0) in the single-block call's frame: the rows keep it
  // in registers, but instrumented builds (ASan, whose frames are several
  // times larger) spill it, and a stream's later calls need not reach as
  // deep. One scrub per message, in those builds only (kScrubScale > 1;
  // tests/stack_residue_test.cc's streamed victim under --config=asan).
  if constexpr (internal::kScrubScale > 1) internal::scrub_stack<2048>();
  inc32_by(ctr_, 1);
  key_ = &key;
  opening_ = opening;
  ctr_public_ = nonce.size() == kGcmNonceLen;
  phase_ = 1;
  return Status::kOk;
}

Status AesGcmStream::update_ad(std::span<const uint8_t> ad) {
  if (key_ == nullptr || !internal::GcmAccess::initialized(*key_))
    return Status::kNotInitialized;
  if (phase_ != 1) return Status::kBadState;
  if ((ad.data() == nullptr && !ad.empty()) ||
      !internal::spans_addressable(ad))
    return Status::kInvalidArgument;
  if (uint64_t{ad.size()} >= kGcmMaxAdLen - ad_len_)
    return Status::kMessageTooLong;
  if (ad.empty()) return Status::kOk;
  ghash_absorb(internal::GhashKeyAccess::state(key_->ghash_key()), xi_, buf_,
               &n_, ad.data(), ad.size());
  ad_len_ += ad.size();
  return Status::kOk;
}

Status AesGcmStream::update(std::span<uint8_t> out,
                            std::span<const uint8_t> in) {
  if (key_ == nullptr || !internal::GcmAccess::initialized(*key_))
    return Status::kNotInitialized;
  if (Status st = internal::check_stream_io(out, in); st != Status::kOk)
    return st;
  if (uint64_t{in.size()} > kGcmMaxPlaintextLen - len_)
    return Status::kMessageTooLong;
  const AesKeyState& a = internal::AesKeyAccess::state(key_->aes_key());
  const GhashKeyState& g = internal::GhashKeyAccess::state(key_->ghash_key());
  if (phase_ == 1) {
    // The first data: the AD's partial block, zero-padded, ends the AD.
    if (n_) {
      std::memset(buf_ + n_, 0, 16u - n_);
      g.row->update(&g, xi_, buf_, 1);
      n_ = 0;
    }
    phase_ = 2;
  }
  const uint8_t* ip = in.data();
  uint8_t* op = out.data();
  size_t len = in.size();
  len_ += len;
  // xor_partial: `take` bytes of the partial block from offset n_ on the
  // kept keystream; the ciphertext (read before out is written: in place)
  // is staged in buf_ for GHASH.
  const auto xor_partial = [&](size_t take) {
    for (size_t i = 0; i < take; ++i) {
      const uint8_t x = ip[i];
      const uint8_t y = static_cast<uint8_t>(x ^ ks_[n_ + i]);
      buf_[n_ + i] = opening_ ? x : y;
      op[i] = y;
    }
    n_ = static_cast<uint8_t>(n_ + take);
    ip += take;
    op += take;
    len -= take;
  };
  if (n_) {
    xor_partial(len < 16u - n_ ? len : 16u - n_);
    if (n_ < 16) return Status::kOk;
    flush_carry();
    g.row->update(&g, xi_, buf_, 1);
    n_ = 0;
  }
  // Whole blocks: the key's stitched kernel as far as it goes (a seal
  // stream through its carrying form when it has one), then ctr32 + GHASH
  // in 1 KiB chunks (the ciphertext hashed before an in-place decrypt
  // overwrites it).
  const size_t whole = len & ~size_t{15};
  if (whole) {
    size_t pos = 0;
    const GcmKernel* k = internal::GcmAccess::kernel(*key_);
    if (k != nullptr && !opening_ && k->seal_bulk_carry != nullptr) {
      size_t carried = carry_len_;
      pos = k->seal_bulk_carry(&a, &g, ip, op, whole, ctr_, ctr_public_, xi_,
                               carry_, &carried);
      carry_len_ = static_cast<uint16_t>(carried);
    }
    if (pos < whole) {
      flush_carry();
      if (k != nullptr)
        pos += (opening_ ? k->open_bulk : k->seal_bulk)(
            &a, &g, ip + pos, op + pos, whole - pos, ctr_, ctr_public_, xi_);
    }
    while (pos < whole) {
      const size_t n = whole - pos < kChunkBytes ? whole - pos : kChunkBytes;
      if (opening_) g.row->update(&g, xi_, ip + pos, n / 16);
      a.row->ctr32(&a, ip + pos, op + pos, n / 16, ctr_);
      if (!opening_) g.row->update(&g, xi_, op + pos, n / 16);
      inc32_by(ctr_, n / 16);
      pos += n;
    }
    ip += whole;
    op += whole;
    len -= whole;
  }
  if (len) {
    // A partial block of its own: one keystream block, the rest kept.
    std::memset(ks_, 0, 16);
    a.row->ctr32(&a, ks_, ks_, 1, ctr_);
    inc32_by(ctr_, 1);
    xor_partial(len);
  }
  return Status::kOk;
}

// flush_carry: hashes the ciphertext the kernel's carrying seal left
// (GcmKernel::seal_bulk_carry), before any other GHASH input.
void AesGcmStream::flush_carry() {
  if (carry_len_ == 0) return;
  const GhashKeyState& g = internal::GhashKeyAccess::state(key_->ghash_key());
  g.row->update(&g, xi_, carry_, carry_len_ / 16u);
  carry_len_ = 0;
}

// finish_full: the full 16-byte tag of everything fed: the partial block
// (AD's or data's), zero-padded, and the length block in one GHASH call.
Status AesGcmStream::finish_full(uint8_t full[16]) {
  flush_carry();
  const GhashKeyState& g = internal::GhashKeyAccess::state(key_->ghash_key());
  alignas(16) uint8_t fin[32];
  size_t blocks = 0;
  if (n_) {
    std::memcpy(fin, buf_, n_);
    std::memset(fin + n_, 0, 16u - n_);
    blocks = 1;
  }
  internal::store_be64(fin + 16 * blocks, ad_len_ * 8);
  internal::store_be64(fin + 16 * blocks + 8, len_ * 8);
  g.row->update(&g, xi_, fin, blocks + 1);
  for (int i = 0; i < 16; ++i) full[i] = xi_[i] ^ mask_[i];
  internal::secure_zero(fin, sizeof(fin));
  return Status::kOk;
}

Status AesGcmStream::finish(std::span<uint8_t> tag) {
  if (key_ == nullptr || !internal::GcmAccess::initialized(*key_))
    return Status::kNotInitialized;
  if (opening_) return Status::kBadState;
  if (tag.size() != key_->tag_len()) return Status::kInvalidTagLength;
  if (tag.data() == nullptr || !internal::spans_addressable(tag))
    return Status::kInvalidArgument;
  uint8_t full[16];
  finish_full(full);
  std::memcpy(tag.data(), full, tag.size());
  // A truncated tag's remaining bytes are secret: they are not output.
  internal::secure_zero(full, sizeof(full));
  clear();
  return Status::kOk;
}

Status AesGcmStream::verify(std::span<const uint8_t> tag) {
  if (key_ == nullptr || !internal::GcmAccess::initialized(*key_))
    return Status::kNotInitialized;
  if (!opening_) return Status::kBadState;
  if (tag.size() != key_->tag_len()) return Status::kInvalidTagLength;
  if (tag.data() == nullptr || !internal::spans_addressable(tag))
    return Status::kInvalidArgument;
  uint8_t expected[16];
  finish_full(expected);
  clear();
  return internal::tag_verdict(expected, tag.data(), tag.size());
}

void internal::GcmAccess::set_stream_data_len(AesGcmStream& s, uint64_t len) {
  s.len_ = len;
}

}  // namespace ctcrypto
