// gcm_vpaes_bsaes_arm.cc: the GCM kernel of the ARMv7 vpaes+bsaes AES row
// with the NEON GHASH row ("vpaes+bsaes+neon", gcm_kernel.h): bsaes CTR
// and the GHASH row alternating per 1 KiB chunk (gcm_vpaes_bsaes.h,
// Kernel::alternate), the key converted once per message.
//
// Policy (the costs of crypto/aes/aes_vpaes_bsaes_arm.cc): a message
// of n >= 8 whole blocks costs, through GCM's 3-block head (vpaes, with
// the tag mask: 2 x 1010) and ctr32 calls on the rest, one conversion per
// 1 KiB chunk and per final piece; from the first byte in the bulk loop
// (head = the tag mask alone, ~1010), one conversion per message. n = 8:
// 2020 + vpaes(5) 3030 = 5050 vs 1010 + 1100 + 2450 = 4560; n = 7: 2020 +
// 2020 = 4040 vs 4560. So whole messages from 128 bytes (8 blocks), the
// bulk's own threshold 8 blocks, and its tail as for ctr32: from 5 blocks
// a padded batch (the key is converted already), shorter tails to GCM's
// final piece (vpaes). (Under TCG, 256-byte seals ran 4 vpaes blocks and
// 2 batches, now 1 and 2: BoringSSL's split.)
#include <cstddef>

#include "crypto/cpu/cpu.h"
#include "crypto/modes/gcm_vpaes_bsaes.h"

namespace ctcrypto::internal {
namespace {

struct PolicyArmv7 {
  static constexpr size_t kSealThresholdBlocks = 8;
  static constexpr size_t kOpenThresholdBlocks = 8;
  static constexpr size_t kTailToBsaes = 5;  // as the hybrid's ctr32 tail
  static constexpr size_t kBulkFromBytes = 16 * 8;
  // bulk's callees' frames (gcc 12 -O2): vpaes_export_enc_round_keys
  // 16 bytes, bsaes_convert_key 68, the NEON GHASH update 84 (its loop is
  // assembly with no stack), none with spill slots; 256 covers them (and
  // clang 14's). The 2 KiB of the general figure cost a 256-byte seal ~460
  // of its ~15k guest instructions under QEMU. tests/stack_residue_test
  // checks it (it fails when bulk's own key wipe is left out).
  static constexpr size_t kBulkScrubBytes = 256;
};

using KernelArmv7 = gcm_vpaes_bsaes::Kernel<PolicyArmv7>;

}  // namespace

extern const GcmKernel kGcmVpaesBsaes =
    KernelArmv7::kernel<KernelArmv7::alternate<false>,
                        KernelArmv7::alternate<true>>(
        "vpaes+bsaes+neon", &kAesVpaesBsaes, &kGhashNeon);

}  // namespace ctcrypto::internal
