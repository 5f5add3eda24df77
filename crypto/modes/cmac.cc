// cmac.cc: AES-CMAC (SP 800-38B, RFC 4493) over the AES row table.
//
// Subkeys (SP 800-38B 6.1): L = E_K(0^128), K1 = dbl(L), K2 = dbl(K1), where
// dbl shifts the 128-bit big-endian string left by one and, if the bit
// shifted out was 1, XORs 0x87 into the last byte. The condition is a
// secret bit, so it is turned into a mask (0 - msb) and always applied:
// no branch and no index depends on L.
//
// MAC (SP 800-38B 6.2): a CBC-MAC over the blocks, the last one XORed with
// K1 if it is complete, or padded with 10..0 and XORed with K2 (also for
// the empty message). The incremental context therefore holds the last 1..16
// bytes back until finish(); whole blocks before them go through the row's
// cbc_encrypt (into discarded scratch; the chain value is the iv). Which
// subkey is used depends only on the message length, which is public.
//
// verify compares with ct_equal_mask and declassifies only the verdict.
#include "ctcrypto/cmac.h"

#include <cstring>

#include "crypto/aes/aes_key_access.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ct.h"
#include "crypto/internal.h"
#include "crypto/modes/cbc_mac_internal.h"
#include "crypto/modes/cmac_access.h"

