// xts.h: AES-XTS (IEEE Std 1619-2018, NIST SP 800-38E), the length-
// preserving mode for storage: each data unit (sector) is encrypted under
// a 16-byte tweak, usually the sector number as a 128-bit little-endian
// integer (IEEE 1619 5.1).
//
// Keys: 32 bytes (XTS-AES-128) or 64 bytes (XTS-AES-256), the data key
// Key1 followed by the tweak key Key2; other lengths (including the 48
// bytes some libraries accept for AES-192) are kInvalidKeyLength, since
// IEEE 1619 defines only these two. Key1 == Key2 is refused
// (kInvalidArgument): SP 800-38E relies on IEEE 1619, whose security
// argument needs two independent keys, and FIPS 140-3 implementation
// guidance requires the check. The comparison is constant time; only the
// one-bit result is revealed.
//
// Data units: 16 bytes to 2^24 bytes (IEEE 1619 5.1: at most 2^20 blocks);
// a length that is not a multiple of 16 uses ciphertext stealing. `in` and
// `out` may be the same buffer; any other overlap is kOverlappingBuffers.
// The tweak is treated as public, but the encrypted tweak T and every
// multiple of it are secret: they are computed without secret branches
// and wiped after use.
#ifndef CTCRYPTO_XTS_H_
#define CTCRYPTO_XTS_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "ctcrypto/aes.h"
#include "ctcrypto/status.h"

namespace ctcrypto {

inline constexpr size_t kXtsTweakLen = 16;
inline constexpr size_t kXtsMinDataUnit = 16;
inline constexpr size_t kXtsMaxDataUnit = size_t{1} << 24;

// The library reaches the object's private members through XtsAccess alone
// (crypto/modes/xts_access.h).
namespace internal {
struct XtsAccess;
}  // namespace internal

class AesXts {
 public:
  // Copies are independent key objects, as for the other keyed objects
  // (README.md, "Key objects"): each wipes itself on clear() and
  // destruction.
  AesXts() = default;
  AesXts(const AesXts&) = default;
  AesXts& operator=(const AesXts&) = default;
  ~AesXts() { clear(); }

  // init: a 32- or 64-byte key (Key1 || Key2) with the selected row.
  Status init(std::span<const uint8_t> key);

  bool initialized() const { return data_key_.initialized(); }
  const AesKey& data_key() const { return data_key_; }

  // encrypt / decrypt: one data unit of in.size() bytes (16 .. 2^24) under
  // `tweak`; out.size() >= in.size().
  Status encrypt(std::span<const uint8_t, kXtsTweakLen> tweak,
                 std::span<const uint8_t> in, std::span<uint8_t> out) const;
  Status decrypt(std::span<const uint8_t, kXtsTweakLen> tweak,
                 std::span<const uint8_t> in, std::span<uint8_t> out) const;

  // clear: wipes both expanded keys; the object is uninitialised after.
  void clear();

 private:
  Status crypt(bool decrypt, std::span<const uint8_t, kXtsTweakLen> tweak,
               std::span<const uint8_t> in, std::span<uint8_t> out) const;

  friend struct internal::XtsAccess;
  AesKey data_key_;   // Key1: encrypts the whitened blocks
  AesKey tweak_key_;  // Key2: encrypts the tweak
};

// xts_tweak_from_sector: IEEE 1619's tweak for data unit `sector`, the
// 128-bit little-endian encoding of the sequence number.
void xts_tweak_from_sector(uint64_t sector, std::span<uint8_t, kXtsTweakLen> tweak);

}  // namespace ctcrypto

#endif  // CTCRYPTO_XTS_H_
