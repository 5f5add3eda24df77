// c_api_ccm_cmac_test.cc: runs the checks of c_api_ccm_cmac_c_test.c,
// which is compiled as C.
#include <gtest/gtest.h>

#include "tests/c_api_ccm_cmac_c_test.h"

TEST(CApiCcmCmacFromCTest, SelfTestPasses) {
  EXPECT_EQ(ctcrypto_ccm_cmac_c_selftest(), 0)
      << "failed check at c_api_ccm_cmac_c_test.c line "
      << ctcrypto_ccm_cmac_c_selftest();
}
