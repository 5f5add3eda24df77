// ccm.cc: AES-CCM (SP 800-38C, RFC 3610) over the AES row table.
//
// Formatting (SP 800-38C A.2, RFC 3610 2.2): B0 = flags || nonce || [len]_q
// with flags = 64*Adata + 8*((t-2)/2) + (q-1); then, when there is
// associated data, its length encoded in 2, 6 or 10 bytes (RFC 3610: a <
// 2^16 - 2^8; a < 2^32 with prefix ff fe; else prefix ff ff), the data, and
// zero padding to a block; then the message, zero-padded. The CBC-MAC of
// that string, truncated to t bytes and XORed with E(Ctr_0), is the tag.
// Counter block i is (q-1) || nonce || [i]_q; the message is encrypted with
// Ctr_1, Ctr_2, ...
//
// CBC-MAC is serial (each block's input depends on the previous output), so
// on its own it runs at one AES latency per block. Rows that keep several
// blocks in flight have a CCM kernel (ccm_kernel.h, chosen once by init()
// and kept in the key), which computes the keystream block of the same
// index in the MAC's latency shadow; without one the MAC goes through
// cbc_encrypt (into scratch) and the keystream through ctr32, chunk by
// chunk so the second pass reads L1-hot data.
//
// Short messages (at most kShortBytes): one ctr32 call from Ctr_0 yields
// the tag mask and the keystream together, and B0, the AD and the message
// go to the row's CBC in one call when they fit the MAC buffer.
//
// Counters: the rows increment the last 32 bits. A message shorter than
// 2^(8q) bytes has fewer than 2^(8q-4) blocks, so the counter never leaves
// its q-byte field; when q > 4 it can still pass a 2^32 boundary (messages
// of 64 GiB and more), so calls are split there and the carry propagated
// here (counters are public).
//
// Streaming (AesCcmStream, end of this file): the lengths are declared at
// start, so B0 and the AD's length encoding are formed there; the CBC-MAC
// chain, the counter and the partial block's keystream and MAC input are
// kept in the stream object between calls. AD chunks go through a one-block
// buffer (whole blocks straight from the caller); data chunks run their
// leading partial block on the kept keystream, their whole blocks through
// the key's kernel (or cbc_encrypt + ctr32 in 1 KiB pieces, as one-shot),
// and start a partial block of their own. The AD is padded to a block when
// its last byte arrives, so a data block is aligned for the MAC and the
// keystream alike and the kernel's one pass serves both.
//
// Constant time: lengths, counters and the nonce are public; plaintext, MAC
// state, keystream and tags are only XORed, copied and passed to the rows.
// open() decrypts, MACs the plaintext, compares the tag with
// ct_equal_mask and declassifies only that verdict; on failure it wipes the
// plaintext it wrote (internal::open_verdict, modes/aead_internal.h).
#include "ctcrypto/ccm.h"

#include <cstring>

#include "crypto/cpu/cpu.h"
#include "crypto/internal.h"
#include "crypto/aes/aes_key_access.h"
#include "crypto/modes/aead_internal.h"
#include "crypto/modes/cbc_mac_internal.h"
#include "crypto/modes/ccm_kernel.h"
#include "crypto/modes/ccm_access.h"

namespace ctcrypto {

namespace {

using internal::AesKeyState;

constexpr size_t kShortBytes = 64;     // message bytes sharing the S0 call
constexpr size_t kMacBufBytes = 128;   // CBC-MAC input batched per call
constexpr size_t kChunkBlocks = 64;    // two-pass chunk: 1 KiB

// CbcMac: the CBC-MAC chain over a byte stream, batching short pieces in a
// buffer so that B0, a short AD and a short message are one row call.
class CbcMac {
 public:
  explicit CbcMac(const AesKeyState& a) : a_(a) {}
  ~CbcMac() {
    internal::secure_zero(buf_, high_);
    internal::secure_zero(mac_, sizeof(mac_));
  }
  CbcMac(const CbcMac&) = delete;
  CbcMac& operator=(const CbcMac&) = delete;

