// tls_cbc.cc: TLS 1.0-1.2 CBC records (HMAC, TLS padding, AES-CBC) as
// AEADs, with a constant-time open().
//
// Technique. Sealing is straightforward (all lengths public). Opening must
// not reveal, through timing, anything about the decrypted record: whether
// its padding was valid, how long the padding was (hence the plaintext
// length), or how much of the MAC matched (Lucky Thirteen, AlFardan and
// Paterson 2013). The record length n is public; the padding length, and
// with it the plaintext length and the MAC position, are secret, but
// confined to a window of 256 values. open() therefore:
//
//  1. Decrypts the whole record with the AES key's row: everything but
//     the last T bytes straight into the caller's buffer, the last T bytes
//     (T = MAC + 256 rounded up to blocks, or n) into a stack buffer, since
//     that is where MAC and padding may lie.
//  2. Checks the padding with masks over the largest possible padding
//     (min(n, 256) bytes), whatever the last byte says.
//  3. Computes HMAC over ad || len || plaintext for the secret length with
//     a fixed number of compression calls (tls_hmac_ct): blocks that lie
//     before every possible end of the message are hashed normally; each
//     block that may hold the end (or the 0x80 terminator, or the length
//     field) is built with masks by position, compressed, and its output
//     kept by mask only if it is the true final block.
//  4. Extracts the received MAC from its secret offset (tls_extract_mac_ct):
//     one pass over the window folds byte i into slot i mod mac_len, which
//     yields the MAC rotated by a secret amount; the rotation is undone by
//     log2(mac_len) conditional rotations by 1, 2, 4, ... selected on the
//     bits of the amount. This is O(N + m log m) with no secret-dependent
//     memory index, instead of the O(N * m) of selecting each MAC byte from
//     every window position.
//  5. Compares MACs in constant time, folds padding and MAC results into
//     one mask, copies the plaintext tail out masked to the secret length,
//     and only then branches on the mask (declassified: it is the result),
//     zeroing the whole output of a record that failed.
//
// Every "position < secret length" test of steps 3-5 reads one mask array
// computed once per record (TlsBeforeMask) at a public position.
//
// Constant-time argument: every loop bound and index above is a function
// of public lengths (n, the MAC length, the hash block size); secret values
// enter only through all-ones/all-zeros masks (kept opaque to the compiler
// with value_barrier) and through the hash compression function, which
// itself is constant time in its data. The AES rows are constant time.
#include "ctcrypto/tls_cbc.h"

#include <cstddef>
#include <cstring>

#include "crypto/aes/aes_key_access.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ct.h"
#include "crypto/hash/sha_row.h"
#include "crypto/internal.h"
#include "crypto/tls/tls_cbc_access.h"
#include "crypto/tls/tls_cbc_internal.h"
#include "crypto/tls/tls_cbc_kernel.h"

