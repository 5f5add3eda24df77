// state_in.h: the internal state a public object keeps in its opaque
// storage.
//
// The public headers (ctcrypto/*.h) hold each object's state as aligned
// bytes whose size is a published constant (kAesKeyStateSize, ...), so that
// they name no internal type. Each public class befriends its own small
// access struct, declared by the layer that owns the class (AesKeyAccess in
// crypto/aes/aes_key_access.h, GcmAccess in crypto/modes/gcm_access.h, ...);
// those accessors reach the state through state_in, which only reinterprets
// the storage (no copy, no call), so the hot paths cost what they did when
// the state was a member. The static_asserts in the .cc file that owns each
// object check that the internal state fits its storage and is aligned for
// it.
//
// Nothing here knows an object: this header is shared by every layer and
// includes no public header, so no layer reaches another's state through it.
#ifndef CTCRYPTO_STATE_IN_H_
#define CTCRYPTO_STATE_IN_H_

#include <cstddef>
#include <new>

namespace ctcrypto::internal {

// The state types are implicit-lifetime aggregates (trivial constructor,
// copy and destructor), so the byte arrays that hold them provide their
// storage and a copy of the bytes is a copy of the state.
// The storage is declared alignas the state (asserted where each object is
// defined); the cast goes through void* because the byte array's own type
// says alignment 1, which -Wcast-align would report on strict-alignment
// targets (ARM) although the object's alignment holds.
template <class State, size_t N>
State& state_in(unsigned char (&storage)[N]) {
  static_assert(sizeof(State) <= N);
  return *std::launder(static_cast<State*>(static_cast<void*>(storage)));
}

template <class State, size_t N>
const State& state_in(const unsigned char (&storage)[N]) {
  static_assert(sizeof(State) <= N);
  return *std::launder(
      static_cast<const State*>(static_cast<const void*>(storage)));
}

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_STATE_IN_H_
