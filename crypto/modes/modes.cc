// modes.cc: CTR and CBC (SP 800-38A) over the key's row.
//
// The rows work on whole blocks; this file does argument checks (all
// before the first write), splits off partial tails, and builds the 128-bit
// counter of SP 800-38A from the rows' 32-bit one.
#include "ctcrypto/modes.h"

#include <cstring>

#include "crypto/aes/aes_key_access.h"
#include "crypto/internal.h"

namespace ctcrypto {

using internal::AesKeyAccess;

namespace {

using internal::AesKeyState;

Status check(const AesKey& key, std::span<const uint8_t> in,
             std::span<uint8_t> out) {
  if (!AesKeyAccess::initialized(key)) return Status::kNotInitialized;
  if ((in.data() == nullptr && !in.empty()) ||
      (out.data() == nullptr && !out.empty()))
    return Status::kInvalidArgument;
  if (out.size() < in.size()) return Status::kOutputTooSmall;
  if (internal::overlaps_inexactly(in.data(), in.size(), out.data(),
                                   in.size()))
    return Status::kOverlappingBuffers;
  if (!internal::spans_addressable(in, out)) return Status::kInvalidArgument;
  return Status::kOk;
}

// ctr32_any: whole blocks through the row, then the partial tail
// through one more keystream block on the stack.
void ctr32_any(const AesKeyState& s, const uint8_t counter[16],
               const uint8_t* in, uint8_t* out, size_t len) {
  size_t blocks = len / 16;
  if (blocks) s.row->ctr32(&s, in, out, blocks, counter);
  size_t tail = len % 16;
  if (tail) {
    uint8_t ctr[16], buf[16] = {};
    std::memcpy(ctr, counter, 16);
    internal::store_be32(ctr + 12, internal::load_be32(ctr + 12) +
                                       static_cast<uint32_t>(blocks));
    std::memcpy(buf, in + blocks * 16, tail);
    s.row->ctr32(&s, buf, buf, 1, ctr);
    std::memcpy(out + blocks * 16, buf, tail);
    internal::secure_zero(buf, sizeof(buf));
  }
}

}  // namespace

Status aes_ctr32(const AesKey& key, std::span<const uint8_t, 16> counter,
                 std::span<const uint8_t> in, std::span<uint8_t> out) {
  Status st = check(key, in, out);
  if (st != Status::kOk) return st;
  ctr32_any(AesKeyAccess::state(key), counter.data(), in.data(), out.data(),
            in.size());
  return Status::kOk;
}

Status aes_ctr128(const AesKey& key, std::span<const uint8_t, 16> counter,
                  std::span<const uint8_t> in, std::span<uint8_t> out) {
  Status st = check(key, in, out);
  if (st != Status::kOk) return st;
  uint8_t ctr[16];
  std::memcpy(ctr, counter.data(), 16);
  const uint8_t* p = in.data();
  uint8_t* q = out.data();
  size_t len = in.size();
  // The counter value is public (it is the IV), so splitting at the points
  // where the low 32 bits wrap is not a timing leak.
  while (len > 0) {
    uint64_t until_wrap = uint64_t{1} << 32;
    until_wrap -= internal::load_be32(ctr + 12);
    uint64_t max_bytes = until_wrap * 16;
    size_t n = len < max_bytes ? len : static_cast<size_t>(max_bytes);
    ctr32_any(AesKeyAccess::state(key), ctr, p, q, n);
    p += n;
    q += n;
    len -= n;
    if (len == 0) break;
    // The low word wrapped to zero: carry into the upper 96 bits.
    internal::store_be32(ctr + 12, 0);
    for (int i = 11; i >= 0; --i) {
      if (++ctr[i] != 0) break;
    }
  }
  return Status::kOk;
}

Status aes_cbc_encrypt(const AesKey& key, std::span<uint8_t, 16> iv,
                       std::span<const uint8_t> in, std::span<uint8_t> out) {
  Status st = check(key, in, out);
  if (st != Status::kOk) return st;
  if (in.size() % 16 != 0) return Status::kInvalidLength;
  if (!in.empty()) {
    const AesKeyState& k = AesKeyAccess::state(key);
    k.row->cbc_encrypt(&k, in.data(), out.data(), in.size() / 16,
                           iv.data());
  }
  return Status::kOk;
}

Status aes_cbc_decrypt(const AesKey& key, std::span<uint8_t, 16> iv,
                       std::span<const uint8_t> in, std::span<uint8_t> out) {
  Status st = check(key, in, out);
  if (st != Status::kOk) return st;
  if (in.size() % 16 != 0) return Status::kInvalidLength;
  if (!in.empty()) {
    const AesKeyState& k = AesKeyAccess::state(key);
    internal::aes_decrypt_row(k)->cbc_decrypt(&k, in.data(), out.data(),
                                              in.size() / 16, iv.data());
  }
  return Status::kOk;
}

}  // namespace ctcrypto