namespace ctcrypto {
namespace internal {


void tls_rotate_left_ct(uint8_t* buf, size_t len, size_t offset) {
  uint8_t tmp[kTlsMaxMacLen];
  for (size_t shift = 0, k = 1; k < len; ++shift, k <<= 1) {
    const uint64_t keep_rotated =
        0 - static_cast<uint64_t>(value_barrier((offset >> shift) & 1));
    // tmp = buf rotated left by k (public), then kept or not under the
    // mask, eight bytes per step.
    std::memcpy(tmp, buf + k, len - k);
    std::memcpy(tmp + (len - k), buf, k);
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
      uint64_t r, b;
      std::memcpy(&r, tmp + i, 8);
      std::memcpy(&b, buf + i, 8);
      b = (r & keep_rotated) | (b & ~keep_rotated);
      std::memcpy(buf + i, &b, 8);
    }
    for (; i < len; ++i)
      buf[i] = static_cast<uint8_t>((tmp[i] & keep_rotated) |
                                    (buf[i] & ~keep_rotated));
  }
  secure_zero(tmp, sizeof(tmp));
}

void tls_extract_mac_ct(uint8_t* out, size_t mac_len, const uint8_t* window,
                        size_t len, size_t mac_pos) {
  // [i < mac_pos] for i in [-mac_len, len): the base wraps below zero.
  const TlsBeforeMask before(0 - mac_len, len + mac_len, mac_pos);
  tls_extract_mac_ct(out, mac_len, window, len, mac_pos, before, 0);
}

namespace {

// fold_masked<W>: acc[0 .. sizeof W) |= the bytes of win that lie in the
// MAC, win[0] being record position p: not before mac_pos ([p < mac_pos]
// clear) while p - mac_len is.
template <class W>
void fold_masked(uint8_t* acc, const uint8_t* win, const TlsBeforeMask& before,
                 size_t p, size_t mac_len) {
  W w, a;
  std::memcpy(&w, win, sizeof(W));
  std::memcpy(&a, acc, sizeof(W));
  a |= static_cast<W>(w & ~before.masks<W>(p) & before.masks<W>(p - mac_len));
  std::memcpy(acc, &a, sizeof(W));
}

}  // namespace

void tls_extract_mac_ct(uint8_t* out, size_t mac_len, const uint8_t* window,
                        size_t len, size_t mac_pos, const TlsBeforeMask& before,
                        size_t win_pos) {
  uint8_t acc[kTlsMaxMacLen] = {};
  // Window byte i is in the MAC iff it is not before mac_pos and byte
  // i - mac_len is. The window is read in chunks of mac_len bytes, so byte
  // k of a chunk folds into slot k = i mod mac_len with no index
  // arithmetic, eight or four bytes per step where the chunk and the
  // window leave room (all of it public).
  for (size_t c = 0; c < len; c += mac_len) {
    for (size_t k = 0; k < mac_len && c + k < len;) {
      const size_t i = c + k;
      const size_t p = win_pos + i;
      const size_t room = mac_len - k < len - i ? mac_len - k : len - i;
      const size_t step = room >= 8 ? 8 : room >= 4 ? 4 : 1;
      if (step == 8) {
        fold_masked<uint64_t>(acc + k, window + i, before, p, mac_len);
      } else if (step == 4) {
        fold_masked<uint32_t>(acc + k, window + i, before, p, mac_len);
      } else {
        fold_masked<uint8_t>(acc + k, window + i, before, p, mac_len);
      }
      k += step;
    }
  }
  // The MAC's first byte landed in slot mac_pos mod mac_len: that is the
  // rotation to undo. The remainder by restoring division: subtract
  // mac_len * 2^k, largest k first, wherever it fits (a mask), so no
  // division instruction (variable time on many cores) sees the secret.
  size_t top = mac_len;
  while (top <= len) top <<= 1;  // public; mac_pos < len <= top
  size_t rotation = mac_pos;
  for (size_t sub = top; sub >= mac_len; sub >>= 1)
    rotation = ct_select(ct_ge_mask(rotation, sub), rotation - sub, rotation);
  tls_rotate_left_ct(acc, mac_len, rotation);
  std::memcpy(out, acc, mac_len);
  secure_zero(acc, sizeof(acc));
}

size_t tls_padding_check_ct(const uint8_t* rec, size_t len, size_t mac_len,
                            size_t* padding_len) {
  const size_t pad = rec[len - 1];
  const size_t plen = pad + 1;
  // The padding (and its length byte) must leave room for the MAC.
  size_t good = ct_ge_mask(len, plen + mac_len);
  const size_t to_check = len < kTlsMaxPadding ? len : kTlsMaxPadding;
  // Byte q is padding iff q >= len - plen; eight bytes per step compared
  // with the pad value broadcast. (When plen > len, len - plen wraps, no
  // byte counts as padding, and `good` is already false above.)
  uint64_t pad_word = pad;
  pad_word |= pad_word << 8;
  pad_word |= pad_word << 16;
  pad_word |= pad_word << 32;
  const size_t pad_start = len - plen;
  uint64_t diff = 0;
  size_t q = len - to_check;
  for (; q + 8 <= len; q += 8) {
    uint64_t w;
    std::memcpy(&w, rec + q, 8);
    diff |= (w ^ pad_word) & ~ct_bytes_before_mask(q, pad_start);
  }
  for (; q < len; ++q) {
    const size_t in_pad = ct_ge_mask(value_barrier(q), pad_start);
    diff |= (rec[q] ^ pad) & in_pad;
  }
  good &= ct_is_zero_mask64(diff);
  *padding_len = ct_select(good, plen, 1);
  return good;
}

namespace {

// Stream: the inner-hash message after the ipad block, header || a || b,
// readable up to `end` (public); positions past `end` read as zero.
struct Stream {
  const uint8_t* hdr;  // 13 bytes
  const uint8_t* a;
  size_t a_len;
  const uint8_t* b;
  size_t end;

