// key_wrap.h: AES key wrap, KW (RFC 3394) and KWP (RFC 5649), as specified
// by NIST SP 800-38F (sections 6.2 and 6.3), over an AesKey (the KEK).
//
// KW wraps n >= 2 semiblocks (a multiple of 8 bytes, at least 16) into
// n + 1 semiblocks under the default IV A6A6A6A6A6A6A6A6. KWP wraps 1 to
// 2^32 - 1 bytes: the alternative IV A65959A6 || MLI (the 32-bit big-endian
// length) and zero padding to a multiple of 8; a padded length of 8 is one
// AES block (SP 800-38F 6.3 step 4), longer inputs go through KW's W.
//
// Unwrapping checks the integrity value in constant time: KW's IV compare,
// and KWP's prefix, MLI range and zero padding are combined with masks into
// one verdict that is declassified once (it is what the caller learns
// anyway). On failure kAuthenticationFailed is returned and every byte the
// call wrote to `out` is zeroed: no unwrapped key material is released.
//
// Every length is checked before anything is written. `in` and `out` may be
// the same buffer (in place: out.data() == in.data()); any other overlap is
// kOverlappingBuffers.
#ifndef CTCRYPTO_KEY_WRAP_H_
#define CTCRYPTO_KEY_WRAP_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "ctcrypto/aes.h"
#include "ctcrypto/status.h"

namespace ctcrypto {

// kKeyWrapOverhead: a wrapped key is at most this much longer than the key
// (KW: exactly; KWP: plus the zero padding to a multiple of 8).
inline constexpr size_t kKeyWrapOverhead = 8;
// kKeyWrapMinInput: KW wraps at least two semiblocks (SP 800-38F 5.3.1).
inline constexpr size_t kKeyWrapMinInput = 16;
// kKeyWrapPaddedMaxInput: KWP's MLI is 32 bits.
inline constexpr uint64_t kKeyWrapPaddedMaxInput = 0xffffffffu;

// aes_key_wrap (KW-AE): in.size() a multiple of 8 and >= 16
// (kInvalidLength), out.size() >= in.size() + 8 (kOutputTooSmall); sets
// *out_len = in.size() + 8.
Status aes_key_wrap(const AesKey& kek, std::span<const uint8_t> in,
                    std::span<uint8_t> out, size_t* out_len);

// aes_key_unwrap (KW-AD): in.size() a multiple of 8 and >= 24
// (kInvalidLength), out.size() >= in.size() - 8; sets *out_len =
// in.size() - 8, or returns kAuthenticationFailed with that part of out
// zeroed and *out_len = 0.
Status aes_key_unwrap(const AesKey& kek, std::span<const uint8_t> in,
                      std::span<uint8_t> out, size_t* out_len);

// aes_key_wrap_padded (KWP-AE): 1 <= in.size() <= 2^32 - 1
// (kInvalidLength / kMessageTooLong); out.size() >= the padded length + 8,
// i.e. 8 * ceil(in.size() / 8) + 8. Sets *out_len to that.
Status aes_key_wrap_padded(const AesKey& kek, std::span<const uint8_t> in,
                           std::span<uint8_t> out, size_t* out_len);

// aes_key_unwrap_padded (KWP-AD): in.size() a multiple of 8 and >= 16;
// out.size() >= in.size() - 8 (the padding is written too, as zeros). Sets
// *out_len to the MLI, or returns kAuthenticationFailed with in.size() - 8
// bytes of out zeroed and *out_len = 0.
Status aes_key_unwrap_padded(const AesKey& kek, std::span<const uint8_t> in,
                             std::span<uint8_t> out, size_t* out_len);

}  // namespace ctcrypto

#endif  // CTCRYPTO_KEY_WRAP_H_
