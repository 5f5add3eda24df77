// aes.h: AES-128/192/256 keys and single blocks (FIPS-197).
//
// The row (portable bitsliced, vpaes, AES-NI, ...) is chosen when the key
// is set up: the best one compiled into this build that the CPU supports,
// minus anything named in CTCRYPTO_DISABLE. The key keeps the row that
// expanded it, so a key is always used by the code that understands it.
#ifndef CTCRYPTO_AES_H_
#define CTCRYPTO_AES_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "ctcrypto/key_sizes.h"

#include "ctcrypto/status.h"

namespace ctcrypto {

inline constexpr size_t kAesBlockSize = 16;

// The library reaches the object's private members through AesKeyAccess alone
// (crypto/aes/aes_key_access.h).
namespace internal {
struct AesKeyAccess;
}  // namespace internal

// kAesKeyStateSize, kAesKeyStateAlign: the bytes an AesKey holds (room for
// the expanded key, both directions, of the largest row of this CPU family,
// plus the row, round count and key length) and their alignment
// (ctcrypto/key_sizes.h). Published so that the object's size is fixed by
// the headers, not by the rows compiled in; aes.cc checks that they
// are the internal state's.
inline constexpr size_t kAesKeyStateSize = CTCRYPTO_AES_KEY_STATE_SIZE;
inline constexpr size_t kAesKeyStateAlign = CTCRYPTO_KEY_STATE_ALIGN;

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

  // init: expands a 16-, 24- or 32-byte key with the selected row.
  Status init(std::span<const uint8_t> key);

  bool initialized() const;
  // row_name: the row that set this key up, or "none".
  const char* row_name() const;
  // backend_name: the former name of row_name() ("backend" and "row" were two
  // words for one thing; "row" stayed).
  const char* backend_name() const { return row_name(); }

  // encrypt_block / decrypt_block: one block; in and out may be equal.
  // Does nothing if the key was not initialised.
  void encrypt_block(const uint8_t in[16], uint8_t out[16]) const;
  void decrypt_block(const uint8_t in[16], uint8_t out[16]) const;

 private:
  friend struct internal::AesKeyAccess;
  // The expanded key in its row's form (internal::AesKeyState); all
  // zero is an uninitialised key.
  alignas(kAesKeyStateAlign) unsigned char state_[kAesKeyStateSize] = {};
};

}  // namespace ctcrypto

#endif  // CTCRYPTO_AES_H_
