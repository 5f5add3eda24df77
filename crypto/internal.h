// internal.h: small helpers shared by the modes: buffer-overlap rules,
// big-endian counters, constant-time comparison and wiping.
#ifndef CTCRYPTO_INTERNAL_H_
#define CTCRYPTO_INTERNAL_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "crypto/key_storage.h"

namespace ctcrypto::internal {

// overlaps_inexactly: true when [a, a+a_len) and [b, b+b_len) share bytes
// without starting at the same address. Exact aliasing (in place) is fine;
// any other overlap would have a mode read what it already overwrote.
inline bool overlaps_inexactly(const void* a, size_t a_len, const void* b,
                               size_t b_len) {
  if (a_len == 0 || b_len == 0) return false;
  uintptr_t x = reinterpret_cast<uintptr_t>(a);
  uintptr_t y = reinterpret_cast<uintptr_t>(b);
  if (x == y) return false;
  // Distances, not end addresses: x + a_len may wrap for a length that
  // exceeds the address space left above x (a bogus length must not make
  // two buffers look disjoint).
  return x < y ? y - x < a_len : x - y < b_len;
}

// addressable: whether [p, p + n) can be memory at all. A length a
// caller got from an underflowed subtraction (`x - y` with y > x) is near
// SIZE_MAX; its span's end wraps the address space, or it is larger than
// any object can be (GCC and Clang reject objects over PTRDIFF_MAX bytes,
// and malloc refuses them), so no byte past the real buffer may be read on
// its word. Every public entry point checks its spans with this last,
// after its own length, output-size and overlap checks (whose order the
// tests pin), and before it reads or writes anything: such a span is
// kInvalidArgument, like a null pointer with a length.
inline bool addressable(const void* p, size_t n) {
  return n <= size_t{PTRDIFF_MAX} &&
         n <= UINTPTR_MAX - reinterpret_cast<uintptr_t>(p);
}

// spans_addressable: addressable() for each span given. Always inlined: at
// -Os GCC 12 kept it out of line, and its reference parameters made each
// caller build its spans in memory (AesGcm::open_detached's frame 144 ->
// 184 bytes once check_detached_io passed it converted spans; AES-GCM open
// on the Cortex-M4 at -Os reached 1028 bytes of stack, 1004 inlined).
template <class... Spans>
[[gnu::always_inline]] inline bool spans_addressable(const Spans&... s) {
  return (addressable(s.data(), s.size()) && ...);
}

// Byte order. load_be* / store_be* are FIPS and SP 800-38D's big-endian
// integers (GCM's counter tail and length block, SHA-2 words); load_le32 /
// store_le32 the little-endian words of the AES key schedules. Written
// byte by byte: GCC turns each into one load or store (plus a byte swap for
// the big-endian ones), and none needs alignment.
inline uint32_t load_be32(const uint8_t* p) {
  return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) |
         (uint32_t{p[2]} << 8) | uint32_t{p[3]};
}

inline void store_be32(uint8_t* p, uint32_t v) {
  p[0] = static_cast<uint8_t>(v >> 24);
  p[1] = static_cast<uint8_t>(v >> 16);
  p[2] = static_cast<uint8_t>(v >> 8);
  p[3] = static_cast<uint8_t>(v);
}

inline uint64_t load_be64(const uint8_t* p) {
  return (uint64_t{load_be32(p)} << 32) | load_be32(p + 4);
}

inline void store_be64(uint8_t* p, uint64_t v) {
  store_be32(p, static_cast<uint32_t>(v >> 32));
  store_be32(p + 4, static_cast<uint32_t>(v));
}

inline uint32_t load_le32(const uint8_t* p) {
  return uint32_t{p[0]} | (uint32_t{p[1]} << 8) | (uint32_t{p[2]} << 16) |
         (uint32_t{p[3]} << 24);
}

inline void store_le32(uint8_t* p, uint32_t v) {
  p[0] = static_cast<uint8_t>(v);
  p[1] = static_cast<uint8_t>(v >> 8);
  p[2] = static_cast<uint8_t>(v >> 16);
  p[3] = static_cast<uint8_t>(v >> 24);
}

