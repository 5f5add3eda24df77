// ghash_row.h: the GHASH row table (SP 800-38D, section 6.4).
//
// GHASH multiplies in GF(2^128) with GCM's bit-reflected convention. A
// row's key material (H, or powers of H for aggregated reduction, in
// whatever form it wants) is computed once when the GCM key is set up and
// lives in GhashKeyState, next to the AES key. Every row is constant
// time: no table indexed by data derived from H or the hashed bytes.
#ifndef CTCRYPTO_GHASH_GHASH_ROW_H_
#define CTCRYPTO_GHASH_GHASH_ROW_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/key_storage.h"

namespace ctcrypto::internal {

// kGhashKeyStorageBytes (crypto/key_storage.h): room for the key material
// of any row of this CPU family.

struct GhashRow;

struct alignas(kKeyStateAlign) GhashKeyState {
  alignas(kKeyStateAlign) uint8_t storage[kGhashKeyStorageBytes];
  const GhashRow* row;  // the row that set this key up
};

// GhashKeyExtent: the bytes of GhashKeyState::storage a key set-up wrote, as
// up to two ranges [offset[i], offset[i] + len[i]) (a row's power table and
// its companion table), so that a one-use key is wiped exactly where it was
// written. An unused range has len 0.
struct GhashKeyExtent {
  size_t offset[2];
  size_t len[2];
};

struct GhashRow {
  const char* name;
  uint32_t required_caps;

  // init: derives the row's key material from H (16 bytes, as the AES
  // encryption of the zero block).
  void (*init)(GhashKeyState* g, const uint8_t h[16]);

  // update: for each of `blocks` 16-byte blocks X of `in`:
  // xi = (xi XOR X) * H, with xi and X as GCM byte strings.
  void (*update)(const GhashKeyState* g, uint8_t xi[16], const uint8_t* in,
                 size_t blocks);

  // Optional (null when absent: callers use init and treat all of storage
  // as written). init_powers: as init, but computes only the key powers that
  // update calls of at most `max_blocks` blocks (>= 1) read, in the places
  // init puts them. For a key that hashes one short message (GCM-SIV's
  // per-nonce POLYVAL key), where init's higher powers would be computed and
  // wiped unused. The state is valid only for update calls of at most
  // `max_blocks` blocks; the caller guarantees that (block counts are
  // public). Returns the bytes written.
  GhashKeyExtent (*init_powers)(GhashKeyState* g, const uint8_t h[16],
                                size_t max_blocks) = nullptr;
};

extern const GhashRow* const kGhashRows[];
extern const size_t kNumGhashRows;
// kGhashRowUses[i]: the capabilities row i is declared to use (crypto/BUILD.bazel).
extern const uint32_t kGhashRowUses[];
// ghash_table: kGhashRows as a span (for row_table.h).
std::span<const GhashRow* const> ghash_table();

const GhashRow* select_ghash_row(uint32_t caps);
const GhashRow* find_ghash_row(const char* name);

extern const GhashRow kGhashNohw;     // ghash_nohw.cc: portable ctmul
extern const GhashRow kGhashSsse3;    // x86 SSSE3 (PSHUFB over whole tables)
extern const GhashRow kGhashClmul;    // x86 PCLMULQDQ
extern const GhashRow kGhashVpclmul;  // x86 VPCLMULQDQ wide vectors
extern const GhashRow kGhashNeon;     // ARM NEON PMULL.8 / VMULL.P8
extern const GhashRow kGhashPmull;    // ARMv8 64-bit PMULL

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_GHASH_GHASH_ROW_H_
