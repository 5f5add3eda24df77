// aes_armv8_aarch64.cc: AES with the ARMv8-A Crypto Extension instructions
// (AESE, AESMC, AESD, AESIMC) through <arm_neon.h>. The functions live in
// aes_armv8_impl.h (over the block primitives of aes_armv8_core.h), shared
// with the AArch32 build (aes_armv8_arm.cc); GCM's kernel over this row
// (AES interleaved with the 64-bit PMULL GHASH) is
// crypto/modes/gcm_armv8_impl.h.
//
// Technique. AESE(s, k) = ShiftRows(SubBytes(s ^ k)) and AESMC = MixColumns,
// so a FIPS-197 round is AESMC(AESE(s, rk[i])) with the round key added
// first, and the last round is AESE then EOR with the final round key.
// Decryption uses the Equivalent Inverse Cipher (FIPS-197, 5.3.5): AESD =
// InvSubBytes(InvShiftRows(s ^ k)), AESIMC = InvMixColumns, with the middle
// round keys passed through InvMixColumns once at key set-up.
//
// Key expansion follows FIPS-197 5.2. SubWord is done with the instruction
// itself: a word broadcast into all four columns is unchanged by ShiftRows
// (every row holds one repeated byte), so AESE with a zero key returns
// SubBytes of it and lane 0 is SubWord(w). No table, constant time.
//
// Throughput. AESE/AESMC have latencies of 2-3 cycles on Cortex-A57/A72/
// A75/A76 and are pipelined, so independent blocks are interleaved: CTR
// and CBC decryption keep 8 blocks in flight (4 for a tail of 4..7), CBC
// encryption is inherently serial. AESE+AESMC pairs are written adjacent,
// the pattern those cores fuse.
//
// Data layout. AesKeyState::storage holds the Nr+1 encryption round keys
// (16 bytes each, in the byte order of the AES state, i.e. FIPS-197's
// column-major bytes) at offset 0 and the Nr+1 decryption round keys of the
// equivalent inverse cipher at offset 240. Counters are big-endian per GCM;
// the 32-bit tail is kept in a general register and inserted into lane 3.
//
// Constant time. The AES instructions have fixed latency; key expansion
// uses only them, EOR and rotations; no branch or address depends on key or
// data. Block counts, lengths, rounds and counters are public.
// Before any other include: the Crypto Extension for this file with gcc
// (crypto/cpu/armv8_crypto_target.h says why it is no -march flag).
#include "crypto/cpu/armv8_crypto_target.h"

#include "crypto/aes/aes_armv8_impl.h"

// Bulk loops for the llvm-mca cost model (bench/mca.sh, doc/cost-model.md). The loops live in aes_armv8_impl.h; the markers sit here, in the
// compilation unit, because the counts are AArch64's (8 blocks in flight).
// Each iteration handles one 8-block batch, 128 bytes; the selector names
// the loop by its AESE/AESD count (10 rounds x 8 blocks = 80 for AES-128,
// 14 x 8 = 112 for AES-256), since the ctr32/cbc functions also hold tail
// code whose backward branches span more than the batch loop.
// mca-loop: aes=armv8 ctr32_t<10> 128 aese=80
// mca-loop: aes=armv8 cbc_decrypt_t<10> 128 aesd=80
// CBC encryption is serial: one block (16 bytes) per iteration; each key
// size is a function of its own (cbc_encrypt_t<Nr>), AES-128 has 10 AESE.
// mca-loop: aes=armv8 cbc_encrypt_t<10> 16 aese=10

namespace ctcrypto::internal {

extern const AesRow kAesArmv8 = armv8_row();
extern const AesDecryptRow kAesArmv8Decrypt = armv8_decrypt_row(&kAesArmv8);

}  // namespace ctcrypto::internal
