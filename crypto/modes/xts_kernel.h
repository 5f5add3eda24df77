// xts_kernel.h: the XTS kernel table: the whole-block part of an XTS data
// unit in one pass, each kernel for one AES row (whose key layout it reads).
//
// Once the tweaks T_j = T * alpha^j are known, XTS's blocks are independent,
// so a row that keeps many blocks in flight runs them like CTR: the
// multiply-by-alpha sequence is computed in vector registers, several
// tweaks a register and several registers a batch (each register stepped by
// alpha^(blocks per batch), all independent), whitened in, through the
// rounds and whitened out without a tweak ever reaching memory (vaes; the
// aesni and vpaes+bsaes kernels make them in general registers, a batch
// ahead into a stack buffer the vector loads read; the
// bitsliced one whitens on its batch's loads and stores). Without a
// kernel xts.cc whitens in scalar passes around the row's ECB entry, three
// passes over the data. AesXts looks the kernel up by its data key's row on
// each call (the public object and its C twin keep their size); the table
// is generated like the row tables (crypto/rows.bzl, keyed = True, table
// "xts"); a kernel's `uses` are its AES row's.
//
// A kernel holds both directions (it reads the row's decryption schedule
// too): a program that links XTS links its decryption, as the scalar path's
// decrypt row does for any XTS program that decrypts.
//
// Constant time: the tweaks are secret; their multiply-by-alpha^k is shifts
// (the aesni kernel's: ADD/ADC) and XORs of the bits shifted out (no
// branch, no table). Branches and
// masks depend on the block count only.
#ifndef CTCRYPTO_MODES_XTS_KERNEL_H_
#define CTCRYPTO_MODES_XTS_KERNEL_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "crypto/aes/aes_row.h"

namespace ctcrypto::internal {

struct StackMark;  // crypto/internal.h

struct XtsKernel {
  const char* name;   // the AES row's
  const AesRow* aes;  // the row it serves

  // encrypt_bulk / decrypt_bulk: `blocks` (>= 1) whole blocks, block i
  // (0-based) with tweak T_i = tweak * alpha^i (IEEE 1619 5.2: `tweak` read
  // as a little-endian polynomial, x^128 = x^7 + x^2 + x + 1):
  //   out_i = E_K1(in_i XOR T_i) XOR T_i   (decrypt_bulk: D_K1)
  // and `tweak` is updated to tweak * alpha^blocks (the next block's, which
  // ciphertext stealing takes over). in and out equal (in place) or
  // disjoint. The kernel marks its frame in m (mark_frame,
  // crypto/internal.h) and the caller runs it under run_scrubbed, which
  // wipes exactly the stack the kernel used, however large its frame is
  // under each compiler and sanitizer: a buffer of tweaks kept there (the
  // aesni kernel's 384 bytes, which it does not wipe itself: that cost 3%
  // of its 4 KiB rate) and what the compiler spilled (clang 14 spills in
  // the armv8 kernel's AArch64 AES-256 loop). A function a kernel calls and
  // does not inline wipes its own frame (the bitsliced engine's, below the
  // vpaes+bsaes kernel) or marks it too. The wipe is the caller's because
  // it is shared inline code: a copy compiled in a kernel's file, built
  // with -mavx512f, could be the one the linker keeps for every caller
  // (AVX-512 stores; SIGILL under valgrind and on CPUs without it).
  void (*encrypt_bulk)(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks, uint8_t tweak[16], StackMark* m);
  void (*decrypt_bulk)(const AesKeyState* s, const uint8_t* in, uint8_t* out,
                       size_t blocks, uint8_t tweak[16], StackMark* m);
};

// xts_kernel_table: the kernels of this configuration (generated,
// xts_kernel_table.cc).
std::span<const XtsKernel* const> xts_kernel_table();
extern const uint32_t kXtsKernelUses[];

// find_xts_kernel: the kernel of `table` for `aes`, or null.
const XtsKernel* find_xts_kernel(std::span<const XtsKernel* const> table,
                                 const AesRow* aes);

// The kernels: each with its loops in a file of its own,
// xts_<row>_<arch>.cc (so that the entry of a row a build drops is dropped
// with it); xts_vpaes_bsaes.cc is one entry file for its three ISAs, its
// loops in the bitsliced engine (bsaes_core.h).
extern const XtsKernel kXtsVaes;
extern const XtsKernel kXtsAesni;
extern const XtsKernel kXtsVpaesBsaes;
extern const XtsKernel kXtsArmv8;

}  // namespace ctcrypto::internal

#endif  // CTCRYPTO_MODES_XTS_KERNEL_H_