  // gather: dst = stream[pos, pos + n), by public position.
  void gather(size_t pos, size_t n, uint8_t* dst) const {
    size_t done = 0;
    while (done < n) {
      const size_t p = pos + done;
      if (p >= end) {
        std::memset(dst + done, 0, n - done);
        return;
      }
      const uint8_t* src;
      size_t avail;
      if (p < 13) {
        src = hdr + p;
        avail = 13 - p;
      } else if (p - 13 < a_len) {
        src = a + (p - 13);
        avail = a_len - (p - 13);
      } else {
        src = b + (p - 13 - a_len);
        avail = end - p;
      }
      if (avail > end - p) avail = end - p;
      if (avail > n - done) avail = n - done;
      std::memcpy(dst + done, src, avail);
      done += avail;
    }
  }
};

}  // namespace

void tls_hmac_span(const HashAlg& alg, size_t min_data_len,
                   size_t max_data_len, size_t* lo, size_t* hi) {
  const size_t block_shift = alg.block_len == 128 ? 7 : 6;
  const size_t first_var = (13 + min_data_len) >> block_shift;
  const size_t last_var = (13 + max_data_len + alg.length_len) >> block_shift;
  // Stream positions [first_var * bl - 1, (last_var + 1) * bl), less the
  // header: the masked blocks read [s < m] and [s - 1 < m].
  *lo = first_var * alg.block_len - 14;
  *hi = (last_var + 1) * alg.block_len - 13;
}

void tls_hmac_ct(const HmacKeyState& key, const uint8_t ad[11],
                 const uint8_t* a, size_t a_len, const uint8_t* b,
                 size_t b_len, size_t data_len, size_t min_data_len,
                 size_t max_data_len, uint8_t* out) {
  size_t lo, hi;
  tls_hmac_span(*key.alg, min_data_len, max_data_len, &lo, &hi);
  const TlsBeforeMask before(lo, hi - lo, data_len);
  tls_hmac_ct(key, ad, a, a_len, b, b_len, data_len, min_data_len,
              max_data_len, out, before);
}

void tls_hmac_ct(const HmacKeyState& key, const uint8_t ad[11],
                 const uint8_t* a, size_t a_len, const uint8_t* b,
                 size_t /*b_len*/, size_t data_len, size_t min_data_len,
                 size_t max_data_len, uint8_t* out,
                 const TlsBeforeMask& before) {
  const HashAlg& alg = *key.alg;
  // The key's row: every compression below runs on it, the same number
  // of times for every secret data_len.
  const ShaRow& sha = *key.sha;
  const size_t bl = alg.block_len;
  const size_t block_shift = bl == 128 ? 7 : 6;
  const size_t ll = alg.length_len;

  uint8_t hdr[13];
  std::memcpy(hdr, ad, 11);
  hdr[11] = static_cast<uint8_t>(data_len >> 8);
  hdr[12] = static_cast<uint8_t>(data_len);

  // m: the secret message length (after the ipad block); m_lo..m_hi its
  // public range.
  const size_t m = 13 + data_len;
  const size_t m_lo = 13 + min_data_len;
  const size_t m_hi = 13 + max_data_len;
  const Stream s{hdr, a, a_len, b, m_hi};

  HashState st = key.inner;
  uint8_t block[kHashMaxBlockLen];

  // Blocks [0, first_var) end before m_lo <= m: plain message blocks.
  const size_t first_var = m_lo >> block_shift;
  for (size_t j = 0; j < first_var;) {
    const size_t p = j * bl;
    if (p >= 13 && p + bl <= 13 + a_len) {
      // A run of whole blocks inside `a`: hash in place.
      size_t run = (13 + a_len - p) >> block_shift;
      if (run > first_var - j) run = first_var - j;
      sha.compress(&st, a + (p - 13), run);
      j += run;
    } else {
      s.gather(p, bl, block);
      sha.compress(&st, block, 1);
      ++j;
    }
  }

  // Blocks [first_var, last_var]: any of them may be the final block.
  const size_t final_block = value_barrier((m + ll) >> block_shift);
  const size_t last_var = (m_hi + ll) >> block_shift;
  const uint64_t bits = (uint64_t{bl} + m) * 8;
  uint8_t len_field[16] = {};
  for (size_t q = 0; q < 8; ++q)
    len_field[ll - 1 - q] = static_cast<uint8_t>(bits >> (8 * q));
  HashState result{};
  for (size_t j = first_var; j <= last_var; ++j) {
    const size_t base = j * bl;
    s.gather(base, bl, block);
    // Eight bytes per step: message bytes before m, 0x80 at m, zeros after.
    // Stream position s is data position s - 13: [s < m] is the mask at
    // s - 13, [s < m + 1] the one at s - 14.
    for (size_t i = 0; i < bl; i += 8) {
      uint64_t w;
      std::memcpy(&w, block + i, 8);
      const uint64_t in_msg = before.word(base + i - 13);
      const uint64_t at = before.word(base + i - 14) & ~in_msg;
      w = (w & in_msg) | (0x8080808080808080 & at);
      std::memcpy(block + i, &w, 8);
    }
    const size_t is_final = ct_eq_mask(value_barrier(j), final_block);
    for (size_t q = 0; q < ll; ++q)
      block[bl - ll + q] |= static_cast<uint8_t>(len_field[q] & is_final);
    sha.compress(&st, block, 1);
    const uint64_t keep = 0 - static_cast<uint64_t>(is_final & 1);
    for (size_t w = 0; w < 8; ++w) result.w[w] |= st.w[w] & keep;
  }

  uint8_t inner[kHashMaxDigestLen];
  hash_output(alg, result, inner);
  hmac_outer(key, inner, out);
  secure_zero(inner, sizeof(inner));
  secure_zero(block, sizeof(block));
  secure_zero(&st, sizeof(st));
  secure_zero(&result, sizeof(result));
  secure_zero(hdr, sizeof(hdr));
}

}  // namespace internal

