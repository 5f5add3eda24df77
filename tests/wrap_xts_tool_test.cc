// wrap_xts_tool_test.cc: the line protocols of `ctcrypto keywrap` and
// `ctcrypto xts` (tool/wrap_xts_batch.h): known answers, round trips and
// every malformed-line answer.
#include <gtest/gtest.h>

#include "tool/wrap_xts_batch.h"

namespace ctcrypto_test {
namespace {

using ctcrypto::tool::keywrap_process_line;
using ctcrypto::tool::xts_process_line;

TEST(WrapXtsTool, KeyWrapLines) {
  // RFC 3394 4.1 and RFC 5649 section 6 (second example).
  EXPECT_EQ(keywrap_process_line("wrap kw 000102030405060708090A0B0C0D0E0F "
                                 "00112233445566778899aabbccddeeff\r"),
            "1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5");
  EXPECT_EQ(keywrap_process_line("unwrap kw 000102030405060708090a0b0c0d0e0f "
                                 "1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5"),
            "00112233445566778899aabbccddeeff");
  EXPECT_EQ(keywrap_process_line("unwrap kw 000102030405060708090a0b0c0d0e0f "
                                 "1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe4"),
            "ERROR authentication failure");
  EXPECT_EQ(keywrap_process_line("wrap kwp 5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8 "
                                 "466f7250617369"),
            "afbeb0f07dfbf5419200f2ccb50bb24f");
  EXPECT_EQ(keywrap_process_line("unwrap kwp 5840df6e29b02af1ab493b705bf16ea1ae8338f4dcc176a8 "
                                 "afbeb0f07dfbf5419200f2ccb50bb24f"),
            "466f7250617369");
  EXPECT_EQ(keywrap_process_line("wrap kw 00 00"), "ERROR wrong key length");
  EXPECT_EQ(keywrap_process_line("wrap kwp 000102030405060708090a0b0c0d0e0f -"),
            "ERROR invalid input length");
  EXPECT_EQ(keywrap_process_line("wrap kw 000102030405060708090a0b0c0d0e0f 0011"),
            "ERROR invalid input length");
  EXPECT_EQ(keywrap_process_line("seal kw 00 00"), "ERROR unknown op");
  EXPECT_EQ(keywrap_process_line("wrap kx 00 00"), "ERROR unknown mode");
  EXPECT_EQ(keywrap_process_line("wrap kw 0g 00"), "ERROR bad hex");
  EXPECT_EQ(keywrap_process_line("wrap kw 00"), "ERROR expected 'OP MODE KEK INPUT'");
  EXPECT_EQ(keywrap_process_line("wrap  kw 00 00"),
            "ERROR expected 'OP MODE KEK INPUT'");
}

TEST(WrapXtsTool, XtsLines) {
  const std::string key =
      "6e9841dd6f35b53c48084f9558deabdebe8a712fd6343046a0f92bfdcfe16e07";
  const std::string tweak = "6e08e4314925b6cf0000000000000000";
  EXPECT_EQ(xts_process_line("encrypt aes-128-xts " + key + " " + tweak +
                             " 7252a0545fcaa07fc468c636203de219"),
            "d107e084fbaed19c5be05ac4f48b7732");
  EXPECT_EQ(xts_process_line("decrypt aes-128-xts " + key + " " + tweak +
                             " d107e084fbaed19c5be05ac4f48b7732"),
            "7252a0545fcaa07fc468c636203de219");
  EXPECT_EQ(xts_process_line("encrypt aes-256-xts " + key + " " + tweak +
                             " 7252a0545fcaa07fc468c636203de219"),
            "ERROR wrong key length");
  EXPECT_EQ(xts_process_line("encrypt aes-128-xts " + key + " 00 00"),
            "ERROR tweak must be 16 bytes");
  EXPECT_EQ(xts_process_line("encrypt aes-128-xts " + key + " " + tweak + " 00"),
            "ERROR invalid input length");
  EXPECT_EQ(xts_process_line("encrypt aes-128-xts " + std::string(64, '0') + " " +
                             tweak + " " + std::string(32, '0')),
            "ERROR invalid argument");  // Key1 == Key2
  EXPECT_EQ(xts_process_line("seal aes-128-xts 00 00 00"), "ERROR unknown op");
  EXPECT_EQ(xts_process_line("encrypt aes-192-xts 00 00 00"),
            "ERROR unknown cipher");
  EXPECT_EQ(xts_process_line("encrypt aes-128-xts"),
            "ERROR expected 'OP CIPHER KEY TWEAK INPUT'");
}

}  // namespace
}  // namespace ctcrypto_test