namespace ctcrypto {

using internal::AesKeyAccess;
using internal::CmacAccess;

namespace {

using internal::AesKeyState;


void dbl(const uint8_t in[16], uint8_t out[16]) {
  const uint8_t mask = static_cast<uint8_t>(0u - (in[0] >> 7));
  for (int i = 0; i < 15; ++i)
    out[i] = static_cast<uint8_t>((in[i] << 1) | (in[i + 1] >> 7));
  out[15] = static_cast<uint8_t>((in[15] << 1) ^ (0x87 & mask));
}

// derive_subkeys: SP 800-38B 6.1, L = E_K(0^128), K1 = dbl(L),
// K2 = dbl(K1); L is wiped.
void derive_subkeys(const AesKey& aes, uint8_t k1[16], uint8_t k2[16]) {
  uint8_t l[16] = {};
  aes.encrypt_block(l, l);
  dbl(l, k1);
  dbl(k1, k2);
  internal::secure_zero(l, sizeof(l));
}

bool valid_tag_len(size_t t) {
  return t >= kCmacMinTagLen && t <= kCmacTagLen;
}

// check_one_shot: the argument checks of mac and verify.
Status check_one_shot(const AesCmac& key, std::span<const uint8_t> msg,
                      std::span<const uint8_t> tag) {
  if (!AesKeyAccess::initialized(key.aes_key())) return Status::kNotInitialized;
  if (msg.data() == nullptr && !msg.empty()) return Status::kInvalidArgument;
  if (!valid_tag_len(tag.size())) return Status::kInvalidTagLength;
  if (tag.data() == nullptr) return Status::kInvalidArgument;
  if (!internal::spans_addressable(msg, tag)) return Status::kInvalidArgument;
  return Status::kOk;
}

// verdict: the constant-time comparison of a computed MAC with a received
// tag; only the match bit leaves, and it is public (the function's result).
Status verdict(const uint8_t full[16], std::span<const uint8_t> tag) {
  uint8_t received[16];
  std::memcpy(received, tag.data(), tag.size());
  uint32_t ok = internal::ct_equal_mask(full, received, tag.size());
  internal::ct_declassify(&ok, sizeof(ok));
  return ok ? Status::kOk : Status::kAuthenticationFailed;
}

}  // namespace

Status AesCmac::init(std::span<const uint8_t> key) {
  return CmacAccess::init_with_rows(
      *this, key, internal::select_aes_row(internal::cpu_caps()));
}

Status internal::CmacAccess::init_with_rows(AesCmac& c,
                                            std::span<const uint8_t> key,
                                            const AesRow* aes) {
  c.clear();
  Status st = AesKeyAccess::init_with_rows(c.aes_, key, aes);
  if (st != Status::kOk) return st;
  derive_subkeys(c.aes_, c.k1_, c.k2_);
  return Status::kOk;
}

void AesCmac::clear() {
  internal::secure_zero(&aes_, sizeof(aes_));
  internal::secure_zero(k1_, sizeof(k1_));
  internal::secure_zero(k2_, sizeof(k2_));
}

Status AesCmac::mac(std::span<const uint8_t> msg,
                    std::span<uint8_t> tag) const {
  Status st = check_one_shot(*this, msg, tag);
  if (st != Status::kOk) return st;
  AesCmacContext c;
  c.init(*this);
  c.update(msg);
  return c.finish(tag);
}

Status AesCmac::verify(std::span<const uint8_t> msg,
                       std::span<const uint8_t> tag) const {
  Status st = check_one_shot(*this, msg, tag);
  if (st != Status::kOk) return st;
  AesCmacContext c;
  c.init(*this);
  c.update(msg);
  return c.finish_verify(tag);
}

Status AesCmacContext::init(const AesCmac& key) {
  clear();
  if (!AesKeyAccess::initialized(key.aes_key())) return Status::kNotInitialized;
  key_ = &key;
  return Status::kOk;
}

void AesCmacContext::clear() {
  key_ = nullptr;
  internal::secure_zero(x_, sizeof(x_));
  internal::secure_zero(buf_, sizeof(buf_));
  n_ = 0;
}

Status AesCmacContext::update(std::span<const uint8_t> data) {
  if (key_ == nullptr || !AesKeyAccess::initialized(key_->aes_))
    return Status::kNotInitialized;
  if ((data.data() == nullptr && !data.empty()) ||
      !internal::spans_addressable(data))
    return Status::kInvalidArgument;
  const uint8_t* p = data.data();
  size_t len = data.size();
  if (len == 0) return Status::kOk;
  const AesKeyState& a = AesKeyAccess::state(key_->aes_);
  if (n_ < 16) {
    const size_t take = len < 16 - n_ ? len : 16 - n_;
    std::memcpy(buf_ + n_, p, take);
    n_ += static_cast<uint32_t>(take);
    p += take;
    len -= take;
    if (len == 0) return Status::kOk;  // buf_ may be the last block
  }
  // More follows, so the buffered full block is not the last one.
  internal::cbc_mac_blocks(a, x_, buf_, 1);
  // Keep the final 1..16 bytes back.
  const size_t keep = len % 16 ? len % 16 : 16;
  internal::cbc_mac_blocks(a, x_, p, (len - keep) / 16);
  std::memcpy(buf_, p + (len - keep), keep);
  n_ = static_cast<uint32_t>(keep);
  return Status::kOk;
}

void AesCmacContext::finish_full(uint8_t out[16]) {
  const AesCmac& k = *key_;
  uint8_t last[16];
  if (n_ == 16) {
    for (int i = 0; i < 16; ++i) last[i] = buf_[i] ^ k.k1_[i];
  } else {
    std::memset(buf_ + n_, 0, 16 - n_);
    buf_[n_] = 0x80;
    for (int i = 0; i < 16; ++i) last[i] = buf_[i] ^ k.k2_[i];
  }
  internal::cbc_mac_blocks(AesKeyAccess::state(k.aes_), x_, last, 1);
  std::memcpy(out, x_, 16);
  internal::secure_zero(last, sizeof(last));
  clear();
}

Status AesCmacContext::finish(std::span<uint8_t> tag) {
  if (key_ == nullptr || !AesKeyAccess::initialized(key_->aes_))
    return Status::kNotInitialized;
  if (!valid_tag_len(tag.size())) return Status::kInvalidTagLength;
  if (tag.data() == nullptr) return Status::kInvalidArgument;
  uint8_t full[16];
  finish_full(full);
  std::memcpy(tag.data(), full, tag.size());
  internal::secure_zero(full, sizeof(full));
  return Status::kOk;
}

Status AesCmacContext::finish_verify(std::span<const uint8_t> tag) {
  if (key_ == nullptr || !AesKeyAccess::initialized(key_->aes_))
    return Status::kNotInitialized;
  if (!valid_tag_len(tag.size())) return Status::kInvalidTagLength;
  if (tag.data() == nullptr) return Status::kInvalidArgument;
  uint8_t full[16];
  finish_full(full);
  Status st = verdict(full, tag);
  internal::secure_zero(full, sizeof(full));
  return st;
}

}  // namespace ctcrypto
