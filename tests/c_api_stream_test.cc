// c_api_stream_test.cc: runs the checks of c_api_stream_c_test.c, which is
// compiled as C.
#include <gtest/gtest.h>

#include "tests/c_api_stream_c_test.h"

TEST(CApiStreamFromCTest, SelfTestPasses) {
  EXPECT_EQ(ctcrypto_stream_c_selftest(), 0)
      << "failed check at c_api_stream_c_test.c line "
      << ctcrypto_stream_c_selftest();
}
