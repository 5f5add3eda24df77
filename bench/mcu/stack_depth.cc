// stack_depth: the RAM an AES-128-GCM user needs on a microcontroller: the
// size of the key objects and the peak stack depth of key set-up, seal and
// open of one 64-byte message with 16 bytes of AD (the rows the build
// selects). The stack is measured by painting: the bytes below the stack
// pointer are filled with a pattern, the operation runs, and the lowest
// byte that no longer holds the pattern is the deepest the operation (and
// everything it called) reached. Bare metal only (toolchains/arm_none_eabi:
// no interrupt handler runs in between to write below the stack pointer).
//
//   bazel run --config=cortex_m4 //bench/mcu:stack_depth
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <span>

#include "ctcrypto/aead.h"
#include "ctcrypto/aes.h"
#include "ctcrypto/ctcrypto.h"
#include "ctcrypto/gcm_siv.h"
#include "ctcrypto/ghash.h"
#include "ctcrypto/status.h"
#include "ctcrypto/tls_cbc.h"
#include "ctcrypto/xts.h"

namespace {

constexpr size_t kPainted = 32 * 1024;
constexpr uint32_t kPaint = 0xC5A5C5A5u;

uint8_t g_key[16], g_nonce[12], g_ad[16], g_msg[64], g_sealed[80], g_opened[64];
ctcrypto::AesGcm g_gcm;
bool g_ok = true;

void Init() { g_ok &= g_gcm.init(g_key) == ctcrypto::Status::kOk; }
void Seal() {
  size_t n = 0;
  g_ok &= g_gcm.seal(g_sealed, &n, g_nonce, g_msg, g_ad) == ctcrypto::Status::kOk;
}
void Open() {
  size_t n = 0;
  g_ok &= g_gcm.open(g_opened, &n, g_nonce, g_sealed, g_ad) == ctcrypto::Status::kOk;
}

// The bytes below this function's stack pointer that fn() wrote. The paint
// loop makes no call, so nothing else writes below the stack pointer before
// fn() runs; fn()'s own frame (the wrapper above, a few words) is included.
__attribute__((noinline)) size_t PeakStack(void (*fn)()) {
  uintptr_t sp;
  __asm__ volatile("mov %0, sp" : "=r"(sp));
  volatile uint32_t* const low = reinterpret_cast<volatile uint32_t*>((sp & ~uintptr_t{3}) - kPainted);
  for (size_t i = 0; i < kPainted / 4; ++i) low[i] = kPaint;
  fn();
  size_t i = 0;
  while (i < kPainted / 4 && low[i] == kPaint) ++i;
  return kPainted - 4 * i;
}

// %lu: Debian's newlib is built without C99 printf formats (no %zu).
void Print(const char* kind, const char* what, size_t n) {
  std::printf("%s\t%s\t%lu\n", kind, what, static_cast<unsigned long>(n));
}

}  // namespace

int main(int argc, char** argv) {
  // Inputs from argv, so nothing is constant-folded.
  for (int i = 1; i < argc; ++i) g_key[i % 16] ^= static_cast<uint8_t>(argv[i][0]);
  std::memset(g_msg, 0x61, sizeof(g_msg));
  const size_t init = PeakStack(Init);
  const size_t seal = PeakStack(Seal);
  const size_t open = PeakStack(Open);
  if (!g_ok || std::memcmp(g_opened, g_msg, sizeof(g_msg)) != 0) {
    std::printf("stack_depth: AES-GCM round trip FAILED\n");
    return 1;
  }
  Print("sizeof", "ctcrypto::AesKey", sizeof(ctcrypto::AesKey));
  Print("sizeof", "ctcrypto::GhashKey", sizeof(ctcrypto::GhashKey));
  Print("sizeof", "ctcrypto::AesGcm", sizeof(ctcrypto::AesGcm));
  Print("sizeof", "ctcrypto::AesGcmSiv", sizeof(ctcrypto::AesGcmSiv));
  Print("sizeof", "ctcrypto::AesXts", sizeof(ctcrypto::AesXts));
  Print("sizeof", "ctcrypto::TlsCbcAead", sizeof(ctcrypto::TlsCbcAead));
  Print("sizeof", "ctcrypto_aes_key", sizeof(ctcrypto_aes_key));
  Print("sizeof", "ctcrypto_aes_gcm", sizeof(ctcrypto_aes_gcm));
  Print("stack", "AesGcm::init (AES-128)", init);
  Print("stack", "AesGcm::seal (64 B, 16 B AD)", seal);
  Print("stack", "AesGcm::open (64 B, 16 B AD)", open);
  return 0;
}
