// stream_fuzzer.cc: the streaming AEADs (AesGcmStream, AesCcmStream) fed in
// chunks the input chooses, against one-shot seal_detached/open_detached of
// the same key.
//
// Input layout (all of it public parameters and data):
//   byte 0   bits 0-1: key length 16/24/32 (3 = 16)
//            bit  2:   0 GCM (on a usable AES x GHASH pair), 1 CCM (on a
//                      usable AES row)
//            bits 3-5: tag length, GCM 12 + v % 5, CCM 4 + 2 * (v % 7)
//            bit  6:   the seal stream works in place
//            bit  7:   the open stream works in place
//   byte 1   selector: the row (CCM) or pair (GCM), modulo their number
//   byte 2   nonce: GCM 0 -> 12 bytes, else that many (1..255); CCM
//            7 + (v & 127) % 7 bytes, bit 7: a key fixed to that length
//   byte 3   bits 0-3: k, the number of chunk-size bytes; bits 4-7: where
//            the seal stream is forked (a copy after that many data chunks,
//            finished with the rest in one chunk)
//   byte 4   which tag bit and ciphertext bit the tamper checks flip
//   bytes 5-6  AD length, little endian, modulo 2048
//   then the key, the nonce, the AD, k chunk-size bytes (v < 0xc0: v % 72
//   bytes, 0 included; else 16 * (v - 0xc0) bytes), and the rest: the
//   message (at most kMaxMessage bytes). Short inputs are padded with zeros.
// The chunk sizes are used cyclically, from a different start for each of
// the four feeds (seal AD, seal data, open AD, open data); k = 0 feeds each
// in one chunk.
// Properties, for every input (any failure aborts):
//   - the seal stream's ciphertext and tag are the one-shot's, and every
//     update writes exactly its chunk, at once, with nothing past it;
//   - the open stream gives the message back chunk by chunk, verify() of
//     the one-shot tag is kOk, and a fork of it refuses a tag with one bit
//     flipped (kAuthenticationFailed);
//   - opening a ciphertext with one bit flipped fails verify();
//   - a copy of the seal stream made mid-message finishes to the same
//     ciphertext and tag.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "ctcrypto/aead.h"
#include "ctcrypto/ccm.h"
#include "ctcrypto/status.h"
#include "fuzz/fuzz_common.h"

namespace {

using ctcrypto::Status;
using ctcrypto_fuzz::kCanary;
using Bytes = std::vector<uint8_t>;

constexpr size_t kMaxAd = 2048;
// How far past a chunk the "nothing written ahead" check looks.
constexpr size_t kLookAhead = 64;

std::span<const uint8_t> sub(const Bytes& b, size_t off, size_t n) {
  return std::span<const uint8_t>(b.data() + off, n);
}
std::span<uint8_t> sub(Bytes& b, size_t off, size_t n) {
  return std::span<uint8_t>(b.data() + off, n);
}

// Chunker: the chunk sizes of one feed, cycling through the input's list
// from `start`. A round of the list that moves nothing (all zeros) takes
// the rest at once, so every feed ends.
class Chunker {
 public:
  Chunker(const std::vector<size_t>& sizes, size_t start)
      : sizes_(sizes), i_(start) {}
  size_t next(size_t left) {
    if (sizes_.empty()) return left;
    size_t c = sizes_[i_++ % sizes_.size()];
    if (c == 0) {
      if (++zeros_ > sizes_.size()) {
        zeros_ = 0;
        return left;
      }
      return 0;
    }
    zeros_ = 0;
    return std::min(c, left);
  }

