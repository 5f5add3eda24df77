// sha_ni_x86_64.cc: the "shani" rows of the SHA-1 and SHA-256 tables, on
// the x86 SHA extensions (Intel SDM vol. 2: SHA1RNDS4, SHA1NEXTE, SHA1MSG1,
// SHA1MSG2, SHA256RNDS2, SHA256MSG1, SHA256MSG2).
//
// Technique. The instructions compute FIPS 180-4's rounds and message
// schedule four words at a time; this file only arranges the state and
// the 16-word message window the way they expect:
//
//  SHA-1: one register holds A,B,C,D with A in the top dword; message
//  groups hold W[t..t+3] with W[t] in the top dword (a whole-register byte
//  reversal of 16 input bytes gives exactly that). SHA1RNDS4 runs four
//  steps with the function/constant of its immediate (Ch, Parity, Maj,
//  Parity: FIPS 180-4 4.1.1, 4.2.1) and adds E only to the first word, so
//  E + W[t] comes from SHA1NEXTE, which derives E as ROL30 of the A four
//  steps earlier (after four steps E is the old A rotated by 30).
//  Schedule: W[t] = ROL1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) as
//  SHA1MSG2(SHA1MSG1(W[t-16..], W[t-12..]) ^ W[t-8..], W[t-4..]).
//
//  SHA-256: SHA256RNDS2 runs two rounds on the state split as (A,B,E,F)
//  and (C,D,G,H) (A and C in the top dwords), taking W[t]+K[t] and
//  W[t+1]+K[t+1] from the low half of a third register; after two rounds
//  the old (A,B,E,F) is the new (C,D,G,H), so the two halves swap roles
//  at every call. Message groups hold W[t..t+3] with W[t] in the low dword
//  (per-dword byte swap). Schedule: W[t..t+3] = SHA256MSG2(SHA256MSG1(
//  W[t-16..], W[t-12..]) + W[t-7..t-4], W[t-4..]) (sigma0 in MSG1, sigma1
//  in MSG2, W[t-7] via PALIGNR).
//
// The groups are unrolled at compile time (template over the group index)
// so that the four message registers keep fixed names and the immediate of
// SHA1RNDS4 is a constant. They are in sha_ni_x86_64.h, which the AES-NI
// row's stitched TLS-CBC seal loop includes too.
//
// Constant time: the SHA instructions, PSHUFB with a constant mask, adds,
// XORs and byte shifts by constants; no branch or memory index depends on
// the state or the data (the group loops and the block count are public).
// The state is passed through HashState's layout (one word per 64-bit
// slot), shared with the portable row.
//
// Build: only this library has -msha; the rows require kCapShaNi (CPUID
// leaf 7 EBX bit 29), which implies SSSE3 in cpu_common.cc's closure.
#include <cstdint>

#include "crypto/cpu/cpu.h"
#include "crypto/hash/sha_row.h"
#include "crypto/hash/sha_ni_x86_64.h"

namespace ctcrypto::internal {
namespace {

void sha1_compress_shani(HashState* s, const uint8_t* p, size_t blocks) {
  shani::Sha1Regs r = shani::sha1_load(s);
  for (; blocks > 0; --blocks, p += 64) shani::sha1_block(r, p, shani::NoStitch{});
  shani::sha1_store(r, s);
}

void sha256_compress_shani(HashState* s, const uint8_t* p, size_t blocks) {
  shani::Sha256Regs r = shani::sha256_load(s);
  for (; blocks > 0; --blocks, p += 64)
    shani::sha256_block(r, p, shani::NoStitch{});
  shani::sha256_store(r, s);
}

}  // namespace

extern const ShaRow kSha1Shani = {"shani", kCapShaNi, ShaFamily::kSha1,
                                      sha1_compress_shani};
extern const ShaRow kSha256Shani = {"shani", kCapShaNi, ShaFamily::kSha256,
                                        sha256_compress_shani};

}  // namespace ctcrypto::internal
