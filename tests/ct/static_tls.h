// static_tls.h: lets memcheck know that a static binary's thread block is
// initialised.
//
// Static glibc allocates the initial thread's TLS block and thread
// descriptor (struct pthread) with sbrk, before main, and relies on the
// kernel's zero fill. Memcheck marks brk memory undefined (it cannot know the
// fill), so every read of a zero-initialised thread variable (malloc's
// tcache, stdio's cleanup state) is "uninitialised": reports from printf and
// malloc with origin _dl_early_allocate, unrelated to the code under test.
// The reports that happen before main are suppressed by name in
// tests/ct/valgrind-static-glibc.supp; from main on, this marks the brk
// segment defined, which is exactly what the kernel guarantees. Static
// malloc takes its heap from the same segment, and memory it obtains later
// would be "uninitialised" again (malloc's chunk headers, and every pointer
// it returns, then look secret), so first the whole heap the program will
// use is obtained in one step (a large top pad, no trimming), then marked.
// Secrets are marked later, explicitly, so nothing that the constant-time
// check needs is lost.
//
// Dynamic binaries (the host ctgrind build) get their thread block from
// mmap, which memcheck knows is zeroed; the thread pointer then lies outside
// the brk segment and this does nothing.
#ifndef CTCRYPTO_TESTS_CT_STATIC_TLS_H_
#define CTCRYPTO_TESTS_CT_STATIC_TLS_H_

#include <malloc.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#if defined(CTCRYPTO_CTGRIND)
#include <valgrind/memcheck.h>
#include <valgrind/valgrind.h>
#endif

namespace ctcrypto_test {

inline void mark_static_thread_block_defined() {
#if defined(CTCRYPTO_CTGRIND) && (defined(__aarch64__) || defined(__arm__))
  if (!RUNNING_ON_VALGRIND) return;
  // Far more than the suite allocates, and below valgrind's brk limit for
  // 32-bit guests (8 MiB).
  constexpr int kHeap = 4 << 20;
  mallopt(M_MMAP_THRESHOLD, kHeap);
  mallopt(M_TOP_PAD, kHeap);
  mallopt(M_TRIM_THRESHOLD, 2 * kHeap);
  free(malloc(1 << 20));  // grows the heap by 1 MiB + the pad, kept
  // AArch64 and ARM put the descriptor below the thread pointer and the TLS
  // block above it (TLS variant I); the whole allocation was the first one
  // from the brk segment, which starts on a page boundary.
  const uintptr_t tp = reinterpret_cast<uintptr_t>(__builtin_thread_pointer());
  const uintptr_t brk_end = reinterpret_cast<uintptr_t>(sbrk(0));
  const uintptr_t brk_start = (tp - 1) & ~uintptr_t{4095};
  if (tp > brk_end || brk_end - brk_start > (uintptr_t{1} << 24)) return;
  (void)VALGRIND_MAKE_MEM_DEFINED(reinterpret_cast<void*>(brk_start),
                                  brk_end - brk_start);
#endif
}

#if defined(CTCRYPTO_CTGRIND) && defined(__arm__)
// Static glibc's copy of AT_HWCAP2, which getauxval(AT_HWCAP2) returns.
extern "C" uint64_t _dl_hwcap2;
#endif

// restore_hwcap2: valgrind for 32-bit ARM drops AT_HWCAP2 from the guest's
// auxiliary vector (it passes only the entries it knows), so under it the
// AArch32 AES/PMULL rows look unusable although valgrind executes their
// instructions. util/ct-arm.sh reads the real value from the same binary run
// without valgrind (`ct_suite --print-hwcap2`) and passes it in
// CTCRYPTO_CT_HWCAP2; this puts it back before the library's first CPU
// detection. Only for the static ctgrind build under valgrind.
inline void restore_hwcap2() {
#if defined(CTCRYPTO_CTGRIND) && defined(__arm__)
  const char* v = std::getenv("CTCRYPTO_CT_HWCAP2");
  if (RUNNING_ON_VALGRIND && v != nullptr && _dl_hwcap2 == 0)
    _dl_hwcap2 = std::strtoull(v, nullptr, 0);
#endif
}

}  // namespace ctcrypto_test

#endif  // CTCRYPTO_TESTS_CT_STATIC_TLS_H_
