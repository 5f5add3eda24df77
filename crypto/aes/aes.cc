// aes.cc: AesKey, the public face of the AES backend table.
#include "ctcrypto/aes.h"

#include "crypto/backend_table.h"
#include "crypto/cpu/cpu.h"
#include "crypto/internal.h"

namespace ctcrypto {

bool aes_backend_usable(const internal::AesBackend* backend) {
  return internal::table_usable(internal::aes_table(), backend,
                                internal::cpu_caps());
}

Status AesKey::init(std::span<const uint8_t> key) {
  return init(key, internal::select_aes_backend(internal::cpu_caps()));
}

Status AesKey::init(std::span<const uint8_t> key,
                    const internal::AesBackend* backend) {
  clear();  // a failed re-init leaves no trace of the previous key
  size_t len = key.size();
  if (len != 16 && len != 24 && len != 32) return Status::kInvalidKeyLength;
  if (key.data() == nullptr) return Status::kInvalidArgument;
  // An explicit row only has to be runnable here (header: "null or a row
  // the CPU cannot run gives kUnsupported"); it need not be listed in the
  // table - the tests pass the portable reference rows, which aarch64 builds
  // leave out of the tables but the tests link themselves.
  if (backend == nullptr ||
      !internal::row_runnable(backend, internal::cpu_caps()))
    return Status::kUnsupported;
  state_.key_len = static_cast<uint32_t>(len);
  state_.rounds = static_cast<uint32_t>(len / 4 + 6);
  backend->set_key(&state_, key.data(), len);
  internal::scrub_stack();  // set_key's frame: raw key, schedule, spills
  state_.backend = backend;
  return Status::kOk;
}

void AesKey::clear() { internal::secure_zero(&state_, sizeof(state_)); }

const char* AesKey::backend_name() const {
  return state_.backend ? state_.backend->name : "none";
}

void AesKey::encrypt_block(const uint8_t in[16], uint8_t out[16]) const {
  if (state_.backend) state_.backend->encrypt_block(&state_, in, out);
}

void AesKey::decrypt_block(const uint8_t in[16], uint8_t out[16]) const {
  if (state_.backend) state_.backend->decrypt_block(&state_, in, out);
}

}  // namespace ctcrypto