  // n_ <= kMacBufBytes always; the room left is compared, not n_ + len,
  // which wraps for a length near SIZE_MAX and would pass to the memcpy.
  void absorb(const uint8_t* p, size_t len) {
    if (len <= kMacBufBytes - n_) {
      if (len) std::memcpy(buf_ + n_, p, len);
      n_ += len;
      note_high();
      return;
    }
    if (n_) {
      const size_t take = kMacBufBytes - n_;
      std::memcpy(buf_ + n_, p, take);
      p += take;
      len -= take;
      high_ = kMacBufBytes;
      blocks(buf_, kMacBufBytes / 16);
      n_ = 0;
    }
    const size_t whole = len & ~size_t{15};
    blocks(p, whole / 16);
    n_ = len - whole;
    if (n_) std::memcpy(buf_, p + whole, n_);
    note_high();
  }

  // pad: zero-fills to a block boundary (the formatting's padding).
  void pad() {
    const size_t r = (16 - n_ % 16) % 16;
    std::memset(buf_ + n_, 0, r);
    n_ += r;
    note_high();
  }

  // flush: runs the buffered blocks (call after pad()); mac() is then the
  // chain value over everything absorbed.
  void flush() {
    blocks(buf_, n_ / 16);
    n_ = 0;
  }

  uint8_t* mac() { return mac_; }

 private:
  void note_high() {
    if (n_ > high_) high_ = n_;
  }
  // blocks: n whole blocks into the chain.
  void blocks(const uint8_t* p, size_t n) {
    internal::cbc_mac_blocks(a_, mac_, p, n);
  }