// be32_lane: the 32-bit lane value whose bytes in memory are v big-endian,
// i.e. load_le32 of what store_be32(v) writes: how a SIMD lane insert (or a
// little-endian word) carries GCM's counter tail. Every target is
// little-endian, so it is one byte swap.
inline uint32_t be32_lane(uint32_t v) {
  static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
                "be32_lane assumes a little-endian target");
  return __builtin_bswap32(v);
}

// ct_equal_mask: 0xff.. if the n bytes of a and b are equal, else 0, with
// every byte read and no branch on their values. The result is what a
// caller may branch on: whether the tag or MAC matched is public.
inline uint32_t ct_equal_mask(const uint8_t* a, const uint8_t* b, size_t n) {
  uint32_t diff = 0;
  for (size_t i = 0; i < n; ++i) diff |= static_cast<uint32_t>(a[i] ^ b[i]);
  // diff in 0..255: (diff - 1) has its top bit set iff diff == 0.
  return static_cast<uint32_t>(
      0u - ((static_cast<uint32_t>(diff) - 1u) >> 31));
}

// secure_zero: wipes key-dependent temporaries; the asm barrier keeps the
// compiler from dropping stores to memory it considers dead.
inline void secure_zero(void* p, size_t n) {
  if (n == 0) return;  // p may be null then (an empty span): memset forbids it
  std::memset(p, 0, n);
  __asm__ __volatile__("" : : "r"(p) : "memory");
}

// scrub_stack: zeroes N bytes of stack just below the caller's frame. A
// function that has just returned kept its frame there, including what no
// wipe inside it can name: the compiler's spills of values held in
// registers (round keys, powers of H, message-schedule words of a key
// block, HMAC chaining states). This call's frame overlays that area, so
// its buffer's wipe reaches them. Used after key set-up (cold; N =
// kSetupScrubBytes of crypto/key_storage.h: 4 KiB, 512 bytes on the
// portable-only 32-bit family), after keyed hashing (hash_internal.h),
// and after the loops that spill round keys or state: the bitsliced
// batches, x86 CCM, the SSSE3 vpaes entry points (N = the loop's frame
// size, rounded up); the stitched GCM loops, the ARMv8 AES row and the
// pmull GHASH row measure theirs instead (run_scrubbed, below). The buffer
// is not over-aligned:
// an alignas(64) one began up to 63 bytes below this frame's top, and the
// callee's spills in those bytes (its red zone) stayed (AES-256 CCM,
// tests/stack_residue_test.cc).
// Under AddressSanitizer every local array gets its own slot between
// redzones, so frames are several times their uninstrumented size and the
// sizes above, measured without it, fall short (XTS's tweak in vpaes's
// and bsaes's frames, tests/stack_residue_test.cc under --config=asan):
// there every scrub covers four times as much.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr size_t kScrubScale = 4;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr size_t kScrubScale = 4;
#else
inline constexpr size_t kScrubScale = 1;
#endif
#else
inline constexpr size_t kScrubScale = 1;
#endif

// The function itself is not instrumented, so that its buffer has no
// redzone above it either.
template <size_t N = kSetupScrubBytes>
[[gnu::noinline]] __attribute__((no_sanitize_address)) void scrub_stack() {
  alignas(16) uint8_t area[N * kScrubScale];
  secure_zero(area, sizeof(area));
}

// --- measured scrubbing: run_scrubbed ----------------------------------------
//
// A fixed N above has to exceed the frames of whatever ran below, and those
// are the compiler's choice: clang 14 on AArch32 hoists the round-key loads
// of the armv8 AES row's tails and the H powers of the pmull GHASH row ahead
// of their uses and spills them (tests/stack_residue_test.cc on QEMU's max
// CPU), where gcc 12 keeps them in registers. run_scrubbed needs no such
// number: the code it runs records the lowest stack pointer it reached, and
// exactly that much stack is wiped after it.
//
// Only where a kernel uses it: the x86-64 and ARM kernels read the stack
// pointer with an asm of their architecture, and portable code runs a
// kernel under it only where CTCRYPTO_HAVE_RUN_SCRUBBED says it exists
// (xts.cc: no architecture without it has XTS kernels), so the library
// still compiles for every other architecture (a product's RISC-V builds:
// examples/product and examples/firmware); a use there fails to compile.
#if defined(__x86_64__) || defined(__aarch64__) || defined(__arm__)

