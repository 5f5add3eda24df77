// sha_row.h: the SHA compression-function row tables.
//
// A row is one implementation of one compression function (FIPS 180-4
// 6.1.2, 6.2.2, 6.4.2): portable C++, x86 SHA-NI, ARMv8 SHA1/SHA256, the
// ARMv8.2 SHA512 instructions, or (SHA-1 and SHA-256 on 32-bit ARM) a NEON
// message schedule beside the rounds in general registers. There is one
// table per compression function
// (SHA-1, SHA-256, SHA-512; SHA-224 would share SHA-256's and SHA-384
// shares SHA-512's), best first, ending with the portable row, which needs
// nothing. The row is chosen when a hash context or an HMAC key is set up
// and recorded in it, as the AES and GHASH keys record theirs; the chaining
// state (HashState) has one layout for every row, so rows never need to
// convert each other's state.
//
// Constant time: every row processes its input only as data (additions,
// rotations, boolean functions, or the instructions that compute them in
// fixed time); the block count is public.
#ifndef CTCRYPTO_HASH_SHA_ROW_H_
#define CTCRYPTO_HASH_SHA_ROW_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/hash/hash_internal.h"

namespace ctcrypto::internal {

struct ShaRow {
  const char* name;        // as printed by `ctcrypto caps`, e.g. "portable"
  uint32_t required_caps;  // Cap bits the CPU must have at run time
  ShaFamily family;        // the compression function this row computes
  // compress: absorbs `blocks` whole blocks (64 or 128 bytes each) of
  // `data` into `s`. data need not be aligned.
  void (*compress)(HashState* s, const uint8_t* data, size_t blocks);
};

// sha_table: the rows of one compression function this configuration keeps
// (crypto/rows.bzl: those present, less any an earlier row shadows; with
// static capabilities only the first the target promises), best first; the
// last is the portable row.
std::span<const ShaRow* const> sha_table(ShaFamily family);

// select_sha_row: the first row of the family's table runnable with
// `caps`. Never null.
const ShaRow* select_sha_row(ShaFamily family, uint32_t caps);

// find_sha_row: the row of sha_table(family) called `name`, or null.
const ShaRow* find_sha_row(ShaFamily family, const char* name);

// Rows, defined each in its row's file. Only the rows compiled for the
// platform exist; sha_row_table.cc lists them.
extern const ShaRow kSha1Portable;    // sha1.cc
extern const ShaRow kSha256Portable;  // sha256.cc
extern const ShaRow kSha512Portable;  // sha512.cc
extern const ShaRow kSha1Shani;       // sha_ni_x86_64.cc
extern const ShaRow kSha256Shani;     // sha_ni_x86_64.cc
extern const ShaRow kSha1Armv8;       // sha_armv8_{aarch64,arm}.cc
extern const ShaRow kSha256Armv8;     // sha_armv8_{aarch64,arm}.cc
extern const ShaRow kSha512Armv8;     // sha512_armv8_aarch64.cc
extern const ShaRow kSha1Neon;        // sha1_neon_arm.cc
extern const ShaRow kSha256Neon;      // sha256_neon_arm.cc

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_HASH_SHA_ROW_H_
