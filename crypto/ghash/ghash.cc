// ghash.cc: GhashKey and the streaming Ghash over the GHASH backend table.
#include "ctcrypto/ghash.h"

#include <cstring>

#include "crypto/backend_table.h"
#include "crypto/cpu/cpu.h"
#include "crypto/internal.h"

namespace ctcrypto {

bool ghash_backend_usable(const internal::GhashBackend* backend) {
  return internal::table_usable(internal::ghash_table(), backend,
                                internal::cpu_caps());
}

Status GhashKey::init(std::span<const uint8_t, 16> h) {
  return init(h, internal::select_ghash_backend(internal::cpu_caps()));
}

Status GhashKey::init(std::span<const uint8_t, 16> h,
                      const internal::GhashBackend* backend) {
  clear();
  // An explicit row only has to be runnable here (header: "null or a row
  // the CPU cannot run gives kUnsupported"); it need not be listed in the
  // table - the tests pass the portable reference rows, which aarch64 builds
  // leave out of the tables but the tests link themselves.
  if (backend == nullptr ||
      !internal::row_runnable(backend, internal::cpu_caps()))
    return Status::kUnsupported;
  backend->init(&state_, h.data());
  internal::scrub_stack();  // init's frame: H, its powers, spills
  state_.backend = backend;
  return Status::kOk;
}

void GhashKey::clear() { internal::secure_zero(&state_, sizeof(state_)); }

void Ghash::clear() {
  internal::secure_zero(xi_, sizeof(xi_));
  internal::secure_zero(buf_, sizeof(buf_));
  buf_len_ = 0;
}

const char* GhashKey::backend_name() const {
  return state_.backend ? state_.backend->name : "none";
}

void Ghash::update(std::span<const uint8_t> data) {
  const internal::GhashKeyState& k = key_->state();
  if (k.backend == nullptr) return;
  const uint8_t* p = data.data();
  size_t n = data.size();
  if (buf_len_ > 0) {
    size_t take = 16 - buf_len_ < n ? 16 - buf_len_ : n;
    std::memcpy(buf_ + buf_len_, p, take);
    buf_len_ += take;
    p += take;
    n -= take;
    if (buf_len_ < 16) return;
    k.backend->update(&k, xi_, buf_, 1);
    buf_len_ = 0;
  }
  size_t blocks = n / 16;
  if (blocks) k.backend->update(&k, xi_, p, blocks);
  p += blocks * 16;
  n -= blocks * 16;
  if (n) std::memcpy(buf_, p, n);  // p may be null when n == 0
  buf_len_ = n;
}

void Ghash::pad() {
  const internal::GhashKeyState& k = key_->state();
  if (buf_len_ == 0 || k.backend == nullptr) return;
  std::memset(buf_ + buf_len_, 0, 16 - buf_len_);
  k.backend->update(&k, xi_, buf_, 1);
  buf_len_ = 0;
}

void Ghash::finish(std::span<uint8_t, 16> out) {
  pad();
  std::memcpy(out.data(), xi_, 16);
  clear();
}

}  // namespace ctcrypto
