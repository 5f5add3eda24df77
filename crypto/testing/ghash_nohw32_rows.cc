// ghash_nohw32_rows.cc: see ghash_nohw32_rows.h.
#include "crypto/testing/ghash_nohw32_rows.h"

#include "crypto/ghash/ghash_nohw32.h"

namespace ctcrypto::internal {

const GhashRow kGhashNohw32Mul64 = {
    .name = "nohw32_mul64",
    .required_caps = 0,
    .init = ghash_nohw32::init,
    .update = ghash_nohw32::scrubbed_update<ghash_nohw32::Mul64>,
    .init_powers = ghash_nohw32::init_powers,
};

const GhashRow kGhashNohw32Mul32 = {
    .name = "nohw32_mul32",
    .required_caps = 0,
    .init = ghash_nohw32::init,
    .update = ghash_nohw32::scrubbed_update<ghash_nohw32::Mul32>,
    .init_powers = ghash_nohw32::init_powers,
};

}  // namespace ctcrypto::internal
