// cycle_harness: the bulk operations whose Cortex-M4 cycle counts
// bench/mcu/trace_cycles.sh takes from the executed instruction trace
// (QEMU with util/ct-mcu.sh's trace plugin; bench/mcu/trace_cycles.py
// prices each instruction with the Cortex-M4 TRM's timings). Each
// operation runs at two lengths between ct_mcu_trace_begin() and
// ct_mcu_trace_end() (the plugin's markers, as in
// tests/ct/mcu_trace_harness.cc) and is named NAME.<bytes>; the difference
// of the two counts over the difference of the lengths is the bulk cost,
// without the per-call set-up. Bare metal only.
//
//   bench/mcu/trace_cycles.sh [CONFIG]
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <span>

#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ghash.h"
#include "ctcrypto/modes.h"
#include "ctcrypto/status.h"

extern "C" __attribute__((noipa, used)) void ct_mcu_trace_begin() {
  __asm__ volatile("" ::: "memory");
}
extern "C" __attribute__((noipa, used)) void ct_mcu_trace_end() {
  __asm__ volatile("nop" ::: "memory");
}

namespace {

constexpr size_t kLens[] = {512, 1536};
uint8_t g_in[1536], g_out[1536 + 16];
unsigned g_regions = 0;
bool g_ok = true;

template <typename F>
void measure(const char* op, size_t len, F&& body) {
  ct_mcu_trace_begin();
  body();
  ct_mcu_trace_end();
  std::printf("REGION %u %s.%lu\n", g_regions++, op,
              static_cast<unsigned long>(len));
}

}  // namespace

int main() {
  using ctcrypto::Status;
  for (size_t i = 0; i < sizeof(g_in); ++i) g_in[i] = static_cast<uint8_t>(i * 7);
  uint8_t key[16], h[16], ctr[16] = {}, nonce[12] = {};
  for (int i = 0; i < 16; ++i) key[i] = h[i] = static_cast<uint8_t>(0x40 + i);
  ctcrypto::AesKey aes;
  g_ok &= aes.init(key) == Status::kOk;
  ctcrypto::GhashKey gk;
  g_ok &= gk.init(h) == Status::kOk;
  ctcrypto::AesGcm gcm;
  g_ok &= gcm.init(key) == Status::kOk;
  for (size_t len : kLens) {
    measure("aes128_ctr32", len, [&] {
      g_ok &= ctcrypto::aes_ctr32(aes, ctr, std::span(g_in, len),
                                  std::span(g_out, len)) == Status::kOk;
    });
    measure("ghash", len, [&] {
      ctcrypto::Ghash g(gk);
      uint8_t x[16];
      g_ok &= g.update(std::span(g_in, len)) == Status::kOk;
      g_ok &= g.finish(x) == Status::kOk;
    });
    measure("aes128_gcm_seal", len, [&] {
      size_t n = 0;
      g_ok &= gcm.seal(std::span(g_out, len + 16), &n, nonce,
                       std::span(g_in, len), {}) == Status::kOk;
    });
  }
  std::printf("cycle_harness: %s\n", g_ok ? "ok" : "FAILED");
  return g_ok ? 0 : 1;
}
