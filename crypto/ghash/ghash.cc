// ghash.cc: GhashKey and the streaming Ghash over the GHASH row table.
#include "ctcrypto/ghash.h"

#include <cstring>

#include "crypto/row_table.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ghash/ghash_key_access.h"
#include "crypto/internal.h"

namespace ctcrypto {

using internal::GhashKeyState;
using internal::GhashKeyAccess;

// The published storage (ghash.h) holds the internal state exactly.
static_assert(sizeof(GhashKeyState) <= kGhashKeyStateSize);
static_assert(alignof(GhashKeyState) <= kGhashKeyStateAlign);
static_assert(sizeof(GhashKey) == kGhashKeyStateSize);
// ... and the published numbers are crypto/key_storage.h's for this family.
static_assert(kGhashKeyStateSize == internal::kGhashKeyStateBytes);
static_assert(sizeof(GhashKeyState) == internal::kGhashKeyStateBytes);
static_assert(kGhashKeyStateAlign == internal::kKeyStateAlign);

Status GhashKey::init(std::span<const uint8_t, 16> h) {
  return GhashKeyAccess::init_with_rows(
      *this, h, internal::select_ghash_row(internal::cpu_caps()));
}

Status internal::GhashKeyAccess::init_with_rows(
    GhashKey& k, std::span<const uint8_t, 16> h, const GhashRow* row) {
  k.clear();
  // An explicit row only has to be runnable here (explicit_rows.h: "null or
  // a row the CPU cannot run gives kUnsupported"); it need not be listed in
  // the table - the tests pass the portable reference rows, which aarch64
  // builds leave out of the tables but the tests link themselves.
  if (row == nullptr ||
      !internal::row_runnable(row, internal::cpu_caps()))
    return Status::kUnsupported;
  GhashKeyState& s = state(k);
  row->init(&s, h.data());
  internal::scrub_stack();  // init's frame: H, its powers, spills
  s.row = row;
  return Status::kOk;
}

void GhashKey::clear() { internal::secure_zero(state_, sizeof(state_)); }

bool GhashKey::initialized() const {
  return GhashKeyAccess::state(*this).row != nullptr;
}

void Ghash::clear() {
  internal::secure_zero(xi_, sizeof(xi_));
  internal::secure_zero(buf_, sizeof(buf_));
  buf_len_ = 0;
}

const char* GhashKey::row_name() const {
  const GhashKeyState& s = GhashKeyAccess::state(*this);
  return s.row ? s.row->name : "none";
}

Status Ghash::update(std::span<const uint8_t> data) {
  const GhashKeyState& k = GhashKeyAccess::state(*key_);
  if (k.row == nullptr) return Status::kNotInitialized;
  if ((data.data() == nullptr && !data.empty()) ||
      !internal::spans_addressable(data))
    return Status::kInvalidArgument;
  const uint8_t* p = data.data();
  size_t n = data.size();
  if (buf_len_ > 0) {
    size_t take = 16 - buf_len_ < n ? 16 - buf_len_ : n;
    std::memcpy(buf_ + buf_len_, p, take);
    buf_len_ += take;
    p += take;
    n -= take;
    if (buf_len_ < 16) return Status::kOk;
    k.row->update(&k, xi_, buf_, 1);
    buf_len_ = 0;
  }
  size_t blocks = n / 16;
  if (blocks) k.row->update(&k, xi_, p, blocks);
  p += blocks * 16;
  n -= blocks * 16;
  if (n) std::memcpy(buf_, p, n);  // p may be null when n == 0
  buf_len_ = n;
  return Status::kOk;
}

void Ghash::pad() {
  const GhashKeyState& k = GhashKeyAccess::state(*key_);
  if (buf_len_ == 0 || k.row == nullptr) return;
  std::memset(buf_ + buf_len_, 0, 16 - buf_len_);
  k.row->update(&k, xi_, buf_, 1);
  buf_len_ = 0;
}

Status Ghash::finish(std::span<uint8_t, 16> out) {
  if (GhashKeyAccess::state(*key_).row == nullptr)
    return Status::kNotInitialized;
  pad();
  std::memcpy(out.data(), xi_, 16);
  clear();
  return Status::kOk;
}

}  // namespace ctcrypto
