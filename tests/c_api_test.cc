// c_api_test.cc: runs the checks of c_api_c_test.c, which is compiled as C.
#include <gtest/gtest.h>

#include "tests/c_api_c_test.h"

TEST(CApiFromCTest, SelfTestPasses) {
  EXPECT_EQ(ctcrypto_c_selftest(), 0)
      << "failed check at c_api_c_test.c line " << ctcrypto_c_selftest();
}