namespace {

using internal::ct_lt_mask;

constexpr TlsCbcSuiteInfo kSuites[] = {
    {"aes-128-cbc-sha1-tls", HashAlgorithm::kSha1, 20, 16, false},
    {"aes-128-cbc-sha256-tls", HashAlgorithm::kSha256, 32, 16, false},
    {"aes-256-cbc-sha1-tls", HashAlgorithm::kSha1, 20, 32, false},
    {"aes-256-cbc-sha256-tls", HashAlgorithm::kSha256, 32, 32, false},
    {"aes-256-cbc-sha384-tls", HashAlgorithm::kSha384, 48, 32, false},
    {"aes-128-cbc-sha1-tls-implicit-iv", HashAlgorithm::kSha1, 20, 16, true},
    {"aes-256-cbc-sha1-tls-implicit-iv", HashAlgorithm::kSha1, 20, 32, true},
};

// kTail: the bytes at the end of a record that may hold MAC or padding
// (largest MAC + largest padding), in whole blocks.
constexpr size_t kTail =
    (internal::kTlsMaxMacLen + internal::kTlsMaxPadding + 15) / 16 * 16;

}  // namespace

const TlsCbcSuiteInfo& tls_cbc_suite_info(TlsCbcSuite suite) {
  return kSuites[static_cast<size_t>(suite)];
}