 private:
  const std::vector<size_t>& sizes_;
  size_t i_;
  size_t zeros_ = 0;
};

// The one-shot answer.
struct Sealed {
  Bytes ct, tag;
};

// feed_ad: all of `ad` through update_ad in chunks.
template <typename Stream>
void feed_ad(Stream& s, const Bytes& ad, Chunker ch) {
  size_t off = 0;
  do {
    const size_t c = ch.next(ad.size() - off);
    FUZZ_CHECK(s.update_ad(sub(ad, off, c)) == Status::kOk);
    off += c;
  } while (off < ad.size());
}

// feed_data: `in` through update in chunks, `want` the output expected;
// in place or into a canary-filled buffer; returns the output. When
// fork_at chunks have gone (and fork is not null), *fork becomes a copy of
// the stream and *fork_off the offset reached.
template <typename Stream>
Bytes feed_data(Stream& s, const Bytes& in, const Bytes& want, bool in_place,
                Chunker ch, size_t fork_at = 0, Stream* fork = nullptr,
                size_t* fork_off = nullptr) {
  Bytes buf = in_place ? in : Bytes(in.size(), kCanary);
  size_t off = 0, chunks = 0;
  do {
    if (fork && chunks == fork_at) {
      *fork = s;
      *fork_off = off;
    }
    const size_t c = ch.next(in.size() - off);
    const std::span<const uint8_t> src =
        in_place ? sub(buf, off, c) : sub(in, off, c);
    FUZZ_CHECK(s.update(sub(buf, off, c), src) == Status::kOk);
    FUZZ_CHECK(ctcrypto_fuzz::equal(buf.data() + off, want.data() + off, c));
    off += c;
    ++chunks;
    const size_t end = std::min(buf.size(), off + kLookAhead);
    for (size_t i = off; i < end; ++i)
      FUZZ_CHECK(buf[i] == (in_place ? in[i] : kCanary));
  } while (off < in.size());
  if (fork && chunks <= fork_at) {  // fork after the last chunk
    *fork = s;
    *fork_off = off;
  }
  FUZZ_CHECK(buf == want);
  return buf;
}

// run: the properties above for one stream type; start(s, open) starts s.
template <typename Stream, typename Start>
void run(Start start, const Sealed& want, const Bytes& msg, const Bytes& ad,
         const std::vector<size_t>& sizes, bool seal_in_place,
         bool open_in_place, size_t fork_at, uint8_t flip) {
  const size_t k = sizes.size();
  // Seal, with a fork after fork_at data chunks.
  {
    Stream s, fork;
    size_t fork_off = 0;
    FUZZ_CHECK(start(s, false) == Status::kOk);
    feed_ad(s, ad, Chunker(sizes, 0));
    feed_data(s, msg, want.ct, seal_in_place, Chunker(sizes, k > 1 ? 1 : 0),
              fork_at, &fork, &fork_off);
    Bytes tag(want.tag.size(), kCanary);
    FUZZ_CHECK(s.finish(tag) == Status::kOk);
    FUZZ_CHECK(tag == want.tag);
    FUZZ_CHECK(!s.initialized());
    // The fork: the rest of the message in one chunk.
    FUZZ_CHECK(fork.initialized());
    Bytes rest(msg.size() - fork_off, kCanary);
    FUZZ_CHECK(fork.update(rest, sub(msg, fork_off, rest.size())) ==
               Status::kOk);
    FUZZ_CHECK(ctcrypto_fuzz::equal(rest.data(), want.ct.data() + fork_off,
                                    rest.size()));
    Bytes tag2(want.tag.size(), kCanary);
    FUZZ_CHECK(fork.finish(tag2) == Status::kOk);
    FUZZ_CHECK(tag2 == want.tag);
  }
  // Open; the fork refuses a flipped tag.
  {
    Stream s;
    FUZZ_CHECK(start(s, true) == Status::kOk);
    feed_ad(s, ad, Chunker(sizes, k > 2 ? 2 : 0));
    feed_data(s, want.ct, msg, open_in_place, Chunker(sizes, k > 3 ? 3 : 0));
    Stream copy = s;
    FUZZ_CHECK(s.verify(want.tag) == Status::kOk);
    FUZZ_CHECK(!s.initialized());
    Bytes bad = want.tag;
    bad[(flip >> 3) % bad.size()] ^= static_cast<uint8_t>(1u << (flip & 7));
    FUZZ_CHECK(copy.verify(bad) == Status::kAuthenticationFailed);
    FUZZ_CHECK(!copy.initialized());
  }
  // Open a ciphertext with one bit flipped.
  if (!want.ct.empty()) {
    Bytes ct = want.ct;
    ct[(flip * 131u) % ct.size()] ^= static_cast<uint8_t>(1u << (flip & 7));
    Stream s;
    FUZZ_CHECK(start(s, true) == Status::kOk);
    feed_ad(s, ad, Chunker(sizes, 0));
    Bytes pt(ct.size(), kCanary);
    Chunker ch(sizes, k > 1 ? 1 : 0);
    size_t off = 0;
    do {
      const size_t c = ch.next(ct.size() - off);
      FUZZ_CHECK(s.update(sub(pt, off, c), sub(ct, off, c)) == Status::kOk);
      off += c;
    } while (off < ct.size());
    FUZZ_CHECK(s.verify(want.tag) == Status::kAuthenticationFailed);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ctcrypto_fuzz::Reader r(data, size);
  const uint8_t flags = r.byte(), selector = r.byte(), nonce_byte = r.byte(),
                chunk_byte = r.byte(), flip = r.byte();
  size_t ad_len = r.byte();
  ad_len = (ad_len | size_t{r.byte()} << 8) % kMaxAd;
  static constexpr size_t kKeyLens[4] = {16, 24, 32, 16};
  const size_t key_len = kKeyLens[flags & 3];
  const bool ccm = (flags & 4) != 0;
  const unsigned tv = (flags >> 3) & 7;
  const bool seal_in_place = (flags & 0x40) != 0,
             open_in_place = (flags & 0x80) != 0;
  size_t nonce_len;
  bool fixed_nonce = false;
  if (ccm) {
    nonce_len = 7 + (nonce_byte & 127) % 7;
    fixed_nonce = (nonce_byte & 128) != 0;
  } else {
    nonce_len = nonce_byte ? nonce_byte : 12;
  }
  uint8_t key[32];
  r.bytes(key, key_len);
  Bytes nonce(nonce_len), ad(ad_len);
  r.bytes(nonce.data(), nonce_len);
  r.bytes(ad.data(), ad_len);
  std::vector<size_t> sizes(chunk_byte & 15);
  for (size_t& c : sizes) {
    const uint8_t v = r.byte();
    c = v < 0xc0 ? v % 72 : size_t{16} * (v - 0xc0);
  }
  const size_t fork_at = chunk_byte >> 4;
  const Bytes msg = r.rest(ctcrypto_fuzz::kMaxMessage);
  const std::span<const uint8_t> key_span(key, key_len);

  if (ccm) {
    const auto rows = ctcrypto_fuzz::usable_aes();
    const auto* row = rows[selector % rows.size()];
    const size_t tag_len = 4 + 2 * (tv % 7);
    ctcrypto::AesCcm c;
    FUZZ_CHECK(ctcrypto::internal::init_with_rows(
                   c, key_span, tag_len, fixed_nonce ? nonce_len : 0, row) ==
               Status::kOk);
    Sealed want{Bytes(msg.size()), Bytes(tag_len)};
    FUZZ_CHECK(c.seal_detached(want.ct, want.tag, nonce, msg, ad) ==
               Status::kOk);
    auto start = [&](ctcrypto::AesCcmStream& s, bool open) {
      return open ? s.start_open(c, nonce, ad.size(), msg.size())
                  : s.start_seal(c, nonce, ad.size(), msg.size());
    };
    run<ctcrypto::AesCcmStream>(start, want, msg, ad, sizes, seal_in_place,
                                open_in_place, fork_at, flip);
  } else {
    const auto aes = ctcrypto_fuzz::usable_aes();
    const auto ghash = ctcrypto_fuzz::usable_ghash();
    const size_t pair = selector % (aes.size() * ghash.size());
    const size_t tag_len = 12 + tv % 5;
    ctcrypto::AesGcm g;
    FUZZ_CHECK(ctcrypto::internal::init_with_rows(
                   g, key_span, tag_len, aes[pair / ghash.size()],
                   ghash[pair % ghash.size()]) == Status::kOk);
    Sealed want{Bytes(msg.size()), Bytes(tag_len)};
    FUZZ_CHECK(g.seal_detached(want.ct, want.tag, nonce, msg, ad) ==
               Status::kOk);
    auto start = [&](ctcrypto::AesGcmStream& s, bool open) {
      return open ? s.start_open(g, nonce) : s.start_seal(g, nonce);
    };
    run<ctcrypto::AesGcmStream>(start, want, msg, ad, sizes, seal_in_place,
                                open_in_place, fork_at, flip);
  }
  return 0;
}
