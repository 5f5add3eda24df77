// xts.cc: AES-XTS (IEEE Std 1619-2018 section 5, NIST SP 800-38E) over the
// key's row.
//
// For block j of a data unit, T_j = E_K2(tweak) * alpha^j in GF(2^128)
// (IEEE 1619 5.2: the 16-byte value read as a little-endian polynomial,
// reduction x^128 = x^7 + x^2 + x + 1), and C_j = E_K1(P_j ^ T_j) ^ T_j.
// Once the T_j are known the blocks are independent. A row with an XTS
// kernel (xts_kernel.h: vaes, aesni, armv8, vpaes+bsaes) runs all whole
// blocks in one pass, the tweaks made in registers. Otherwise whole blocks are
// whitened in chunks of kChunkBlocks, encrypted through the row's
// multi-block ECB entry (ecb_encrypt / ecb_decrypt: 8 blocks in flight on
// AES-NI and ARMv8, ZMM lanes on VAES, bitsliced batches) when it has one,
// block by block otherwise, and whitened again. The second whitening
// recomputes the T_j from the chunk's first one instead of storing them:
// the doubling is a few register operations, no tweak buffer holds secrets,
// and the chunk can be large - one ECB call per 4 KiB. A final partial
// block uses ciphertext stealing (IEEE 1619 5.3.2 / 5.4.2): the last whole
// block and the partial one are processed with T_{m-1} and T_m in the order the
// standard gives, which differs between encryption and decryption.
//
// Constant time. The doubling is shifts and a mask built from the carried
// bit (no branch); T and its multiples are secret (they are key-dependent)
// and are wiped after use (they live in registers and a few stack words).
// Loop bounds depend on the public length only.
#include "ctcrypto/xts.h"

#include <cstring>

#include "crypto/aes/aes_key_access.h"
#include "crypto/aes/aes_row.h"
#include "crypto/cpu/cpu.h"
#include "crypto/ct.h"
#include "crypto/internal.h"
#include "crypto/modes/xts_access.h"
#include "crypto/modes/xts_kernel.h"

namespace ctcrypto {

namespace {

using internal::AesKeyState;

// Whole blocks per chunk (one ECB call): 4 KiB, the common sector size,
// small enough that the three passes stay in the L1 cache.
constexpr size_t kChunkBlocks = 256;

// IEEE 1619 reads the 16-byte tweak value as a little-endian integer. All
// five targets are little-endian, so its two 64-bit halves are plain
// memory images (memcpy compiles to one load or store each, and no byte
// stores are re-read wider, which would stall store forwarding).
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "xts.cc assumes a little-endian target");

inline uint64_t load_le64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

inline void store_le64(uint8_t* p, uint64_t v) { std::memcpy(p, &v, 8); }

// Tweak: T as two little-endian 64-bit halves.
struct Tweak {
  uint64_t lo, hi;
  void load(const uint8_t t[16]) {
    lo = load_le64(t);
    hi = load_le64(t + 8);
  }
  void store(uint8_t t[16]) const {
    store_le64(t, lo);
    store_le64(t + 8, hi);
  }
  // double_it: T * alpha. The bit shifted out of x^127 selects the
  // reduction 0x87 through a mask, never a branch.
  void double_it() {
    const uint64_t carry = 0 - (hi >> 63);
    hi = (hi << 1) | (lo >> 63);
    lo = (lo << 1) ^ (carry & 0x87);
  }
};

inline void xor16(uint8_t* out, const uint8_t* a, const uint8_t* b) {
  uint64_t x[2], y[2];
  std::memcpy(x, a, 16);
  std::memcpy(y, b, 16);
  x[0] ^= y[0];
  x[1] ^= y[1];
  std::memcpy(out, x, 16);
}

// kRowScrubBytes: the stack below crypt() that the row functions of the
// scalar path and of the stealing step may leave T_j in (their saved
// registers: the compiler keeps T_j in callee-saved registers across
// those calls; tests/stack_residue_test.cc found T * alpha^255 of a
// 4101-byte unit in the portable row's frame). Above their frames on
// every target.
constexpr size_t kRowScrubBytes = 512;

// run_kernel: the kernel's whole blocks, under run_scrubbed: the kernel
// marks its frame and exactly the stack it used is wiped after it
// (xts_kernel.h).
void run_kernel(const internal::XtsKernel* kernel, bool dec,
                const AesKeyState& k1, const uint8_t* in, uint8_t* out,
                size_t blocks, uint8_t tweak[16]) {
#if defined(CTCRYPTO_HAVE_RUN_SCRUBBED)
  const auto bulk = dec ? kernel->decrypt_bulk : kernel->encrypt_bulk;
  internal::run_scrubbed([&](internal::StackMark* m) {
    bulk(&k1, in, out, blocks, tweak, m);
  });
#else
  // No XTS kernel is built for this architecture (xts_kernel_table() is
  // empty), so this is never reached.
  (void)kernel, (void)dec, (void)k1, (void)in, (void)out, (void)blocks,
      (void)tweak;
#endif
}

void ecb(const AesKeyState& s, bool dec, uint8_t* buf, size_t blocks) {
  const internal::AesDecryptRow* d =
      dec ? internal::aes_decrypt_row(s) : nullptr;
  const auto multi = dec ? d->ecb_decrypt : s.row->ecb_encrypt;
  if (multi != nullptr) {
    multi(&s, buf, buf, blocks);
    return;
  }
  const auto one = dec ? d->decrypt_block : s.row->encrypt_block;
  for (size_t i = 0; i < blocks; ++i) one(&s, buf + 16 * i, buf + 16 * i);
}

// one_block: out = E/D_K1(in ^ t) ^ t for a single block (in and out are
// 16-byte buffers, possibly equal).
void one_block(const AesKeyState& s, bool dec, const uint8_t* in,
               uint8_t* out, const Tweak& t) {
  uint8_t tb[16], x[16];
  t.store(tb);
  xor16(x, in, tb);
  ecb(s, dec, x, 1);
  xor16(out, x, tb);
  internal::secure_zero(tb, sizeof(tb));
  internal::secure_zero(x, sizeof(x));
}

}  // namespace