bool tls_cbc_suite_from_name(const char* name, TlsCbcSuite* suite) {
  if (name == nullptr) return false;
  for (size_t i = 0; i < sizeof(kSuites) / sizeof(kSuites[0]); ++i) {
    if (std::strcmp(kSuites[i].name, name) == 0) {
      *suite = static_cast<TlsCbcSuite>(i);
      return true;
    }
  }
  return false;
}

Status TlsCbcAead::init(TlsCbcSuite suite, std::span<const uint8_t> key,
                        size_t tag_len) {
  return internal::TlsCbcAccess::init_with_rows(
      *this, suite, key, tag_len,
      internal::select_aes_row(internal::cpu_caps()));
}

Status internal::TlsCbcAccess::init_with_rows(TlsCbcAead& t,
                                              TlsCbcSuite suite,
                                              std::span<const uint8_t> key,
                                              size_t tag_len,
                                              const AesRow* aes) {
  const size_t idx = static_cast<size_t>(suite);
  if (idx >= sizeof(kSuites) / sizeof(kSuites[0])) {
    t.clear();
    return Status::kInvalidArgument;
  }
  const HashAlg& alg = alg_of(kSuites[idx].hash);
  return init_with_rows(t, suite, key, tag_len, aes,
                        select_sha_row(alg.family, cpu_caps()));
}

Status internal::TlsCbcAccess::init_with_rows(TlsCbcAead& t,
                                              TlsCbcSuite suite,
                                              std::span<const uint8_t> key,
                                              size_t tag_len,
                                              const AesRow* aes,
                                              const ShaRow* sha) {
  t.clear();
  const size_t idx = static_cast<size_t>(suite);
  if (idx >= sizeof(kSuites) / sizeof(kSuites[0]))
    return Status::kInvalidArgument;
  const TlsCbcSuiteInfo& info = kSuites[idx];
  const internal::HashAlg& alg = internal::alg_of(info.hash);
  if (key.size() != info.key_len()) return Status::kInvalidKeyLength;
  if (key.data() == nullptr) return Status::kInvalidArgument;
  if (tag_len != 0 && tag_len != info.mac_key_len)
    return Status::kInvalidTagLength;
  if (!internal::sha_row_usable(alg, sha)) return Status::kUnsupported;
  Status s = AesKeyAccess::init_with_rows(
      t.aes_, key.subspan(info.mac_key_len, info.enc_key_len), aes);
  if (s != Status::kOk) return s;
  internal::hmac_key_setup(&mac(t), alg, sha, key.data(), info.mac_key_len);
  internal::scrub_stack();  // the key block's message schedule, states
  if (info.implicit_iv)
    std::memcpy(t.iv_, key.data() + info.mac_key_len + info.enc_key_len, 16);
  t.info_ = &info;
  t.kernel_ = internal::find_tls_cbc_kernel(internal::tls_cbc_kernel_table(),
                                            aes, sha);
  return Status::kOk;
}

size_t TlsCbcAead::mac_len() const {
  const internal::HmacKeyState& k = internal::TlsCbcAccess::mac(*this);
  return k.alg ? k.alg->digest_len : 0;
}

const char* TlsCbcAead::sha_row_name() const {
  const internal::HmacKeyState& k = internal::TlsCbcAccess::mac(*this);
  return k.sha ? k.sha->name : "none";
}

void TlsCbcAead::clear() {
  aes_.clear();
  internal::secure_zero(mac_, sizeof(mac_));
  internal::secure_zero(iv_, sizeof(iv_));
  info_ = nullptr;
  kernel_ = nullptr;
}

