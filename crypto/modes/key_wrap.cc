// key_wrap.cc: AES key wrap KW and KWP (SP 800-38F 6.2, 6.3; RFC 3394,
// RFC 5649) over the key's row.
//
// The wrapping function W (SP 800-38F 6.1, Algorithm 1) is written in the
// RFC 3394 2.2.1 "index" form: the register A and the n semiblocks R[1..n]
// go through 6n AES invocations, B = AES(K, A || R[i]), A = MSB64(B) ^ t,
// R[i] = LSB64(B) with t = n*j + i as a 64-bit big-endian value (so no
// counter overflow at 256, Wycheproof's CounterOverflow case). Every step
// depends on the previous one, so KW is serial and uses the single-block
// entry of the row; the R[i] live in the output buffer, A on the stack.
//
// Constant time. The loop structure depends only on the public length. The
// unwrap verdict is computed with masks over all the bytes it depends on
// (KW: the 8-byte IV; KWP: the 4-byte prefix, the MLI range 8(n-1) < MLI
// <= 8n, and the zero padding bytes at and after offset MLI) and made
// public at one place, ct_declassify in verdict(). The MLI itself is never
// branched on or used as an address: it is only stored to *out_len on
// success, when the caller learns it anyway.
#include "ctcrypto/key_wrap.h"

#include <cstdint>
#include <cstring>

#include "crypto/ct.h"
#include "crypto/aes/aes_key_access.h"
#include "crypto/internal.h"

