// aead_internal.h: the parts of seal/open that every AEAD (AesGcm, AesCcm,
// AesGcmSiv) shares: the combined forms (ciphertext || tag in one buffer)
// on top of the detached ones, and the end of open_detached (tag compare,
// verdict, wipe on failure); and for the streams (AesGcmStream,
// AesCcmStream) the checks of an update's spans and verify's tag compare.
// Each mode keeps its own argument checks and its own crypt; these helpers
// are always inlined into the mode's functions, so each AEAD's
// open_detached and each stream's verify still holds its one
// declassification (tag_verdict's) and no call is added to a message.
#ifndef CTCRYPTO_MODES_AEAD_INTERNAL_H_
#define CTCRYPTO_MODES_AEAD_INTERNAL_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/ct.h"
#include "crypto/internal.h"
#include "ctcrypto/status.h"

namespace ctcrypto::internal {

// seal_combined: out = ciphertext || tag through aead.seal_detached. The
// caller has run its checks on the key, nonce, in and AD (so that a bad one
// is reported first, as by the detached form); max_len is the mode's
// plaintext limit for this nonce. The output size is compared by
// subtraction: on 32-bit targets in.size() + tag_len wraps for in.size()
// near 2^32 (the modes' limits do not bound a 32-bit size_t), and a wrapped
// sum would let a short `out` pass.
template <class Aead>
[[gnu::always_inline]] inline Status seal_combined(
    const Aead& aead, size_t tag_len, uint64_t max_len, std::span<uint8_t> out,
    size_t* out_len, std::span<const uint8_t> nonce,
    std::span<const uint8_t> in, std::span<const uint8_t> ad) {
  if (uint64_t{in.size()} > max_len) return Status::kMessageTooLong;
  if (out.size() < tag_len || out.size() - tag_len < in.size())
    return Status::kOutputTooSmall;
  Status st = aead.seal_detached(
      out.first(in.size()), out.subspan(in.size(), tag_len), nonce, in, ad);
  if (st == Status::kOk && out_len) *out_len = in.size() + tag_len;
  return st;
}

// open_combined: in = ciphertext || tag, opened through aead.open_detached
// (which holds the verdict). Preconditions as for seal_combined. An input
// shorter than a tag cannot be authentic: kAuthenticationFailed, as a
// wrong tag would be. The output size is compared with in.size() - tag
// before the length limit (the tests pin that order for huge inputs).
template <class Aead>
[[gnu::always_inline]] inline Status open_combined(
    const Aead& aead, size_t tag_len, uint64_t max_len, std::span<uint8_t> out,
    size_t* out_len, std::span<const uint8_t> nonce,
    std::span<const uint8_t> in, std::span<const uint8_t> ad) {
  if (in.size() < tag_len) return Status::kAuthenticationFailed;
  const size_t ct_len = in.size() - tag_len;
  if (out.size() < ct_len) return Status::kOutputTooSmall;
  if (uint64_t{ct_len} > max_len) return Status::kMessageTooLong;
  Status st = aead.open_detached(out.first(ct_len), nonce, in.first(ct_len),
                                 in.subspan(ct_len, tag_len), ad);
  if (st == Status::kOk && out_len) *out_len = ct_len;
  return st;
}

// open_verdict: the end of an AEAD's open_detached, after it has written
// all `len` bytes of plaintext to out and computed the expected tag.
// Compares the first tag_len bytes of expected and received in constant
// time, wipes expected (16 bytes), and releases the plaintext only on a
// match; on a mismatch the plaintext is zeroed. `received` must be the
// caller's copy taken before out was written (out may sit next to the tag).
//
// tag_verdict: the comparison alone, for a stream's verify (AesGcmStream,
// AesCcmStream), whose plaintext is already the caller's: compares tag_len
// bytes in constant time, wipes expected (16 bytes), and declassifies only
// the match bit.
[[gnu::always_inline]] inline Status tag_verdict(uint8_t expected[16],
                                                 const uint8_t* received,
                                                 size_t tag_len) {
  uint32_t ok = ct_equal_mask(expected, received, tag_len);
  secure_zero(expected, 16);
  // Whether the tag matched is public by design: it is open's (verify's)
  // result. This is the one declassification of each AEAD's open (inlined
  // into it).
  ct_declassify(&ok, sizeof(ok));
  return ok ? Status::kOk : Status::kAuthenticationFailed;
}

[[gnu::always_inline]] inline Status open_verdict(uint8_t expected[16],
                                                  const uint8_t* received,
                                                  size_t tag_len, uint8_t* out,
                                                  size_t len) {
  const Status st = tag_verdict(expected, received, tag_len);
  if (st != Status::kOk) secure_zero(out, len);
  return st;
}

// check_detached_io: the buffer rules every one-shot detached AEAD call
// shares (GCM, CCM, GCM-SIV; seal and open), after its own checks of the
// nonce, the lengths and the tag length: out at least as long as in; no
// null out with a length and no null tag; out (written) equal to in (in
// place) or disjoint from it, and disjoint from the tag (a tag at out's
// address counts when out is written at all); every span possible memory.
// Inlined: it runs on every call, and an out-of-line call passing five
// spans cost 16-byte seals measurably (callgrind).
[[gnu::always_inline]] inline Status check_detached_io(
    std::span<const uint8_t> out, std::span<const uint8_t> tag,
    std::span<const uint8_t> in, std::span<const uint8_t> nonce,
    std::span<const uint8_t> ad) {
  if (out.size() < in.size()) return Status::kOutputTooSmall;
  if ((out.data() == nullptr && !out.empty()) || tag.data() == nullptr)
    return Status::kInvalidArgument;
  if (overlaps_inexactly(in.data(), in.size(), out.data(), in.size()) ||
      overlaps_inexactly(tag.data(), tag.size(), out.data(), in.size()) ||
      (tag.data() == out.data() && !in.empty()))
    return Status::kOverlappingBuffers;
  if (!spans_addressable(nonce, in, ad, out, tag))
    return Status::kInvalidArgument;
  return Status::kOk;
}

// check_stream_io: the checks a stream's update shares (AesGcmStream,
// AesCcmStream), after its own on the object: no null pointer with a
// length, out at least as long as in, out equal to in (in place) or
// disjoint from it, both spans possible memory.
[[gnu::always_inline]] inline Status check_stream_io(
    std::span<const uint8_t> out, std::span<const uint8_t> in) {
  if ((in.data() == nullptr && !in.empty()) ||
      (out.data() == nullptr && !out.empty()))
    return Status::kInvalidArgument;
  if (out.size() < in.size()) return Status::kOutputTooSmall;
  if (overlaps_inexactly(in.data(), in.size(), out.data(), in.size()))
    return Status::kOverlappingBuffers;
  if (!spans_addressable(in, out)) return Status::kInvalidArgument;
  return Status::kOk;
}

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_MODES_AEAD_INTERNAL_H_