size_t TlsCbcAead::seal_len(size_t in_len) const {
  // Beyond the record limit seal() refuses; 0 instead of a sum that could
  // wrap on 32-bit targets.
  if (in_len > 0xffff) return 0;
  const size_t ml = mac_len();
  return in_len + ml + (16 - (in_len + ml) % 16);
}

Status TlsCbcAead::check_common(std::span<const uint8_t> nonce,
                                std::span<const uint8_t> ad,
                                std::span<const uint8_t> in,
                                std::span<const uint8_t> out,
                                const size_t* out_len) const {
  if (!internal::AesKeyAccess::initialized(aes_))
    return Status::kNotInitialized;
  if (nonce.size() != info_->nonce_len()) return Status::kInvalidNonceLength;
  if (ad.size() != kTlsCbcAdLen) return Status::kInvalidLength;
  if (nonce.data() == nullptr && !nonce.empty()) return Status::kInvalidArgument;
  if (ad.data() == nullptr) return Status::kInvalidArgument;
  if (out_len == nullptr || (in.data() == nullptr && !in.empty()) ||
      (out.data() == nullptr && !out.empty()))
    return Status::kInvalidArgument;
  return Status::kOk;
}

Status TlsCbcAead::seal(std::span<uint8_t> out, size_t* out_len,
                        std::span<const uint8_t> nonce,
                        std::span<const uint8_t> in,
                        std::span<const uint8_t> ad) {
  Status st = check_common(nonce, ad, in, out, out_len);
  if (st != Status::kOk) return st;
  if (in.size() > 0xffff) return Status::kMessageTooLong;
  const size_t total = seal_len(in.size());
  if (out.size() < total) return Status::kOutputTooSmall;
  if (internal::overlaps_inexactly(in.data(), in.size(), out.data(), total))
    return Status::kOverlappingBuffers;
  if (!internal::spans_addressable(nonce, ad, in, out))
    return Status::kInvalidArgument;

  const size_t ml = mac_len();
  const size_t full = in.size() / 16;
  const size_t rem = in.size() % 16;
  // tail: the last partial block of plaintext, the MAC and the padding.
  uint8_t tail[16 + internal::kTlsMaxMacLen + 16];
  const size_t tail_len = total - full * 16;
  if (rem) std::memcpy(tail, in.data() + full * 16, rem);

  internal::HashCtx c;
  internal::hmac_ctx_start(internal::TlsCbcAccess::mac(*this), &c);
  uint8_t len_be[2] = {static_cast<uint8_t>(in.size() >> 8),
                       static_cast<uint8_t>(in.size())};
  internal::hash_ctx_update(&c, ad.data(), ad.size());
  internal::hash_ctx_update(&c, len_be, 2);

  // MAC-then-encrypt, yet the whole plaintext blocks need not wait for the
  // MAC: they are hashed and CBC-encrypted as they come, the CBC chain (one
  // AES latency per block) and the hash's compression chain being two
  // serial dependency chains that could share the core. Rows with a
  // stitched loop interleave them instruction by instruction (below);
  // otherwise they alternate in kChunk-byte calls, which lets an
  // out-of-order core overlap only the ends of the calls (on Zen 4 the
  // waiting operations of one chain fill the scheduler: AES-NI + SHA-NI
  // measured no faster alternated than one after the other; stitched,
  // 1.4x for SHA-1 and 1.55x for SHA-256). Neither changes the result
  // (hash_ctx_update buffers; CBC chains through iv).
  constexpr size_t kChunk = 64;
  uint8_t iv[16];
  std::memcpy(iv, info_->implicit_iv ? iv_ : nonce.data(), 16);
  const internal::AesKeyState& ks = internal::AesKeyAccess::state(aes_);
  const uint8_t* src = in.data();
  uint8_t* dst = out.data();
  const size_t whole = full * 16;
  size_t hashed = 0;  // bytes of the whole blocks hashed so far
  size_t done = 0;    // ... and CBC-encrypted so far; done <= hashed always,
                      // so in place no byte is encrypted before it is hashed
  // The hash first takes the `lead` bytes that complete the MAC's pending
  // block (the record header), so that every later hash call starts on a
  // block boundary and compresses straight from the record, not through the
  // context's buffer. Then the key's TLS-CBC kernel (tls_cbc_kernel.h: a
  // stitched loop for its pair of AES and SHA rows, chosen once by init(),
  // only for SHA rows of 64-byte blocks) interleaves the two chains
  // instruction by instruction: each step hashes the next 64 bytes and
  // encrypts the 64 bytes `lead` behind them. Lengths and rows are public.
  const size_t block = c.alg->block_len;
  const size_t lead = (block - c.buf_len) % block;
  if (whole >= lead + block) {
    internal::hash_ctx_update(&c, src, lead);  // c.buf_len is 0 after it
    hashed = lead;
    const internal::TlsCbcKernel* kernel =
        static_cast<const internal::TlsCbcKernel*>(kernel_);
    if (kernel != nullptr) {
      const size_t steps = (whole - lead) / 64;
      kernel->seal_steps(&ks, &c.state, src + lead, src, dst, steps, iv);
      c.total += 64 * steps;
      hashed += 64 * steps;
      done = 64 * steps;
    }
  }
  while (done < whole) {
    const size_t nh = whole - hashed < kChunk ? whole - hashed : kChunk;
    internal::hash_ctx_update(&c, src + hashed, nh);
    hashed += nh;
    const size_t nc = whole - done < kChunk ? whole - done : kChunk;
    ks.row->cbc_encrypt(&ks, src + done, dst + done, nc / 16, iv);
    done += nc;
  }
  if (rem) internal::hash_ctx_update(&c, tail, rem);
  internal::hmac_ctx_finish(internal::TlsCbcAccess::mac(*this), &c, tail + rem);
  const uint8_t pad = static_cast<uint8_t>(tail_len - rem - ml - 1);
  std::memset(tail + rem + ml, pad, tail_len - rem - ml);

  ks.row->cbc_encrypt(&ks, tail, out.data() + full * 16, tail_len / 16,
                          iv);
  if (info_->implicit_iv) std::memcpy(iv_, iv, 16);
  internal::secure_zero(tail, sizeof(tail));
  // The MAC's compressions ran on ipad/opad-derived states: their frames.
  internal::scrub_stack<internal::kMacScrubBytes>();
  *out_len = total;
  return Status::kOk;
}

