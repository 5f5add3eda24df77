// aes.cc: AesKey, the public face of the AES row table.
#include "ctcrypto/aes.h"

#include "crypto/aes/aes_key_access.h"
#include "crypto/row_table.h"
#include "crypto/cpu/cpu.h"
#include "crypto/internal.h"

namespace ctcrypto {

using internal::AesKeyState;
using internal::AesKeyAccess;

// The published storage (aes.h) holds the internal state exactly: the
// object's size is the constant, and the rows' alignment needs hold.
static_assert(sizeof(AesKeyState) <= kAesKeyStateSize);
static_assert(alignof(AesKeyState) <= kAesKeyStateAlign);
static_assert(sizeof(AesKey) == kAesKeyStateSize);
// ... and the published numbers are crypto/key_storage.h's for this family.
static_assert(kAesKeyStateSize == internal::kAesKeyStateBytes);
static_assert(sizeof(AesKeyState) == internal::kAesKeyStateBytes);
static_assert(kAesKeyStateAlign == internal::kKeyStateAlign);

Status AesKey::init(std::span<const uint8_t> key) {
  return AesKeyAccess::init_with_rows(
      *this, key, internal::select_aes_row(internal::cpu_caps()));
}

Status internal::AesKeyAccess::init_with_rows(AesKey& k,
                                              std::span<const uint8_t> key,
                                              const AesRow* row) {
  k.clear();  // a failed re-init leaves no trace of the previous key
  size_t len = key.size();
  if (len != 16 && len != 24 && len != 32) return Status::kInvalidKeyLength;
  if (key.data() == nullptr) return Status::kInvalidArgument;
  // An explicit row only has to be runnable here (explicit_rows.h: "null or
  // a row the CPU cannot run gives kUnsupported"); it need not be listed in
  // the table - the tests pass the portable reference rows, which aarch64
  // builds leave out of the tables but the tests link themselves.
  if (row == nullptr ||
      !internal::row_runnable(row, internal::cpu_caps()))
    return Status::kUnsupported;
  AesKeyState& s = state(k);
  s.key_len = static_cast<uint32_t>(len);
  s.rounds = static_cast<uint32_t>(len / 4 + 6);
  row->set_key(&s, key.data(), len);
  internal::scrub_stack();  // set_key's frame: raw key, schedule, spills
  s.row = row;
  return Status::kOk;
}

void AesKey::clear() { internal::secure_zero(state_, sizeof(state_)); }

bool AesKey::initialized() const { return AesKeyAccess::initialized(*this); }

const char* AesKey::row_name() const {
  const AesKeyState& s = AesKeyAccess::state(*this);
  return s.row ? s.row->name : "none";
}

void AesKey::encrypt_block(const uint8_t in[16], uint8_t out[16]) const {
  const AesKeyState& s = AesKeyAccess::state(*this);
  if (s.row) s.row->encrypt_block(&s, in, out);
}

void AesKey::decrypt_block(const uint8_t in[16], uint8_t out[16]) const {
  const AesKeyState& s = AesKeyAccess::state(*this);
  if (const internal::AesDecryptRow* d = internal::aes_decrypt_row(s))
    d->decrypt_block(&s, in, out);
}

}  // namespace ctcrypto