namespace ctcrypto {

using internal::AesKeyAccess;

namespace {

using internal::AesKeyState;

// SP 800-38F 6.2: ICV1, the default IV of RFC 3394 2.2.3.1.
constexpr uint8_t kIcv1[8] = {0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6, 0xa6};
// SP 800-38F 6.3: ICV2, the first half of RFC 5649's alternative IV.
constexpr uint8_t kIcv2[4] = {0xa6, 0x59, 0x59, 0xa6};

Status check_common(const AesKey& kek, std::span<const uint8_t> in,
                    std::span<uint8_t> out, size_t* out_len) {
  if (!AesKeyAccess::initialized(kek)) return Status::kNotInitialized;
  if (out_len == nullptr) return Status::kInvalidArgument;
  if ((in.data() == nullptr && !in.empty()) ||
      (out.data() == nullptr && !out.empty()))
    return Status::kInvalidArgument;
  return Status::kOk;
}

// Output size and overlap, once the required output length is known; then
// whether the spans can be memory at all (internal::addressable), the last
// check before anything is read.
Status check_out(std::span<const uint8_t> in, std::span<uint8_t> out,
                 size_t need) {
  if (out.size() < need) return Status::kOutputTooSmall;
  if (internal::overlaps_inexactly(in.data(), in.size(), out.data(), need))
    return Status::kOverlappingBuffers;
  if (!internal::spans_addressable(in, out)) return Status::kInvalidArgument;
  return Status::kOk;
}

// wrap_w: SP 800-38F Algorithm 1 (W) on A = a and R[1..n] = r (n >= 2).
void wrap_w(const AesKeyState& s, uint8_t a[8], uint8_t* r, size_t n) {
  uint8_t b[16];
  std::memcpy(b, a, 8);
  for (size_t j = 0; j < 6; ++j) {
    for (size_t i = 1; i <= n; ++i) {
      uint8_t* ri = r + 8 * (i - 1);
      std::memcpy(b + 8, ri, 8);
      s.row->encrypt_block(&s, b, b);
      std::memcpy(ri, b + 8, 8);
      uint8_t t[8];
      internal::store_be64(t, static_cast<uint64_t>(n) * j + i);
      for (int k = 0; k < 8; ++k) b[k] ^= t[k];
    }
  }
  std::memcpy(a, b, 8);
  internal::secure_zero(b, sizeof(b));
}

// unwrap_w: SP 800-38F Algorithm 2 (W^-1), the inverse of wrap_w.
void unwrap_w(const AesKeyState& s, uint8_t a[8], uint8_t* r, size_t n) {
  const auto decrypt_block = internal::aes_decrypt_row(s)->decrypt_block;
  uint8_t b[16];
  std::memcpy(b, a, 8);
  for (size_t j = 6; j-- > 0;) {
    for (size_t i = n; i >= 1; --i) {
      uint8_t t[8];
      internal::store_be64(t, static_cast<uint64_t>(n) * j + i);
      for (int k = 0; k < 8; ++k) b[k] ^= t[k];
      uint8_t* ri = r + 8 * (i - 1);
      std::memcpy(b + 8, ri, 8);
      decrypt_block(&s, b, b);
      std::memcpy(ri, b + 8, 8);
    }
  }
  std::memcpy(a, b, 8);
  internal::secure_zero(b, sizeof(b));
}

// verdict: THE place where an unwrap's integrity result becomes public. `ok`
// is all-ones or zero; on failure the `len` bytes written to out are wiped.
Status verdict(uint32_t ok, uint8_t* out, size_t len) {
  // Whether the wrapped key is authentic is what unwrap returns: public.
  internal::ct_declassify(&ok, sizeof(ok));
  if (ok != 0) return Status::kOk;
  internal::secure_zero(out, len);
  return Status::kAuthenticationFailed;
}

// all_ones_if: 0xffffffff when bit (0 or 1) is 1, else 0.
inline uint32_t all_ones_if(uint64_t bit) {
  return 0u - static_cast<uint32_t>(bit & 1);
}

}  // namespace

Status aes_key_wrap(const AesKey& kek, std::span<const uint8_t> in,
                    std::span<uint8_t> out, size_t* out_len) {
  Status st = check_common(kek, in, out, out_len);
  if (st != Status::kOk) return st;
  const size_t len = in.size();
  if (len % 8 != 0 || len < kKeyWrapMinInput) return Status::kInvalidLength;
  // len + 8 would wrap to a small value that check_out accepts; no output
  // buffer can hold such a result.
  if (len > SIZE_MAX - 8) return Status::kOutputTooSmall;
  st = check_out(in, out, len + 8);
  if (st != Status::kOk) return st;
  uint8_t* r = out.data() + 8;
  std::memmove(r, in.data(), len);  // in place: in == out moves up by 8
  uint8_t a[8];
  std::memcpy(a, kIcv1, 8);
  wrap_w(AesKeyAccess::state(kek), a, r, len / 8);
  std::memcpy(out.data(), a, 8);
  *out_len = len + 8;
  return Status::kOk;
}

Status aes_key_unwrap(const AesKey& kek, std::span<const uint8_t> in,
                      std::span<uint8_t> out, size_t* out_len) {
  Status st = check_common(kek, in, out, out_len);
  if (st != Status::kOk) return st;
  const size_t len = in.size();
  if (len % 8 != 0 || len < kKeyWrapMinInput + 8)
    return Status::kInvalidLength;
  st = check_out(in, out, len - 8);
  if (st != Status::kOk) return st;
  *out_len = 0;
  uint8_t a[8];
  std::memcpy(a, in.data(), 8);
  std::memmove(out.data(), in.data() + 8, len - 8);
  unwrap_w(AesKeyAccess::state(kek), a, out.data(), len / 8 - 1);
  uint32_t ok = internal::ct_equal_mask(a, kIcv1, 8);
  internal::secure_zero(a, sizeof(a));
  st = verdict(ok, out.data(), len - 8);
  if (st == Status::kOk) *out_len = len - 8;
  return st;
}

Status aes_key_wrap_padded(const AesKey& kek, std::span<const uint8_t> in,
                           std::span<uint8_t> out, size_t* out_len) {
  Status st = check_common(kek, in, out, out_len);
  if (st != Status::kOk) return st;
  const size_t len = in.size();
  if (len == 0) return Status::kInvalidLength;
  if (static_cast<uint64_t>(len) > kKeyWrapPaddedMaxInput)
    return Status::kMessageTooLong;
  // On 32-bit targets the limit above is SIZE_MAX, and for a length within
  // 15 of it padded + 8 would wrap to a small value that check_out accepts;
  // no output buffer can hold such a result.
  if (len > SIZE_MAX - 15) return Status::kOutputTooSmall;
  const size_t padded = (len + 7) & ~size_t{7};
  st = check_out(in, out, padded + 8);
  if (st != Status::kOk) return st;
  uint8_t* r = out.data() + 8;
  std::memmove(r, in.data(), len);
  std::memset(r + len, 0, padded - len);
  uint8_t a[8];
  std::memcpy(a, kIcv2, 4);
  internal::store_be32(a + 4, static_cast<uint32_t>(len));
  if (padded == 8) {
    // SP 800-38F 6.3 KWP-AE step 4: one semiblock is one AES block.
    uint8_t b[16];
    std::memcpy(b, a, 8);
    std::memcpy(b + 8, r, 8);
    const AesKeyState& k = AesKeyAccess::state(kek);
    k.row->encrypt_block(&k, b, b);
    std::memcpy(out.data(), b, 16);
    internal::secure_zero(b, sizeof(b));
  } else {
    wrap_w(AesKeyAccess::state(kek), a, r, padded / 8);
    std::memcpy(out.data(), a, 8);
  }
  *out_len = padded + 8;
  return Status::kOk;
}

Status aes_key_unwrap_padded(const AesKey& kek, std::span<const uint8_t> in,
                             std::span<uint8_t> out, size_t* out_len) {
  Status st = check_common(kek, in, out, out_len);
  if (st != Status::kOk) return st;
  const size_t len = in.size();
  if (len % 8 != 0 || len < 16) return Status::kInvalidLength;
  st = check_out(in, out, len - 8);
  if (st != Status::kOk) return st;
  *out_len = 0;
  const size_t n = len / 8 - 1;  // semiblocks of padded plaintext
  uint8_t a[8];
  if (n == 1) {
    // KWP-AD step 3 for one semiblock: a single AES block.
    uint8_t b[16];
    std::memcpy(b, in.data(), 16);
    const AesKeyState& k = AesKeyAccess::state(kek);
    internal::aes_decrypt_row(k)->decrypt_block(&k, b, b);
    std::memcpy(a, b, 8);
    std::memcpy(out.data(), b + 8, 8);
    internal::secure_zero(b, sizeof(b));
  } else {
    std::memcpy(a, in.data(), 8);
    std::memmove(out.data(), in.data() + 8, len - 8);
    unwrap_w(AesKeyAccess::state(kek), a, out.data(), n);
  }
  // Integrity (KWP-AD steps 5-7), all with masks: the prefix is ICV2, the
  // MLI satisfies 8(n-1) < MLI <= 8n, and the bytes from MLI to 8n are
  // zero. The values are below 2^36, so the differences below are negative
  // (top bit of the uint64_t set) exactly when the comparison holds.
  uint32_t ok = internal::ct_equal_mask(a, kIcv2, 4);
  const uint64_t mli = internal::load_be32(a + 4);
  const uint64_t lo = 8 * static_cast<uint64_t>(n - 1);
  const uint64_t hi = 8 * static_cast<uint64_t>(n);
  ok &= all_ones_if((lo - mli) >> 63);        // mli > lo
  ok &= ~all_ones_if((hi - mli) >> 63);       // !(mli > hi)
  uint32_t pad = 0;
  const uint8_t* last = out.data() + 8 * (n - 1);
  for (size_t k = 0; k < 8; ++k) {
    // mli is secret: the opaque index keeps `mli - (lo + k)` from becoming
    // the loop's induction variable (gcc 12 for ARMv7 tested the loop's end
    // on it; reported by the valgrind suite under QEMU).
    const uint64_t pos = lo + internal::ct_opaque(static_cast<uint64_t>(k));
    // Byte at offset pos must be zero when pos >= mli.
    pad |= last[k] & all_ones_if((mli - pos - 1) >> 63);
  }
  ok &= ~all_ones_if((static_cast<uint64_t>(pad) + 0xff) >> 8);  // pad != 0
  internal::secure_zero(a, sizeof(a));
  st = verdict(ok, out.data(), len - 8);
  if (st == Status::kOk) *out_len = static_cast<size_t>(mli);
  return st;
}

}  // namespace ctcrypto
