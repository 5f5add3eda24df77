// ct_negative_control.cc: deliberately leaky code, run through the same
// harness as ct_suite (the ctgrind build, the same valgrind command line,
// the same ct_secret() annotation). It proves that the harness detects the
// two classic timing leaks; util/check-host.sh fails if it does not.
//
//   1. table_aes_round: one AES round computed the textbook way with a
//      256-byte S-box table indexed by secret state bytes (a cache-timing
//      leak: memcheck reports "Use of uninitialised value of size 8" for the
//      secret-dependent address).
//   2. early_exit_compare: a tag comparison that returns at the first
//      differing byte (a timing leak on how many bytes match: memcheck
//      reports "Conditional jump or move depends on uninitialised value").
//
// This code lives in tests/ only and is never linked into the library.
// Under valgrind each control must add at least one error; the program
// prints one line per control and a verdict line that check-host.sh greps
// for (valgrind itself then exits with --error-exitcode, as expected).
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "crypto/ct.h"
#include "tests/ct/ct_valgrind.h"
#include "tests/ct/static_tls.h"

namespace {

using ctcrypto_ct::under_valgrind;
using ctcrypto_ct::valgrind_errors;

using ctcrypto::internal::ct_declassify;
using ctcrypto::internal::ct_secret;

// The FIPS-197 S-box, computed (multiplicative inverse in GF(2^8) followed
// by the affine map) into a lookup table: exactly what must NOT be done with
// secret indices.
struct SboxTable {
  uint8_t s[256];
  SboxTable() {
    uint8_t p = 1, q = 1;
    do {
      p = static_cast<uint8_t>(p ^ (p << 1) ^ (p & 0x80 ? 0x1b : 0));  // p *= 3
      q ^= static_cast<uint8_t>(q << 1);  // q /= 3
      q ^= static_cast<uint8_t>(q << 2);
      q ^= static_cast<uint8_t>(q << 4);
      if (q & 0x80) q ^= 0x09;
      uint8_t x = static_cast<uint8_t>(q ^ rotl(q, 1) ^ rotl(q, 2) ^
                                       rotl(q, 3) ^ rotl(q, 4));
      s[p] = static_cast<uint8_t>(x ^ 0x63);
    } while (p != 1);
    s[0] = 0x63;
  }
  static uint8_t rotl(uint8_t v, int n) {
    return static_cast<uint8_t>((v << n) | (v >> (8 - n)));
  }
};

uint8_t xtime(uint8_t v) {
  return static_cast<uint8_t>((v << 1) ^ ((v >> 7) * 0x1b));
}

// One AES round (SubBytes by table, ShiftRows, MixColumns, AddRoundKey).
__attribute__((noinline)) void table_aes_round(const SboxTable& t,
                                               uint8_t state[16],
                                               const uint8_t rk[16]) {
  uint8_t b[16];
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      b[4 * c + r] = t.s[state[4 * ((c + r) % 4) + r]];  // LEAK: secret index
  for (int c = 0; c < 4; ++c) {
    uint8_t* col = b + 4 * c;
    uint8_t all = static_cast<uint8_t>(col[0] ^ col[1] ^ col[2] ^ col[3]);
    uint8_t c0 = col[0];
    for (int r = 0; r < 4; ++r) {
      uint8_t next = r == 3 ? c0 : col[r + 1];
      state[4 * c + r] =
          static_cast<uint8_t>(col[r] ^ all ^ xtime(col[r] ^ next) ^ rk[4 * c + r]);
    }
  }
}

// A tag compare that stops at the first difference.
__attribute__((noinline)) bool early_exit_compare(const uint8_t* a,
                                                  const uint8_t* b, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (a[i] != b[i]) return false;  // LEAK: branch on secret bytes
  }
  return true;
}

}  // namespace

int main() {
  ctcrypto_test::mark_static_thread_block_defined();
  static const SboxTable table;
  int reported = 0;
  const int total = 2;

  {
    uint8_t state[16], rk[16];
    for (int i = 0; i < 16; ++i) {
      state[i] = static_cast<uint8_t>(i * 17);
      rk[i] = static_cast<uint8_t>(i * 5 + 1);
    }
    ct_secret(state, sizeof(state));
    ct_secret(rk, sizeof(rk));
    unsigned before = valgrind_errors();
    table_aes_round(table, state, rk);
    unsigned n = valgrind_errors() - before;
    ct_declassify(state, sizeof(state));
    std::printf("negative control table_aes_round: %s (%u valgrind errors)\n",
                n ? "REPORTED" : "NOT REPORTED", n);
    reported += n ? 1 : 0;
  }
  {
    uint8_t tag[16], received[16];
    for (int i = 0; i < 16; ++i) tag[i] = received[i] = static_cast<uint8_t>(i);
    received[9] ^= 1;
    ct_secret(received, sizeof(received));
    unsigned before = valgrind_errors();
    bool eq = early_exit_compare(tag, received, sizeof(tag));
    unsigned n = valgrind_errors() - before;
    ct_declassify(&eq, sizeof(eq));
    std::printf(
        "negative control early_exit_compare: %s (%u valgrind errors)%s\n",
        n ? "REPORTED" : "NOT REPORTED", n, eq ? " [compare was wrong]" : "");
    reported += n ? 1 : 0;
  }

  if (!under_valgrind()) {
    std::printf("negative control: not under valgrind (ctgrind build), "
                "nothing to report\n");
    return 0;
  }
  if (reported == total) {
    std::printf("negative control: all %d leaks reported\n", total);
    return 0;
  }
  std::printf("negative control: only %d of %d leaks reported -- the "
              "constant-time harness is broken\n", reported, total);
  return 3;
}
