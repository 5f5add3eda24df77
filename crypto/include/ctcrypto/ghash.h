// ghash.h: GHASH (SP 800-38D, 6.4) as a streaming hash keyed by H.
#ifndef CTCRYPTO_GHASH_H_
#define CTCRYPTO_GHASH_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "ctcrypto/key_sizes.h"
#include "ctcrypto/status.h"

namespace ctcrypto {

// The library reaches the object's private members through GhashKeyAccess alone
// (crypto/ghash/ghash_key_access.h).
namespace internal {
struct GhashKeyAccess;
}  // namespace internal

// kGhashKeyStateSize, kGhashKeyStateAlign: the bytes a GhashKey holds (room
// for the key material of the largest row of this CPU family, plus the
// row) and their alignment (ctcrypto/key_sizes.h); ghash.cc checks that
// they are the internal state's.
inline constexpr size_t kGhashKeyStateSize = CTCRYPTO_GHASH_KEY_STATE_SIZE;
inline constexpr size_t kGhashKeyStateAlign = CTCRYPTO_KEY_STATE_ALIGN;

// GhashKey: H in the selected row's form (computed once). Wipes itself
// on clear() and destruction; copies are independent and wipe themselves.
class GhashKey {
 public:
  GhashKey() = default;
  GhashKey(const GhashKey&) = default;
  GhashKey& operator=(const GhashKey&) = default;
  ~GhashKey() { clear(); }
  // clear: wipes H and its powers/tables; uninitialised afterwards.
  void clear();
  Status init(std::span<const uint8_t, 16> h);
  bool initialized() const;
  const char* row_name() const;
  // backend_name: the former name of row_name() ("backend" and "row" were two
  // words for one thing; "row" stayed).
  const char* backend_name() const { return row_name(); }

 private:
  friend struct internal::GhashKeyAccess;
  // H in its row's form (internal::GhashKeyState); all zero is an
  // uninitialised key.
  alignas(kGhashKeyStateAlign) unsigned char state_[kGhashKeyStateSize] = {};
};

// Ghash: one running hash. update() takes any lengths; the concatenation of
// everything passed is hashed as one string whose last partial block is
// zero-padded by finish(), as GCM pads AD and ciphertext.
class Ghash {
 public:
  explicit Ghash(const GhashKey& key) : key_(&key) {}
  Ghash(const Ghash&) = default;
  Ghash& operator=(const Ghash&) = default;
  // The accumulator and pending bytes depend on H and the data: wiped.
  ~Ghash() { clear(); }
  // clear: wipes the running state (the hash restarts from zero).
  void clear();
  // update: appends data. kNotInitialized when the key is not
  // initialised, kInvalidArgument for a null pointer with a length or a
  // span that cannot be memory: nothing is absorbed then.
  Status update(std::span<const uint8_t> data);
  // pad: zero-pads a pending partial block (GCM pads AD before ciphertext).
  void pad();
  // finish: pads and writes the 16-byte accumulator, then restarts from
  // zero; kNotInitialized (nothing written) when the key is not
  // initialised.
  Status finish(std::span<uint8_t, 16> out);

 private:
  const GhashKey* key_;
  uint8_t xi_[16] = {};
  uint8_t buf_[16] = {};
  size_t buf_len_ = 0;
};

}  // namespace ctcrypto

#endif  // CTCRYPTO_GHASH_H_