void xts_tweak_from_sector(uint64_t sector,
                           std::span<uint8_t, kXtsTweakLen> tweak) {
  store_le64(tweak.data(), sector);
  std::memset(tweak.data() + 8, 0, 8);
}

void AesXts::clear() {
  internal::secure_zero(&data_key_, sizeof(data_key_));
  internal::secure_zero(&tweak_key_, sizeof(tweak_key_));
}

Status AesXts::init(std::span<const uint8_t> key) {
  return internal::XtsAccess::init_with_rows(
      *this, key, internal::select_aes_row(internal::cpu_caps()));
}

Status internal::XtsAccess::init_with_rows(AesXts& x,
                                           std::span<const uint8_t> key,
                                           const AesRow* row) {
  x.clear();
  const size_t len = key.size();
  if (len != 32 && len != 64) return Status::kInvalidKeyLength;
  if (key.data() == nullptr) return Status::kInvalidArgument;
  const size_t half = len / 2;
  // Key1 == Key2 is refused (see xts.h). Only the one-bit answer becomes
  // public, and only for a key that is refused anyway.
  uint32_t same = internal::ct_equal_mask(key.data(), key.data() + half, half);
  internal::ct_declassify(&same, sizeof(same));
  if (same != 0) return Status::kInvalidArgument;
  Status st = AesKeyAccess::init_with_rows(x.data_key_, key.first(half), row);
  if (st == Status::kOk)
    st = AesKeyAccess::init_with_rows(x.tweak_key_, key.subspan(half), row);
  if (st != Status::kOk) x.clear();
  return st;
}

Status AesXts::encrypt(std::span<const uint8_t, kXtsTweakLen> tweak,
                       std::span<const uint8_t> in,
                       std::span<uint8_t> out) const {
  return crypt(false, tweak, in, out);
}

Status AesXts::decrypt(std::span<const uint8_t, kXtsTweakLen> tweak,
                       std::span<const uint8_t> in,
                       std::span<uint8_t> out) const {
  return crypt(true, tweak, in, out);
}

