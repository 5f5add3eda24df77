// cmac.h: AES-CMAC (SP 800-38B, RFC 4493).
//
// AesCmac holds the expanded AES key and the two subkeys K1 = dbl(E(0)),
// K2 = dbl(K1), derived once by init(). mac()/verify() are one-shot;
// AesCmacContext is the incremental form (init/update/finish), a small
// copyable value (the chain value, at most one buffered block and a pointer
// to the key, which must outlive it) so a common prefix can be MACed once
// and the context copied.
//
// Tags are the leading 4..16 bytes of the 16-byte MAC (SP 800-38B allows
// truncation; below 8 bytes see its Appendix A on guessing risk). verify()
// compares in constant time; only the verdict is public.
#ifndef CTCRYPTO_CMAC_H_
#define CTCRYPTO_CMAC_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "ctcrypto/aes.h"
#include "ctcrypto/status.h"

namespace ctcrypto {

inline constexpr size_t kCmacTagLen = 16;
inline constexpr size_t kCmacMinTagLen = 4;

// The library reaches the object's private members through CmacAccess
// (crypto/modes/cmac_access.h); AesCmacContext is the class's other friend.
namespace internal {
struct CmacAccess;
}  // namespace internal

class AesCmac {
 public:
  AesCmac() = default;
  AesCmac(const AesCmac&) = default;
  AesCmac& operator=(const AesCmac&) = default;
  ~AesCmac() { clear(); }

  // init: key of 16/24/32 bytes.
  Status init(std::span<const uint8_t> key);
  // clear: wipes the key and subkeys; uninitialised afterwards.
  void clear();

  bool initialized() const { return aes_.initialized(); }
  const AesKey& aes_key() const { return aes_; }

  // mac: writes the first tag.size() (4..16) bytes of CMAC(msg).
  Status mac(std::span<const uint8_t> msg, std::span<uint8_t> tag) const;
  // verify: kOk if tag (4..16 bytes) is the leading part of CMAC(msg), else
  // kAuthenticationFailed. Constant time in the tag and the MAC.
  Status verify(std::span<const uint8_t> msg,
                std::span<const uint8_t> tag) const;

 private:
  friend class AesCmacContext;
  friend struct internal::CmacAccess;
  AesKey aes_;
  uint8_t k1_[16] = {};
  uint8_t k2_[16] = {};
};

class AesCmacContext {
 public:
  AesCmacContext() = default;
  AesCmacContext(const AesCmacContext&) = default;
  AesCmacContext& operator=(const AesCmacContext&) = default;
  ~AesCmacContext() { clear(); }

  // init: starts a MAC under `key` (kept by pointer: it must outlive the
  // context and stay initialised).
  Status init(const AesCmac& key);
  // update: appends data; any split of a message gives the same MAC.
  Status update(std::span<const uint8_t> data);
  // finish: writes the first tag.size() (4..16) bytes of the MAC; the
  // context is wiped and must be init()ed again for another message.
  Status finish(std::span<uint8_t> tag);
  // finish_verify: as AesCmac::verify for the data absorbed so far; wipes
  // the context.
  Status finish_verify(std::span<const uint8_t> tag);

  void clear();
  bool initialized() const { return key_ != nullptr; }

 private:
  void finish_full(uint8_t out[16]);

  const AesCmac* key_ = nullptr;
  uint8_t x_[16] = {};    // CBC chain value over the blocks done
  uint8_t buf_[16] = {};  // the last 1..16 bytes, held back for K1/K2
  uint32_t n_ = 0;        // bytes in buf_
};

}  // namespace ctcrypto

#endif  // CTCRYPTO_CMAC_H_