  const AesKeyState& a_;
  alignas(16) uint8_t mac_[16] = {};
  alignas(16) uint8_t buf_[kMacBufBytes];
  size_t n_ = 0;
  size_t high_ = 0;  // bytes of buf_ ever written, for the wipe
};

// ctr_add: adds n to the q-byte big-endian counter field (bytes 16-q..15).
void ctr_add(uint8_t ctr[16], size_t q, uint64_t n) {
  for (size_t i = 15; n != 0 && i >= 16 - q; --i) {
    const uint64_t v = uint64_t{ctr[i]} + (n & 0xff);
    ctr[i] = static_cast<uint8_t>(v);
    n = (n >> 8) + (v >> 8);
  }
}

// for_ctr32_runs: calls f(blocks_now) for pieces of at most `max_blocks`
// that never pass a 2^32 boundary of the counter's last word, advancing
// `ctr` (with carry into the whole q-byte field) after each.
template <typename F>
void for_ctr32_runs(uint8_t ctr[16], size_t q, size_t blocks,
                    size_t max_blocks, F f) {
  while (blocks) {
    const uint64_t room =
        (uint64_t{1} << 32) - uint64_t{internal::load_be32(ctr + 12)};
    size_t n = blocks < max_blocks ? blocks : max_blocks;
    if (uint64_t{n} > room) n = static_cast<size_t>(room);
    f(n);
    ctr_add(ctr, q, n);
    blocks -= n;
  }
}

// ad_header: RFC 3610 2.2's encoding of l(a) > 0; returns its length.
size_t ad_header(uint64_t ad_len, uint8_t hdr[10]) {
  if (ad_len < 0xff00) {
    hdr[0] = static_cast<uint8_t>(ad_len >> 8);
    hdr[1] = static_cast<uint8_t>(ad_len);
    return 2;
  }
  if (ad_len <= 0xffffffffu) {
    hdr[0] = 0xff;
    hdr[1] = 0xfe;
    internal::store_be32(hdr + 2, static_cast<uint32_t>(ad_len));
    return 6;
  }
  hdr[0] = 0xff;
  hdr[1] = 0xff;
  internal::store_be64(hdr + 2, ad_len);
  return 10;
}

// crypt: the shared body of seal (decrypting = false) and open. Writes the
// full 16-byte tag (before truncation to tag_len) to tag_out.
void crypt(const AesKeyState& a, const internal::CcmKernel* k,
           bool decrypting, const uint8_t* nonce, size_t nonce_len, const uint8_t* in, uint8_t* out, size_t len,
           const uint8_t* ad, size_t ad_len, size_t tag_len,
           uint8_t tag_out[16]) {
  const size_t q = 15 - nonce_len;
  uint8_t b0[16], ctr[16];
  b0[0] = static_cast<uint8_t>((ad_len ? 0x40 : 0) | ((tag_len - 2) / 2) << 3 |
                               (q - 1));
  std::memcpy(b0 + 1, nonce, nonce_len);
  for (size_t i = 0; i < q; ++i)
    b0[15 - i] = i < 8 ? static_cast<uint8_t>(uint64_t{len} >> (8 * i)) : 0;
  ctr[0] = static_cast<uint8_t>(q - 1);
  std::memcpy(ctr + 1, nonce, nonce_len);
  std::memset(ctr + 1 + nonce_len, 0, q);

  CbcMac m(a);
  m.absorb(b0, 16);
  if (ad_len) {
    uint8_t hdr[10];
    m.absorb(hdr, ad_header(ad_len, hdr));
    m.absorb(ad, ad_len);
    m.pad();
  }

  uint8_t s0[16];
  if (len <= kShortBytes) {
    // One keystream call from Ctr_0: the tag mask, then the message.
    alignas(16) uint8_t ks[16 + kShortBytes];
    const size_t blocks = (len + 15) / 16;
    std::memset(ks, 0, 16);
    if (len) {
      std::memset(ks + 16 * blocks, 0, 16);
      std::memcpy(ks + 16, in, len);
    }
    if (!decrypting) m.absorb(in, len);
    a.row->ctr32(&a, ks, ks, 1 + blocks, ctr);
    if (decrypting) m.absorb(ks + 16, len);
    if (len) std::memcpy(out, ks + 16, len);
    std::memcpy(s0, ks, 16);
    internal::secure_zero(ks, 16 * (1 + blocks));
  } else {
    a.row->encrypt_block(&a, ctr, s0);
    ctr_add(ctr, q, 1);
    const size_t full = len / 16;
    size_t pos = 0;
    if (k != nullptr) {
      auto bulk = decrypting ? k->open_bulk : k->seal_bulk;
      m.flush();
      for_ctr32_runs(ctr, q, full, SIZE_MAX, [&](size_t n) {
        bulk(&a, in + pos, out + pos, n, ctr, m.mac());
        pos += 16 * n;
      });
    } else {
      for_ctr32_runs(ctr, q, full, kChunkBlocks, [&](size_t n) {
        if (!decrypting) m.absorb(in + pos, 16 * n);
        a.row->ctr32(&a, in + pos, out + pos, n, ctr);
        if (decrypting) m.absorb(out + pos, 16 * n);
        pos += 16 * n;
      });
    }
    const size_t rem = len - pos;
    if (rem) {
      alignas(16) uint8_t t[16] = {};
      std::memcpy(t, in + pos, rem);
      if (!decrypting) m.absorb(t, rem);
      a.row->ctr32(&a, t, t, 1, ctr);
      if (decrypting) m.absorb(t, rem);
      std::memcpy(out + pos, t, rem);
      internal::secure_zero(t, sizeof(t));
    }
  }
  m.pad();
  m.flush();
  for (int i = 0; i < 16; ++i) tag_out[i] = m.mac()[i] ^ s0[i];
  internal::secure_zero(s0, sizeof(s0));
}

bool valid_tag_len(size_t t) {
  return t >= kCcmMinTagLen && t <= kCcmTagLen && t % 2 == 0;
}

bool valid_nonce_len(size_t n) {
  return n >= kCcmMinNonceLen && n <= kCcmMaxNonceLen;
}

}  // namespace

uint64_t ccm_max_message_len(size_t nonce_len) {
  if (!valid_nonce_len(nonce_len)) return 0;
  const size_t q = 15 - nonce_len;
  const uint64_t field = q >= 8 ? UINT64_MAX : (uint64_t{1} << (8 * q)) - 1;
  return field < uint64_t{SIZE_MAX} ? field : uint64_t{SIZE_MAX};
}

Status AesCcm::init(std::span<const uint8_t> key, size_t tag_len,
                    size_t nonce_len) {
  return internal::CcmAccess::init_with_rows(
      *this, key, tag_len, nonce_len,
      internal::select_aes_row(internal::cpu_caps()));
}

Status internal::CcmAccess::init_with_rows(AesCcm& c,
                                           std::span<const uint8_t> key,
                                           size_t tag_len, size_t nonce_len,
                                           const AesRow* aes) {
  c.clear();
  if (!valid_tag_len(tag_len)) return Status::kInvalidTagLength;
  if (nonce_len != 0 && !valid_nonce_len(nonce_len))
    return Status::kInvalidNonceLength;
  Status st = AesKeyAccess::init_with_rows(c.aes_, key, aes);
  if (st != Status::kOk) return st;
  c.tag_len_ = tag_len;
  c.nonce_len_ = nonce_len;
  c.kernel_ = internal::find_ccm_kernel(internal::ccm_kernel_table(), aes);
  return Status::kOk;
}

Status AesCcm::init(std::span<const uint8_t> key, CcmProfile profile) {
  return internal::CcmAccess::init_with_rows(
      *this, key, profile, internal::select_aes_row(internal::cpu_caps()));
}

Status internal::CcmAccess::init_with_rows(AesCcm& c,
                                           std::span<const uint8_t> key,
                                           CcmProfile profile,
                                           const AesRow* aes) {
  c.clear();
  // The profiles are AES-128 instances.
  if (key.size() != 16) return Status::kInvalidKeyLength;
  size_t tag_len = 0;
  switch (profile) {
    case CcmProfile::kBluetooth: tag_len = 4; break;
    case CcmProfile::kBluetooth8: tag_len = 8; break;
    case CcmProfile::kMatter: tag_len = 16; break;
  }
  if (tag_len == 0) return Status::kInvalidArgument;
  return init_with_rows(c, key, tag_len, kCcmMaxNonceLen, aes);
}

void AesCcm::clear() {
  internal::secure_zero(&aes_, sizeof(aes_));
  tag_len_ = 0;
  nonce_len_ = 0;
  kernel_ = nullptr;
}

Status AesCcm::check(std::span<const uint8_t> nonce,
                     std::span<const uint8_t> in,
                     std::span<const uint8_t> ad) const {
  if (!internal::AesKeyAccess::initialized(aes_) || tag_len_ == 0)
    return Status::kNotInitialized;
  if ((nonce.data() == nullptr && !nonce.empty()) ||
      (in.data() == nullptr && !in.empty()) ||
      (ad.data() == nullptr && !ad.empty()))
    return Status::kInvalidArgument;
  if (!valid_nonce_len(nonce.size()) ||
      (nonce_len_ != 0 && nonce.size() != nonce_len_))
    return Status::kInvalidNonceLength;
  return Status::kOk;
}

Status AesCcm::seal_detached(std::span<uint8_t> out, std::span<uint8_t> tag,
                             std::span<const uint8_t> nonce,
                             std::span<const uint8_t> in,
                             std::span<const uint8_t> ad) const {
  Status st = check(nonce, in, ad);
  if (st != Status::kOk) return st;
  if (uint64_t{in.size()} > ccm_max_message_len(nonce.size()))
    return Status::kMessageTooLong;
  if (tag.size() != tag_len_) return Status::kInvalidTagLength;
  st = internal::check_detached_io(out, tag, in, nonce, ad);
  if (st != Status::kOk) return st;
  uint8_t full[16];
  crypt(internal::AesKeyAccess::state(aes_),
        internal::CcmAccess::kernel(*this),
        false, nonce.data(), nonce.size(),
        in.data(), out.data(), in.size(), ad.data(), ad.size(), tag_len_, full);
  std::memcpy(tag.data(), full, tag_len_);
  internal::secure_zero(full, sizeof(full));
  return Status::kOk;
}

Status AesCcm::seal(std::span<uint8_t> out, size_t* out_len,
                    std::span<const uint8_t> nonce, std::span<const uint8_t> in,
                    std::span<const uint8_t> ad) const {
  Status st = check(nonce, in, ad);
  if (st != Status::kOk) return st;
  return internal::seal_combined(*this, tag_len_,
                                 ccm_max_message_len(nonce.size()), out,
                                 out_len, nonce, in, ad);
}

Status AesCcm::open_detached(std::span<uint8_t> out,
                             std::span<const uint8_t> nonce,
                             std::span<const uint8_t> in,
                             std::span<const uint8_t> tag,
                             std::span<const uint8_t> ad) const {
  Status st = check(nonce, in, ad);
  if (st != Status::kOk) return st;
  if (uint64_t{in.size()} > ccm_max_message_len(nonce.size()))
    return Status::kMessageTooLong;
  if (tag.size() != tag_len_) return Status::kInvalidTagLength;
  st = internal::check_detached_io(out, tag, in, nonce, ad);
  if (st != Status::kOk) return st;
  // The received tag is copied first: it must be intact for the compare.
  uint8_t received[16], expected[16];
  std::memcpy(received, tag.data(), tag_len_);
  crypt(internal::AesKeyAccess::state(aes_),
        internal::CcmAccess::kernel(*this),
        true, nonce.data(), nonce.size(),
        in.data(), out.data(), in.size(), ad.data(), ad.size(), tag_len_,
        expected);
  return internal::open_verdict(expected, received, tag_len_, out.data(),
                                in.size());
}

Status AesCcm::open(std::span<uint8_t> out, size_t* out_len,
                    std::span<const uint8_t> nonce, std::span<const uint8_t> in,
                    std::span<const uint8_t> ad) const {
  Status st = check(nonce, in, ad);
  if (st != Status::kOk) return st;
  return internal::open_combined(*this, tag_len_,
                                 ccm_max_message_len(nonce.size()), out,
                                 out_len, nonce, in, ad);
}

// --- AesCcmStream -------------------------------------------------------------

void AesCcmStream::clear() {
  internal::secure_zero(static_cast<void*>(this), sizeof(*this));
}

Status AesCcmStream::start_seal(const AesCcm& key,
                                std::span<const uint8_t> nonce,
                                uint64_t ad_len, uint64_t msg_len) {
  return start(key, nonce, ad_len, msg_len, false);
}

Status AesCcmStream::start_open(const AesCcm& key,
                                std::span<const uint8_t> nonce,
                                uint64_t ad_len, uint64_t msg_len) {
  return start(key, nonce, ad_len, msg_len, true);
}

Status AesCcmStream::start(const AesCcm& key, std::span<const uint8_t> nonce,
                           uint64_t ad_len, uint64_t msg_len, bool opening) {
  clear();
  if (!internal::AesKeyAccess::initialized(key.aes_key()) ||
      key.tag_len() == 0)
    return Status::kNotInitialized;
  if (nonce.data() == nullptr && !nonce.empty())
    return Status::kInvalidArgument;
  if (!valid_nonce_len(nonce.size()) ||
      (key.nonce_len() != 0 && nonce.size() != key.nonce_len()))
    return Status::kInvalidNonceLength;
  if (!internal::spans_addressable(nonce)) return Status::kInvalidArgument;
  // The length field's own limit: a stream is not bound by size_t.
  const size_t q = 15 - nonce.size();
  const uint64_t field = q >= 8 ? UINT64_MAX : (uint64_t{1} << (8 * q)) - 1;
  if (msg_len > field) return Status::kMessageTooLong;

  const AesKeyState& a = internal::AesKeyAccess::state(key.aes_key());
  uint8_t b0[16];
  b0[0] = static_cast<uint8_t>((ad_len ? 0x40 : 0) |
                               ((key.tag_len() - 2) / 2) << 3 | (q - 1));
  std::memcpy(b0 + 1, nonce.data(), nonce.size());
  for (size_t i = 0; i < q; ++i)
    b0[15 - i] = i < 8 ? static_cast<uint8_t>(msg_len >> (8 * i)) : 0;
  internal::cbc_mac_blocks(a, x_, b0, 1);
  internal::secure_zero(b0, sizeof(b0));  // the chain's first input
  ctr_[0] = static_cast<uint8_t>(q - 1);
  std::memcpy(ctr_ + 1, nonce.data(), nonce.size());
  a.row->encrypt_block(&a, ctr_, s0_);
  ctr_add(ctr_, q, 1);
  if (ad_len) n_ = static_cast<uint8_t>(ad_header(ad_len, buf_));
  key_ = &key;
  ad_left_ = ad_len;
  len_left_ = msg_len;
  q_ = static_cast<uint8_t>(q);
  opening_ = opening;
  return Status::kOk;
}

// mac_absorb: len bytes into the CBC-MAC through the one-block buffer buf_
// (n_ bytes held, < 16): completes it, chains whole blocks straight from p,
// keeps the tail.
void AesCcmStream::mac_absorb(const uint8_t* p, size_t len) {
  const AesKeyState& a = internal::AesKeyAccess::state(key_->aes_key());
  if (n_) {
    const size_t take = len < 16u - n_ ? len : 16u - n_;
    std::memcpy(buf_ + n_, p, take);
    n_ = static_cast<uint8_t>(n_ + take);
    p += take;
    len -= take;
    if (n_ < 16) return;
    internal::cbc_mac_blocks(a, x_, buf_, 1);
    n_ = 0;
  }
  const size_t blocks = len / 16;
  internal::cbc_mac_blocks(a, x_, p, blocks);
  const size_t tail = len % 16;
  if (tail) std::memcpy(buf_, p + 16 * blocks, tail);
  n_ = static_cast<uint8_t>(tail);
}

Status AesCcmStream::update_ad(std::span<const uint8_t> ad) {
  if (key_ == nullptr || !internal::AesKeyAccess::initialized(key_->aes_key()))
    return Status::kNotInitialized;
  if ((ad.data() == nullptr && !ad.empty()) ||
      !internal::spans_addressable(ad))
    return Status::kInvalidArgument;
  if (uint64_t{ad.size()} > ad_left_) return Status::kInvalidLength;
  if (ad.empty()) return Status::kOk;
  mac_absorb(ad.data(), ad.size());
  ad_left_ -= ad.size();
  if (ad_left_ == 0 && n_) {
    // The AD's last byte: zero padding to a block, so that the message
    // starts block-aligned.
    std::memset(buf_ + n_, 0, 16u - n_);
    internal::cbc_mac_blocks(internal::AesKeyAccess::state(key_->aes_key()),
                             x_, buf_, 1);
    n_ = 0;
  }
  return Status::kOk;
}

Status AesCcmStream::update(std::span<uint8_t> out,
                            std::span<const uint8_t> in) {
  if (key_ == nullptr || !internal::AesKeyAccess::initialized(key_->aes_key()))
    return Status::kNotInitialized;
  if (Status st = internal::check_stream_io(out, in); st != Status::kOk)
    return st;
  if (ad_left_ != 0 || uint64_t{in.size()} > len_left_)
    return Status::kInvalidLength;
  const AesKeyState& a = internal::AesKeyAccess::state(key_->aes_key());
  const uint8_t* ip = in.data();
  uint8_t* op = out.data();
  size_t len = in.size();
  len_left_ -= len;
  len_done_ += len;
  // In the data phase n_ is the partial block's offset for the MAC and the
  // keystream alike (the AD was padded to a block).
  const auto xor_partial = [&](size_t take) {
    for (size_t i = 0; i < take; ++i) {
      const uint8_t x = ip[i];
      const uint8_t y = static_cast<uint8_t>(x ^ ks_[n_ + i]);
      buf_[n_ + i] = opening_ ? y : x;  // the MAC is over the plaintext
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
    internal::cbc_mac_blocks(a, x_, buf_, 1);
    n_ = 0;
  }
  const size_t blocks = len / 16;
  if (blocks) {
    size_t pos = 0;
    const internal::CcmKernel* k = internal::CcmAccess::kernel(*key_);
    if (k != nullptr) {
      auto bulk = opening_ ? k->open_bulk : k->seal_bulk;
      for_ctr32_runs(ctr_, q_, blocks, SIZE_MAX, [&](size_t n) {
        bulk(&a, ip + pos, op + pos, n, ctr_, x_);
        pos += 16 * n;
      });
    } else {
      for_ctr32_runs(ctr_, q_, blocks, kChunkBlocks, [&](size_t n) {
        if (!opening_) internal::cbc_mac_blocks(a, x_, ip + pos, n);
        a.row->ctr32(&a, ip + pos, op + pos, n, ctr_);
        if (opening_) internal::cbc_mac_blocks(a, x_, op + pos, n);
        pos += 16 * n;
      });
    }
    ip += 16 * blocks;
    op += 16 * blocks;
    len -= 16 * blocks;
  }
  if (len) {
    std::memset(ks_, 0, 16);
    a.row->ctr32(&a, ks_, ks_, 1, ctr_);
    ctr_add(ctr_, q_, 1);
    xor_partial(len);
  }
  return Status::kOk;
}

// finish_full: the full tag once every declared byte has come: the partial
// data block, zero-padded, ends the MAC.
Status AesCcmStream::finish_full(uint8_t full[16]) {
  if (ad_left_ != 0 || len_left_ != 0) return Status::kInvalidLength;
  if (n_) {
    std::memset(buf_ + n_, 0, 16u - n_);
    internal::cbc_mac_blocks(internal::AesKeyAccess::state(key_->aes_key()),
                             x_, buf_, 1);
    n_ = 0;
  }
  for (int i = 0; i < 16; ++i) full[i] = x_[i] ^ s0_[i];
  return Status::kOk;
}

Status AesCcmStream::finish(std::span<uint8_t> tag) {
  if (key_ == nullptr || !internal::AesKeyAccess::initialized(key_->aes_key()))
    return Status::kNotInitialized;
  if (opening_) return Status::kBadState;
  if (tag.size() != key_->tag_len()) return Status::kInvalidTagLength;
  if (tag.data() == nullptr || !internal::spans_addressable(tag))
    return Status::kInvalidArgument;
  uint8_t full[16];
  Status st = finish_full(full);
  if (st != Status::kOk) return st;
  std::memcpy(tag.data(), full, tag.size());
  internal::secure_zero(full, sizeof(full));
  clear();
  return Status::kOk;
}

Status AesCcmStream::verify(std::span<const uint8_t> tag) {
  if (key_ == nullptr || !internal::AesKeyAccess::initialized(key_->aes_key()))
    return Status::kNotInitialized;
  if (!opening_) return Status::kBadState;
  if (tag.size() != key_->tag_len()) return Status::kInvalidTagLength;
  if (tag.data() == nullptr || !internal::spans_addressable(tag))
    return Status::kInvalidArgument;
  uint8_t expected[16];
  Status st = finish_full(expected);
  if (st != Status::kOk) return st;
  clear();
  return internal::tag_verdict(expected, tag.data(), tag.size());
}

}  // namespace ctcrypto