Status AesXts::crypt(bool dec, std::span<const uint8_t, kXtsTweakLen> tweak,
                     std::span<const uint8_t> in,
                     std::span<uint8_t> out) const {
  if (!internal::AesKeyAccess::initialized(data_key_))
    return Status::kNotInitialized;
  if (tweak.data() == nullptr || (in.data() == nullptr && !in.empty()) ||
      (out.data() == nullptr && !out.empty()))
    return Status::kInvalidArgument;
  const size_t len = in.size();
  if (len < kXtsMinDataUnit) return Status::kInvalidLength;
  if (len > kXtsMaxDataUnit) return Status::kMessageTooLong;
  if (out.size() < len) return Status::kOutputTooSmall;
  if (internal::overlaps_inexactly(in.data(), len, out.data(), len))
    return Status::kOverlappingBuffers;
  if (!internal::spans_addressable(in, out)) return Status::kInvalidArgument;

  const AesKeyState& k1 = internal::AesKeyAccess::state(data_key_);
  const AesKeyState& k2 = internal::AesKeyAccess::state(tweak_key_);
  uint8_t tb[16];
  k2.row->encrypt_block(&k2, tweak.data(), tb);
  Tweak t;
  t.load(tb);

  const size_t full = len / 16;
  const size_t partial = len % 16;
  // With stealing, the last whole block is processed together with the
  // partial one below.
  const size_t bulk = partial ? full - 1 : full;
  const uint8_t* p = in.data();
  uint8_t* q = out.data();
  const internal::XtsKernel* kernel =
      bulk != 0 ? internal::find_xts_kernel(internal::xts_kernel_table(),
                                            k1.row)
                : nullptr;
  if (kernel != nullptr) {
    // The whole-block part in one pass; tb becomes T_bulk.
    run_kernel(kernel, dec, k1, p, q, bulk, tb);
    t.load(tb);
    p += 16 * bulk;
    q += 16 * bulk;
  } else {
    for (size_t done = 0; done < bulk;) {
      const size_t n = bulk - done < kChunkBlocks ? bulk - done : kChunkBlocks;
      Tweak t0 = t;  // T_j of the chunk's first block, for the second pass
      // Whiten with T_j in general registers (scalar halves).
      for (size_t i = 0; i < n; ++i) {
        store_le64(q + 16 * i, load_le64(p + 16 * i) ^ t.lo);
        store_le64(q + 16 * i + 8, load_le64(p + 16 * i + 8) ^ t.hi);
        t.double_it();
      }
      ecb(k1, dec, q, n);
      for (size_t i = 0; i < n; ++i) {
        store_le64(q + 16 * i, load_le64(q + 16 * i) ^ t0.lo);
        store_le64(q + 16 * i + 8, load_le64(q + 16 * i + 8) ^ t0.hi);
        t0.double_it();
      }
      internal::secure_zero(&t0, sizeof(t0));
      done += n;
      p += 16 * n;
      q += 16 * n;
    }
  }

  if (partial) {
    // p, q: the last whole block (index m-1); p + 16: the partial block.
    // Both are read before anything of them is written (in place).
    uint8_t last[16], tail[16];
    std::memcpy(last, p, 16);
    std::memcpy(tail, p + 16, partial);
    Tweak t_next = t;
    t_next.double_it();
    uint8_t cc[16];
    // Encryption (5.3.2): CC = E(P_{m-1}, T_{m-1}); C_m = first bytes of
    // CC; C_{m-1} = E(P_m || rest of CC, T_m). Decryption (5.4.2) undoes
    // it: PP = D(C_{m-1}, T_m); P_m = first bytes of PP; P_{m-1} =
    // D(C_m || rest of PP, T_{m-1}).
    one_block(k1, dec, last, cc, dec ? t_next : t);
    std::memcpy(tail + partial, cc + partial, 16 - partial);
    std::memcpy(q + 16, cc, partial);
    one_block(k1, dec, tail, q, dec ? t : t_next);
    internal::secure_zero(last, sizeof(last));
    internal::secure_zero(tail, sizeof(tail));
    internal::secure_zero(cc, sizeof(cc));
    internal::secure_zero(&t_next, sizeof(t_next));
  }
  internal::secure_zero(tb, sizeof(tb));
  internal::secure_zero(&t, sizeof(t));
  if (kernel == nullptr || partial != 0)
    internal::scrub_stack<kRowScrubBytes>();  // public: the path taken
  return Status::kOk;
}

}  // namespace ctcrypto
