// aes.h: AES-128/192/256 keys and single blocks (FIPS-197).
//
// The backend (portable bitsliced, vpaes, AES-NI, ...) is chosen when the key
// is set up: the best one compiled into this build that the CPU supports,
// minus anything named in CTCRYPTO_DISABLE. The key keeps the backend that
// expanded it, so a key is always used by the code that understands it.
#ifndef CTCRYPTO_AES_H_
#define CTCRYPTO_AES_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/aes/aes_backend.h"
#include "ctcrypto/status.h"

namespace ctcrypto {

inline constexpr size_t kAesBlockSize = 16;

// Key material wipes itself: clear() and the destructor overwrite the
// expanded key (internal::secure_zero). Copies are allowed (a copy is a
// second, independent key object) and each copy wipes itself in turn.
class AesKey {
 public:
  AesKey() = default;
  AesKey(const AesKey&) = default;
  AesKey& operator=(const AesKey&) = default;
  ~AesKey() { clear(); }

  // clear: wipes the expanded key; the object is uninitialised afterwards.
  void clear();

  // init: expands a 16-, 24- or 32-byte key with the selected backend.
  Status init(std::span<const uint8_t> key);
  // init: as above with an explicit backend row (tests and benchmarks reach
  // every compiled-in backend this way); null or a row the CPU cannot run
  // gives kUnsupported.
  Status init(std::span<const uint8_t> key,
              const internal::AesBackend* backend);

  bool initialized() const { return state_.backend != nullptr; }
  // backend_name: the row that set this key up, or "none".
  const char* backend_name() const;

  // encrypt_block / decrypt_block: one block; in and out may be equal.
  // Does nothing if the key was not initialised.
  void encrypt_block(const uint8_t in[16], uint8_t out[16]) const;
  void decrypt_block(const uint8_t in[16], uint8_t out[16]) const;

  const internal::AesKeyState& state() const { return state_; }

 private:
  internal::AesKeyState state_{};
};

// aes_backend_usable: whether `backend` is compiled in and this CPU (after
// CTCRYPTO_DISABLE) can run it.
bool aes_backend_usable(const internal::AesBackend* backend);

}  // namespace ctcrypto

#endif  // CTCRYPTO_AES_H_