// CTCRYPTO_HAVE_RUN_SCRUBBED: defined where run_scrubbed is, for the
// portable code that runs a table's kernel under it (xts.cc).
#define CTCRYPTO_HAVE_RUN_SCRUBBED 1

// StackMark: the lowest stack pointer mark_frame saw.
struct StackMark {
  uintptr_t low;
};

// frame_bottom: the stack pointer of the calling function's frame. The
// asm takes the address of a local, so the frame exists at that point (a
// compiler may otherwise set it up later, shrink-wrapping, and the read
// would see the caller's stack pointer). No frame allocates stack
// dynamically, so its stack pointer is fixed after the prologue: the
// bottom of everything the function keeps there, spills included.
inline __attribute__((always_inline)) uintptr_t frame_bottom() {
  uint8_t anchor = 0;
  uintptr_t sp;
#if defined(__x86_64__)
  __asm__ __volatile__("mov %%rsp, %0" : "=r"(sp) : "r"(&anchor));
#else
  __asm__ __volatile__("mov %0, sp" : "=r"(sp) : "r"(&anchor));
#endif
  return sp;
}

// mark_frame: records this frame's bottom in m. A function that runs under
// run_scrubbed and calls a function it does not inline which may keep
// secrets in its frame has that function mark too (it is deeper).
inline __attribute__((always_inline)) void mark_frame(StackMark* m) {
  const uintptr_t sp = frame_bottom();
  m->low = sp < m->low ? sp : m->low;  // public: stack addresses
}

// kRedZoneBytes: what a leaf may use below its stack pointer without moving
// it (the x86-64 System V red zone; AAPCS and AAPCS64 have none).
#if defined(__x86_64__)
inline constexpr size_t kRedZoneBytes = 128;
#else
inline constexpr size_t kRedZoneBytes = 0;
#endif

// scrub_stack_bytes: zeroes n bytes of stack just below the caller's frame
// (scrub_stack with a run-time size: the buffer's top lies below this
// frame's own saved registers, so n bytes reach n bytes below the caller).
[[gnu::noinline]] __attribute__((no_sanitize_address)) inline void
scrub_stack_bytes(size_t n) {
  if (n == 0) return;  // public: a frame size
  void* area = __builtin_alloca(n);
  secure_zero(area, n);
}

// run_outlined: f(m) in a frame of its own, below its caller's, and that
// frame's bottom marked. Whatever f inlines lies in this frame.
template <typename F>
[[gnu::noinline]] auto run_outlined(F& f, StackMark* m) {
  if constexpr (std::is_void_v<decltype(f(m))>) {
    f(m);
    mark_frame(m);
  } else {
    auto r = f(m);
    mark_frame(m);
    return r;
  }
}

// run_scrubbed: returns f(m) (m a StackMark*), run below this frame, after
// zeroing the stack between this frame and the lowest mark (plus the red
// zone): the frames of f and of the marked functions it called, with the
// compiler's spills of what they held in registers (round keys, powers of
// H, counter blocks) that no wipe inside them can name. Costs a call and
// a memset of the measured frames (no more than they used). The empty asm
// after the wipe keeps it from being a tail call, whose frame would begin
// above this one. The VAES GCM kernel keeps an older form of the same
// idea (run_wiped in crypto/modes/gcm_vaes_x86_64.cc: its passes read the
// stack pointer without an anchor, and the wipe is ZMM stores from asm, no
// call): moved onto run_scrubbed, its 64-byte to 1350-byte seals and opens
// ran 10-19% slower (//bench:speed -cputime, Zen 5, interleaved medians of
// 5), also with this wipe as inline 16-byte stores, so the cost is not the
// memset.
template <typename F>
inline __attribute__((always_inline)) auto run_scrubbed(F f) {
  StackMark m{frame_bottom()};
  const uintptr_t top = m.low;
  if constexpr (std::is_void_v<decltype(f(&m))>) {
    run_outlined(f, &m);
    scrub_stack_bytes(top - m.low + kRedZoneBytes);
    __asm__ __volatile__("" : : : "memory");
  } else {
    auto r = run_outlined(f, &m);
    scrub_stack_bytes(top - m.low + kRedZoneBytes);
    __asm__ __volatile__("" : : : "memory");
    return r;
  }
}

#endif  // x86-64 or ARM: run_scrubbed

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_INTERNAL_H_