Status TlsCbcAead::open(std::span<uint8_t> out, size_t* out_len,
                        std::span<const uint8_t> nonce,
                        std::span<const uint8_t> in,
                        std::span<const uint8_t> ad) {
  Status st = check_common(nonce, ad, in, out, out_len);
  if (st != Status::kOk) return st;
  const size_t n = in.size();
  const size_t ml = mac_len();
  if (n % 16 != 0 || n < ml + 1) return Status::kInvalidLength;
  const size_t max_plain = n - ml - 1;  // padding of at least one byte
  if (max_plain > 0xffff) return Status::kMessageTooLong;
  if (out.size() < max_plain) return Status::kOutputTooSmall;
  if (internal::overlaps_inexactly(in.data(), n, out.data(), max_plain))
    return Status::kOverlappingBuffers;
  if (!internal::spans_addressable(nonce, ad, in, out))
    return Status::kInvalidArgument;

  // 1. Decrypt: head straight to `out`, the last t bytes to the stack.
  const size_t t = n < kTail ? n : kTail;
  const size_t head = n - t;
  uint8_t tail[kTail];
  uint8_t iv[16];
  std::memcpy(iv, info_->implicit_iv ? iv_ : nonce.data(), 16);
  const internal::AesKeyState& ks = internal::AesKeyAccess::state(aes_);
  const auto cbc_decrypt = internal::aes_decrypt_row(ks)->cbc_decrypt;
  if (head > 0) cbc_decrypt(&ks, in.data(), out.data(), head / 16, iv);
  cbc_decrypt(&ks, in.data() + head, tail, t / 16, iv);
  if (info_->implicit_iv) std::memcpy(iv_, iv, 16);

  // 2. Padding.
  size_t padding_len;
  size_t good = internal::tls_padding_check_ct(tail, t, ml, &padding_len);
  const size_t data_len = n - padding_len - ml;  // secret
  const size_t min_data =
      max_plain >= internal::kTlsMaxPadding - 1
          ? max_plain - (internal::kTlsMaxPadding - 1)
          : 0;

  // The window of the last min(n, ml + 256) bytes holds the MAC (it starts
  // at data_len >= n - ml - 256).
  const size_t w = n < ml + internal::kTlsMaxPadding
                       ? n
                       : ml + internal::kTlsMaxPadding;
  // One mask [p < data_len] over every record position the steps below
  // test (positions public, the mask secret): the HMAC's masked blocks,
  // the MAC window and the mac_len bytes before it, the plaintext tail.
  const internal::HmacKeyState& mac_key = internal::TlsCbcAccess::mac(*this);
  size_t hmac_lo, hmac_hi;
  internal::tls_hmac_span(*mac_key.alg, min_data, max_plain, &hmac_lo,
                          &hmac_hi);
  // Lowest and highest as signed values (hmac_lo may lie below zero).
  const auto lowest = [](size_t x, size_t y) {
    return static_cast<ptrdiff_t>(x) < static_cast<ptrdiff_t>(y) ? x : y;
  };
  const size_t span_lo = lowest(lowest(hmac_lo, n - w - ml), head);
  const size_t span_hi = hmac_hi > n ? hmac_hi : n;
  const internal::TlsBeforeMask before(span_lo, span_hi - span_lo, data_len,
                                       min_data, max_plain + 1);

  // 3. MAC of the secret-length plaintext.
  uint8_t computed[internal::kTlsMaxMacLen];
  internal::tls_hmac_ct(mac_key, ad.data(), out.data(), head, tail, t,
                        data_len, min_data, max_plain, computed, before);

  // 4. The received MAC.
  uint8_t received[internal::kTlsMaxMacLen];
  internal::tls_extract_mac_ct(received, ml, tail + (t - w), w,
                               data_len - (n - w), before, n - w);

  // 5. One verdict. The plaintext tail goes out masked to the secret data
  //    length (MAC and padding bytes become zeros); the head is in `out`
  //    already.
  good &= internal::value_barrier(
      0 - static_cast<size_t>(internal::ct_equal_mask(received, computed, ml) &
                              1));
  size_t i = head;
  for (; i + 8 <= max_plain; i += 8) {
    uint64_t word;  // not `w`: that is the record's MAC window above
    std::memcpy(&word, tail + (i - head), 8);
    word &= before.word(i);
    std::memcpy(out.data() + i, &word, 8);
  }
  for (; i < max_plain; ++i)
    out[i] = static_cast<uint8_t>(tail[i - head] & before.byte(i));
  internal::secure_zero(tail, sizeof(tail));
  internal::secure_zero(computed, sizeof(computed));
  internal::secure_zero(received, sizeof(received));
  // The MAC's compressions ran on ipad/opad-derived states: their frames.
  internal::scrub_stack<internal::kMacScrubBytes>();
  // Whether the record verified (padding and MAC together) is public by
  // design: it is the function's result, and TLS answers a bad record with
  // an alert the peer sees. Only this combined bit is released, after all
  // the work is done; which of the two checks failed stays secret. This is
  // the one declassification in TLS-CBC (the plaintext length, *out_len,
  // is released to the caller as data, not branched on here). A failed
  // record's output is zeroed after the branch - its timing tells only the
  // released bit - so no plaintext of it is left for the caller.
  internal::ct_declassify(&good, sizeof(good));
  if (internal::value_barrier(good) == 0) {
    internal::secure_zero(out.data(), max_plain);
    *out_len = 0;
    return Status::kAuthenticationFailed;
  }
  *out_len = data_len;
  return Status::kOk;
}

}  // namespace ctcrypto
